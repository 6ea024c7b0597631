#!/usr/bin/env python3
r"""Checks an HTML report structurally, with Python's html.parser and nothing of timeit's code.

usage: html_check.py [--print] [--scripts N] FILE [EXPR...]

FILE is parsed into a tree of elements. The reports close every element they open, in order,
so an end tag that closes anything but the element open is an error (a name that opened an
element would show up here), as is an element left open at the end. Then, always:
  - nothing is loaded from anywhere: no src, srcset, poster, action, formaction or data
    attribute, and no href (SVG's xlink:href too) but '#...' or 'data:...'; no <link>,
    <base>, <img>, <iframe>, <object>, <embed>, <form>, <meta http-equiv> (but a
    Content-Security-Policy that starts with default-src 'none'); no url(...) or
    @import in a style sheet or a style attribute;
  - nothing runs but the page's own script: exactly N <script> elements (default 1), none
    with a src, and no attribute that starts with "on" (an event handler).
A failed check prints "FAIL: " and why, and exits 1.

Each EXPR is then evaluated with these names (like check.py's):
  root                 the document's root element
  by_id(ID)            the element with that id (an error if there is none, or several)
  all_of(TAG, **attrs) every element TAG (None: any) whose attributes have those values,
                       in document order (attribute names with '_' for '-': data_verdict)
  text(E)              E's text, runs of white space made one space, stripped
  texts()              every text node of the page as it is (after character references)
  has_text(S)          whether S is within one text node: shown as text, not markup
  units(TABLE)         a table's rows: its <tbody> elements where it has class "grouped",
                       else the <tr> of its <tbody>
  svgs(E)              how many <svg> elements are inside E
  verdict_counts()     {verdict: count} from the <span data-verdict data-count> of #verdicts
  cells(E)             the text of each <td> of E's first <tr> (E a row unit), the title
                       instead where a cell has one (the whole of a name cut short)
Without --print each EXPR must be true: "PASS: EXPR" is printed, or "FAIL: EXPR" and exit
status 1. With --print, each value is printed on a line of its own: a string as it is,
anything else as JSON with sorted keys.
"""
import json
import re
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
FORBIDDEN_ELEMENTS = {"link", "base", "img", "iframe", "object", "embed", "form", "frame", "frameset", "audio",
                      "video", "picture", "source", "portal"}
RESOURCE_ATTRIBUTES = {"src", "srcset", "poster", "action", "formaction", "data", "background", "ping"}


class Element:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = dict(attrs)
        self.parent = parent
        self.children = []

    def walk(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def __repr__(self):
        return "<%s %s>" % (self.tag, " ".join('%s="%s"' % item for item in self.attrs.items()))


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", [], None)
        self.open = self.root
        self.errors = []
        self.text_nodes = []

    def handle_starttag(self, tag, attrs):
        element = Element(tag, attrs, self.open)
        self.open.children.append(element)
        if tag not in VOID:
            self.open = element

    def handle_startendtag(self, tag, attrs):
        self.open.children.append(Element(tag, attrs, self.open))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if self.open.tag != tag:
            self.errors.append("</%s> closes %r (line %d)" % (tag, self.open, self.getpos()[0]))
            # Recover by closing up to the matching element, if any.
            node = self.open
            while node is not None and node.tag != tag:
                node = node.parent
            if node is None:
                return
            self.open = node
        self.open = self.open.parent

    def handle_data(self, data):
        self.open.children.append(data)
        self.text_nodes.append(data)


def parse(path):
    builder = TreeBuilder()
    with open(path, encoding="utf-8") as f:
        builder.feed(f.read())
    builder.close()
    if builder.open is not builder.root:
        builder.errors.append("%r is never closed" % builder.open)
    return builder


def safety_problems(root, scripts_allowed):
    problems = []
    scripts = 0
    for element in root.walk():
        if element.tag == "#document":
            continue
        if element.tag in FORBIDDEN_ELEMENTS:
            problems.append("a <%s> element" % element.tag)
        # The one allowed: the page's own Content-Security-Policy, which forbids loading
        # anything (a refresh or a cookie would be a <meta http-equiv> too).
        if element.tag == "meta" and "http-equiv" in element.attrs and not (
                element.attrs["http-equiv"].lower() == "content-security-policy"
                and element.attrs.get("content", "").startswith("default-src 'none'")):
            problems.append("a <meta http-equiv>")
        if element.tag == "script":
            scripts += 1
        for name, value in element.attrs.items():
            value = value or ""
            if name.startswith("on"):
                problems.append("an event handler %s=%r on %r" % (name, value, element))
            if name in RESOURCE_ATTRIBUTES:
                problems.append("%s=%r on %r" % (name, value, element))
            if name in ("href", "xlink:href") and not (value.startswith("#") or value.startswith("data:")):
                problems.append("%s=%r on %r" % (name, value, element))
            if name == "style" and re.search(r"url\(|@import", value, re.I):
                problems.append("style=%r on %r" % (value, element))
        if element.tag == "style":
            sheet = "".join(c for c in element.children if isinstance(c, str))
            if re.search(r"url\(|@import", sheet, re.I):
                problems.append("a style sheet that loads something")
    if scripts != scripts_allowed:
        problems.append("%d <script> elements, not %d" % (scripts, scripts_allowed))
    return problems


def make_namespace(builder):
    root = builder.root

    def all_of(tag=None, **attrs):
        wanted = {name.replace("_", "-"): value for name, value in attrs.items()}
        return [e for e in root.walk() if (tag is None or e.tag == tag)
                and all(e.attrs.get(name) == value for name, value in wanted.items())]

    def by_id(identifier):
        found = all_of(id=identifier)
        if len(found) != 1:
            raise AssertionError("%d elements with id %r" % (len(found), identifier))
        return found[0]

    def raw_text(element):
        return "".join(c if isinstance(c, str) else raw_text(c) for c in element.children)

    def text(element):
        return re.sub(r"\s+", " ", raw_text(element)).strip()

    def units(table):
        if "grouped" in (table.attrs.get("class") or "").split():
            return [c for c in table.children if isinstance(c, Element) and c.tag == "tbody"]
        return [r for body in table.children if isinstance(body, Element) and body.tag == "tbody"
                for r in body.children if isinstance(r, Element) and r.tag == "tr"]

    def svgs(element):
        return sum(1 for e in element.walk() if e.tag == "svg")

    def verdict_counts():
        counts = {}
        for span in by_id("verdicts").walk():
            if span.tag == "span" and "data-count" in span.attrs:
                counts[span.attrs["data-verdict"]] = int(span.attrs["data-count"])
        return counts

    def cells(unit):
        row = unit if unit.tag == "tr" else next(c for c in unit.children if isinstance(c, Element) and c.tag == "tr")
        out = []
        for cell in row.children:
            if isinstance(cell, Element) and cell.tag == "td":
                titled = [e for e in cell.walk() if "title" in e.attrs]
                out.append(titled[0].attrs["title"] if titled else text(cell))
        return out

    return {"root": root, "by_id": by_id, "all_of": all_of, "text": text, "texts": lambda: builder.text_nodes,
            "has_text": lambda s: any(s in node for node in builder.text_nodes), "units": units, "svgs": svgs,
            "verdict_counts": verdict_counts, "cells": cells, "json": json, "re": re}


def main(argv):
    print_values = False
    scripts_allowed = 1
    while argv and argv[0].startswith("--"):
        option = argv.pop(0)
        if option == "--print":
            print_values = True
        elif option == "--scripts":
            scripts_allowed = int(argv.pop(0))
        else:
            sys.exit("html_check.py: unknown option %s" % option)
    path, expressions = argv[0], argv[1:]
    builder = parse(path)
    problems = builder.errors + safety_problems(builder.root, scripts_allowed)
    if problems:
        for problem in problems:
            print("FAIL: %s: %s" % (path, problem))
        return 1
    namespace = make_namespace(builder)
    status = 0
    for expression in expressions:
        value = eval(expression, namespace)
        if print_values:
            print(value if isinstance(value, str) else json.dumps(value, sort_keys=True))
        elif value:
            print("PASS: %s" % expression)
        else:
            print("FAIL: %s" % expression)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
