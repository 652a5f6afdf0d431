# SPDX-License-Identifier: GPL-2.0
"""The pat shell command's reservations obey the one-type-per-page rule
like any other (issue 12, item 3): owned, exact-match frees; whole pages;
the mode granted reported; and a long randomized session that must leave
pat_alias_check ok and pat_memtype_list as it was at boot.

The session is generated here with a fixed seed and fed through
shell.run, which the kernel command line (COMMAND_LINE_SIZE, 2048 bytes)
limits to about 60 commands; so it runs as about 35 boots of one
machine, each a session of its own that starts from the boot state and
frees what it reserved.  The model below answers every reserve, free and
lookup from the boot's own e820 map, MTRRs and memtype list, and each
answer the kernel prints is checked against it; "pat bench" (a few
times) is checked for running to the end only, since the pages it takes
are the allocator's choice.
"""
import random
import re

from hardening_case import Case, log_lines

LIST = "cat /sys/kernel/debug/x86/pat_memtype_list"
OWNERS = "cat /sys/kernel/debug/x86/pat_memtype_owners"
ALIAS = "cat /sys/kernel/debug/x86/pat_alias_check"
MTRR = "cat /proc/mtrr"
ALIAS_OK = re.compile(r"ok: \d+ pages in \d+ mappings checked")
STAMP = re.compile(r"^\[\s*\d+\.\d+\] ")
OOPS = re.compile(r"BUG|Oops|WARNING|panic|general protection|"
                  r"reserved \S+ but mapped|alias:")
PAGE = 0x1000

NAMES = {"wb": "write-back", "wc": "write-combining", "uc-": "uncached-minus",
         "uc": "uncached", "wt": "write-through", "wp": "write-protected"}
BY_NAME = {v: k for k, v in NAMES.items()}
MODES = list(NAMES)


def shell_run(cmds):
    return 'shell.run="' + "; ".join(cmds + ["poweroff"]) + '"'


def sessions(out):
    """[(command, [output lines])] in the order the shell ran them;
    kernel log lines are left out."""
    runs = []
    for line in out.split("\n"):
        if line.startswith("# "):
            runs.append((line[2:].strip(), []))
        elif runs and not STAMP.match(line):
            runs[-1][1].append(line)
    return runs


def outputs(out, cmd):
    return [o for c, o in sessions(out) if c == cmd]


def memtype_list(lines):
    return [l for l in lines if l.startswith("PAT: [mem ")]


def common_checks(out, status):
    yield ("powered off", status == 0 and "reboot: Power down" in out,
           f"status {status}")
    bad = [l for l in log_lines(out) if OOPS.search(l)]
    yield ("no oops, warning or alias report", not bad, str(bad[:3]))


def list_restored(out):
    """pat_memtype_list at the end equals the one at the start."""
    lists = outputs(out, LIST)
    yield ("pat_memtype_list read at start and end", len(lists) >= 2,
           str(len(lists)))
    if len(lists) >= 2:
        first, last = memtype_list(lists[0]), memtype_list(lists[-1])
        yield ("pat_memtype_list back to its boot state",
               bool(first) and first == last, f"{first} -> {last}")


def alias_ok(out):
    runs = outputs(out, ALIAS)
    yield ("pat_alias_check ok",
           bool(runs) and all(any(ALIAS_OK.fullmatch(l) for l in r)
                              for r in runs),
           str(runs[-1:] if runs else "not run"))


def answer(out, cmd, nth=0):
    runs = outputs(out, cmd)
    return runs[nth] if nth < len(runs) else None


def answer_at(out, cmds, i):
    """The output of cmds[i], the i-th command of the script."""
    runs = sessions(out)
    if i < len(runs) and runs[i][0] == cmds[i]:
        return runs[i][1]
    return None


# ---- the reproductions --------------------------------------------------

BENCH_FREE = [LIST, "pat reserve 100000 1ffde000 uc-", "pat bench",
              "pat free 100000 1ffde000", ALIAS, LIST]


def check_bench_free(out, status):
    yield from common_checks(out, status)
    yield ("reserve of RAM granted uc-",
           answer_at(out, BENCH_FREE, 1) == ["ok uc-"],
           str(answer_at(out, BENCH_FREE, 1)))
    bench = answer(out, "pat bench") or []
    yield ("bench ran to its ioremap",
           any(l.startswith("ioremap_wc+iounmap") for l in bench), "")
    yield ("free answered ok", answer_at(out, BENCH_FREE, 3) == ["ok"],
           str(answer_at(out, BENCH_FREE, 3)))
    yield from alias_ok(out)
    yield from list_restored(out)


OWNED = [LIST,
         "pat reserve fd000000 fe000000 wc", "pat free fd000000 fe000000",
         OWNERS, "pat free fd000000 fe000000",
         "pat reserve fec00000 fec01000 uc-", "pat free fec00000 fec01000",
         "pat free fec00000 fec01000", OWNERS, ALIAS, LIST]


def owner_of(lines, start):
    for l in lines or []:
        if l.startswith(f"[mem {start:#018x}-"):
            return l.split(" owner ", 1)[-1]
    return None


def check_owned(out, status):
    yield from common_checks(out, status)
    yield ("reserve over the framebuffer adopts wc",
           answer_at(out, OWNED, 1) == ["ok wc"], str(answer_at(out, OWNED, 1)))
    yield ("the shell frees its own entry", answer_at(out, OWNED, 2) == ["ok"],
           str(answer_at(out, OWNED, 2)))
    fb = owner_of(answer_at(out, OWNED, 3), 0xfd000000)
    yield ("the framebuffer is still held by the bochs driver",
           fb is not None and "(bochs)" in fb, str(fb))
    again = answer_at(out, OWNED, 4) or []
    yield ("a second free is refused, naming the holder",
           len(again) == 1 and again[0].startswith(
               "pat: free 0xfd000000-0xfe000000: not reserved by the shell;")
           and "bochs" in again[0], str(again))
    yield ("IO-APIC page: the shell's reserve and free",
           answer_at(out, OWNED, 5) == ["ok uc-"] and
           answer_at(out, OWNED, 6) == ["ok"],
           str((answer_at(out, OWNED, 5), answer_at(out, OWNED, 6))))
    ioapic = answer_at(out, OWNED, 7) or []
    yield ("IO-APIC page: second free refused, the driver's entry kept",
           len(ioapic) == 1 and "not reserved by the shell" in ioapic[0] and
           "apic" in (owner_of(answer_at(out, OWNED, 8), 0xfec00000) or ""),
           str(ioapic))
    yield from alias_ok(out)
    yield from list_restored(out)


PER_PAGE = [LIST,
            "pat reserve fe000001 fe000002 uc",
            "pat reserve fe000003 fe000004 wc strict",
            "pat lookup fe000fff",
            "pat reserve 9f000 9fc00 wc",
            "pat reserve 9fc00 a0000 uc strict",
            "pat reserve 9fc00 a0000 uc",
            "pat lookup 9fc00",
            "pat reserve 9e000 9fc00 wc",
            "pat free fe000001 fe000002",
            "pat free 9f000 9fc00", "pat free 9fc00 a0000",
            ALIAS, LIST]


def check_per_page(out, status):
    a = lambda i: answer_at(out, PER_PAGE, i) or []
    yield from common_checks(out, status)
    yield ("a sub-page reserve takes the whole page",
           a(1) == ["ok uc",
                    "pat: reserved the whole pages [mem 0xfe000000-0xfe000fff]"],
           str(a(1)))
    yield ("another type for other bytes of that page is refused",
           len(a(2)) == 1 and "-EBUSY" in a(2)[0], str(a(2)))
    yield ("the page is uc", a(3) == ["uc (uncached)"], str(a(3)))
    yield ("the page RAM ends in (0x9f000) is tracked whole",
           a(4) == ["ok wc",
                    "pat: reserved the whole pages [mem 0x0009f000-0x0009ffff]"],
           str(a(4)))
    yield ("its non-RAM part cannot be reserved strict with another type",
           len(a(5)) == 1 and "-EBUSY" in a(5)[0], str(a(5)))
    yield ("a non-strict request there is granted the page's type",
           a(6)[:1] == ["ok wc"], str(a(6)))
    yield ("the page's non-RAM part is wc", a(7) == ["wc (write-combining)"],
           str(a(7)))
    yield ("a range of whole RAM and that page is refused as mixed",
           len(a(8)) == 1 and "-EINVAL" in a(8)[0], str(a(8)))
    yield ("every free of the shell's pages answered ok",
           [a(9), a(10), a(11)] == [["ok"]] * 3, str([a(9), a(10), a(11)]))
    yield from alias_ok(out)
    yield from list_restored(out)


GRANTED = [LIST, "pat reserve c0100000 c0200000 wb strict",
           "pat lookup c0100000", "pat free c0100000 c0200000",
           "pat reserve 40000000 40001000 wb strict",
           "pat free 40000000 40001000", LIST]


def check_granted(out, status):
    a = lambda i: answer_at(out, GRANTED, i) or []
    yield from common_checks(out, status)
    yield ("strict WB over UC MTRRs reports uc-", a(1) == ["ok uc-"], str(a(1)))
    yield ("and the tree holds uc-", a(2) == ["uc- (uncached-minus)"],
           str(a(2)))
    yield ("strict WB over WB MTRRs reports wb", a(4) == ["ok wb"], str(a(4)))
    yield ("frees ok", [a(3), a(5)] == [["ok"], ["ok"]], str([a(3), a(5)]))
    yield from list_restored(out)


ERRATUM = [LIST, "pat reserve e0000000 e0001000 wt",
           "pat reserve e0002000 e0003000 wp strict", LIST,
           "pat lookup e0000000", "pat free e0000000 e0001000",
           "pat free e0002000 e0003000", ALIAS, LIST]


def check_erratum(out, status):
    a = lambda i: answer_at(out, ERRATUM, i) or []
    yield from common_checks(out, status)
    cfg = [l for l in log_lines(out) if "Configuration [0-7]:" in l]
    yield ("the erratum layout is in force (no WT, no WP)",
           bool(cfg) and " WT" not in cfg[0] and " WP" not in cfg[0],
           str(cfg))
    yield ("WT is granted and reported uc-", a(1) == ["ok uc-"], str(a(1)))
    yield ("strict WP is granted and reported uc-", a(2) == ["ok uc-"],
           str(a(2)))
    held = [l for l in memtype_list(a(3)) if "0x00000000e000" in l]
    yield ("the tree stores uc- for both",
           held == ["PAT: [mem 0x00000000e0000000-0x00000000e0001000] "
                    "uncached-minus",
                    "PAT: [mem 0x00000000e0002000-0x00000000e0003000] "
                    "uncached-minus"], str(held))
    yield ("lookup says uc-", a(4) == ["uc- (uncached-minus)"], str(a(4)))
    yield from alias_ok(out)
    yield from list_restored(out)


# ---- the randomized session ----------------------------------------------

SEED = 12
RANDOM_OPS = 2000
BENCH_BOOTS = (3, 14, 27)
APPEND_MAX = 2000       # below COMMAND_LINE_SIZE (2048)

RAM_WINDOW = (0x4000000, 0x4400000)
MMIO_ANCHORS = (0xfd000000, 0xfdfff000, 0xfec00000, 0xfed00000, 0xfee00000,
                0xe0000000, 0x40000000, 0xb0000000, 0xb00ff000)
ISA_WINDOW = (0x9d000, 0x102000)


def rand_range(rng):
    """A range over RAM, MMIO or the ISA range, sometimes not whole
    pages, sometimes empty or reversed."""
    kind = rng.random()
    if kind < 0.35:
        lo, hi = RAM_WINDOW
        start = lo + rng.randrange((hi - lo) // PAGE) * PAGE
        pages = rng.choice((1, 1, 2, 3, 8, 16, 64, 512))
    elif kind < 0.75:
        start = rng.choice(MMIO_ANCHORS) + rng.randrange(-3, 8) * PAGE
        pages = rng.choice((1, 1, 2, 4, 8))
        if rng.random() < 0.05:
            start, pages = 0xfd000000, 0x1000
    else:
        lo, hi = ISA_WINDOW
        start = lo + rng.randrange((hi - lo) // PAGE) * PAGE
        pages = rng.choice((1, 1, 2, 3))
    end = start + pages * PAGE
    r = rng.random()
    if r < 0.15:
        start += rng.randrange(1, PAGE)
    elif r < 0.3:
        end -= rng.randrange(1, PAGE)
    elif r < 0.32:
        start, end = end, start
    return start, end


def gen_boot(rng, nops, bench):
    """(commands, number of random operations) for one boot: reserves,
    frees and lookups, then frees of whatever the shell still holds,
    within the command line."""
    head, tail = [LIST, OWNERS, MTRR], [ALIAS, LIST, OWNERS]
    # held: what the shell may hold, to free; tried: every reserve, mode too
    cmds, held, tried, ops = [], [], [], 0
    size = len(shell_run(head + tail))

    def fits(extra):
        closing = sum(len(f"pat free {s:x} {e:x}") + 2 for s, e in held)
        return size + len(extra) + 2 + closing + 60 <= APPEND_MAX

    while ops < nops:
        r = rng.random()
        if bench and ops == 20:
            cmd, bench = "pat bench", False
        elif r < 0.45:
            s, e = rand_range(rng)
            mode = rng.choice(MODES)
            strict = rng.random() < 0.5
            if tried and rng.random() < 0.3:
                # over or next to one of the shell's own, strict with
                # another mode: a conflict unless that one was refused
                s, e, m = tried[rng.randrange(len(tried))]
                if e % PAGE and s < e:
                    # other bytes of its last page
                    s, e = e, e + rng.randrange(1, PAGE - e % PAGE + 1)
                elif s % PAGE and s < e:
                    s, e = s - rng.randrange(1, s % PAGE + 1), s
                else:
                    shift = rng.choice((-PAGE, 0, 0, PAGE))
                    s, e = s + shift, e + shift
                mode = rng.choice([x for x in MODES if x != m])
                strict = True
            cmd = f"pat reserve {s:x} {e:x} {mode}" + (" strict" * strict)
        elif r < 0.7 and held:
            s, e = held[rng.randrange(len(held))]
            cmd = f"pat free {s:x} {e:x}"
        elif r < 0.78:
            s, e = rand_range(rng)
            cmd = f"pat free {s:x} {e:x}"
        else:
            s, _ = rand_range(rng)
            cmd = f"pat lookup {min(s, 0xfffffffff):x}"
        if not fits(cmd):
            break
        cmds.append(cmd)
        size += len(cmd) + 2
        ops += 1
        m = re.fullmatch(r"pat (reserve|free) (\w+) (\w+).*", cmd)
        span = (int(m.group(2), 16), int(m.group(3), 16)) if m else None
        # a free may be refused if its reserve was: that is checked
        if m and m.group(1) == "reserve":
            held.append(span)
            tried.append(span + (cmd.split()[4],))
        elif m and span in held:
            held.remove(span)
    rng.shuffle(held)
    closing = [f"pat free {s:x} {e:x}" for s, e in held]
    return head + cmds + closing + tail, ops + len(closing)


def random_boots():
    """As many boots as the operations need, each as full as the command
    line allows; the last one takes what is left."""
    rng = random.Random(SEED)
    boots, total = [], 0
    while total < RANDOM_OPS:
        cmds, n = gen_boot(rng, RANDOM_OPS - total, len(boots) in BENCH_BOOTS)
        boots.append(cmds)
        total += n
    return boots, total


class Model:
    """What the kernel must answer, from its own boot state: e820 (which
    pages are RAM), the variable MTRRs (where WB becomes UC-) and the
    boot's memtype list (the tree's entries)."""

    def __init__(self, out, boot_list, mtrr_lines):
        self.ram = []
        for m in re.finditer(r"BIOS-e820: \[mem (0x[0-9a-f]+)-(0x[0-9a-f]+)\]"
                             r" usable", out):
            a, b = int(m.group(1), 16), int(m.group(2), 16) + 1
            a = (a + PAGE - 1) & ~(PAGE - 1)
            b &= ~(PAGE - 1)
            if a < b:
                self.ram.append((a, b))
        self.uc = []
        for l in mtrr_lines:
            m = re.search(r"base=(0x[0-9a-f]+) .*size=\s*(\d+)MB.*: uncachable",
                          l)
            if m:
                b = int(m.group(1), 16)
                self.uc.append((b, b + int(m.group(2)) * 2**20))
        self.tree = []          # [start, end, mode, owner] insertion order
        for l in boot_list:
            m = re.fullmatch(r"PAT: \[mem (0x[0-9a-f]+)-(0x[0-9a-f]+)\] (.*)", l)
            self.tree.append([int(m.group(1), 16), int(m.group(2), 16),
                              BY_NAME[m.group(3)], "boot"])
        self.pages = {}         # RAM pfn -> [count, mode]
        self.slots = []         # the shell's reservations, whole pages
        self.limit = 1 << 36

    def is_ram(self, p):
        return any(a <= p < b for a, b in self.ram)

    def classify(self, s, e):
        if s >= e or e > self.limit:
            return "invalid"
        if s >= 0xa0000 and e <= 0x100000:
            return "isa"
        if s < 0x100000 and e > 0xa0000:
            return "mixed"
        ram = [self.is_ram(p) for p in range(s, e, PAGE)]
        if all(ram):
            return "ram"
        return "mixed" if any(ram) else "io"

    def overlaps(self, s, e):
        return sorted((x for x in self.tree if x[0] < e and s < x[1]),
                      key=lambda x: x[0])

    def reserve(self, s, e, mode, strict):
        """The answer's first line, or None for a refusal."""
        if len(self.slots) >= 64:
            return None
        kind = self.classify(s, e)
        if kind in ("invalid", "mixed"):
            return None
        ps, pe = s & ~(PAGE - 1), (e + PAGE - 1) & ~(PAGE - 1)
        if kind == "isa":
            self.slots.append((ps, pe))
            return "ok wb"
        if mode == "wb" and any(a < pe and ps < b for a, b in self.uc):
            mode = "uc-"
        if kind == "ram":
            pfns = range(ps // PAGE, pe // PAGE)
            if any(self.pages.get(p, [0])[0] and self.pages[p][1] != mode
                   for p in pfns):
                return None
            for p in pfns:
                c = self.pages.setdefault(p, [0, mode])
                c[0], c[1] = c[0] + 1, mode
        else:
            over = self.overlaps(ps, pe)
            if over and not strict:
                mode = over[0][2]
            if any(x[2] != mode for x in over):
                return None
            self.tree.append([ps, pe, mode, "sh"])
        self.slots.append((ps, pe))
        return "ok " + mode

    def free(self, s, e):
        if s >= e:
            return False
        ps, pe = s & ~(PAGE - 1), (e + PAGE - 1) & ~(PAGE - 1)
        if (ps, pe) not in self.slots:
            return False
        self.slots.remove((ps, pe))
        kind = self.classify(ps, pe)
        if kind == "ram":
            for p in range(ps // PAGE, pe // PAGE):
                self.pages[p][0] -= 1
        elif kind == "io":
            for i, x in enumerate(self.tree):
                if x[:2] == [ps, pe] and x[3] == "sh":
                    del self.tree[i]
                    break
        return True

    def lookup(self, a):
        p = a & ~(PAGE - 1)
        kind = self.classify(p, p + PAGE)
        if kind == "isa":
            return "wb"
        if kind == "ram":
            c = self.pages.get(p // PAGE, [0])
            return c[1] if c[0] else "wb"
        over = self.overlaps(p, p + PAGE)
        return over[0][2] if over else "uc-"


def check_random_boot(cmds):
    def check(out, status):
        yield from common_checks(out, status)
        runs = sessions(out)
        ran = [c for c, _ in runs]
        yield ("every command ran", ran[:len(cmds)] == cmds,
               f"{len(ran)} of {len(cmds)}")
        if ran[:len(cmds)] != cmds:
            return
        model = Model(out, memtype_list(runs[0][1]), runs[2][1])
        bad, seen = [], set()
        for cmd, lines in runs[3:len(cmds) - 3]:
            w = cmd.split()
            if w[1] == "reserve":
                want = model.reserve(int(w[2], 16), int(w[3], 16), w[4],
                                     len(w) == 6)
                got = lines[0] if lines else ""
                ok = got == want if want else got.startswith("pat: ")
            elif w[1] == "free":
                want = model.free(int(w[2], 16), int(w[3], 16))
                ok = lines == ["ok"] if want else \
                    len(lines) == 1 and lines[0].startswith("pat: free ")
            elif w[1] == "lookup":
                want = model.lookup(int(w[2], 16))
                ok = lines == [f"{want} ({NAMES[want]})"]
            else:
                want = "bench to its end"
                ok = any(l.startswith("ioremap_wc+iounmap") for l in lines)
            seen.add((w[1], bool(want)))
            if not ok:
                bad.append(f"{cmd}: want {want!r}, got {lines[:2]}")
        # the test's own power: a full boot meets both answers of each
        need = {("reserve", True), ("reserve", False), ("free", True),
                ("free", False)}
        if len(cmds) > 40:
            yield ("reserves and frees both granted and refused here",
                   need <= seen, str(sorted(need - seen)))
        yield ("every answer is the model's", not bad,
               f"{len(bad)} differ: " + "; ".join(bad[:4]))
        yield ("the shell holds nothing at the end", not model.slots,
               str(model.slots[:4]))
        yield from alias_ok(out)
        yield from list_restored(out)
        first, last = runs[1][1], runs[len(cmds) - 1][1]
        yield ("pat_memtype_owners back to its boot state: every entry "
               "with its own holder", len(first) > 1 and first == last,
               f"{first} -> {last}")
    return check


def _random_cases():
    boots, total = random_boots()
    assert total >= RANDOM_OPS, total
    for i, cmds in enumerate(boots):
        append = shell_run(cmds)
        assert len(append) <= APPEND_MAX, len(append)
        yield Case(f"resv_random_{i:02d}", check_random_boot(cmds),
                   append=append, timeout=60)


CASES = [
    Case("resv_bench_free_ram", check_bench_free, append=shell_run(BENCH_FREE),
         timeout=60),
    Case("resv_owned_free", check_owned, append=shell_run(OWNED), timeout=60),
    Case("resv_one_type_per_page", check_per_page, append=shell_run(PER_PAGE),
         timeout=60),
    Case("resv_granted_mtrr", check_granted, append=shell_run(GRANTED),
         timeout=60),
    Case("resv_granted_erratum", check_erratum, append=shell_run(ERRATUM),
         cpu="kvm64", timeout=60),
] + list(_random_cases())
