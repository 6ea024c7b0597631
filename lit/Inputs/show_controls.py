#!/usr/bin/env python3
"""Prints a file with each carriage return shown as <CR> and each escape as <ESC>, as
with_terminal.py --show controls shows a terminal's output.

usage: show_controls.py FILE
"""
import sys

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], "rb") as f:
        text = f.read().decode(errors="replace")
    sys.stdout.write(text.replace("\r", "<CR>").replace("\x1b", "<ESC>"))
