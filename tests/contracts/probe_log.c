/* SPDX-License-Identifier: LGPL-2.1 */
/* Logging and error texts: what each hook prints at each log level, with and
   without errno set, what it returns and leaves in errno; tep_strerror. */
#include <stdarg.h>
#include <string.h>

#include "probe.h"
#include "event-utils.h"

#pragma GCC diagnostic ignored "-Wnonnull"
#pragma GCC diagnostic ignored "-Wformat-zero-length"

/* Exported without a prototype in the public headers. */
void breakpoint(void);

static int call_vprint(int (*fn)(const char *, enum tep_loglevel, bool, const char *, va_list),
                       const char *name, enum tep_loglevel level, bool print_err, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int ret = fn(name, level, print_err, fmt, ap);
  va_end(ap);
  return ret;
}

static int call_vwarning(const char *name, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int ret = tep_vwarning(name, fmt, ap);
  va_end(ap);
  return ret;
}

static void call_vpr(void (*fn)(const char *, va_list), const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fn(fmt, ap);
  va_end(ap);
}

/* Every hook at one log level, with errno 0 and with errno ENOENT before it. */
static void hooks_at(enum tep_loglevel level)
{
  tep_set_loglevel(level);
  for (int e = 0; e < 2; e++) {
    int before = e ? ENOENT : 0;
    printf("  -- level %d errno %d\n", level, before);
    errno = before; tep_warning("warning %d", 1); printf("  after tep_warning errno=%d\n", errno);
    errno = before; tep_info("info %d", 2); printf("  after tep_info errno=%d\n", errno);
    errno = before; pr_stat("pr_stat %d", 3); printf("  after pr_stat errno=%d\n", errno);
    errno = before; __pr_stat("__pr_stat %d", 4); printf("  after __pr_stat errno=%d\n", errno);
    errno = before; call_vpr(vpr_stat, "vpr_stat %d", 5); printf("  after vpr_stat errno=%d\n", errno);
    errno = before; call_vpr(__vpr_stat, "__vpr_stat %d", 6); printf("  after __vpr_stat errno=%d\n", errno);
    errno = before;
    int ret = call_vwarning("probe", "vwarning %d", 7);
    printf("  after tep_vwarning ret=%d errno=%d\n", ret, errno);
  }
}

CASE(log_hooks_default_level) { hooks_at(TEP_LOG_CRITICAL); }
CASE(log_hooks_level_none) { hooks_at(TEP_LOG_NONE); }
CASE(log_hooks_level_warning) { hooks_at(TEP_LOG_WARNING); }
CASE(log_hooks_level_info) { hooks_at(TEP_LOG_INFO); }
CASE(log_hooks_level_all) { hooks_at(TEP_LOG_ALL); }

CASE(vprint_levels)
{
  for (int level = TEP_LOG_NONE; level <= TEP_LOG_ALL; level++)
    for (int print_err = 0; print_err < 2; print_err++) {
      errno = ENOENT;
      int ret = call_vprint(tep_vprint, "name", level, print_err, "level %d print_err %d", level, print_err);
      printf("  tep_vprint ret=%d errno=%d\n", ret, errno);
      errno = 0;
      ret = call_vprint(__tep_vprint, "name", level, print_err, "level %d errno 0", level);
      printf("  __tep_vprint ret=%d errno=%d\n", ret, errno);
    }
}

CASE(vprint_null_name)
{
  errno = ENOENT;
  int ret = call_vprint(tep_vprint, NULL, TEP_LOG_WARNING, true, "text");
  printf("  ret=%d\n", ret);
}

CASE(vprint_null_format)
{
  errno = 0;
  int ret = call_vprint(tep_vprint, "name", TEP_LOG_INFO, false, NULL);
  printf("  ret=%d\n", ret);
}

CASE(strerror_codes)
{
  static const int codes[] = {
    0, ENOENT, 133, 5000, -1, TEP_ERRNO__MEM_ALLOC_FAILED, TEP_ERRNO__PARSE_EVENT_FAILED,
    TEP_ERRNO__FILTER_NOT_FOUND, __TEP_ERRNO__START, __TEP_ERRNO__END, __TEP_ERRNO__END + 1,
    __TEP_ERRNO__START - 1,
  };
  struct tep_handle *tep = tep_alloc();
  for (size_t i = 0; i < sizeof(codes) / sizeof(*codes); i++) {
    char buf[128];
    strcpy(buf, "untouched");
    int ret = CALL(tep_strerror(tep, codes[i], buf, sizeof(buf)));
    printf("  %d: ret=%d buf=\"%s\"", codes[i], ret, buf);
    show_errno();
  }
  tep_free(tep);
}

CASE(strerror_small_buffers)
{
  static const size_t sizes[] = { 0, 1, 2, 8 };
  for (size_t i = 0; i < sizeof(sizes) / sizeof(*sizes); i++) {
    char buf[16];
    memset(buf, '~', sizeof(buf));
    buf[15] = 0;
    int ret = tep_strerror(NULL, TEP_ERRNO__MEM_ALLOC_FAILED, buf, sizes[i]);
    printf("  tep code buflen %zu: ret=%d buf=\"%s\"\n", sizes[i], ret, buf);
    memset(buf, '~', sizeof(buf));
    buf[15] = 0;
    ret = tep_strerror(NULL, ENOENT, buf, sizes[i]);
    printf("  ENOENT buflen %zu: ret=%d buf=\"%s\"\n", sizes[i], ret, buf);
  }
}

CASE(strerror_null_buffer) { printf("  ret=%d\n", tep_strerror(NULL, TEP_ERRNO__MEM_ALLOC_FAILED, NULL, 10)); }

CASE(breakpoint_returns) { CALL(breakpoint()); printf("  returned"); show_errno(); }

CASE(set_loglevel_out_of_range)
{
  tep_set_loglevel((enum tep_loglevel)42);
  tep_info("info at 42");
  tep_set_loglevel((enum tep_loglevel)-3);
  tep_warning("warning at -3");
  printf("  returned\n");
}

const struct probe_case log_cases[] = {
  ENTRY(log_hooks_default_level, 0),
  ENTRY(log_hooks_level_none, 0),
  ENTRY(log_hooks_level_warning, 0),
  ENTRY(log_hooks_level_info, 0),
  ENTRY(log_hooks_level_all, 0),
  ENTRY(vprint_levels, 0),
  ENTRY(vprint_null_name, 0),
  ENTRY(vprint_null_format, 0),
  ENTRY(strerror_codes, 0),
  ENTRY(strerror_small_buffers, 0),
  ENTRY(strerror_null_buffer, UPSTREAM_CRASHES),
  ENTRY(breakpoint_returns, 0),
  ENTRY(set_loglevel_out_of_range, 0),
  { NULL, NULL, 0 },
};
