// SPDX-License-Identifier: LGPL-2.1
// kbuffer_*: the ring-buffer page reader (lib/kbuffer/kbuffer_reader.h), and
// tep_kbuffer, a reader set up for a handle's long size and byte order.
#include <new>

#include "compat/export.h"
#include "event-parse.h"
#include "kbuffer.h"
#include "base/byte_order.h"
#include "kbuffer/kbuffer_reader.h"

TEP_EXPORT struct kbuffer* kbuffer_alloc(enum kbuffer_long_size size, enum kbuffer_endian endian) {
  bool long8;
  switch (size) {
    case KBUFFER_LSIZE_4: long8 = false; break;
    case KBUFFER_LSIZE_8: long8 = true; break;
    case KBUFFER_LSIZE_SAME_AS_HOST: long8 = sizeof(long) == 8; break;
    default: return nullptr;
  }
  bool big_endian;
  switch (endian) {
    case KBUFFER_ENDIAN_BIG: big_endian = true; break;
    case KBUFFER_ENDIAN_LITTLE: big_endian = false; break;
    case KBUFFER_ENDIAN_SAME_AS_HOST: big_endian = tep::base::kHostBigEndian; break;
    default: return nullptr;
  }
  return new (std::nothrow) kbuffer(long8, big_endian);
}

TEP_EXPORT struct kbuffer* kbuffer_dup(struct kbuffer* kbuf) {
  return kbuf ? new (std::nothrow) kbuffer(*kbuf) : nullptr;
}

TEP_EXPORT void kbuffer_free(struct kbuffer* kbuf) { delete kbuf; }

TEP_EXPORT void kbuffer_set_old_format(struct kbuffer* kbuf) {
  if (kbuf) kbuf->set_old_format();
}

TEP_EXPORT int kbuffer_load_subbuffer(struct kbuffer* kbuf, void* subbuffer) {
  if (!kbuf || !subbuffer) return -1;
  return kbuf->load(subbuffer);
}

TEP_EXPORT int kbuffer_refresh(struct kbuffer* kbuf) { return kbuf ? kbuf->refresh() : -1; }

TEP_EXPORT void* kbuffer_subbuffer(struct kbuffer* kbuf) { return kbuf ? kbuf->subbuffer() : nullptr; }

TEP_EXPORT int kbuffer_subbuffer_size(struct kbuffer* kbuf) { return kbuf ? kbuf->subbuffer_size() : 0; }

TEP_EXPORT int kbuffer_start_of_data(struct kbuffer* kbuf) { return kbuf ? kbuf->start_of_data() : 0; }

TEP_EXPORT int kbuffer_missed_events(struct kbuffer* kbuf) { return kbuf ? kbuf->missed_events() : 0; }

TEP_EXPORT unsigned long long kbuffer_subbuf_timestamp(struct kbuffer* kbuf, void* subbuf) {
  return kbuf && subbuf ? kbuf->read_u64(subbuf) : 0;
}

TEP_EXPORT void* kbuffer_read_event(struct kbuffer* kbuf, unsigned long long* ts) {
  return kbuf ? kbuf->current_event(ts) : nullptr;
}

TEP_EXPORT void* kbuffer_next_event(struct kbuffer* kbuf, unsigned long long* ts) {
  if (!kbuf || !kbuf->subbuffer()) return nullptr;
  return kbuf->next_event(ts);
}

TEP_EXPORT void* kbuffer_read_at_offset(struct kbuffer* kbuf, int offset, unsigned long long* ts) {
  return kbuf ? kbuf->read_at_offset(offset, ts) : nullptr;
}

TEP_EXPORT int kbuffer_read_buffer(struct kbuffer* kbuf, void* buffer, int len) {
  if (!kbuf || !buffer) return -1;
  return kbuf->read_buffer(buffer, len);
}

TEP_EXPORT unsigned long long kbuffer_timestamp(struct kbuffer* kbuf) { return kbuf ? kbuf->timestamp() : 0; }

// The time delta in the event header at `ptr` (upstream's semantics).
TEP_EXPORT unsigned int kbuffer_ptr_delta(struct kbuffer* kbuf, void* ptr) {
  return kbuf && ptr ? kbuf->ptr_delta(ptr) : 0;
}

TEP_EXPORT int kbuffer_curr_index(struct kbuffer* kbuf) { return kbuf ? kbuf->curr_index() : 0; }

TEP_EXPORT int kbuffer_curr_offset(struct kbuffer* kbuf) { return kbuf ? kbuf->curr_offset() : 0; }

TEP_EXPORT int kbuffer_curr_size(struct kbuffer* kbuf) { return kbuf ? kbuf->curr_size() : 0; }

TEP_EXPORT int kbuffer_event_size(struct kbuffer* kbuf) { return kbuf ? kbuf->event_size() : 0; }

// The payload of the event whose header is at `data`, in host (swap == 0) or
// swapped byte order; null for padding and time markers.
TEP_EXPORT void* kbuffer_translate_data(int swap, void* data, unsigned int* size) {
  if (!data) return nullptr;
  kbuffer reader(false, swap != tep::base::kHostBigEndian);
  kbuffer::Header h;
  reader.decode(static_cast<const uint8_t*>(data), nullptr, h);
  if (h.type_len >= KBUFFER_TYPE_PADDING) return nullptr;
  if (size) *size = static_cast<unsigned int>(h.length);
  return const_cast<uint8_t*>(h.payload);
}

TEP_EXPORT struct kbuffer_raw_info* kbuffer_raw_get(struct kbuffer* kbuf, void* subbuf, struct kbuffer_raw_info* info) {
  if (!kbuf || !subbuf || !info) return nullptr;
  return kbuf->raw_get(subbuf, info);
}

// A reader for the handle's data: its long size (the header page's when unset)
// and byte order. A NULL handle gets long 4, little endian, as upstream (whose
// getters answer 0 for it; a new handle has the host's byte order).
TEP_EXPORT struct kbuffer* tep_kbuffer(struct tep_handle* tep) {
  int long_size = tep_get_long_size(tep);
  if (!long_size) long_size = tep_get_header_page_size(tep);
  return kbuffer_alloc(long_size == 8 ? KBUFFER_LSIZE_8 : KBUFFER_LSIZE_4,
                       tep_is_file_bigendian(tep) ? KBUFFER_ENDIAN_BIG : KBUFFER_ENDIAN_LITTLE);
}
