// SPDX-License-Identifier: LGPL-2.1
#include "seq/seq.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "base/per_thread.h"
#include "seq/hand_printf.h"

namespace tep::seq {

namespace {

// What trace_seq_destroy leaves in `buffer` (upstream's value: consumers may test it).
char* const kPoison = reinterpret_cast<char*>(uintptr_t{0xdeadbeef});  // has_room() knows it too
constexpr unsigned kStep = TRACE_SEQ_BUF_SIZE;

// Upstream warns once per call site; the entry points are our call sites.
enum Site { kReset, kDestroy, kPuts, kPutc, kPrintf, kVprintf, kTerminate, kFprintf, kSiteCount };
std::atomic<bool> poison_warned[kSiteCount];
std::atomic<bool> alloc_warned;

void warn_once(std::atomic<bool>& flag, const char* message) {
  if (!flag.exchange(true, std::memory_order_relaxed)) fprintf(stderr, "%s\n", message);
}

constexpr const char* kPoisonMessage = "Usage of trace_seq after it was destroyed";
constexpr const char* kAllocMessage = "Can't allocate trace_seq buffer memory";

// The poison check every entry point starts with: marks the seq poisoned.
bool poisoned(trace_seq* s, Site site) {
  if (s->buffer != kPoison) return false;
  warn_once(poison_warned[site], kPoisonMessage);
  s->state = TRACE_SEQ__BUFFER_POISONED;
  return true;
}

bool writable(trace_seq* s, Site site) { return !poisoned(s, site) && s->state == TRACE_SEQ__GOOD; }

// Makes room for `extra` more bytes plus the byte terminate() writes, growing in
// kStep steps like upstream (so buffer_size matches it). False on failure.
bool reserve(trace_seq* s, uint64_t extra) {
  uint64_t need = uint64_t{s->len} + extra + 1;
  if (s->buffer && need <= s->buffer_size) return true;
  uint64_t size = s->buffer_size;
  if (need > size) size += (need - size + kStep - 1) / kStep * kStep;
  if (size > UINT32_MAX) size = uint64_t{UINT32_MAX} / kStep * kStep;  // buffer_size is 32-bit
  char* grown = size >= need ? static_cast<char*>(realloc(s->buffer, size)) : nullptr;
  if (!grown) {
    warn_once(alloc_warned, kAllocMessage);
    s->state = TRACE_SEQ__MEM_ALLOC_FAILED;
    return false;
  }
  s->buffer = grown;
  s->buffer_size = static_cast<unsigned>(size);
  return true;
}

int put_bytes(trace_seq* s, std::string_view text, Site site) {
  if (!writable(s, site)) return 0;
  if (!reserve(s, text.size())) return 0;
  if (!text.empty())  // an empty view may carry a null data() (UB for memcpy)
    memcpy(s->buffer + s->len, text.data(), text.size());
  s->len += static_cast<unsigned>(text.size());
  s->buffer[s->len] = '\0';
  return static_cast<int>(text.size());
}

int put_byte(trace_seq* s, char c, Site site) {
  if (!writable(s, site)) return 0;
  // Upstream keeps two spare bytes here (len < buffer_size - 1 after the write).
  if (!reserve(s, 1)) return 0;
  s->buffer[s->len++] = c;
  s->buffer[s->len] = '\0';
  return 1;
}

// vsnprintf's way, for what the hand formatter does not do. It gets
// buffer_size - 1 - len bytes: a result that fills them exactly still grows
// the buffer, as upstream's `ret >= len` retry does.
__attribute__((noinline)) int format_by_vsnprintf(trace_seq* s, const char* fmt, va_list ap) {
  uint64_t room = s->buffer && s->buffer_size > s->len ? s->buffer_size - 1 - s->len : 0;
  va_list copy;
  va_copy(copy, ap);
  int ret = vsnprintf(room ? s->buffer + s->len : nullptr, room, fmt, copy);
  va_end(copy);
  if (ret >= 0 && static_cast<uint64_t>(ret) >= room) {
    if (!reserve(s, uint64_t(ret) + 1)) return 0;
    room = s->buffer_size - 1 - s->len;
    va_copy(copy, ap);
    ret = vsnprintf(s->buffer + s->len, room, fmt, copy);
    va_end(copy);
  }
  if (ret > 0) s->len += static_cast<unsigned>(ret);
  return ret;
}

int format(trace_seq* s, Site site, const char* fmt, va_list ap) {
  if (!writable(s, site)) return 0;
  if (__builtin_expect(!fmt, 0)) {
    // glibc's vsnprintf: the empty string written, -1 returned.
    nul_terminate(s);
    return -1;
  }
  va_list copy;
  va_copy(copy, ap);
  int ret = format_by_hand(s, fmt, copy);
  va_end(copy);
  if (__builtin_expect(ret < 0, 0)) return format_by_vsnprintf(s, fmt, ap);
  // vsnprintf's path grows the buffer when the text leaves no spare byte
  // after its terminator: keep buffer_size the same as there.
  if (!has_room(s, 1)) reserve(s, 1);
  // The text may end in padding written in place. Every hand append kept the
  // spare byte, so it is there even if reserve() just failed.
  s->buffer[s->len] = '\0';
  return ret;
}

// trace-cmd initialises and destroys a trace_seq per record, and glibc's
// per-thread cache does not serve 4 KiB blocks: each thread keeps the last
// first-step buffer destroyed for the next init. It is malloc'ed all the same,
// so a caller may still free() it.
struct SpareBuffer {
  char* buffer = nullptr;
  ~SpareBuffer() { free(buffer); }
};

}  // namespace

void append_slow(trace_seq* s, std::string_view text) { put_bytes(s, text, kPuts); }

void append_char_slow(trace_seq* s, char c) { put_byte(s, c, kPutc); }

void appendf(trace_seq* s, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  format(s, kPrintf, fmt, ap);
  va_end(ap);
}

void init(trace_seq* s) {
  s->len = 0;
  s->readpos = 0;
  s->buffer_size = kStep;
  SpareBuffer& spare = base::per_thread<SpareBuffer>();
  s->buffer = spare.buffer ? spare.buffer : static_cast<char*>(malloc(kStep));
  spare.buffer = nullptr;
  s->state = s->buffer ? TRACE_SEQ__GOOD : TRACE_SEQ__MEM_ALLOC_FAILED;
  if (s->buffer) s->buffer[0] = '\0';
}

void reset(trace_seq* s) {
  poisoned(s, kReset);  // upstream clears the counters even then
  s->len = 0;
  s->readpos = 0;
  nul_terminate(s);  // the stale text no longer reads as the seq's
}

void destroy(trace_seq* s) {
  if (poisoned(s, kDestroy) || s->state != TRACE_SEQ__GOOD) return;
  SpareBuffer& spare = base::per_thread<SpareBuffer>();
  if (s->buffer_size == kStep && !spare.buffer) {
    spare.buffer = s->buffer;
  } else {
    free(s->buffer);
  }
  s->buffer = kPoison;
}

int put_text(trace_seq* s, std::string_view text) { return put_bytes(s, text, kPuts); }

int put_char(trace_seq* s, unsigned char c) { return put_byte(s, static_cast<char>(c), kPutc); }

int print_va(trace_seq* s, const char* fmt, va_list ap) { return format(s, kPrintf, fmt, ap); }

int vprint(trace_seq* s, const char* fmt, va_list ap) { return format(s, kVprintf, fmt, ap); }

void terminate(trace_seq* s) {
  if (!writable(s, kTerminate) || !s->buffer || s->len >= s->buffer_size) return;
  s->buffer[s->len] = '\0';
}

int write_to(trace_seq* s, FILE* fp) {
  poisoned(s, kFprintf);
  switch (s->state) {
    case TRACE_SEQ__GOOD:
      if (!s->buffer) return 0;
      {
        // fprintf("%.*s") as upstream, without the printf machinery: up to the
        // first NUL, the count written or -1.
        size_t n = strnlen(s->buffer, s->len);
        return fwrite(s->buffer, 1, n, fp) == n ? static_cast<int>(n) : -1;
      }
    case TRACE_SEQ__BUFFER_POISONED: fprintf(fp, "%s\n", kPoisonMessage); break;
    case TRACE_SEQ__MEM_ALLOC_FAILED: fprintf(fp, "%s\n", kAllocMessage); break;
  }
  return -1;
}

}  // namespace tep::seq
