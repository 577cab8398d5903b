// SPDX-License-Identifier: LGPL-2.1
// The C data model whose output the library reproduces. Natively it is the
// host's own, as upstream built for that host prints: on i686 a %lu reads a
// 32-bit long and a %p prints the low 32 bits of the value. In WebAssembly
// (wasm32, the browser module) it is x86-64's LP64: that module shows what
// trace-cmd on a 64-bit machine prints, not what a 32-bit one would.
#pragma once

#include <cstdint>

namespace tep::base {

#ifdef __EMSCRIPTEN__
inline constexpr int kLongBits = 64;  // long, size_t, ptrdiff_t and pointers alike
#else
inline constexpr int kLongBits = 8 * sizeof(long);
static_assert(sizeof(long) == sizeof(void*) && sizeof(long) == sizeof(size_t), "an ILP32 or LP64 host");
#endif

// printf's %p of `value` cast to a pointer.
inline uint64_t as_pointer(uint64_t value) { return kLongBits == 64 ? value : static_cast<uint32_t>(value); }

}  // namespace tep::base
