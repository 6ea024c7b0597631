#include <fstream>
#include <nlohmann/json.hpp>

#include "timeit/base/error.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/counter_math.h"
#include "timeit/measure/event_encoding.h"

namespace timeit {
namespace {

class FakeCounterBackend final : public CounterBackend {
 public:
  FakeCounterBackend(const std::vector<std::string>& events, const std::string& path) {
    for (const std::string& name : events) {
      time_events_.push_back(IsTimeEvent(EncodeEvent(name, PrivilegeLevels::kUserAndKernel)));
    }
    events_ = events;
    std::ifstream file(path);
    if (!file) throw Error(ErrorKind::kUsage, "cannot open fake counter file '" + path + "'");
    try {
      spec_ = nlohmann::json::parse(file);
    } catch (const nlohmann::json::exception& e) {
      throw Error(ErrorKind::kUsage, "fake counter file '" + path + "': " + e.what());
    }
  }

  void Attach(pid_t) override {}

  CounterResults Collect() override {
    CounterResults results;
    results.backend = "fake";
    if (spec_.contains("unavailable")) {
      results.available = false;
      results.unavailable_reason = spec_["unavailable"].get<std::string>();
      return results;
    }
    results.available = true;
    const nlohmann::json& table = spec_.value("events", nlohmann::json::object());
    for (size_t i = 0; i < events_.size(); ++i) {
      CounterReading reading;
      reading.event = events_[i];
      reading.is_time = time_events_[i];
      auto entry = table.find(events_[i]);
      if (entry == table.end() || entry->is_string()) {
        reading.status = CounterStatus::kNotSupported;
        reading.error = "perf_event_open: No such file or directory (fake)";
      } else {
        RawCount count{entry->value("value", uint64_t{0}), entry->value("enabled", uint64_t{1}),
                       entry->value("running", uint64_t{1})};
        ApplyRawCount(count, reading);
        reading.user_only = entry->value("user_only", false);
      }
      results.readings.push_back(std::move(reading));
    }
    return results;
  }

 private:
  std::vector<std::string> events_;
  std::vector<bool> time_events_;
  nlohmann::json spec_;
};

}  // namespace

std::unique_ptr<CounterBackend> MakeFakeCounterBackend(const std::vector<std::string>& events,
                                                       const std::string& path) {
  return std::make_unique<FakeCounterBackend>(events, path);
}

}  // namespace timeit
