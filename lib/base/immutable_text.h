// SPDX-License-Identifier: LGPL-2.1
// Whether a caller's string lies in the main program's read-only segments
// (its string literals, as trace-cmd's "%16s-%-5d [%03d]"). Those bytes never
// change and are never unmapped, so a cache keyed by such a pointer needs no
// compare of the text to know it is the same. Strings anywhere else (the
// heap, the stack, a library that may be unloaded) are not.
#pragma once

#include <cstddef>

namespace tep::base {

// True when all `size` bytes from `text` lie in one such segment.
bool in_main_program_rodata(const void* text, size_t size);

}  // namespace tep::base
