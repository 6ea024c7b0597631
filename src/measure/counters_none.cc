#include "timeit/measure/counter_backend.h"

namespace timeit {
namespace {

class NoCounterBackend final : public CounterBackend {
 public:
  explicit NoCounterBackend(std::string reason) : reason_(std::move(reason)) {}
  void Attach(pid_t) override {}
  CounterResults Collect() override {
    CounterResults results;
    results.backend = "none";
    results.available = false;
    results.unavailable_reason = reason_;
    return results;
  }

 private:
  std::string reason_;
};

}  // namespace

std::unique_ptr<CounterBackend> MakeNoCounterBackend(std::string reason) {
  return std::make_unique<NoCounterBackend>(std::move(reason));
}

}  // namespace timeit
