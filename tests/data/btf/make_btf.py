#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1
"""Writes the hand-made BTF blobs of tests/btf (run from anywhere; writes beside itself).

  kinds.btf                 one function per type kind and shape
  edge.btf                  INT encodings at their limits, names outside the string section
  dups.btf                  one name given to three functions, dotted names
  functions.btf             kernel-like functions whose arguments the typed tests read
  crashers.btf              what upstream 1.9.0 crashes on (void behind qualifiers, bad ids, loops)
  bad-*.btf                 headers and sections that load must refuse or cut short

Little-endian here, the same blobs big-endian in be/: upstream reads only its host's byte
order, so the differential tests on a big-endian host load be/.
"""
import os
import struct

KINDS = dict(INT=1, PTR=2, ARRAY=3, STRUCT=4, UNION=5, ENUM=6, FWD=7, TYPEDEF=8, VOLATILE=9, CONST=10,
             RESTRICT=11, FUNC=12, FUNC_PROTO=13, VAR=14, DATASEC=15, FLOAT=16, DECL_TAG=17, TYPE_TAG=18,
             ENUM64=19)
SIGNED, CHAR, BOOL = 1, 2, 4


class Btf:
    """Types are added in id order (the first is id 1); names are strings or raw offsets."""

    def __init__(self):
        self.strings = bytearray(b'\0')
        self.offsets = {'': 0}
        self.types = []

    def name(self, n):
        if isinstance(n, int):
            return n
        if n not in self.offsets:
            self.offsets[n] = len(self.strings)
            self.strings += n.encode() + b'\0'
        return self.offsets[n]

    def add(self, kind, name='', vlen=0, kflag=0, st=0, extra=()):
        info = (kflag << 31) | (KINDS[kind] << 24) | vlen
        self.types.append((self.name(name), info, st, list(extra)))
        return len(self.types)

    def raw(self, name_off, info, st, extra=()):
        self.types.append((name_off, info, st, list(extra)))
        return len(self.types)

    def next_id(self):
        return len(self.types) + 1

    def int_(self, name, size, enc=0, bits=None, off=0):
        bits = size * 8 if bits is None else bits
        return self.add('INT', name, st=size, extra=[('I', (enc << 24) | (off << 16) | bits)])

    def ptr(self, t):
        return self.add('PTR', st=t)

    def mod(self, kind, t, name=''):
        return self.add(kind, name, st=t)

    def array(self, elem, n):
        return self.add('ARRAY', extra=[('III', elem, elem, n)])

    def struct(self, name, size, members=(), union=False):
        return self.add('UNION' if union else 'STRUCT', name, vlen=len(members), st=size,
                        extra=[('III', self.name(n), t, o) for n, t, o in members])

    def enum(self, name, size, values, signed=False):
        return self.add('ENUM', name, vlen=len(values), kflag=int(signed), st=size,
                        extra=[('Ii', self.name(n), v) for n, v in values])

    def enum64(self, name, size, values, signed=False):
        return self.add('ENUM64', name, vlen=len(values), kflag=int(signed), st=size,
                        extra=[('III', self.name(n), v & 0xffffffff, v >> 32) for n, v in values])

    def proto(self, ret, params):
        return self.add('FUNC_PROTO', vlen=len(params), st=ret,
                        extra=[('II', self.name(n), t) for n, t in params])

    def func(self, name, proto, linkage=1):
        return self.add('FUNC', name, vlen=linkage, st=proto)

    def blob(self, big=False, hdr_len=24, **header):
        e = '>' if big else '<'
        types = bytearray()
        for name_off, info, st, extra in self.types:
            types += struct.pack(e + 'III', name_off, info, st)
            for fmt, *vals in extra:
                types += struct.pack(e + fmt, *vals)
        h = dict(magic=0xeb9f, version=1, flags=0, hdr_len=hdr_len, type_off=0, type_len=len(types),
                 str_off=len(types), str_len=len(self.strings))
        h.update(header)
        head = struct.pack(e + 'HBBIIIII', h['magic'], h['version'], h['flags'], h['hdr_len'],
                           h['type_off'], h['type_len'], h['str_off'], h['str_len'])
        return head + b'\0' * max(0, hdr_len - 24) + bytes(types) + bytes(self.strings)


def kinds():
    b = Btf()
    i = b.int_('int', 4, SIGNED)
    cchar = b.int_('char', 1, CHAR | SIGNED)
    s8 = b.struct('s8', 8, [('x', i, 0), ('y', i, 32)])
    e4 = b.enum('e4', 4, [('E_A', 0), ('E_B', 1), ('E_M', -1)])
    myint = b.add('TYPEDEF', 'myint', st=i)
    fp = b.proto(i, [('x', i)])
    one = lambda name, t, pname='a': b.func(name, b.proto(i, [(pname, t), ('b', i)]))
    one('f_int', i)
    one('f_uint', b.int_('unsigned int', 4))
    one('f_schar', b.int_('signed char', 1, SIGNED))
    one('f_char', b.int_('char', 1, CHAR))
    one('f_char_signed', cchar)
    one('f_uchar', b.int_('unsigned char', 1))
    one('f_bool', b.int_('_Bool', 1, BOOL))
    one('f_short', b.int_('short int', 2, SIGNED))
    one('f_ushort', b.int_('short unsigned int', 2))
    one('f_long', b.int_('long int', 8, SIGNED))
    one('f_ulong', b.int_('long unsigned int', 8))
    one('f_int128', b.int_('__int128', 16, SIGNED))
    one('f_uint128', b.int_('__int128 unsigned', 16))
    one('f_int24', b.int_('int24', 3, SIGNED))
    one('f_bits5', b.int_('bits5', 4, 0, bits=5))
    one('f_sbits5', b.int_('sbits5', 4, SIGNED, bits=5))
    one('f_bits_at4', b.int_('bits_at4', 4, 0, bits=8, off=4))
    one('f_double', b.add('FLOAT', 'double', st=8))
    one('f_float', b.add('FLOAT', 'float', st=4))
    one('f_ptr_int', b.ptr(i))
    one('f_ptr_void', b.ptr(0))
    one('f_ptr_char', b.ptr(cchar))
    one('f_ptr_const_char', b.ptr(b.mod('CONST', cchar)))
    one('f_ptr_ptr', b.ptr(b.ptr(i)))
    one('f_ptr_ptr_void', b.ptr(b.ptr(0)))
    one('f_struct8', s8)
    one('f_ptr_struct', b.ptr(s8))
    for size in (0, 1, 4, 9, 12, 16, 24):
        one('f_struct%d' % size, b.struct('s%d' % size, size, [('x', i, 0)]))
    one('f_struct_anon', b.struct('', 8))
    one('f_union8', b.struct('u8', 8, [('x', i, 0)], union=True))
    one('f_union16', b.struct('u16', 16, [('x', i, 0)], union=True))
    one('f_enum4', e4)
    one('f_enum4_signed', b.enum('e4s', 4, [('S_A', 0), ('S_M', -1)], signed=True))
    one('f_enum1', b.enum('e1', 1, [('B_A', 1)]))
    one('f_enum8', b.enum('e8', 8, [('Q_A', 1)]))
    one('f_enum_anon', b.enum('', 4, [('N_A', 1)]))
    one('f_enum64', b.enum64('e64', 8, [('X_A', 1), ('X_B', 1 << 40)]))
    one('f_fwd', b.add('FWD', 'fw'))
    one('f_fwd_union', b.add('FWD', 'fwu', kflag=1))
    one('f_ptr_fwd', b.ptr(b.add('FWD', 'fw2')))
    one('f_typedef', myint)
    one('f_typedef_typedef', b.add('TYPEDEF', 'myint2', st=myint))
    one('f_typedef_ptr', b.add('TYPEDEF', 'intp', st=b.ptr(i)))
    one('f_typedef_struct', b.add('TYPEDEF', 's8_t', st=s8))
    one('f_typedef_enum', b.add('TYPEDEF', 'e4_t', st=e4))
    one('f_ptr_typedef', b.ptr(myint))
    one('f_ptr_typedef_void', b.ptr(b.add('TYPEDEF', 'vt', st=0)))
    one('f_const_int', b.mod('CONST', i))
    one('f_volatile_int', b.mod('VOLATILE', i))
    one('f_const_const_int', b.mod('CONST', b.mod('CONST', i)))
    one('f_restrict_ptr', b.mod('RESTRICT', b.ptr(i)))
    one('f_const_ptr', b.mod('CONST', b.ptr(i)))
    one('f_ptr_const_volatile', b.ptr(b.mod('CONST', b.mod('VOLATILE', i))))
    one('f_const_struct', b.mod('CONST', s8))
    one('f_const_enum', b.mod('CONST', e4))
    one('f_type_tag', b.add('TYPE_TAG', 'user', st=i))
    one('f_ptr_type_tag', b.ptr(b.add('TYPE_TAG', 'user', st=i)))
    one('f_void', 0)
    one('f_proto', fp)
    one('f_ptr_proto', b.ptr(fp))
    one('f_typedef_fnptr', b.add('TYPEDEF', 'cb_t', st=b.ptr(fp)))
    one('f_array', b.array(i, 4))
    one('f_ptr_array', b.ptr(b.array(i, 4)))
    one('f_func', b.func('inner', fp))
    one('f_var', b.add('VAR', 'v', st=i, extra=[('I', 1)]))
    one('f_datasec', b.add('DATASEC', '.data'))
    one('f_decl_tag', b.add('DECL_TAG', 'tag', st=i, extra=[('i', -1)]))
    one('f_ptr_bad_id', b.ptr(99999))
    one('f_noname', i, pname='')
    b.func('f_noargs', b.proto(i, []))
    b.func('f_variadic', b.proto(i, [('fmt', b.ptr(cchar)), ('', 0)]))
    b.func('f_six', b.proto(i, [('p%d' % n, i) for n in range(6)]))
    b.func('f_void_between', b.proto(i, [('a', i), ('', 0), ('c', i)]))
    b.func('f_struct_then', b.proto(i, [('s', b.struct('s20', 20)), ('b', i), ('c', i)]))
    b.func('f_returns_void', b.proto(0, [('a', i)]))
    b.func('f_static', b.proto(i, [('a', i)]), linkage=0)
    b.func('f_not_proto', i)
    b.func('f_func_to_func', b.func('g_inner', fp))
    b.func('f_bad_proto_id', 99999)
    b.func('f_proto_void', 0)
    b.func('f.part.0', b.proto(i, [('dotted', i)]))
    b.func('', b.proto(i, [('unnamed', i)]))
    return b


def functions():
    """Parameters of each kind the typed columns give (tests/typed/function_args_test.cc)."""
    b = Btf()
    i = b.int_('int', 4, SIGNED)
    u = b.int_('unsigned int', 4)
    ch = b.int_('char', 1, CHAR | SIGNED)
    boolean = b.int_('_Bool', 1, BOOL)
    short = b.int_('short int', 2, SIGNED)
    u64 = b.add('TYPEDEF', 'u64', st=b.int_('long long unsigned int', 8))
    pid_type = b.enum('pid_type', 4, [('PIDTYPE_PID', 0), ('PIDTYPE_TGID', 1), ('PIDTYPE_PGID', 2),
                                      ('PIDTYPE_SID', 3), ('PIDTYPE_MAX', 4)])
    level = b.enum('level', 4, [('LEVEL_LOW', -1), ('LEVEL_NONE', 0), ('LEVEL_HIGH', 1)], signed=True)
    wide = b.enum64('wide', 8, [('WIDE_ONE', 1), ('WIDE_FAR', 1 << 40)])
    pair = b.struct('pair', 16, [('a', u64, 0), ('b', u64, 64)])
    open_how = b.struct('open_how', 24)
    cchar_p = b.ptr(b.mod('CONST', ch))
    b.func('do_sys_openat2', b.proto(b.int_('long int', 8, SIGNED),
                                     [('dfd', i), ('filename', cchar_p), ('how', b.ptr(open_how))]))
    b.func('typed_mix', b.proto(i, [('a', i), ('b', u), ('c', pid_type), ('p', b.ptr(0)), ('flag', boolean),
                                    ('ch', ch), ('big', u64), ('s', pair), ('sh', short)]))
    b.func('kfree', b.proto(0, [('objp', b.ptr(0))]))
    b.func('set_level', b.proto(0, [('level', level), ('wide', wide)]))
    b.func('log_it', b.proto(i, [('fmt', cchar_p), ('', 0)]))
    b.func('same_names', b.proto(0, [('x', i), ('x', i), ('', i)]))
    b.func('no_args', b.proto(0, []))
    return b


def edge():
    b = Btf()
    i = b.int_('int', 4, SIGNED)
    one = lambda name, t, pname='a': b.func(name, b.proto(i, [(pname, t), ('b', i)]))
    one('f_bits0', b.int_('b0', 4, 0, bits=0))
    one('f_sbits0', b.int_('sb0', 4, SIGNED, bits=0))
    one('f_sbits63', b.int_('sb63', 8, SIGNED, bits=63))
    one('f_bits63', b.int_('b63', 8, 0, bits=63))
    one('f_bits65', b.int_('b65', 16, 0, bits=65))
    one('f_sbits255', b.int_('sb255', 16, SIGNED, bits=255))
    one('f_at60', b.int_('at60', 8, 0, bits=8, off=60))
    one('f_at64', b.int_('at64', 8, 0, bits=8, off=64))
    one('f_at200', b.int_('at200', 8, 0, bits=8, off=200))
    one('f_enc_all', b.int_('encall', 4, 0xf))
    one('f_enc8', b.int_('enc8', 4, 8))
    one('f_struct_badname', b.raw(99999, KINDS['STRUCT'] << 24, 8))
    one('f_typedef_badname', b.raw(99999, KINDS['TYPEDEF'] << 24, i))
    one('f_enum_badname', b.raw(99999, KINDS['ENUM'] << 24, 4))
    one('f_param_badname', i, pname=99999)
    one('f_struct_huge', b.struct('huge', 0xffffffff))
    one('f_ptr_enum64', b.ptr(b.enum64('e64', 8, [])))
    b.func('f_twenty', b.proto(i, [('p%d' % n, i) for n in range(20)]))
    return b


def dups():
    b = Btf()
    i = b.int_('int', 4, SIGNED)
    names = ['n%04d' % n for n in range(300)]
    order = sorted(range(300), key=lambda n: (n * 7919) % 300)  # a fixed shuffle
    for pos, n in enumerate(order):
        b.func(names[n], b.proto(i, [('p_' + names[n], i)]))
        if pos in (10, 150, 290):
            b.func('dup', b.proto(i, [('dup%d' % pos, i)]))
    b.func('zz.part.0', b.proto(i, [('zzpart', i)]))
    b.func('a.b', b.proto(i, [('ab', i)]))
    b.func('a', b.proto(i, [('a_plain', i)]))
    b.func('AAA', b.proto(i, [('upper', i)]))
    return b


def crashers():
    b = Btf()
    i = b.int_('int', 4, SIGNED)
    one = lambda name, t: b.func(name, b.proto(i, [('a', t), ('b', i)]))
    one('f_const_void', b.mod('CONST', 0))
    one('f_volatile_void', b.mod('VOLATILE', 0))
    one('f_restrict_void', b.mod('RESTRICT', 0))
    one('f_type_tag_void', b.add('TYPE_TAG', 'tt', st=0))
    one('f_typedef_void', b.add('TYPEDEF', 'vt', st=0))
    one('f_bad_id', 99999)
    loop = b.next_id()
    b.mod('CONST', loop + 1)
    b.mod('VOLATILE', loop)
    one('f_loop', loop)
    ptr_self = b.next_id()
    b.ptr(ptr_self)
    one('f_ptr_self', ptr_self)
    typedef_self = b.next_id()
    b.add('TYPEDEF', 'tself', st=typedef_self)
    one('f_typedef_self', typedef_self)
    return b


def bad(big):
    """Each blob built from one good one with one thing wrong, in one byte order."""
    def base():
        b = Btf()
        i = b.int_('int', 4, SIGNED)                       # 16 bytes at 0
        b.func('f_first', b.proto(i, [('x', i)]))         # proto at 16, func at 36
        b.func('f_int', b.proto(i, [('a', i), ('b', i)]))  # proto at 48, func at 76; 88 in all
        return b
    good = base().blob(big)
    out = {'good': good}
    out['magic'] = base().blob(big, magic=0x1234)
    out['version2'] = base().blob(big, version=2, flags=1)
    out['hdr20'] = base().blob(big, hdr_len=20)
    out['hdr32'] = base().blob(big, hdr_len=32)
    huge = bytearray(good)
    huge[4:8] = (0x10000000).to_bytes(4, 'big' if big else 'little')   # hdr_len beyond the blob
    out['hdr-huge'] = bytes(huge)
    out['str-len-past'] = base().blob(big, str_len=1000)
    out['str-off-past'] = base().blob(big, str_off=5000)
    out['str-off-in-blob-past-hdr'] = base().blob(big, str_off=len(good) - 10)
    out['str-len-zero'] = base().blob(big, str_len=0)
    out['type-len-past'] = base().blob(big, type_len=1000)
    out['type-off-past'] = base().blob(big, type_off=100000)
    out['type-len-zero'] = base().blob(big, type_len=0)
    for cut in (20, 50, 60, 76, 80, 87):   # the section ends inside a record
        out['type-len-%d' % cut] = base().blob(big, type_len=cut)
    out['into-strings'] = base().blob(big, type_len=100)
    out['truncated-types'] = good[:24 + 60]
    out['truncated-23'] = good[:23]
    out['truncated-8'] = good[:8]
    out['empty'] = b''
    for kind in (0, 20, 31):
        b = base()
        b.raw(0, kind << 24, 0)
        out['kind%d' % kind] = b.blob(big)
    b = base()
    b.raw(b.name('f_big'), (KINDS['FUNC_PROTO'] << 24) | 0xffff, 1)
    b.func('f_big', b.next_id() - 1)
    out['vlen-huge'] = b.blob(big)
    b = base()
    b.func('f_name_past', 2)
    b.types[-1] = (99999,) + b.types[-1][1:]
    out['name-past'] = b.blob(big)
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for big, folder in ((False, here), (True, os.path.join(here, 'be'))):
        os.makedirs(folder, exist_ok=True)
        def write(name, data):
            with open(os.path.join(folder, name), 'wb') as f:
                f.write(data)
        write('kinds.btf', kinds().blob(big))
        write('edge.btf', edge().blob(big))
        write('dups.btf', dups().blob(big))
        write('functions.btf', functions().blob(big))
        write('crashers.btf', crashers().blob(big))
        for name, data in bad(big).items():
            write('bad-%s.btf' % name, data)


if __name__ == '__main__':
    main()
