#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Makes ring-buffer pages the corpus lacks, for the kbuffer differential test.
  make_pages.py be   SRC OFFSET NPAGES OUT   LE 8-byte-long pages -> big-endian
  make_pages.py l4   SRC OFFSET NPAGES OUT   LE 8-byte-long pages -> 4-byte long (commit)
  make_pages.py old  OUT                     old-format (pre-2.6.31) pages
  make_pages.py edge OUT LONG ENDIAN         valid edge cases (missed events, TIME_STAMP, padding...)
Pages whose upstream walk reads garbage (corrupt lengths, a zero-length padding
inside the data) are tested without the oracle, in kbuffer_test.cc.
"""
import random
import struct
import sys

PS = 4096
MISSED, STORED = 1 << 31, 1 << 30


def walk_le8(page):
    """(offset, header_len, payload_len, type_len, delta, extra) of each header of an LE long-8 page."""
    size = struct.unpack_from('<Q', page, 8)[0] & ((1 << 27) - 1)
    pos, end, out = 16, 16 + size, []
    while pos + 4 <= end:
        w = struct.unpack_from('<I', page, pos)[0]
        t, d = w & 31, w >> 5
        if t == 0:
            ln = struct.unpack_from('<I', page, pos + 4)[0]
            out.append((pos, 8, (ln - 1) & ~3 & 0xffffffff, t, d, ln))
            pos += 8 + ((ln - 1) & ~3 & 0xffffffff)
        elif t == 29:
            ln = struct.unpack_from('<I', page, pos + 4)[0]
            out.append((pos, 4, ln, t, d, ln))
            pos += 4 + ln
        elif t in (30, 31):
            ext = struct.unpack_from('<I', page, pos + 4)[0]
            out.append((pos, 8, 0, t, d, ext))
            pos += 8
        else:
            out.append((pos, 4, t * 4, t, d, None))
            pos += 4 + t * 4
    return size, out


def to_be(page):
    out = bytearray(page)
    commit = struct.unpack_from('<Q', page, 8)[0]
    size, evs = walk_le8(page)
    struct.pack_into('>Q', out, 0, struct.unpack_from('<Q', page, 0)[0])
    struct.pack_into('>Q', out, 8, commit)
    for pos, hl, pl, t, d, extra in evs:
        struct.pack_into('>I', out, pos, (t << 27) | d)
        if extra is not None:
            struct.pack_into('>I', out, pos + 4, extra)
    if commit & MISSED and commit & STORED and 16 + size + 8 <= PS:
        struct.pack_into('>Q', out, 16 + size, struct.unpack_from('<Q', page, 16 + size)[0])
    return bytes(out)


def to_long4(page):
    """Moves the events 4 bytes down (header 12 bytes) and writes a 4-byte commit."""
    commit = struct.unpack_from('<Q', page, 8)[0]
    size = commit & ((1 << 27) - 1)
    out = bytearray(PS)
    out[0:8] = page[0:8]
    struct.pack_into('<I', out, 8, commit & 0xffffffff)
    body = page[16:16 + size]
    out[12:12 + len(body)] = body
    if commit & MISSED and commit & STORED and 16 + size + 8 <= PS:
        struct.pack_into('<I', out, 12 + size, struct.unpack_from('<Q', page, 16 + size)[0] & 0xffffffff)
    return bytes(out)


class Page:
    def __init__(self, long_size, big, ts):
        self.ls, self.big, self.ts = long_size, big, ts
        self.body = bytearray()
        self.e = '>' if big else '<'

    def word(self, t, d):
        v = (t << 27) | (d & ((1 << 27) - 1)) if self.big else ((d & ((1 << 27) - 1)) << 5) | t
        self.body += struct.pack(self.e + 'I', v)

    def u32(self, v):
        self.body += struct.pack(self.e + 'I', v & 0xffffffff)

    def data(self, delta, nbytes):
        nbytes = (nbytes + 3) & ~3
        if 4 <= nbytes <= 112:
            self.word(nbytes // 4, delta)
        else:
            self.word(0, delta)
            self.u32(nbytes + 4)
        self.body += bytes(random.randrange(256) for _ in range(nbytes))

    def extend(self, delta):
        self.word(30, delta & ((1 << 27) - 1))
        self.u32(delta >> 27)

    def stamp(self, ts):
        self.word(31, ts & ((1 << 27) - 1))
        self.u32((ts >> 27) & 0xffffffff)

    def padding(self, delta, length, fill=True):
        self.word(29, delta)
        self.u32(length)
        if fill and length > 4:
            self.body += bytes(length - 4)

    def build(self, flags=0, lost=None, commit=None):
        start = 16 if self.ls == 8 else 12
        out = bytearray(PS)
        struct.pack_into(self.e + 'Q', out, 0, self.ts)
        size = len(self.body) if commit is None else commit
        fmt = self.e + ('Q' if self.ls == 8 else 'I')
        struct.pack_into(fmt, out, 8, size | flags)
        out[start:start + len(self.body)] = self.body[:PS - start]
        if lost is not None:
            struct.pack_into(fmt, out, start + len(self.body), lost)
        return bytes(out)


def edge_pages(ls, big):
    random.seed(ls * 10 + big)
    pages = []
    p = Page(ls, big, 1000)
    for i in range(20):
        p.data(i * 7, 8 + (i % 5) * 12)
    pages.append(p.build())                                   # plain
    pages.append(p.build(flags=MISSED))                       # lost, count unknown
    pages.append(p.build(flags=MISSED | STORED, lost=12345))  # lost, count stored
    p = Page(ls, big, 5000)
    p.extend(1 << 30)
    p.data(3, 16)
    p.data(4, 200)                                            # type_len 0 (length word)
    pages.append(p.build(flags=MISSED | STORED, lost=7))      # extend first: start_of_data skips it
    p = Page(ls, big, 0xf800000000001234)
    p.data(1, 8)
    p.stamp(0x0000123456789abc)                               # 59-bit absolute stamp
    p.data(2, 8)
    p.stamp(0x07ffffffffffffff)
    p.data(0, 4)
    pages.append(p.build())
    p = Page(ls, big, 77)
    p.data(1, 8)
    p.padding(5, 24)                                          # discarded event
    p.data(1, 8)
    p.padding(3, 4)                                           # discarded, empty
    p.data(2, 12)
    pages.append(p.build())
    p = Page(ls, big, 99)
    p.data(1, 8)
    p.data(2, 8)
    p.padding(0, 3000, fill=False)                            # tail padding past commit
    pages.append(p.build())
    p = Page(ls, big, 42)
    p.word(0, 1)
    p.u32(4)                                                  # type_len 0, empty payload
    p.word(0, 1)
    p.u32(1)
    p.data(9, 4)
    pages.append(p.build())
    p = Page(ls, big, 5)
    pages.append(p.build())                                   # empty page
    p = Page(ls, big, 6)
    p.extend(12345678901)
    pages.append(p.build())                                   # only a time extend
    p = Page(ls, big, 7)
    for i in range(300):
        p.data(i, 4)
    pages.append(p.build())                                   # many small events
    # Lost events as read_buffer keeps them since 1.9.0 (flags and count in the copy).
    p = Page(ls, big, 8)
    p.data(1, 8)
    p.data(2, 16)
    for lost in (0, 1, 0x7fffffff, 0x80000000, 0x100000005, 0x100000000):
        pages.append(p.build(flags=MISSED | STORED, lost=lost & ((1 << (8 * ls)) - 1)))
    pages.append(p.build(flags=STORED, lost=9))               # count without the lost flag
    p = Page(ls, big, 9)
    while len(p.body) + 40 <= PS - (16 if ls == 8 else 12):
        p.data(1, 32)
    p.data(1, PS - (16 if ls == 8 else 12) - len(p.body) - 4)
    pages.append(p.build(flags=MISSED))                       # full page: no room for a count
    return pages


def old_pages():
    random.seed(7)
    pages = []
    for big in (False,):
        e = '>' if big else '<'
        body = bytearray()
        def w(t, ln, d):
            v = (d << 5) | (ln << 2) | t
            body.extend(struct.pack(e + 'I', v))
        for i in range(30):
            if i % 7 == 3:
                w(1, 0, 5)                                    # time extend
                body.extend(struct.pack(e + 'I', 2))
            ln = i % 8
            if ln:
                w(3, ln, i)
                body.extend(bytes(ln * 4))
            else:
                w(3, 0, i)
                body.extend(struct.pack(e + 'I', 24 + 4))
                body.extend(bytes(24))
        w(0, 0, 0)                                            # padding ends the page
        out = bytearray(PS)
        struct.pack_into(e + 'Q', out, 0, 31337)
        struct.pack_into(e + 'Q', out, 8, len(body))
        out[16:16 + len(body)] = body
        pages.append(bytes(out))
    return pages


def main():
    mode = sys.argv[1]
    if mode in ('be', 'l4'):
        src, off, n, out = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
        with open(src, 'rb') as f:
            f.seek(off)
            raw = f.read(n * PS)
        conv = to_be if mode == 'be' else to_long4
        pages = [conv(raw[i * PS:(i + 1) * PS]) for i in range(len(raw) // PS)]
    elif mode == 'old':
        out, pages = sys.argv[2], old_pages()
    else:
        out, ls, big = sys.argv[2], int(sys.argv[3]), sys.argv[4] == 'b'
        pages = edge_pages(ls, big)
    with open(out, 'wb') as f:
        f.write(b''.join(pages))


main()
