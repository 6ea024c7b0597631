#!/usr/bin/env python3
"""Renders an HTML file in headless Chromium and reports what a reader's browser did with it.

usage: browser_check.py CHROMIUM FILE [--dom OUT] [--screenshot PNG --size W,H] [--time]
                        [--expect-figures N] [--text STRING]... [--no-element TAG]...

Chromium runs headless with every network request sent to a proxy of this script's own on
127.0.0.1, which answers 403 and counts each request, so that any element loaded from
outside the file (a script, a font, an image, a style sheet, even one refused) is seen.
After the page has run its scripts, the DOM Chromium holds is parsed with Python's
html.parser. Printed (one `key: value` a line, for FileCheck):
  requests: how many requests reached the proxy (each also as `request: LINE`);
  external-references: how many elements name a URL other than a fragment or data: (in
    src, href and the like; each also as `external-reference:`), fetched or not (a
    Content-Security-Policy may have stopped it);
  console-errors: how many console messages were errors (uncaught exceptions, CSP
    refusals), each also as `console-error: TEXT`;
  figures: how many <figure> elements the DOM has;
  elements: TAG=COUNT for every tag in the DOM;
  count TAG.CLASS: how many TAG elements of that class (or TAG elements) the DOM has, for
    each --count;
  text-found: STRING for each --text found in the DOM's text (not in its markup).
With --time, `load-seconds:` the wall time of the whole headless run (start-up included).
Exit status 1 when a request was made, an element names an outside URL, a console error
was logged, --expect-figures does
not match, a --text is missing or a --no-element tag is present; 2 when Chromium failed.
"""
import argparse
import html.parser
import http.server
import os
import subprocess
import sys
import tempfile
import threading
import time


# Hosts the browser itself calls whatever the page (updates, its clock, accounts), which no
# flag turns off in every version: their requests are not the page's. Font and CDN hosts
# are not among them.
BROWSER_HOSTS = ("clients2.google.com", "update.googleapis.com", "accounts.google.com", "gvt1.com",
                 "optimizationguide-pa.googleapis.com", "content-autofill.googleapis.com",
                 "safebrowsingohttpgateway.googleapis.com")


def browser_own(requestline):
    target = requestline.split(" ")[1] if " " in requestline else requestline
    host = target.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
    return any(host == known or host.endswith("." + known) for known in BROWSER_HOSTS)


class Counter(http.server.BaseHTTPRequestHandler):
    requests = []

    def _refuse(self):
        if not browser_own(self.requestline):
            Counter.requests.append(self.requestline)
        self.send_response(403)
        self.end_headers()

    do_GET = do_POST = do_HEAD = do_CONNECT = do_PUT = do_OPTIONS = _refuse

    def log_message(self, *args):
        pass


# Attributes whose value the browser would fetch or follow: only a fragment (#id) or data:
# stays inside the file.
URL_ATTRIBUTES = {"src", "href", "srcset", "poster", "action", "formaction", "xlink:href", "data", "background",
                  "manifest", "ping"}


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = {}
        self.classes = {}
        self.text = []
        self.external = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            if name == "class" and value:
                for one in value.split():
                    key = tag + "." + one
                    self.classes[key] = self.classes.get(key, 0) + 1
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value and not value.strip().startswith(("#", "data:")):
                self.external.append("%s %s=%s" % (tag, name, value))
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("chromium")
    parser.add_argument("file")
    parser.add_argument("--dom")
    parser.add_argument("--screenshot")
    parser.add_argument("--size", default="1200,900")
    parser.add_argument("--time", action="store_true")
    parser.add_argument("--expect-figures", type=int)
    parser.add_argument("--text", action="append", default=[])
    parser.add_argument("--no-element", action="append", default=[])
    parser.add_argument("--count", action="append", default=[], help="TAG.CLASS: print how many the DOM has")
    args = parser.parse_args()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Counter)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    profile = tempfile.mkdtemp(prefix="browser-check-")
    command = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
               # The browser's own traffic (updates, time, accounts, metrics) would be counted too.
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-default-apps", "--disable-domain-reliability", "--no-default-browser-check",
               "--disable-client-side-phishing-detection", "--disable-features=OptimizationHints,MediaRouter",
               "--proxy-server=http://127.0.0.1:%d" % server.server_address[1], "--proxy-bypass-list=<-loopback>",
               "--virtual-time-budget=3000"]
    if args.screenshot:
        command += ["--screenshot=" + os.path.abspath(args.screenshot), "--window-size=" + args.size,
                    "--hide-scrollbars"]
    else:
        command += ["--dump-dom"]
    command.append("file://" + os.path.abspath(args.file))
    start = time.monotonic()
    try:
        run = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=120)
    except subprocess.TimeoutExpired:
        print("chromium: timed out", file=sys.stderr)
        return 2
    elapsed = time.monotonic() - start
    server.shutdown()
    subprocess.run(["rm", "-rf", profile])
    if run.returncode != 0:
        print("chromium failed (%d): %s" % (run.returncode, run.stderr[-2000:]), file=sys.stderr)
        return 2

    ok = True
    print("requests: %d" % len(Counter.requests))
    for line in Counter.requests:
        print("request: " + line)
    ok &= not Counter.requests
    # A Content-Security-Policy refusal reads "Refused to ..." in older versions and "Loading
    # the image ... violates the following Content Security Policy directive" in newer ones.
    errors = [line for line in run.stderr.splitlines()
              if ":CONSOLE" in line and any(word in line for word in ("Uncaught", "Refused", "Error",
                                                                           "Content Security Policy"))]
    print("console-errors: %d" % len(errors))
    for line in errors:
        print("console-error: " + line.split("] ", 1)[-1])
    ok &= not errors
    if args.time:
        print("load-seconds: %.3f" % elapsed)
    if args.screenshot:
        return 0 if ok else 1

    if args.dom:
        with open(args.dom, "w") as out:
            out.write(run.stdout)
    dom = Dom()
    dom.feed(run.stdout)
    print("external-references: %d" % len(dom.external))
    for reference in dom.external:
        print("external-reference: " + reference)
    ok &= not dom.external
    print("figures: %d" % dom.tags.get("figure", 0))
    print("elements: " + " ".join("%s=%d" % item for item in sorted(dom.tags.items())))
    for selector in args.count:
        print("count %s: %d" % (selector, dom.classes.get(selector, 0) if "." in selector else dom.tags.get(selector, 0)))
    text = "".join(dom.text)
    for wanted in args.text:
        found = wanted in text
        print(("text-found: " if found else "text-missing: ") + wanted)
        ok &= found
    for tag in args.no_element:
        present = dom.tags.get(tag, 0)
        if present:
            print("element-present: %s=%d" % (tag, present))
        ok &= not present
    if args.expect_figures is not None and dom.tags.get("figure", 0) != args.expect_figures:
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
