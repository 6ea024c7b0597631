#pragma once

#include <string_view>

#include "timeit/base/spellings.h"

namespace timeit {

/// The formats a report (a comparison's, a history's) is written in, as --format names them.
enum class ReportFormat { kText, kJson, kCsv, kMarkdown, kHtml };

inline constexpr Spellings<ReportFormat, 5> kReportFormatSpellings = {{
    {"text", ReportFormat::kText},
    {"json", ReportFormat::kJson},
    {"csv", ReportFormat::kCsv},
    {"markdown", ReportFormat::kMarkdown},
    {"html", ReportFormat::kHtml},
}};

/// "text", "json", "csv", "markdown", "html".
constexpr std::string_view ReportFormatName(ReportFormat format) { return SpellingOf(kReportFormatSpellings, format); }

}  // namespace timeit
