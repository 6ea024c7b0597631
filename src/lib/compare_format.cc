#include "timeit/compare_format.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <vector>

namespace timeit {
namespace {

using Cells = std::vector<std::string>;

std::string Number(double value, const char* format = "%.4g") {
  if (!std::isfinite(value)) return "-";
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string Percent(double change) {
  if (!std::isfinite(change)) return "-";
  char text[64];
  std::snprintf(text, sizeof text, "%+.2f%%", 100 * change);
  return text;
}

std::string PValue(double p) {
  if (!std::isfinite(p)) return "-";
  char text[64];
  std::snprintf(text, sizeof text, p < 1e-4 ? "%.1e" : "%.4f", p);
  return text;
}

std::string Interval(double lower, double upper) {
  if (!std::isfinite(lower) || !std::isfinite(upper)) return "";
  return " [" + Number(lower) + ", " + Number(upper) + "]";
}

std::string RatioCell(const stats::RatioEstimate& ratio) {
  if (!std::isfinite(ratio.ratio)) return "-";
  return Number(ratio.ratio) + Interval(ratio.lower, ratio.upper);
}

std::string RunsCell(const SideSummary& side) {
  std::string cell = std::to_string(side.n);
  if (side.failed > 0) cell += " (" + std::to_string(side.failed) + " failed)";
  return cell;
}

Cells Header(const ComparisonReport& report) {
  int confidence = static_cast<int>(std::lround(report.settings.confidence * 100));
  return {"benchmark", "metric", "runs base", "runs new", "median base", "median new", "Δmedian", "Δmin",
          "MAD base", "MAD new", "p", "p adj", "new/base [" + std::to_string(confidence) + "% CI]", "verdict"};
}

Cells RowCells(const ComparisonRow& row) {
  return {row.benchmark,
          row.metric.empty() ? "-" : row.metric,
          RunsCell(row.base),
          RunsCell(row.candidate),
          row.base.n ? Number(row.base.median) : "-",
          row.candidate.n ? Number(row.candidate.median) : "-",
          Percent(row.median_change),
          Percent(row.min_change),
          row.base.n ? Number(row.base.mad) : "-",
          row.candidate.n ? Number(row.candidate.mad) : "-",
          row.test ? PValue(row.test->p_value) : "-",
          PValue(row.p_adjusted),
          RatioCell(row.ratio),
          std::string(VerdictName(row.verdict))};
}

// Display width of UTF-8 text: counts code points, which is right for what we print.
size_t Width(const std::string& text) {
  size_t width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

std::string Explanation(const ComparisonReport& report) {
  const CompareSettings& settings = report.settings;
  std::string text;
  char line[512];
  if (settings.policy == ComparePolicy::kLnt) {
    text += "verdict: LNT's rules (--policy lnt): min of new vs the closest base sample, ignoring changes under 1% "
            "or 0.01, Mann-Whitney (LNT tables) when both sides have >= 4 runs, then 2.576 stddevs\n";
  } else {
    std::snprintf(line, sizeof line,
                  "verdict: Mann-Whitney U (two-sided) p, adjusted across rows by %s (--correction), below %g, "
                  "and a change beyond %g%%\n",
                  settings.correction == stats::PAdjustMethod::kBenjaminiHochberg ? "Benjamini-Hochberg"
                  : settings.correction == stats::PAdjustMethod::kHolm            ? "Holm"
                                                                                  : "nothing",
                  settings.alpha, settings.threshold * 100);
    text += line;
  }
  text += "change: Hodges-Lehmann estimate of new/base (median of pairwise log ratios) with its "
          "distribution-free interval; MAD = median(|x - median(x)|), unscaled\n";
  return text;
}

std::string GeomeanLine(const GeomeanRow& row, const ComparisonReport& report) {
  char line[512];
  std::snprintf(line, sizeof line,
                "geomean %s over %zu benchmark%s: %s%s (%s; %d%% percentile bootstrap over benchmarks, "
                "2000 resamples)\n",
                row.metric.c_str(), row.benchmarks, row.benchmarks == 1 ? "" : "s", Number(row.ratio).c_str(),
                Interval(row.lower, row.upper).c_str(), Percent(row.ratio - 1).c_str(),
                static_cast<int>(std::lround(report.settings.confidence * 100)));
  return line;
}

nlohmann::json NumberOrNull(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

nlohmann::json SideJson(const SideSummary& side) {
  nlohmann::json json = {{"n", side.n}, {"failed", side.failed}};
  if (side.n > 0) {
    json["min"] = side.min;
    json["median"] = side.median;
    json["mad"] = side.mad;
  }
  return json;
}

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string CsvNumber(double value) {
  if (!std::isfinite(value)) return "";
  char text[64];
  std::snprintf(text, sizeof text, "%.10g", value);
  return text;
}

}  // namespace

std::string FormatCompareText(const ComparisonReport& report, bool color) {
  std::vector<Cells> table = {Header(report)};
  for (const ComparisonRow& row : report.rows) table.push_back(RowCells(row));
  std::vector<size_t> widths(table[0].size(), 0);
  for (const Cells& cells : table) {
    for (size_t i = 0; i < cells.size(); ++i) widths[i] = std::max(widths[i], Width(cells[i]));
  }
  std::string text = Explanation(report);
  for (size_t r = 0; r < table.size(); ++r) {
    std::string line;
    for (size_t i = 0; i < table[r].size(); ++i) {
      const std::string& cell = table[r][i];
      bool left = i < 2 || i + 1 == table[r].size();
      std::string padding(widths[i] - Width(cell), ' ');
      std::string shown = cell;
      if (color && r > 0 && i + 1 == table[r].size()) {
        const ComparisonRow& row = report.rows[r - 1];
        if (row.verdict == Verdict::kRegressed) shown = "\033[31m" + cell + "\033[0m";
        if (row.verdict == Verdict::kImproved) shown = "\033[32m" + cell + "\033[0m";
      }
      if (i > 0) line += "  ";
      line += left ? shown + (i + 1 == table[r].size() ? "" : padding) : padding + shown;
    }
    text += line + "\n";
  }
  for (const GeomeanRow& row : report.geomeans) text += GeomeanLine(row, report);
  return text;
}

std::string FormatCompareMarkdown(const ComparisonReport& report) {
  std::string text;
  auto add_row = [&](const Cells& cells) {
    text += "|";
    for (const std::string& cell : cells) {
      std::string escaped;
      for (char c : cell) {
        if (c == '|') escaped += '\\';
        escaped += c;
      }
      text += " " + escaped + " |";
    }
    text += "\n";
  };
  Cells header = Header(report);
  add_row(header);
  text += "|";
  for (size_t i = 0; i < header.size(); ++i) text += i < 2 || i + 1 == header.size() ? " --- |" : " ---: |";
  text += "\n";
  for (const ComparisonRow& row : report.rows) add_row(RowCells(row));
  text += "\n";
  for (const GeomeanRow& row : report.geomeans) text += "- " + GeomeanLine(row, report);
  text += "\n" + Explanation(report);
  return text;
}

std::string FormatCompareJson(const ComparisonReport& report) {
  const CompareSettings& settings = report.settings;
  nlohmann::json json;
  json["schema"] = "timeit-compare/1";
  json["settings"] = {{"alpha", settings.alpha},
                      {"threshold", settings.threshold},
                      {"correction", stats::PAdjustMethodName(settings.correction)},
                      {"policy", settings.policy == ComparePolicy::kLnt ? "lnt" : "default"},
                      {"confidence", settings.confidence},
                      {"mad", "median(|x - median(x)|), unscaled"},
                      {"ratio", "Hodges-Lehmann estimate of new/base"}};
  nlohmann::json rows = nlohmann::json::array();
  for (const ComparisonRow& row : report.rows) {
    nlohmann::json item = {{"benchmark", row.benchmark},
                           {"metric", row.metric.empty() ? nlohmann::json() : nlohmann::json(row.metric)},
                           {"verdict", VerdictName(row.verdict)},
                           {"base", SideJson(row.base)},
                           {"new", SideJson(row.candidate)},
                           {"min_change", NumberOrNull(row.min_change)},
                           {"median_change", NumberOrNull(row.median_change)},
                           {"ratio", NumberOrNull(row.ratio.ratio)},
                           {"ratio_lower", NumberOrNull(row.ratio.lower)},
                           {"ratio_upper", NumberOrNull(row.ratio.upper)},
                           {"p_adjusted", NumberOrNull(row.p_adjusted)}};
    if (row.test) {
      item["u"] = row.test->u1;
      item["p"] = row.test->p_value;
      item["test_method"] = row.test->method == stats::MannWhitneyMethod::kExact ? "exact" : "asymptotic";
    }
    if (row.lnt) {
      item["lnt"] = {{"current", row.lnt->current},
                     {"previous", row.lnt->previous},
                     {"delta", row.lnt->delta},
                     {"pct_delta", row.lnt->pct_delta},
                     {"stddev", row.lnt->stddev ? nlohmann::json(*row.lnt->stddev) : nlohmann::json()}};
    }
    rows.push_back(std::move(item));
  }
  json["rows"] = std::move(rows);
  nlohmann::json geomeans = nlohmann::json::array();
  for (const GeomeanRow& row : report.geomeans) {
    geomeans.push_back({{"metric", row.metric},
                        {"benchmarks", row.benchmarks},
                        {"ratio", NumberOrNull(row.ratio)},
                        {"lower", NumberOrNull(row.lower)},
                        {"upper", NumberOrNull(row.upper)},
                        {"interval", "percentile bootstrap over benchmarks, 2000 resamples"}});
  }
  json["geomeans"] = std::move(geomeans);
  json["regressed"] = report.any_regressed();
  return json.dump(2) + "\n";
}

std::string FormatCompareCsv(const ComparisonReport& report) {
  std::string text =
      "benchmark,metric,verdict,base_n,base_failed,base_min,base_median,base_mad,new_n,new_failed,new_min,"
      "new_median,new_mad,min_change,median_change,u,p,p_adjusted,ratio,ratio_lower,ratio_upper\n";
  for (const ComparisonRow& row : report.rows) {
    auto side = [](const SideSummary& s) {
      return std::to_string(s.n) + "," + std::to_string(s.failed) + "," + (s.n ? CsvNumber(s.min) : "") + "," +
             (s.n ? CsvNumber(s.median) : "") + "," + (s.n ? CsvNumber(s.mad) : "");
    };
    text += CsvField(row.benchmark) + "," + CsvField(row.metric) + "," + std::string(VerdictName(row.verdict)) + "," +
            side(row.base) + "," + side(row.candidate) + "," + CsvNumber(row.min_change) + "," +
            CsvNumber(row.median_change) + "," + (row.test ? CsvNumber(row.test->u1) : "") + "," +
            (row.test ? CsvNumber(row.test->p_value) : "") + "," + CsvNumber(row.p_adjusted) + "," +
            CsvNumber(row.ratio.ratio) + "," + CsvNumber(row.ratio.lower) + "," + CsvNumber(row.ratio.upper) + "\n";
  }
  for (const GeomeanRow& row : report.geomeans) {
    text += "geomean," + CsvField(row.metric) + ",,,,,,,,,,,,,,,,," + CsvNumber(row.ratio) + "," +
            CsvNumber(row.lower) + "," + CsvNumber(row.upper) + "\n";
  }
  return text;
}

}  // namespace timeit
