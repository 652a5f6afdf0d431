#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Documentation that names code must name code that exists.

  1. every ``function()`` a .rst file under Documentation/ names is defined
     in the tree (C, assembly or the Python of tools/), or is one of the
     Linux functions the documents name for comparison (LINUX_NAMES);
  2. every path it gives in ``double backquotes`` exists;
  3. every kernel-doc comment (/** name() - ...) sits on the function it
     names.

Prints one line per check and "N passed, N failed".
"""
import glob
import os
import re
import sys

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))

# Linux's own functions, named in cpa.rst's "What this was learned from"
LINUX_NAMES = {"__split_large_page", "pmd_free_pte_page", "tlb_remove_table"}

PATH_ROOTS = ("arch", "tools", "kernel", "mm", "include", "drivers", "lib",
              "fs", "init", "scripts", "Documentation")


def sources(patterns):
    for pat in patterns:
        for p in glob.glob(os.path.join(TOP, pat), recursive=True):
            if "/build/" not in p:
                yield p


def build_outputs():
    """Files the build writes (.gitignore's rooted names): a document may
    name them before they exist, e.g. make isoimage's image."""
    out = set()
    with open(os.path.join(TOP, ".gitignore")) as f:
        for line in f:
            line = line.strip()
            if line.startswith("/") and not line.endswith("/") \
                    and not any(c in line for c in "*?["):
                out.add(line[1:])
    return out


def main():
    generated = build_outputs()
    code = "\n".join(open(p, errors="replace").read() for p in sources(
        ["**/*.c", "**/*.h", "**/*.S", "tools/**/*.py"]))
    defined = set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", code))
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(f"{'ok' if ok else 'not ok'} - {what}")
        passed += ok
        failed += not ok

    for rst in sorted(sources(["Documentation/**/*.rst"])):
        text = open(rst).read()
        rel = os.path.relpath(rst, TOP)
        names = sorted(set(re.findall(r"``([A-Za-z_]\w*)\(\)", text)))
        gone = [n for n in names if n not in defined and n not in LINUX_NAMES]
        check(not gone, f"{rel}: the {len(names)} functions it names exist"
              + (f" (missing: {', '.join(gone)})" if gone else ""))
        paths = sorted(set(re.findall(
            r"``((?:%s)/[\w./-]+)``" % "|".join(PATH_ROOTS), text)))
        lost = [p for p in paths if p not in generated
                and not os.path.exists(os.path.join(TOP, p))]
        check(not lost, f"{rel}: the {len(paths)} paths it gives exist"
              + (f" (missing: {', '.join(lost)})" if lost else ""))

    misplaced = []
    for c in sorted(sources(["**/*.c"])):
        if os.path.relpath(c, TOP).startswith("tools/"):
            continue
        text = open(c, errors="replace").read()
        for m in re.finditer(r"/\*\*\n \* (\w+)\(\)", text):
            end = text.index("*/", m.end())
            fn = re.search(r"^[A-Za-z_][\w \*]*?\b(\w+)\(",
                           text[end + 2:end + 600], re.M)
            if fn and fn.group(1) != m.group(1):
                misplaced.append(f"{os.path.relpath(c, TOP)}: {m.group(1)}() "
                                 f"documented above {fn.group(1)}()")
    check(not misplaced, "every kernel-doc comment sits on the function it "
          "names" + (": " + "; ".join(misplaced) if misplaced else ""))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
