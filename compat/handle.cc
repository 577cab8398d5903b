// SPDX-License-Identifier: LGPL-2.1
// Handle lifetime, flags, trace properties, endianness and the header page.
#include <new>
#include <string_view>

#include "compat/export.h"
#include "core/handle.h"
#include "event-parse.h"
#include "format/header_page.h"

TEP_EXPORT struct tep_handle* tep_alloc(void) {
  try {
    return new tep_handle();
  } catch (...) {
    return nullptr;
  }
}

// Drops one reference; the last one destroys the handle and everything in it
// (events, symbols, handlers...: each member frees what it owns).
TEP_EXPORT void tep_free(struct tep_handle* tep) { tep::core::unref(tep); }

TEP_EXPORT void tep_ref(struct tep_handle* tep) {
  if (tep) tep::core::ref(*tep);
}

TEP_EXPORT void tep_unref(struct tep_handle* tep) { tep_free(tep); }

TEP_EXPORT int tep_get_ref(struct tep_handle* tep) { return tep ? tep->ref_count : 0; }

TEP_EXPORT void tep_set_flag(struct tep_handle* tep, int flag) {
  if (tep) tep->flags |= flag;
}

TEP_EXPORT void tep_clear_flag(struct tep_handle* tep, enum tep_flag flag) {
  if (tep) tep->flags &= ~flag;
}

TEP_EXPORT bool tep_test_flag(struct tep_handle* tep, enum tep_flag flag) { return tep && (tep->flags & flag); }

TEP_EXPORT int tep_get_cpus(struct tep_handle* tep) { return tep ? tep->cpus : 0; }

TEP_EXPORT void tep_set_cpus(struct tep_handle* tep, int cpus) {
  if (tep) tep->cpus = cpus;
}

TEP_EXPORT int tep_get_long_size(struct tep_handle* tep) { return tep ? tep->long_size : 0; }

TEP_EXPORT void tep_set_long_size(struct tep_handle* tep, int long_size) {
  if (tep) tep->long_size = long_size;
}

TEP_EXPORT int tep_get_page_size(struct tep_handle* tep) { return tep ? tep->page_size : 0; }

TEP_EXPORT void tep_set_page_size(struct tep_handle* tep, int page_size) {
  if (tep) tep->page_size = page_size;
}

// The sub-buffer (ring-buffer page) geometry from header_page: the data area
// ends the sub-buffer, so its size is where the data starts plus its length.
// -1 for a NULL handle, as upstream (the older getters answer 0).
TEP_EXPORT int tep_get_sub_buffer_size(struct tep_handle* tep) {
  return tep ? tep->header_page.data_offset + tep->header_page.data_size : -1;
}

TEP_EXPORT int tep_get_sub_buffer_data_size(struct tep_handle* tep) { return tep ? tep->header_page.data_size : -1; }

TEP_EXPORT int tep_get_sub_buffer_commit_offset(struct tep_handle* tep) {
  return tep ? tep->header_page.size_offset : -1;
}

TEP_EXPORT bool tep_is_file_bigendian(struct tep_handle* tep) { return tep && tep->file_bigendian; }

TEP_EXPORT void tep_set_file_bigendian(struct tep_handle* tep, enum tep_endian endian) {
  if (tep) tep->file_bigendian = endian == TEP_BIG_ENDIAN;
}

TEP_EXPORT bool tep_is_local_bigendian(struct tep_handle* tep) { return tep && tep->host_bigendian; }

TEP_EXPORT void tep_set_local_bigendian(struct tep_handle* tep, enum tep_endian endian) {
  if (tep) tep->host_bigendian = endian == TEP_BIG_ENDIAN;
}

// The size of the commit field (a kernel long), as upstream names it.
TEP_EXPORT int tep_get_header_page_size(struct tep_handle* tep) { return tep ? tep->header_page.size_size : 0; }

TEP_EXPORT int tep_get_header_timestamp_size(struct tep_handle* tep) { return tep ? tep->header_page.ts_size : 0; }

TEP_EXPORT bool tep_is_old_format(struct tep_handle* tep) { return tep && tep->old_format; }

TEP_EXPORT void tep_set_test_filters(struct tep_handle* tep, int test_filters) {
  if (tep) tep->test_filters = test_filters != 0;
}

// 0 once the text was read, even when a field in it is malformed (the fields
// before it are kept); -1 for an empty header page (old kernels), after which
// the layout is derived from `long_size`.
TEP_EXPORT int tep_parse_header_page(struct tep_handle* tep, char* buf, unsigned long size, int long_size) {
  if (!tep) return -1;
  if (size && !buf) return -1;
  try {
    std::string_view text = size ? std::string_view(buf, size) : std::string_view();
    auto status = tep::core::add_header_page(*tep, text, long_size);
    return status == tep::format::HeaderPageStatus::kOldFormat ? -1 : 0;
  } catch (...) {
    return -1;
  }
}
