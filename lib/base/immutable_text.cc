// SPDX-License-Identifier: LGPL-2.1
#include "base/immutable_text.h"

#include <cstdint>

#ifndef __EMSCRIPTEN__
#include <elf.h>
#include <link.h>
#endif

namespace tep::base {

#ifdef __EMSCRIPTEN__
// WebAssembly memory has no read-only part: every text is compared.
bool in_main_program_rodata(const void*, size_t) { return false; }
#else
namespace {

// The main program's PT_LOAD segments without write permission, read once:
// dl_iterate_phdr reports the main program first.
struct ReadOnlySegments {
  static constexpr int kMax = 8;
  uintptr_t start[kMax] = {};
  uintptr_t end[kMax] = {};
  int count = 0;

  ReadOnlySegments() {
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) {
          auto* self = static_cast<ReadOnlySegments*>(data);
          for (ElfW(Half) i = 0; i < info->dlpi_phnum && self->count < kMax; i++) {
            const ElfW(Phdr)& ph = info->dlpi_phdr[i];
            if (ph.p_type != PT_LOAD || (ph.p_flags & PF_W)) continue;
            self->start[self->count] = info->dlpi_addr + ph.p_vaddr;
            self->end[self->count] = info->dlpi_addr + ph.p_vaddr + ph.p_memsz;
            self->count++;
          }
          return 1;  // the main program only
        },
        this);
  }
};

}  // namespace

bool in_main_program_rodata(const void* text, size_t size) {
  static const ReadOnlySegments segments;
  const auto address = reinterpret_cast<uintptr_t>(text);
  for (int i = 0; i < segments.count; i++)
    if (address >= segments.start[i] && address <= segments.end[i] && size <= segments.end[i] - address) return true;
  return false;
}
#endif

}  // namespace tep::base
