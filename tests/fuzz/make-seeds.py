#!/usr/bin/env python3
"""Writes the small committed seed corpora of tests/fuzz/corpus/ (run from anywhere)."""
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261130)


def write(target, name, data):
    path = os.path.join(HERE, 'corpus', target)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, name), 'wb') as f:
        f.write(data)


def record_bytes(size):
    return bytes(rng.randrange(256) for _ in range(size))


formats = sorted(f for f in os.listdir(os.path.join(HERE, 'formats')) if f.endswith('.format'))
for i, name in enumerate(formats):
    text = open(os.path.join(HERE, 'formats', name), 'rb').read()
    write('format', name, text + b'\0' + record_bytes(64))
    write('format', name + '.truncated', text[: len(text) * 2 // 3])
    write('record', f'{i:02d}-random', bytes([i]) + record_bytes(96))
    # A __data_loc word pointing inside the record: offset 40, length 8.
    payload = bytearray(record_bytes(96))
    for off in range(8, 40, 4):
        payload[off:off + 4] = struct.pack('<I', 48 | (8 << 16))
    write('record', f'{i:02d}-dataloc', bytes([i]) + bytes(payload))
    write('record', f'{i:02d}-short', bytes([i]) + record_bytes(5))


def page(events, long_size=8, big=False, ts=1000):
    """A sub-buffer: u64 timestamp, commit (long), then 4-byte-headed events."""
    e = '>' if big else '<'
    body = b''
    for type_len, delta, payload in events:
        header = (delta << 5) | type_len
        body += struct.pack(e + 'I', header) + payload
    commit = struct.pack(e + ('Q' if long_size == 8 else 'I'), len(body))
    return struct.pack(e + 'Q', ts) + commit + body


data_events = [(2, 10, record_bytes(8)), (3, 20, record_bytes(12)),
               (30, 5, struct.pack('<I', 7)),  # time extend
               (0, 1, struct.pack('<I', 20) + record_bytes(16)),  # length in array[0]
               (29, 0, struct.pack('<I', 12) + record_bytes(8)),  # padding
               (2, 3, record_bytes(8))]
write('kbuffer', 'le8', bytes([0]) + page(data_events))
write('kbuffer', 'le4', bytes([1]) + page(data_events, long_size=4))
write('kbuffer', 'be8', bytes([2]) + page(data_events, big=True))
write('kbuffer', 'old', bytes([4]) + page(data_events))
write('kbuffer', 'absolute', bytes([0]) + page([(31, 0, struct.pack('<I', 3)), (2, 1, record_bytes(8))]))
write('kbuffer', 'huge-commit', bytes([0]) + struct.pack('<QQ', 1, 1 << 40) + record_bytes(32))
write('kbuffer', 'zero-padding', bytes([0]) + page([(29, 0, b''), (2, 1, record_bytes(8))]))

filters = [
    'sched_switch: prev_pid == 1', 'sched/sched_switch: next_comm ~ "ba*"',
    'sched_switch: (prev_state & 3) == 2', 'sched_switch: prev_pid ==',
    'sched_switch: prev_pid == 1 &&', 'sched_switch: next_comm == "unterminated',
    'sched.*: common_pid != 0 || COMM == "bash"', 'irq_handler_entry: name =~ "^eth[0-9]+"',
    'kmalloc: bytes_req > 0x100 && !(node < 0)', '(((sched_switch: prev_pid == 1)))',
    'sched_switch, sched_wakeup: pid == 12 || prev_pid >= 0', 'print: buf ~ "*hello*"',
    'sched_switch: prev_prio * 2 > 10', 'nonexistent: x == 1', '', 'sched_switch: ((prev_pid == 1)',
    'sched_switch: next_comm =~ "[unclosed"', 'sched_switch: prev_pid == 99999999999999999999999',
]
for i, text in enumerate(filters):
    write('filter', f'{i:02d}', text.encode() + b'\0' + record_bytes(64))

write('text', 'kallsyms', b'\0' + b'ffffffff81000000 T _stext\nffffffff81000000 T _text\n'
      b'ffffffff81001000 t helper\t[mod]\nzzzz\nffffffff8100 \nffffffff81002000 W weak_sym\n')
write('text', 'printk', b'\x01' + b'0xffffffff828195af : "thaw_processes"\n0x1 : "a\\n%d"\n0x2 :\n')
write('text', 'cmdlines', b'\x02' + b'1 systemd\n1234 bash\n  \nx y\n99999999999999 big\n')
write('text', 'header_page', b'\x03' + open(os.path.join(HERE, 'header_page'), 'rb').read())
write('text', 'last_boot_info', b'\x04' + b'ffffffff9c000000\t[kernel]\nffffffffc0f00000\text4\n\n'
      b'ffffffffc0800000 gone extra\r\n-1\t[kernel]x\n0x\tm\n')
write('text', 'last_boot_info-bad', b'\x04' + b'ffffffff9c000000\t[kernel]\ntrace_clock: local\n')
write('text', 'last_boot_info-current', b'\x04' + b'# Current\n')
write('text', 'modules', b'\x05' + b'ext4 1118208 1 mbcache,jbd2, Live 0xffffffffc0a00000 (OE)\n'
      b'gone 1 0 - Loading 0x0000000000000000\n\nxfs 1 0 - Live 0xffffffffc0c')
write('text', 'modules-bad', b'\x05' + b'ext4 1 0 - Live 1ffffffffc0a00000\nx\n')
