// SPDX-License-Identifier: LGPL-2.1
// Library logging. tep_vprint and the legacy hooks are weak so that an
// application's own definition wins; every message goes through the exported
// tep_vprint symbol (a PLT call, never a local alias) so such an override sees
// all of them. Also tep_strerror and the `breakpoint` debugger hook.
#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "base/errno_text.h"
#include "compat/export.h"
#include "event-parse.h"
#include "event-utils.h"

// The XSI strerror_r (returns an error number; the GNU one returns a pointer).
extern "C" int __xpg_strerror_r(int errnum, char* buf, size_t buflen);

namespace {

std::atomic<int> log_level{TEP_LOG_CRITICAL};
constexpr const char* kLogName = "libtraceevent";

bool enabled(tep_loglevel level) { return log_level.load(std::memory_order_relaxed) >= level; }

}  // namespace

TEP_EXPORT void tep_set_loglevel(enum tep_loglevel level) { log_level.store(level, std::memory_order_relaxed); }

// Warnings and errors go to stderr, prefixed with perror(name) when errno is
// set and print_err asks for it; the rest goes to stdout. Returns the errno seen.
TEP_EXPORT int __tep_vprint(const char* name, enum tep_loglevel level, bool print_err, const char* fmt, va_list ap) {
  int saved_errno = errno;
  FILE* fp = stdout;
  if (static_cast<unsigned>(level) <= TEP_LOG_WARNING) {
    fp = stderr;
    if (saved_errno && print_err) {
      perror(name);
      fputs("  ", stderr);
    }
  }
  if (fmt) vfprintf(fp, fmt, ap);
  fputc('\n', fp);
  return saved_errno;
}

TEP_EXPORT_WEAK int tep_vprint(const char* name, enum tep_loglevel level, bool print_err, const char* fmt, va_list ap) {
  return __tep_vprint(name, level, print_err, fmt, ap);
}

TEP_EXPORT void tep_warning(const char* fmt, ...) {
  if (!enabled(TEP_LOG_WARNING)) return;
  va_list ap;
  va_start(ap, fmt);
  tep_vprint(kLogName, TEP_LOG_WARNING, true, fmt, ap);
  va_end(ap);
}

TEP_EXPORT void tep_info(const char* fmt, ...) {
  if (!enabled(TEP_LOG_INFO)) return;
  va_list ap;
  va_start(ap, fmt);
  tep_vprint(kLogName, TEP_LOG_INFO, false, fmt, ap);
  va_end(ap);
}

// Legacy hooks, kept as upstream wires them: the pr_stat pair is tep_info, the
// vpr_stat pair prints at INFO whatever the log level.
TEP_EXPORT_WEAK int tep_vwarning(const char* name, const char* fmt, va_list ap) {
  return tep_vprint(name, TEP_LOG_WARNING, true, fmt, ap);
}

TEP_EXPORT_WEAK void __vpr_stat(const char* fmt, va_list ap) { tep_vprint(kLogName, TEP_LOG_INFO, false, fmt, ap); }

TEP_EXPORT_WEAK void vpr_stat(const char* fmt, va_list ap) { tep_vprint(kLogName, TEP_LOG_INFO, false, fmt, ap); }

TEP_EXPORT_WEAK void __pr_stat(const char* fmt, ...) {
  if (!enabled(TEP_LOG_INFO)) return;
  va_list ap;
  va_start(ap, fmt);
  tep_vprint(kLogName, TEP_LOG_INFO, false, fmt, ap);
  va_end(ap);
}

TEP_EXPORT_WEAK void pr_stat(const char* fmt, ...) {
  if (!enabled(TEP_LOG_INFO)) return;
  va_list ap;
  va_start(ap, fmt);
  tep_vprint(kLogName, TEP_LOG_INFO, false, fmt, ap);
  va_end(ap);
}

// errnum >= 0 is a system errno (strerror_r's text and result); a tep_errno
// gets its message and 0; anything else -1 with `buf` untouched.
TEP_EXPORT int tep_strerror(struct tep_handle* /*tep*/, enum tep_errno errnum, char* buf, size_t buflen) {
  if (buflen == 0 || !buf) return buflen == 0 ? 0 : -1;
  int code = static_cast<int>(errnum);
  if (code >= 0) {
    int ret = __xpg_strerror_r(code, buf, buflen);
    buf[buflen - 1] = '\0';
    return ret;
  }
  const char* message = tep::base::errno_text(code);
  if (!message) return -1;
  snprintf(buf, buflen, "%s", message);
  return 0;
}

// A place for a debugger breakpoint; upstream exports it empty too.
TEP_EXPORT void breakpoint(void) {}
