// SPDX-License-Identifier: LGPL-2.1
// Ring-buffer sub-buffers through kbuffer. Byte 0 picks long size, endianness
// and old format; the rest is the sub-buffer.
#include <algorithm>
#include <vector>

#include "fuzz_common.h"
#include "kbuffer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  uint8_t mode = data[0];
  auto long_size = (mode & 1) ? KBUFFER_LSIZE_4 : KBUFFER_LSIZE_8;
  auto endian = (mode & 2) ? KBUFFER_ENDIAN_BIG : KBUFFER_ENDIAN_LITTLE;
  kbuffer* kbuf = kbuffer_alloc(long_size, endian);
  if (!kbuf) return 0;
  if (mode & 4) kbuffer_set_old_format(kbuf);
  std::vector<uint8_t> page(data + 1, data + size);
  // kbuffer trusts the page header (as the kernel writes it): the commit size
  // and the missed-events count after the data must lie inside the page, so
  // only such pages are valid input. Pad to a header and check commit here.
  size_t header = (mode & 1) ? 12 : 16;
  page.resize(std::max(page.size(), header));
  uint64_t commit = 0;
  size_t word = (mode & 1) ? 4 : 8;
  for (size_t i = 0; i < word; ++i) {
    size_t at = (mode & 2) ? 8 + i : 8 + word - 1 - i;
    commit = (commit << 8) | page[at];
  }
  if ((commit & ((1u << 27) - 1)) + header + 8 > page.size()) {
    kbuffer_free(kbuf);
    return 0;
  }
  if (kbuffer_load_subbuffer(kbuf, page.data()) == 0) {
    unsigned long long ts = 0;
    int steps = 0;
    for (void* rec = kbuffer_read_event(kbuf, &ts); rec && steps < 100000;
         rec = kbuffer_next_event(kbuf, &ts), ++steps) {
      kbuffer_event_size(kbuf);
      kbuffer_curr_size(kbuf);
      kbuffer_missed_events(kbuf);
    }
    int offset = 0;
    kbuffer_read_at_offset(kbuf, (mode >> 3) * 8, &ts);
    kbuffer_read_at_offset(kbuf, offset, &ts);
  }
  kbuffer_free(kbuf);
  return 0;
}
