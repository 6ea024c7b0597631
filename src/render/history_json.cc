#include <nlohmann/json.hpp>

#include "history_lines.h"
#include "json_fields.h"
#include "timeit/render/history_renderer.h"

namespace timeit {

std::string RenderHistoryJson(const history::HistoryReport& report) {
  nlohmann::json settings = {
      {"alpha", report.options.settings.alpha}, {"recent", report.options.recent}, {"metrics", report.options.metrics}};
  nlohmann::json nights = nlohmann::json::array();
  for (const history::NightInfo& night : report.nights) {
    nlohmann::json item = {
        {"index", night.index}, {"label", night.label}, {"path", night.path}, {"skipped", night.skipped}};
    AddNameBytes(item, "label", night.label);
    AddNameBytes(item, "path", night.path);
    nights.push_back(std::move(item));
  }
  nlohmann::json changes = nlohmann::json::array();
  for (const history::HistoryChange& item : report.changes) {
    const history::HistorySeries& series = report.series[item.series];
    const history::ChangePoint& change = item.change;
    const std::string& night = report.nights[change.index].label;
    bool log = series.analysis.scale == history::Scale::kLog;
    const std::string kind = log ? "ratio" : "shift";
    nlohmann::json json = {{"benchmark", series.benchmark},
                           {"metric", series.metric},
                           {"index", change.index},
                           {"night", night},
                           {"direction", DirectionName(change.direction)},
                           {"before", NumberOrNull(change.before)},
                           {"after", NumberOrNull(change.after)},
                           {"scale", log ? "ratio" : "shift"},
                           {kind, NumberOrNull(change.estimate)},
                           {kind + "_lower", NumberOrNull(change.lower)},
                           {kind + "_upper", NumberOrNull(change.upper)},
                           {"p_value", change.p_value},
                           {"p_is_bound", change.p_is_bound},
                           {"held", change.held},
                           {"until", change.until ? nlohmann::json(*change.until) : nlohmann::json()},
                           {"recent", item.recent}};
    AddNameBytes(json, "benchmark", series.benchmark);
    AddNameBytes(json, "metric", series.metric);
    AddNameBytes(json, "night", night);
    changes.push_back(std::move(json));
  }
  nlohmann::json document = {{"schema", "timeit-history/1"},
                             {"settings", std::move(settings)},
                             {"nights", std::move(nights)},
                             {"series", report.series.size()},
                             {"too_few_nights", report.too_few_nights},
                             {"change_points", std::move(changes)},
                             {"recent_regression", report.any_recent_regression()}};
  return DumpReport(document);
}

}  // namespace timeit
