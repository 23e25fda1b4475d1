#!/usr/bin/env python3
"""Every file the repository names exists: a path such as docs/architecture.md or router/input_unit.h in a
comment, a doc or a script points at a tracked file (issue 32: testbench/platform.h sent readers to a
page of docs/ that had gone). NAME stands for any name (router/routing/NAME_rtl.h); a Verilog
path may be given from rtl/ (topology/hiradix_mesh_geometry.v), as the RTL's own includes are.
Usage: tests/doc_pointers.py [REPO]   (exit 1 and one line per dangling pointer)
"""
import os
import re
import subprocess
import sys

TOP_FOLDERS = ("cmake", "config", "docs", "examples", "fuzz", "python", "router", "rtl", "scripts", "synth",
               "testbench", "tests", "tlm", "tools", "topology")
EXTENSIONS = ("md", "h", "cpp", "v", "vh", "py", "sh", "yaml", "json", "csv", "png", "svg", "txt", "cmake", "ys",
              "tcl", "lib", "sdc")
SCANNED = re.compile(r"(\.(md|h|cpp|v|vh|py|sh|yaml|txt|cmake|ys|tcl)|CMakeLists\.txt)$")
POINTER = re.compile(r"(?<![\w./-])((?:%s)/[\w./+-]*\w\.(?:%s))(?![\w/]|\.\w)" % ("|".join(TOP_FOLDERS), "|".join(EXTENSIONS)))


def dangling(root):
    files = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        if not SCANNED.search(name):
            continue
        try:
            with open(os.path.join(root, name), encoding="utf-8") as f:
                lines = f.read().splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for number, line in enumerate(lines, 1):
            for match in POINTER.finditer(line):
                path = match.group(1)
                if "NAME" in path:
                    continue
                bases = [root, os.path.join(root, os.path.dirname(name))]
                if path.endswith((".v", ".vh")):
                    bases.append(os.path.join(root, "rtl"))
                if not any(os.path.exists(os.path.join(base, path)) for base in bases):
                    yield f"{name}:{number}: {path} does not exist"


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    found = list(dangling(root))
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} pointer(s) to files that do not exist")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
