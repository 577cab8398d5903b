// SPDX-License-Identifier: LGPL-2.1
// A function's parameters from BTF, as upstream 1.9.0 writes them:
// tep_btf_list_args ("const unsigned char *filename, int flags") and
// tep_btf_print_args ("filename=0x7ffe7d33f3d0, flags=0" from raw argument
// words; the words in hex when there is no BTF or no such function). Ahead of
// 1.9.0, an enum argument prints its enumerator's name when it has one.
#pragma once

#include <string_view>

#include "btf/btf.h"
#include "seq/output_buffer.h"
#include "trace-seq.h"

namespace tep::btf {

// A parameter's declaration as list_args writes it: "const char *filename".
void put_declaration(const BtfTypes& types, seq::Output& out, BtfTypes::Param param);

// The parameter count, -1 when the function is not there (or is not a
// function), 0 when its prototype is missing.
int list_args(const Btf* btf, trace_seq* s, std::string_view func);

// 0, or -1 for a word size other than 4 or 8 and a FUNC whose type is not a
// prototype. `nmem` words of `size` bytes at `args` (host order); a negative
// count or null `args` is no words.
int print_args(const Btf* btf, trace_seq* s, const void* args, int nmem, int size, std::string_view func);

}  // namespace tep::btf
