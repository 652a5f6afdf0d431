#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Test vectors for lib/inflate.c and lib/gunzip.c (test_inflate.c).

    inflate_vectors.py OUT.h [CORPUS_DIR]

Writes a C header of cases: input bytes, whether they are raw DEFLATE or
gzip, the expected result (a length or -errno) and the expected output.
The data is compressed by the host (gzip -n -9, gzip -1, python's zlib at
several levels and strategies); the malformed and corner-case streams are
written bit by bit below.  Every expectation is checked against zlib
before it is written, so a case encodes what zlib does, not what the
decoder under test does.  With CORPUS_DIR, the small inputs are also
written there one per file, as seeds for fuzz_inflate.
"""
import gzip
import os
import random
import struct
import subprocess
import sys
import zlib

EINVAL, ENOSPC, EBADMSG = 22, 28, 74


# --- data sets ------------------------------------------------------------

def text_data(n):
    rnd = random.Random(13)
    words = ("the page attribute table selects a memory type for each "
             "mapping write back combining uncached through protect "
             "kernel initramfs busybox cpio archive newc").split()
    out = []
    size = 0
    while size < n:
        w = rnd.choice(words) + rnd.choice([" ", " ", " ", ", ", ".\n"])
        out.append(w)
        size += len(w)
    return "".join(out).encode()[:n]


def random_data(n):
    return random.Random(7).randbytes(n)


def runs_data():
    rnd = random.Random(3)
    parts = [b"a" * 12000, bytes(3000), b"ab" * 2000]
    parts += [bytes([rnd.randrange(4)]) * rnd.randrange(1, 300)
              for _ in range(200)]
    return b"".join(parts)


DATA = {
    "text": text_data(40 * 1024),
    "random": random_data(6 * 1024),
    "runs": runs_data(),
    "hello": b"hello, hello, hello world\n",
}


# --- host compressors ------------------------------------------------------

def host_gzip(data, level):
    return subprocess.run(["gzip", "-n", "-%d" % level, "-c"], input=data,
                          stdout=subprocess.PIPE, check=True).stdout


def raw_deflate(data, level, strategy):
    z = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    return z.compress(data) + z.flush()


STRATEGIES = {
    "default": zlib.Z_DEFAULT_STRATEGY,
    "filtered": zlib.Z_FILTERED,
    "huffman": zlib.Z_HUFFMAN_ONLY,
    "rle": zlib.Z_RLE,
    "fixed": zlib.Z_FIXED,
}


# --- a bit writer for hand-made streams (RFC 1951 section 3.1.1) ------------

class Bits:
    def __init__(self):
        self.acc = 0
        self.n = 0
        self.out = bytearray()

    def put(self, value, n):
        """n bits of value, least significant first (header fields, extra)"""
        self.acc |= value << self.n
        self.n += n
        while self.n >= 8:
            self.out.append(self.acc & 0xff)
            self.acc >>= 8
            self.n -= 8

    def code(self, code, n):
        """a Huffman code, most significant bit first"""
        for i in reversed(range(n)):
            self.put((code >> i) & 1, 1)

    def align(self):
        if self.n:
            self.put(0, 8 - self.n)

    def raw(self, data):
        self.align()
        self.out += data

    def bytes(self):
        self.align()
        return bytes(self.out)


def canonical(lens):
    """section 3.2.2: the code of each symbol from the code lengths"""
    count = [0] * 16
    for n in lens:
        count[n] += 1
    count[0] = 0
    code, nxt = 0, [0] * 16
    for b in range(1, 16):
        code = (code + count[b - 1]) << 1
        nxt[b] = code
    codes = []
    for n in lens:
        codes.append(nxt[n] if n else None)
        if n:
            nxt[n] += 1
    return codes


FIXED_LENS = [8] * 144 + [9] * 112 + [7] * 24 + [8] * 8
FIXED_CODES = canonical(FIXED_LENS)
LEN_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43,
            51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
LEN_EXTRA = [0] * 8 + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4,
                       5, 5, 5, 5, 0]
DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257,
             385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
             16385, 24577]
DIST_EXTRA = [0, 0, 0, 0] + [i // 2 for i in range(2, 28)]
CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]


class Block:
    """one Huffman-coded block: fixed, or dynamic with the given lengths"""

    def __init__(self, bits, final, lit_lens=None, dist_lens=None):
        self.b = bits
        if lit_lens is None:
            bits.put(final, 1)
            bits.put(1, 2)
            self.lit = list(zip(FIXED_CODES, FIXED_LENS))
            self.dist = [(i, 5) for i in range(32)]
        else:
            self.lit = list(zip(canonical(lit_lens), lit_lens))
            self.dist = list(zip(canonical(dist_lens), dist_lens))

    def sym(self, s):
        self.b.code(*self.lit[s])

    def match(self, length, dist):
        i = max(i for i in range(29) if LEN_BASE[i] <= length)
        if length == 258:
            i = 28
        self.sym(257 + i)
        self.b.put(length - LEN_BASE[i], LEN_EXTRA[i])
        j = max(j for j in range(30) if DIST_BASE[j] <= dist)
        self.b.code(*self.dist[j])
        self.b.put(dist - DIST_BASE[j], DIST_EXTRA[j])

    def end(self):
        self.sym(256)


def dynamic_header(bits, final, lit_lens, dist_lens, cl_lens=None,
                   ops=None, nlen=None, ndist=None):
    """a dynamic block header sending every length as itself, or @ops:
    (symbol, extra value, extra bits) code-length symbols as given"""
    bits.put(final, 1)
    bits.put(2, 2)
    nlen = len(lit_lens) if nlen is None else nlen
    ndist = len(dist_lens) if ndist is None else ndist
    if cl_lens is None:
        cl_lens = [4] * 16 + [0, 0, 0]
    bits.put(nlen - 257, 5)
    bits.put(ndist - 1, 5)
    bits.put(19 - 4, 4)
    for s in CL_ORDER:
        bits.put(cl_lens[s], 3)
    cl = list(zip(canonical(cl_lens), cl_lens))
    if ops is None:
        ops = [(n, 0, 0) for n in lit_lens + dist_lens]
    for s, v, n in ops:
        bits.code(*cl[s])
        bits.put(v, n)


def fixed_stream(body, final=1, prefix=None):
    b = prefix or Bits()
    blk = Block(b, final)
    body(blk)
    blk.end()
    return b.bytes()


# complete codes over every literal/length and distance symbol
SMALL_LIT = [9] * 256 + [5] * 2 + [6] * 28      # 256/512 + 2/32 + 28/64 = 1
SMALL_DIST = [4] * 2 + [5] * 28                 # 2/16 + 28/32 = 1


def crafted_raw():
    """(name, stream) pairs of hand-made raw DEFLATE streams"""
    out = []

    def lits(blk, data):
        for c in data:
            blk.sym(c)

    out.append(("fixed_match_258", fixed_stream(
        lambda k: (lits(k, b"abc"), k.match(258, 3)))))
    out.append(("fixed_only_eob", fixed_stream(lambda k: None)))
    b = Bits()
    b.put(1, 1)
    b.put(0, 2)
    b.align()
    b.raw(struct.pack("<HH", 0, 0xffff))
    out.append(("stored_empty", b.bytes()))

    # a match reaching exactly 32768 bytes back, across a stored block
    big = random_data(40000)[7000:]
    b = Bits()
    b.put(0, 1)
    b.put(0, 2)
    b.raw(struct.pack("<HH", 32768, 0xffff ^ 32768) + big[:32768])
    out.append(("dist_32768", fixed_stream(
        lambda k: (k.match(258, 32768), k.match(3, 32768 - 1)), prefix=b)))
    b = Bits()
    b.put(0, 1)
    b.put(0, 2)
    b.raw(struct.pack("<HH", 100, 0xffff ^ 100) + big[:100])
    out.append(("dist_too_far", fixed_stream(
        lambda k: k.match(3, 101), prefix=b)))
    out.append(("dist_at_start", fixed_stream(lambda k: k.match(3, 1))))
    out.append(("fixed_lit_286", fixed_stream(lambda k: (lits(k, b"x"),
                                                          k.sym(286)))))
    out.append(("fixed_lit_287", fixed_stream(lambda k: k.sym(287))))

    def bad_dist(k, code):
        lits(k, b"xyzw")
        k.sym(257)
        k.b.code(code, 5)

    out.append(("fixed_dist_30", fixed_stream(lambda k: bad_dist(k, 30))))
    out.append(("fixed_dist_31", fixed_stream(lambda k: bad_dist(k, 31))))
    out.append(("block_type_3", bytes([0x07, 0x00])))
    b = Bits()
    b.put(1, 1)
    b.put(0, 2)
    b.raw(struct.pack("<HH", 5, 0xfff0) + b"hello")
    out.append(("stored_nlen_wrong", b.bytes()))

    # dynamic blocks
    def dyn(name, lit, dist, body=None, **kw):
        b = Bits()
        dynamic_header(b, 1, lit, dist, **kw)
        if body is not None:
            blk = Block(b, 1, lit, dist)
            body(blk)
            blk.end()
        out.append((name, b.bytes()))

    text = b"dynamic blocks"
    dyn("dyn_small", SMALL_LIT, SMALL_DIST,
        lambda k: (lits(k, text), k.match(10, 14)))
    one_dist = [1] + [0] * 29
    dyn("dyn_one_dist_code", SMALL_LIT, one_dist,
        lambda k: (lits(k, b"ab"), k.match(5, 1)))
    # the second, unused 1-bit distance code of that set
    b = Bits()
    dynamic_header(b, 1, SMALL_LIT, one_dist)
    k = Block(b, 1, SMALL_LIT, one_dist)
    lits(k, b"ab")
    k.sym(257)
    b.code(1, 1)
    out.append(("dyn_one_dist_other", b.bytes()))
    dyn("dyn_no_dist_codes", SMALL_LIT, [0], lambda k: lits(k, b"only"))
    dyn("dyn_only_eob", [0] * 256 + [1], [0], lambda k: None)
    dyn("dyn_one_dist_len2", SMALL_LIT, [2] + [0] * 29,
        lambda k: lits(k, b"x"))
    dyn("dyn_dist_oversub", SMALL_LIT, [1, 1, 1] + [0] * 27,
        lambda k: lits(k, b"x"))
    dyn("dyn_dist_incomplete", SMALL_LIT, [2, 2, 2] + [0] * 27,
        lambda k: lits(k, b"x"))
    lit_over = list(SMALL_LIT)
    lit_over[0] = 8
    dyn("dyn_lit_oversub", lit_over, SMALL_DIST, lambda k: None)
    lit_inc = list(SMALL_LIT)
    lit_inc[0] = 0
    dyn("dyn_lit_incomplete", lit_inc, SMALL_DIST, lambda k: None)
    no_eob = list(SMALL_LIT)
    no_eob[256] = 0
    dyn("dyn_no_eob", no_eob, SMALL_DIST)
    dyn("dyn_cl_oversub", SMALL_LIT, SMALL_DIST,
        cl_lens=[4] * 16 + [1, 0, 0])
    dyn("dyn_cl_incomplete", SMALL_LIT, SMALL_DIST,
        cl_lens=[4] * 15 + [0, 0, 0, 0])
    # zlib reads on with an empty code-length code and fails later; the
    # zero bytes give it the input to get there
    b = Bits()
    dynamic_header(b, 1, SMALL_LIT, SMALL_DIST, cl_lens=[0] * 19, ops=[])
    out.append(("dyn_cl_none", b.bytes() + bytes(64)))
    dyn("dyn_nlen_287", SMALL_LIT + [0], SMALL_DIST)
    dyn("dyn_nlen_288", SMALL_LIT + [0, 0], SMALL_DIST)
    dyn("dyn_ndist_31", SMALL_LIT, SMALL_DIST + [0])
    dyn("dyn_ndist_32", SMALL_LIT, SMALL_DIST + [0, 0])
    # a complete code-length code with every symbol, for the repeats
    rep_cl = [5] * 12 + [4] * 4 + [3, 3, 3]
    lit_ops = [(9, 0, 0)] + [(16, 3, 2)] * 42 + [(16, 0, 2)] \
        + [(5, 0, 0)] * 2 + [(6, 0, 0)] + [(16, 3, 2)] * 4 + [(16, 0, 2)]
    dyn("dyn_repeat_first", SMALL_LIT, SMALL_DIST, cl_lens=rep_cl,
        ops=[(16, 0, 2)] + lit_ops)
    dyn("dyn_repeat_past_end", SMALL_LIT, SMALL_DIST, cl_lens=rep_cl,
        ops=lit_ops + [(18, 127, 7)])
    dyn("dyn_repeat_zeros_past_end", SMALL_LIT, [1, 1] + [0] * 28,
        cl_lens=rep_cl, ops=lit_ops + [(1, 0, 0)] * 2 + [(17, 7, 3),
                                                         (18, 8, 7)])
    dyn("dyn_repeats", SMALL_LIT, [1, 1] + [0] * 28, cl_lens=rep_cl,
        ops=lit_ops + [(1, 0, 0)] * 2 + [(17, 7, 3), (18, 7, 7)],
        body=lambda k: (lits(k, b"rle"), k.match(6, 2)))
    # several blocks: stored, fixed, dynamic
    b = Bits()
    b.put(0, 1)
    b.put(0, 2)
    b.raw(struct.pack("<HH", 4, 0xfffb) + b"one ")
    k = Block(b, 0)
    lits(k, b"two ")
    k.match(4, 4)
    k.end()
    dynamic_header(b, 1, SMALL_LIT, SMALL_DIST)
    k = Block(b, 1, SMALL_LIT, SMALL_DIST)
    lits(k, b"three")
    k.match(9, 17)
    k.end()
    out.append(("three_block_types", b.bytes()))
    out.append(("raw_empty_input", b""))
    return out


def zlib_raw(data):
    """zlib's verdict on a raw stream: ("ok", out, used) or ("bad",)"""
    d = zlib.decompressobj(-15)
    try:
        res = d.decompress(data)
    except zlib.error:
        return ("bad",)
    if not d.eof:
        return ("bad",)         # truncated: an error for a whole buffer
    return ("ok", res, len(data) - len(d.unused_data))


# --- gzip framing ------------------------------------------------------------

def gz_member(data, deflated=None, flags=0, extra=b"", name=b"",
              comment=b"", hcrc=None, crc=None, isize=None, cm=8):
    hdr = bytearray([0x1f, 0x8b, cm, flags]) + struct.pack("<I", 0x5f5e100)
    hdr += bytes([2, 3])
    if flags & 4:
        hdr += struct.pack("<H", len(extra)) + extra
    if flags & 8:
        hdr += name + b"\0"
    if flags & 16:
        hdr += comment + b"\0"
    if flags & 2:
        h = zlib.crc32(hdr) & 0xffff if hcrc is None else hcrc
        hdr += struct.pack("<H", h)
    body = raw_deflate(data, 9, zlib.Z_DEFAULT_STRATEGY) \
        if deflated is None else deflated
    crc = zlib.crc32(data) if crc is None else crc
    isize = len(data) & 0xffffffff if isize is None else isize
    return bytes(hdr) + body + struct.pack("<II", crc, isize)


# a gzip file of three members, one with no data
MEMBERS = [(host_gzip(DATA["hello"], 9), DATA["hello"]),
           (host_gzip(b"", 1), b""),
           (host_gzip(DATA["text"], 6), DATA["text"])]


def gzip_cases():
    text, hello = DATA["text"], DATA["hello"]
    ok = []                     # (name, input, output)
    bad = []                    # (name, input, -errno)
    for lvl in (9, 1):
        for key in ("text", "random", "runs", "hello"):
            ok.append(("gzip_%d_%s" % (lvl, key), host_gzip(DATA[key], lvl),
                       DATA[key]))
    ok.append(("gzip_empty_data", host_gzip(b"", 9), b""))
    ok.append(("py_gzip_text", gzip.compress(text, 6, mtime=0), text))
    ok.append(("hdr_ftext", gz_member(hello, flags=1), hello))
    ok.append(("hdr_fname", gz_member(hello, flags=8, name=b"init.cpio"),
               hello))
    ok.append(("hdr_fcomment", gz_member(hello, flags=16, comment=b"c"),
               hello))
    ok.append(("hdr_fextra", gz_member(hello, flags=4,
                                       extra=b"AP\x02\x00hi"), hello))
    ok.append(("hdr_fextra_empty", gz_member(hello, flags=4), hello))
    ok.append(("hdr_fhcrc", gz_member(hello, flags=2), hello))
    ok.append(("hdr_all", gz_member(hello, flags=31, extra=b"xyz",
                                    name=b"n", comment=b"comment"), hello))
    ok.append(("gzip_stored", gz_member(text[:3000],
                                        raw_deflate(text[:3000], 0, 0)),
               text[:3000]))
    ok.append(("members_3", b"".join(m for m, _ in MEMBERS),
               b"".join(d for _, d in MEMBERS)))
    bad.append(("gz_empty_input", b"", -EINVAL))
    bad.append(("gz_one_byte", b"\x1f", -EINVAL))
    bad.append(("gz_bad_magic", b"\x1f\x8c" + host_gzip(hello, 9)[2:],
                -EINVAL))
    bad.append(("gz_cm_7", gz_member(hello, cm=7), -EINVAL))
    for bit in (0x20, 0x40, 0x80):
        bad.append(("gz_reserved_%02x" % bit, gz_member(hello, flags=bit),
                    -EINVAL))
    bad.append(("gz_fhcrc_wrong", gz_member(hello, flags=2, hcrc=0x1234),
                -EBADMSG))
    bad.append(("gz_crc_wrong", gz_member(hello, crc=zlib.crc32(hello) ^ 1),
                -EBADMSG))
    bad.append(("gz_isize_wrong", gz_member(hello, isize=len(hello) + 1),
                -EBADMSG))
    bad.append(("gz_isize_high", gz_member(hello, isize=len(hello) + 2**31),
                -EBADMSG))
    bad.append(("gz_name_unterminated",
                gz_member(hello, flags=8, name=b"abc")[:12], -EINVAL))
    bad.append(("gz_trailing_garbage", host_gzip(hello, 9) + b"x",
                -EINVAL))
    bad.append(("gz_trailing_zeros", host_gzip(hello, 9) + bytes(4),
                -EINVAL))
    # the second member's match reaches into the first member's output
    bad.append(("gz_match_across_members", host_gzip(hello, 9) + gz_member(
        b"hel", fixed_stream(lambda k: k.match(3, 5))), -EINVAL))
    return ok, bad


# --- output ---------------------------------------------------------------

def c_bytes(name, data):
    """a string literal compiles much faster than a list of numbers"""
    lines = []
    for i in range(0, len(data), 32):
        lines.append('\t"' + "".join("\\x%02x" % c for c in data[i:i + 32])
                     + '"')
    body = "\n".join(lines) if data else '\t""'
    return "static const unsigned char %s[] =\n%s;\n" % (name, body)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    arrays = []
    cases = []          # (name, gzip, in array, in len, ret, out array, used)
    outs = {}

    def out_array(data):
        if data not in outs:
            outs[data] = "out_%d" % len(outs)
            arrays.append(c_bytes(outs[data], data))
        return outs[data]

    def add(name, is_gzip, data, ret, out=b"", used=0):
        arr = "in_" + name
        arrays.append(c_bytes(arr, data))
        cases.append((name, is_gzip, arr, len(data), ret, out_array(out),
                      used))

    for key, data in DATA.items():
        for sname, strat in STRATEGIES.items():
            for lvl in ((1, 9) if sname == "default" else (9,)):
                comp = raw_deflate(data, lvl, strat)
                add("raw_%s_%s_%d" % (key, sname, lvl), False, comp,
                    len(data), data, len(comp))
        comp = raw_deflate(data, 0, 0)
        add("raw_%s_stored" % key, False, comp, len(data), data, len(comp))

    for name, stream in crafted_raw():
        z = zlib_raw(stream)
        if z[0] == "ok":
            add(name, False, stream, len(z[1]), z[1], z[2])
        else:
            add(name, False, stream, -EINVAL)

    ok, bad = gzip_cases()
    for name, stream, data in ok:
        if gzip.decompress(stream) != data:
            sys.exit("%s: python's gzip disagrees" % name)
        add(name, True, stream, len(data), data, len(stream))
    for name, stream, err in bad:
        add(name, True, stream, err)

    with open(sys.argv[1], "w") as f:
        f.write("/* generated by inflate_vectors.py: do not edit */\n")
        f.write("".join(arrays))
        f.write("\nstatic const struct inflate_vector inflate_vectors[] = {\n")
        for name, is_gzip, arr, n, ret, oarr, used in cases:
            f.write('\t{ "%s", %s, %s, %d, %d, %s, %d },\n' % (
                name, "true" if is_gzip else "false", arr, n, ret, oarr,
                used))
        f.write("};\n")
        # where members_3's members end: a prefix ending there is valid
        f.write("\nstatic const struct { size_t in, out; } "
                "members_3_ends[] = {\n")
        pos = out = 0
        for m, d in MEMBERS:
            pos += len(m)
            out += len(d)
            f.write("\t{ %d, %d },\n" % (pos, out))
        f.write("};\n")
    if len(sys.argv) == 3:
        os.makedirs(sys.argv[2], exist_ok=True)
        for name, stream in crafted_raw():
            with open(os.path.join(sys.argv[2], "raw_" + name), "wb") as f:
                f.write(b"\0" + stream)
        for name, stream, _ in ok + bad:
            if len(stream) <= 4096:
                with open(os.path.join(sys.argv[2], name), "wb") as f:
                    f.write(b"\1" + stream)


if __name__ == "__main__":
    main()
