#include <fstream>
#include <nlohmann/json.hpp>

#include "timeit/base/error.h"
#include "timeit/measure/counter_backend.h"
#include "timeit/measure/counter_math.h"
#include "timeit/measure/event_encoding.h"

namespace timeit {
namespace {

constexpr const char* kNumberFields[] = {"value", "enabled", "running"};

// A field of an event's entry: one number for every run, or a list of them, the n-th run
// (from 0, counting every Collect) reading element n modulo its length.
uint64_t FieldOf(const nlohmann::json& entry, const char* field, uint64_t fallback, size_t collect) {
  auto found = entry.find(field);
  if (found == entry.end()) return fallback;
  if (found->is_array()) return (*found)[collect % found->size()].get<uint64_t>();
  return found->get<uint64_t>();
}

// Whether an entry's numbers are what FieldOf can read: unsigned integers, or non-empty
// lists of them.
bool ValidEntry(const nlohmann::json& entry) {
  if (entry.is_string()) return true;
  if (!entry.is_object()) return false;
  for (const char* field : kNumberFields) {
    auto found = entry.find(field);
    if (found == entry.end() || found->is_number_unsigned()) continue;
    if (!found->is_array() || found->empty()) return false;
    for (const nlohmann::json& number : *found) {
      if (!number.is_number_unsigned()) return false;
    }
  }
  return true;
}

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
    const nlohmann::json events_table = spec_.value("events", nlohmann::json::object());
    for (const auto& [event, entry] : events_table.items()) {
      if (!ValidEntry(entry)) {
        throw Error(ErrorKind::kUsage, "fake counter file '" + path + "': event '" + event +
                                           "': value, enabled and running must be whole numbers or non-empty lists "
                                           "of them");
      }
    }
  }

  void Attach(pid_t) override {}

  CounterResults Collect() override {
    size_t collect = collects_++;
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
        RawCount count{FieldOf(*entry, "value", 0, collect), FieldOf(*entry, "enabled", 1, collect),
                       FieldOf(*entry, "running", 1, collect)};
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
  /// Collects so far: which element of a list of values the next run reads.
  size_t collects_ = 0;
};

}  // namespace

std::unique_ptr<CounterBackend> MakeFakeCounterBackend(const std::vector<std::string>& events,
                                                       const std::string& path) {
  return std::make_unique<FakeCounterBackend>(events, path);
}

}  // namespace timeit
