# SPDX-License-Identifier: GPL-2.0
"""A KTAP v1 parser for cachet's serial transcripts.

Log lines ("[    1.234567] ...") may be interleaved; KTAP lines may or may
not carry that prefix.  Returns per-case results; cases promised by a plan
but never reported count as failures.
"""
import re

STAMP = re.compile(r"^\[\s*\d+\.\d+\] ")
RESULT = re.compile(r"^(\s*)(ok|not ok) (\d+) ([^#]*?)\s*(#\s*(SKIP|skip)\s*(.*))?$")
PLAN = re.compile(r"^(\s*)1\.\.(\d+)$")
SUBTEST = re.compile(r"^(\s*)# Subtest: (.*)$")


def parse(text):
    """Returns (cases, suites): cases = [(suite, name, status)], status
    'pass' | 'fail' | 'skip'."""
    cases, suites = [], []
    suite, plan, seen = None, 0, 0

    def close_suite():
        nonlocal suite, plan, seen
        if suite is not None and seen < plan:
            for n in range(seen + 1, plan + 1):
                cases.append((suite, f"case {n} (missing)", "fail"))
        suite, plan, seen = None, 0, 0

    for raw in text.split("\n"):
        line = STAMP.sub("", raw.rstrip())
        m = SUBTEST.match(line)
        if m and m.group(1):
            close_suite()
            suite = m.group(2).strip()
            continue
        m = PLAN.match(line)
        if m and m.group(1) and suite is not None:
            plan = int(m.group(2))
            continue
        m = RESULT.match(line)
        if not m:
            continue
        indent, res, _, name = m.group(1), m.group(2), m.group(3), m.group(4)
        status = "skip" if m.group(5) else ("pass" if res == "ok" else "fail")
        if indent and suite is not None:
            seen += 1
            cases.append((suite, name.strip(), status))
        elif not indent:
            suites.append((name.strip(), status))
            if suite == name.strip():
                close_suite()
    close_suite()
    return cases, suites


def report_case(n, name, checks, secs, tail=None):
    """Print a selftest case as TAP: one "# NAME: ok|FAIL: check" line per
    (description, ok, detail) of @checks (detail shown on failure), then
    "ok N NAME (S s)" or "not ok ...", and after a failure the lines of
    @tail (a callable returning them), commented.  True when all passed."""
    bad = False
    for desc, ok, detail in checks:
        print(f"# {name}: {'ok' if ok else 'FAIL'}: {desc}"
              + (f" ({detail})" if detail and not ok else ""))
        bad |= not ok
    print(f"{'not ok' if bad else 'ok'} {n} {name} ({secs:.1f}s)")
    if bad and tail:
        print("# " + "\n# ".join(tail()))
    return not bad
