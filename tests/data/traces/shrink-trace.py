#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Makes a small copy of a trace.dat (file version 6, little-endian) for the repository: the
kallsyms section (about 1 MB on a distribution kernel) is cut down to the symbols that the
trace's own records point into, and empty per-CPU buffers are kept as they are.
  shrink-trace.py IN.dat OUT.dat ADDRESSES.txt
ADDRESSES.txt: hex addresses seen in the records (e.g. every 0xffffffff... number in
`trace-cmd report -R` output); for each, the symbol at or below it and the next one are kept,
plus the first and last 50 symbols so that `report -f` still lists something.
Convert a v7 recording first: trace-cmd convert --file-version 6 -i IN -o IN6.
"""
import bisect
import struct
import sys


class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def take(self, n):
        chunk = self.data[self.pos:self.pos + n]
        if len(chunk) != n:
            raise ValueError("truncated at %d" % self.pos)
        self.pos += n
        return chunk

    def u16(self): return struct.unpack("<H", self.take(2))[0]
    def u32(self): return struct.unpack("<I", self.take(4))[0]
    def u64(self): return struct.unpack("<Q", self.take(8))[0]

    def cstr(self):
        end = self.data.index(b"\0", self.pos)
        s = self.data[self.pos:end]
        self.pos = end + 1
        return s


def shrink_kallsyms(text, addresses):
    lines = [l for l in text.split(b"\n") if l.strip()]
    parsed = []
    for l in lines:
        try:
            parsed.append((int(l.split()[0], 16), l))
        except (ValueError, IndexError):
            pass
    parsed.sort(key=lambda p: p[0])  # stable: duplicates keep their order
    starts = [p[0] for p in parsed]
    keep = set(range(min(50, len(parsed)))) | set(range(max(0, len(parsed) - 50), len(parsed)))
    for a in addresses:
        i = bisect.bisect_right(starts, a) - 1
        if i < 0:
            continue
        # every symbol sharing that address, and the one after
        j = i
        while j > 0 and starts[j - 1] == starts[i]:
            j -= 1
        keep.update(range(j, min(i + 2, len(parsed))))
    wanted = {parsed[k][1] for k in keep}
    kept = [l for l in lines if l in wanted]
    return b"\n".join(kept) + b"\n"


def main():
    src, dst, addr_file = sys.argv[1:4]
    data = open(src, "rb").read()
    addresses = set()
    for word in open(addr_file).read().split():
        try:
            addresses.add(int(word, 16))
        except ValueError:
            pass
    r = Reader(data)
    magic = r.take(10)
    if magic != b"\x17\x08\x44tracing":
        sys.exit("not a trace.dat")
    version = r.cstr()
    if version != b"6":
        sys.exit("file version %s: convert to 6 first" % version.decode())
    endian, long_size = r.take(1), r.take(1)
    if endian != b"\0":
        sys.exit("big-endian files not handled")
    page_size = r.u32()
    # header_page, header_event
    for label in (b"header_page\0", b"header_event\0"):
        if r.take(len(label)) != label:
            sys.exit("bad header section")
        r.take(r.u64())
    for _ in range(r.u32()):  # ftrace formats
        r.take(r.u64())
    for _ in range(r.u32()):  # event systems
        r.cstr()
        for _ in range(r.u32()):
            r.take(r.u64())
    before_kallsyms = r.pos
    kallsyms = r.take(r.u32())
    after_kallsyms = r.pos
    r.take(r.u32())  # printk formats
    r.take(r.u64())  # cmdlines
    cpus = r.u32()
    rest_start = r.pos
    # options, then flyrecord with per-CPU (offset, size) pairs pointing into the file
    label = r.take(10)
    options = b""
    if label == b"options  \0":
        opt_start = r.pos
        while True:
            opt_id = r.u16()
            if opt_id == 0:
                break
            r.take(r.u32())
        options = data[opt_start:r.pos]
        label = r.take(10)
    if label != b"flyrecord\0":
        sys.exit("only flyrecord files are handled, found %r" % label)
    buffers = [(r.u64(), r.u64()) for _ in range(cpus)]

    new_kallsyms = shrink_kallsyms(kallsyms, addresses)
    head = bytearray(data[:before_kallsyms])
    head += struct.pack("<I", len(new_kallsyms)) + new_kallsyms
    head += data[after_kallsyms:rest_start]
    if options:
        head += b"options  \0" + options
    head += b"flyrecord\0"
    table_pos = len(head)
    head += b"\0" * (16 * cpus)
    out = head
    new_buffers = []
    for offset, size in buffers:
        if size:
            pad = (-len(out)) % page_size
            out += b"\0" * pad
            new_buffers.append((len(out), size))
            out += data[offset:offset + size]
        else:
            new_buffers.append((0, 0))
    for i, (offset, size) in enumerate(new_buffers):
        struct.pack_into("<QQ", out, table_pos + 16 * i, offset, size)
    open(dst, "wb").write(out)
    print("%s: %d -> %d bytes (kallsyms %d -> %d)" % (dst, len(data), len(out), len(kallsyms),
                                                      len(new_kallsyms)))


if __name__ == "__main__":
    main()
