#include "html_page.h"

#include "html_writer.h"

namespace timeit {
namespace {

// Plain system fonts (no web font: nothing is loaded), tabular figures so that the columns
// of numbers line up, and the verdicts in the palette of the figures (svg_plot.h), in bold
// so that they stand out in grey too.
constexpr std::string_view kStyle = R"css(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:1.2em 1.5em;color:#111;background:#fff}
h1{font-size:1.35em;margin:.2em 0 .6em}
h2{font-size:1.1em;margin:1.4em 0 .5em}
p{margin:.25em 0;max-width:80em}
.counts{font-size:1.1em;margin:.5em 0 .8em}
.counts span{margin-right:1.4em;white-space:nowrap}
.counts b{font-size:1.3em}
.findings li{margin:.15em 0;max-width:80em}
.method{color:#333;font-size:.93em}
table.rows{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.4em 0;font-size:.93em}
table.rows th,table.rows td{padding:1px 6px;text-align:right;white-space:nowrap;border-bottom:1px solid #e3e3e3}
table.rows th{background:#f2f2f2;position:sticky;top:0;font-weight:600}
table.sortable th{cursor:pointer}
table.rows th[aria-sort=ascending]::after{content:" \25B2"}
table.rows th[aria-sort=descending]::after{content:" \25BC"}
table.rows td.v{text-align:left}
[data-verdict=regressed] .v{color:#D55E00;font-weight:700}
[data-verdict=improved] .v{color:#009E73;font-weight:700}
table.rows tr.fig td,table.rows tr.note td{text-align:left;white-space:normal}
table.rows tr.fig td{padding:2px 7px 8px}
table.rows tr.note td{color:#444;font-size:.93em}
figure{margin:1em 0}
figcaption{font-weight:600;margin-bottom:.2em}
details>summary{cursor:pointer;font-weight:600;margin:.8em 0 .4em}
#filters{margin:.6em 0}
#filters input[type=search]{width:22em;margin-right:1.2em}
#filters label{margin-right:.9em;white-space:nowrap}
.legend{color:#333;font-size:.93em}
.legend svg{vertical-align:middle}
@media print{table.rows th{position:static}#filters{display:none}tbody,figure{break-inside:avoid}}
)css";

// Sorting and filtering, added to what reads fully without them: no control is on the page
// until the script makes it. Written for any browser of the last years (no module, no
// build step), and defensive: a table of another shape is left alone.
constexpr std::string_view kScript = R"js(
(function () {
  "use strict";
  var tables = Array.prototype.slice.call(document.querySelectorAll("table.rows"));
  if (!tables.length) return;
  function grouped(t) { return t.classList.contains("grouped"); }
  function units(t) {
    var list = grouped(t) ? t.tBodies : (t.tBodies.length ? t.tBodies[0].rows : []);
    return Array.prototype.slice.call(list);
  }
  function first(u) { return u.tagName === "TBODY" ? u.rows[0] : u; }
  var unitOf = { "s": 1, "ms": 1e-3, "\u00b5s": 1e-6, "ns": 1e-9 };
  var numberPattern = /^[<>\u00b1\u0394~]*([-+]?(?:inf|\d*\.?\d+(?:e[-+]?\d+)?))(?:\s*(ms|\u00b5s|ns|s)(?![A-Za-z]))?/i;
  function number(text) {
    var m = numberPattern.exec(text.trim());
    if (!m) return NaN;
    var value = /inf/i.test(m[1]) ? (m[1].charAt(0) === "-" ? -Infinity : Infinity) : parseFloat(m[1]);
    return m[2] ? value * unitOf[m[2]] : value;
  }
  function missing(text) { var t = text.trim(); return t === "" || t === "-"; }
  function sortBy(t, column, th) {
    var list = units(t);
    var keys = list.map(function (u) { var c = first(u).cells[column]; return c ? c.textContent : ""; });
    var values = keys.map(number);
    var numeric = keys.every(function (k, i) { return missing(k) || !isNaN(values[i]); });
    var direction = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    var order = list.map(function (u, i) { return i; });
    order.sort(function (a, b) {
      if (numeric) {
        var x = values[a], y = values[b], xm = isNaN(x), ym = isNaN(y);
        if (xm || ym) return xm === ym ? a - b : (xm ? 1 : -1);
        return x === y ? a - b : direction * (x < y ? -1 : 1);
      }
      var c = keys[a].localeCompare(keys[b]);
      return c ? direction * c : a - b;
    });
    var parent = grouped(t) ? t : t.tBodies[0];
    var fragment = document.createDocumentFragment();
    order.forEach(function (i) { fragment.appendChild(list[i]); });
    parent.appendChild(fragment);
    Array.prototype.forEach.call(th.parentNode.cells, function (cell) { cell.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", direction === 1 ? "ascending" : "descending");
  }
  tables.forEach(function (t) {
    if (!t.tHead || !t.tHead.rows.length) return;
    t.classList.add("sortable");
    Array.prototype.forEach.call(t.tHead.rows[0].cells, function (th, column) {
      th.tabIndex = 0;
      th.title = "sort by this column";
      th.addEventListener("click", function () { sortBy(t, column, th); });
      th.addEventListener("keydown", function (e) { if (e.key === "Enter") sortBy(t, column, th); });
    });
  });
  var verdicts = [];
  tables.forEach(function (t) {
    units(t).forEach(function (u) {
      var v = u.getAttribute("data-verdict");
      if (v && verdicts.indexOf(v) < 0) verdicts.push(v);
    });
  });
  var box = document.getElementById("filters");
  if (!box) {
    box = document.createElement("div");
    tables[0].parentNode.insertBefore(box, tables[0]);
  }
  var input = document.createElement("input");
  input.type = "search";
  input.placeholder = "filter rows by name or any text";
  input.setAttribute("aria-label", "filter rows");
  box.appendChild(input);
  var checks = {};
  verdicts.forEach(function (v) {
    var label = document.createElement("label");
    var check = document.createElement("input");
    check.type = "checkbox";
    check.checked = true;
    checks[v] = check;
    label.appendChild(check);
    label.appendChild(document.createTextNode(" " + v));
    box.appendChild(label);
    check.addEventListener("change", apply);
  });
  var status = document.createElement("span");
  box.appendChild(status);
  var texts = new WeakMap();
  function text(u) {
    var s = texts.get(u);
    if (s === undefined) {
      var row = first(u);
      s = row.textContent;
      Array.prototype.forEach.call(row.querySelectorAll("[title]"), function (e) { s += " " + e.title; });
      s = s.toLowerCase();
      texts.set(u, s);
    }
    return s;
  }
  function apply() {
    var query = input.value.trim().toLowerCase(), shown = 0, total = 0;
    tables.forEach(function (t) {
      units(t).forEach(function (u) {
        var v = u.getAttribute("data-verdict");
        var keep = (!v || checks[v].checked) && (!query || text(u).indexOf(query) >= 0);
        u.hidden = !keep;
        total += 1;
        shown += keep ? 1 : 0;
      });
    });
    status.textContent = shown === total ? "" : shown + " of " + total + " rows shown";
  }
  input.addEventListener("input", apply);
})();
)js";

}  // namespace

std::string LeftAlignedColumnsStyle(size_t columns, const std::function<bool(size_t column)>& left_aligned) {
  std::string selectors;
  for (size_t column = 0; column < columns; ++column) {
    if (!left_aligned(column)) continue;
    std::string n = std::to_string(column + 1);
    selectors +=
        (selectors.empty() ? "" : ",") + ("table.rows td:nth-child(" + n + "),table.rows th:nth-child(" + n + ")");
  }
  return selectors.empty() ? "" : selectors + "{text-align:left}\n";
}

std::string HtmlPage(const HtmlPageParts& parts) {
  HtmlWriter page;
  page.Markup("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
      .Markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
      // The page loads nothing and is opened from mail and CI artefacts: the browser is told
      // so, and refuses any load or script a bug might let in, whatever the name it came from.
      .Markup(
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
          "script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\">\n")
      .Element("title", {}, parts.title)
      .Markup("\n<style>")
      .Markup(kStyle)
      .Markup(parts.style)
      .Markup("</style>\n</head>\n<body>\n")
      .Markup(parts.body)
      .Markup("\n<script>")
      .Markup(kScript)
      .Markup("</script>\n</body>\n</html>\n");
  return page.Take();
}

}  // namespace timeit
