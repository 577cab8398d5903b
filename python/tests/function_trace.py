# SPDX-License-Identifier: LGPL-2.1
"""A trace.dat of ftrace:function and funcgraph_entry records with argument words, made for
the tests (this machine's kernel has no function tracer): marker.dat's headers and formats
(Linux 6.18's, whose function events carry `unsigned long args[]`), a kallsyms of the
functions of tests/data/btf/functions.btf, and one CPU buffer page of the given records.

    write_trace(path, [(ts, "function", "typed_mix", [w0, w1, ...]), ...])
"""
import struct

# Where the test's functions are; "not_in_btf" is a function the BTF lacks.
SYMBOLS = {
    "do_sys_openat2": 0xffffffff81001000,
    "typed_mix": 0xffffffff81002000,
    "kfree": 0xffffffff81003000,
    "set_level.isra.0": 0xffffffff81004000,
    "not_in_btf": 0xffffffff81008000,
    "caller": 0xffffffff81009000,
}
EVENT_IDS = {"function": 1, "funcgraph_entry": 11}
PID = 4321


def _read(data):
    pos = 10
    pos = data.index(b"\0", pos) + 1 + 2
    page_size = struct.unpack_from("<I", data, pos)[0]
    pos += 4
    for label in (b"header_page\0", b"header_event\0"):
        assert data[pos:pos + len(label)] == label
        pos += len(label)
        pos += 8 + struct.unpack_from("<Q", data, pos)[0]
    count = struct.unpack_from("<I", data, pos)[0]
    pos += 4
    for _ in range(count):  # ftrace formats
        pos += 8 + struct.unpack_from("<Q", data, pos)[0]
    systems = struct.unpack_from("<I", data, pos)[0]
    pos += 4
    for _ in range(systems):
        pos = data.index(b"\0", pos) + 1
        n = struct.unpack_from("<I", data, pos)[0]
        pos += 4
        for _ in range(n):
            pos += 8 + struct.unpack_from("<Q", data, pos)[0]
    before_kallsyms = pos
    pos += 4 + struct.unpack_from("<I", data, pos)[0]
    after_kallsyms = pos
    pos += 4 + struct.unpack_from("<I", data, pos)[0]  # printk formats
    pos += 8 + struct.unpack_from("<Q", data, pos)[0]  # cmdlines
    cpus_at = pos
    return page_size, before_kallsyms, after_kallsyms, cpus_at


def _record(event, function, words):
    address = SYMBOLS[function]
    body = struct.pack("<HBBi", EVENT_IDS[event], 0, 0, PID)
    if event == "function":
        body += struct.pack("<QQ", address, SYMBOLS["caller"])
    else:
        body += struct.pack("<QI4x", address, 1)
    return body + b"".join(struct.pack("<Q", w & (2**64 - 1)) for w in words)


def write_trace(path, records, template):
    data = open(template, "rb").read()
    page_size, before_kallsyms, after_kallsyms, cpus_at = _read(data)
    kallsyms = b"".join(b"%016x T %s\n" % (a, n.encode()) for n, a in sorted(SYMBOLS.items(), key=lambda x: x[1]))
    head = bytearray(data[:before_kallsyms])
    head += struct.pack("<I", len(kallsyms)) + kallsyms
    head += data[after_kallsyms:cpus_at]
    head += struct.pack("<I", 1) + b"flyrecord\0"
    table = len(head)
    head += b"\0" * 16
    # One page: its timestamp, its commit (bytes of events), then each event's
    # 4-byte header (type_len = length / 4, time delta) and payload.
    events = bytearray()
    base = records[0][0] if records else 0
    last = base
    for ts, event, function, words in records:
        body = _record(event, function, words)
        assert len(body) % 4 == 0 and len(body) <= 112
        events += struct.pack("<I", (len(body) // 4) | ((ts - last) << 5)) + body
        last = ts
    page = struct.pack("<QQ", base, len(events)) + events
    page += b"\0" * (page_size - len(page))
    head += b"\0" * ((-len(head)) % page_size)
    struct.pack_into("<QQ", head, table, len(head), len(page))
    open(path, "wb").write(bytes(head + page))
