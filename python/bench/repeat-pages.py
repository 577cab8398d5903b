#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Makes a large trace for the dataframe() benchmark from a smaller one: every CPU's
ring-buffer pages N times over, each repetition's page timestamps moved past the
previous one's, so the records stay in time order (file version 6, little-endian;
`trace-cmd convert --file-version 6` first).
  repeat-pages.py IN.dat OUT.dat N"""
import struct
import sys


def flyrecord_table(data):
    """(position of the per-CPU (offset, size) table, cpus, page size)."""
    pos = 10
    end = data.index(b"\0", pos)
    if data[:3] != b"\x17\x08\x44" or data[pos:end] != b"6":
        sys.exit("not a version 6 trace.dat")
    pos = end + 1
    if data[pos:pos + 1] != b"\0":
        sys.exit("big-endian files not handled")
    pos += 2
    page_size = struct.unpack_from("<I", data, pos)[0]
    pos += 4

    def u(fmt):
        nonlocal pos
        v = struct.unpack_from(fmt, data, pos)[0]
        pos += struct.calcsize(fmt)
        return v

    def skip(fmt):  # a section of that length
        nonlocal pos
        n = u(fmt)
        pos += n

    for label in (b"header_page\0", b"header_event\0"):
        pos += len(label)
        skip("<Q")
    for _ in range(u("<I")):
        skip("<Q")
    for _ in range(u("<I")):
        pos = data.index(b"\0", pos) + 1
        for _ in range(u("<I")):
            skip("<Q")
    skip("<I")  # kallsyms
    skip("<I")  # printk formats
    skip("<Q")  # cmdlines
    cpus = u("<I")
    label = data[pos:pos + 10]
    pos += 10
    if label == b"options  \0":
        while u("<H"):
            skip("<I")
        label = data[pos:pos + 10]
        pos += 10
    if label != b"flyrecord\0":
        sys.exit("no flyrecord section")
    return pos, cpus, page_size


def main():
    src, dst, times = sys.argv[1], sys.argv[2], int(sys.argv[3])
    data = open(src, "rb").read()
    table, cpus, page_size = flyrecord_table(data)
    buffers = [struct.unpack_from("<QQ", data, table + 16 * i) for i in range(cpus)]
    stamps = [struct.unpack_from("<Q", data, off + p)[0]
              for off, size in buffers for p in range(0, size, page_size)]
    span = max(stamps) - min(stamps) + 1 if stamps else 0
    out = bytearray(data[:table + 16 * cpus])
    placed = []
    for off, size in buffers:
        out += b"\0" * ((-len(out)) % page_size)
        start = len(out)
        for k in range(times):
            for p in range(0, size, page_size):
                page = bytearray(data[off + p:off + min(p + page_size, size)])
                struct.pack_into("<Q", page, 0, struct.unpack_from("<Q", page, 0)[0] + k * span)
                out += page
        placed.append((start, len(out) - start))
    for i, (off, size) in enumerate(placed):
        struct.pack_into("<QQ", out, table + 16 * i, off, size)
    open(dst, "wb").write(out)
    print("%s: %d CPUs, %d bytes of pages x %d" % (dst, cpus, sum(s for _, s in buffers), times))


if __name__ == "__main__":
    main()
