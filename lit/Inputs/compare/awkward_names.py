#!/usr/bin/env python3
"""Benchmark names made of every awkward byte, and the checks that each output keeps them.

usage: awkward_names.py write BASE NEW     two timeit-results/2 files, every name on both sides
       awkward_names.py csv FILE           timeit-compare's CSV: each name read back exactly
       awkward_names.py text FILE          its text table: each name shown so it reads back
       awkward_names.py markdown FILE      its Markdown table: each name renders so it reads back
       awkward_names.py html FILE          its HTML page: each name is text that reads back

The checks reverse the escapes docs/comparison.md documents, with nothing of timeit's code: CSV
through Python's csv module, then "\\\\" -> "\\" and "\\xHH" -> the byte; the text table by
splitting at the runs of spaces between columns, then the display escapes (\\\\, \\n, \\r,
\\t, \\xHH, \\uHHHH, \\UHHHHHHHH); Markdown as CommonMark renders a table cell (an escaped
ASCII punctuation character is itself), after checking that no other inline syntax is
left; HTML as html.parser reads the first cell of each row (its title where it has one: a
long name is cut in the cell), then the display escapes. Each prints one line saying how many names came back, or exits 1 naming the first
that did not.
"""
import csv
import json
import os
import re
import sys

NAMES = [
    b"plain",
    # A control character and the escape that shows it must stay apart.
    b"new\nline", b"new\\nline",
    b"carriage\rreturn", b"carriage\\rreturn", b"crlf\r\n",
    b"tab\tx", b"tab\\tx",
    b"nul\x00x", b"esc\x1b[2Jx", b"esc\\x1b[2Jx", b"del\x7f",
    b"comma,x", b'quote"x', b'"', b",",
    b"back\\slash", b"\\", b"\\\\", b"x\\",
    # Invalid UTF-8, one of each kind the Unicode Standard's table 3-7 rules out, and the
    # text of its escape.
    b"latin1 caf\xe9", b"latin1 caf\\xe9",
    b"overlong \xc0\x8a", b"overlong \\xc0\\x8a", b"overlong3 \xe0\x80\xaf", b"overlong4 \xf0\x80\x80\xaf",
    b"surrogate \xed\xa0\x80", b"surrogate low \xed\xbf\xbf",
    b"above 10ffff \xf4\x90\x80\x80", b"lead f5 \xf5\x80\x80\x80", b"lead ff \xff", b"lead fe \xfe",
    b"lone continuation \x80", b"cut short \xe2\x82", b"cut short then a \xe2\x82a",
    # Valid UTF-8 that a terminal would not show as itself.
    b"c1 \xc2\x85", b"bidi \xe2\x80\xae", b"bidi \\u202e", b"zero width \xe2\x80\x8b", b"bom \xef\xbb\xbf",
    b"nbsp \xc2\xa0x", b"ideographic space \xe3\x80\x80x", b"tag \xf3\xa0\x80\x81",
    b"caf\xc3\xa9", b"emoji \xf0\x9f\x98\x80",
    # What a padded column, a trimmed cell or a collapsing renderer would lose.
    b"trailing ", b" leading", b"two  spaces", b"one space", b" ", b"  ",
    # What Markdown reads as syntax.
    b"pipe|x", b"*star*", b"_under_", b"intra_word_x", b"`code`", b"~~strike~~", b"[link](x)", b"![image](x)",
    b"<b>html</b>", b"&amp;", b"&", b"#1 heading", b"- item", b"1. item", b"> quote", b":smile:", b"@user",
]


def write(base, new):
    for path, values in ((base, [1, 2, 3, 4]), (new, [1, 2, 3, 5])):
        with open(path, "w", encoding="ascii") as f:
            f.write(json.dumps({"schema": "timeit-results/2", "host": {}}) + "\n")
            for name in NAMES:
                for value in values:
                    record = {"benchmark": name.decode("utf-8", "replace"), "outcome": "ok",
                              "metrics": {"task-clock": value}, "benchmark_bytes": name.hex()}
                    f.write(json.dumps(record) + "\n")


def fail(message):
    sys.exit("awkward_names.py: " + message)


def compare(shown, format_name):
    """Checks that the names read back are NAMES, each once."""
    if sorted(shown) != sorted(NAMES):
        missing = [n for n in NAMES if n not in shown]
        extra = [n for n in shown if n not in NAMES]
        fail("%s: names not read back: %r; read instead: %r" % (format_name, missing[:3], extra[:3]))
    print("%s: %d names read back exactly" % (format_name, len(shown)))


def csv_unescape(field):
    def byte(match):
        return b"\\" if match.group(1) == b"\\" else bytes.fromhex(match.group(1)[1:].decode())
    raw = field.encode("utf-8")
    if re.search(rb"\\(?!\\|x[0-9a-f]{2})", raw.replace(b"\\\\", b"")):
        fail("csv: a backslash that starts no escape in %r" % field)
    return re.sub(rb"\\(\\|x[0-9a-f]{2})", byte, raw)


def check_csv(path):
    # newline='' as the csv module asks: CR and LF inside a quoted field are the name's.
    with open(path, newline="", encoding="utf-8", errors="strict") as f:
        rows = list(csv.DictReader(f))
    compare([csv_unescape(row["benchmark"]) for row in rows if row["verdict"]], "csv")


DISPLAY_ESCAPE = re.compile(r"\\(\\|n|r|t|x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")


def display_unescape(text):
    if re.search(r"\\(?!\\|n|r|t|x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})", DISPLAY_ESCAPE.sub("", text)):
        fail("a backslash that starts no escape in %r" % text)
    out = b""
    position = 0
    for match in DISPLAY_ESCAPE.finditer(text):
        out += text[position:match.start()].encode("utf-8")
        code = match.group(1)
        if code in ("\\", "n", "r", "t"):
            out += {"\\": b"\\", "n": b"\n", "r": b"\r", "t": b"\t"}[code]
        elif code[0] == "x":
            out += bytes.fromhex(code[1:])
        else:
            out += chr(int(code[1:], 16)).encode("utf-8")
        position = match.end()
    return out + text[position:].encode("utf-8")


def read_utf8(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8")  # strict: raises on any invalid byte


def check_text(path):
    lines = read_utf8(path).split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("benchmark "))
    shown = []
    for line in lines[start + 1:]:
        if not line or line.startswith("geomean "):
            break
        if line.startswith(" "):
            continue  # a histogram or warning line under a row
        # Columns are apart by two spaces or more; a name shows no such run.
        shown.append(display_unescape(re.split(" {2,}", line)[0]))
    compare(shown, "text")


# Characters CommonMark and GitHub's Markdown read as inline syntax; "_" only where it can
# open or close emphasis (not between letters or digits).
MARKDOWN_SYNTAX = re.compile(r"[`*\[\]<>&~|:@#!]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"


def markdown_cells(line):
    cells, cell, i = [], "", 1  # past the opening "|"
    while i < len(line):
        if line[i] == "\\" and i + 1 < len(line):
            cell += line[i:i + 2]
            i += 2
            continue
        if line[i] == "|":
            cells.append(cell)
            cell = ""
        else:
            cell += line[i]
        i += 1
    return cells


def markdown_render(cell):
    """The text a renderer shows for a cell, having checked there is no syntax in it."""
    cell = cell.strip()
    plain = re.sub(r"\\[%s]" % re.escape(ASCII_PUNCTUATION), "", cell)
    if MARKDOWN_SYNTAX.search(plain):
        fail("markdown: syntax left in the cell %r" % cell)
    if "  " in cell or cell != cell.strip():
        fail("markdown: whitespace a renderer would collapse or trim in %r" % cell)
    return re.sub(r"\\([%s])" % re.escape(ASCII_PUNCTUATION), r"\1", cell)


def check_markdown(path):
    lines = read_utf8(path).split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("| --- |"))
    shown = []
    for line in lines[start + 1:]:
        if not line.startswith("| "):
            break
        shown.append(display_unescape(markdown_render(markdown_cells(line)[0])))
    compare(shown, "markdown")


def check_html(path):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import html_check  # lit/Inputs/html_check.py: the tree, and the checks that nothing is loaded or run

    builder = html_check.parse(path)
    problems = builder.errors + html_check.safety_problems(builder.root, 1)
    if problems:
        fail("html: " + "; ".join(problems))
    namespace = html_check.make_namespace(builder)
    shown = []
    # The flagged rows' table and the others' (either may be absent).
    for table in namespace["all_of"]("table"):
        for unit in namespace["units"](table):
            row = next(c for c in unit.children if isinstance(c, html_check.Element) and c.tag == "tr")
            cell = next(c for c in row.children if isinstance(c, html_check.Element) and c.tag == "td")
            text = cell.attrs.get("title") or "".join(c for c in cell.children if isinstance(c, str))
            shown.append(display_unescape(text))
    compare(shown, "html")


if __name__ == "__main__":
    command, arguments = sys.argv[1], sys.argv[2:]
    {"write": write, "csv": check_csv, "text": check_text, "markdown": check_markdown,
     "html": check_html}[command](*arguments)
