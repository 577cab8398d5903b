// SPDX-License-Identifier: LGPL-2.1
// Logging (levels, streams, perror prefixes) and tep_strerror.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdarg>
#include <string>

#include "event-parse.h"

extern "C" {
void tep_warning(const char* fmt, ...);
void tep_info(const char* fmt, ...);
int __tep_vprint(const char* name, enum tep_loglevel level, bool print_err, const char* fmt,
                 va_list ap);
void breakpoint(void);
}

namespace {

int call_vprint(const char* name, tep_loglevel level, bool print_err, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int ret = __tep_vprint(name, level, print_err, fmt, ap);
  va_end(ap);
  return ret;
}

struct Output {
  std::string out, err;
};

template <class F>
Output capture(F f) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  f();
  Output o;
  o.err = testing::internal::GetCapturedStderr();
  o.out = testing::internal::GetCapturedStdout();
  return o;
}

TEST(Log, DefaultLevelHidesWarningsAndInfo) {
  tep_set_loglevel(TEP_LOG_CRITICAL);  // upstream's default
  Output o = capture([] {
    tep_warning("w %d", 1);
    tep_info("i %d", 1);
  });
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, "");
}

TEST(Log, WarningsGoToStderrWithErrno) {
  tep_set_loglevel(TEP_LOG_WARNING);
  Output o = capture([] {
    errno = 0;
    tep_warning("plain %d", 3);
    errno = EIO;
    tep_warning("with errno");
    errno = EIO;
    tep_info("hidden at WARNING");
  });
  EXPECT_EQ(o.err, "plain 3\nlibtraceevent: Input/output error\n  with errno\n");
  EXPECT_EQ(o.out, "");
  tep_set_loglevel(TEP_LOG_CRITICAL);
}

TEST(Log, InfoGoesToStdoutWithoutPrefix) {
  tep_set_loglevel(TEP_LOG_INFO);
  Output o = capture([] {
    errno = EIO;
    tep_info("info %s", "x");
  });
  EXPECT_EQ(o.out, "info x\n");
  EXPECT_EQ(o.err, "");
  tep_set_loglevel(TEP_LOG_CRITICAL);
}

TEST(Log, VprintReturnsErrnoAndPicksTheStream) {
  Output o = capture([] {
    errno = ENOENT;
    EXPECT_EQ(call_vprint("nm", TEP_LOG_ERROR, true, "e %d", 2), ENOENT);
    errno = ENOENT;
    EXPECT_EQ(call_vprint("nm", TEP_LOG_DEBUG, true, "d"), ENOENT);
    errno = 0;
    EXPECT_EQ(call_vprint("nm", TEP_LOG_CRITICAL, true, "c"), 0);
  });
  EXPECT_EQ(o.err, "nm: No such file or directory\n  e 2\nc\n");
  EXPECT_EQ(o.out, "d\n");
}

TEST(Strerror, SystemAndLibraryCodes) {
  char buf[64];
  EXPECT_EQ(tep_strerror(nullptr, static_cast<tep_errno>(EINVAL), buf, sizeof buf), 0);
  EXPECT_STREQ(buf, "Invalid argument");
  EXPECT_EQ(tep_strerror(nullptr, TEP_ERRNO__MEM_ALLOC_FAILED, buf, sizeof buf), 0);
  EXPECT_STREQ(buf, "failed to allocate memory");
  EXPECT_EQ(tep_strerror(nullptr, TEP_ERRNO__FILTER_MISS, buf, sizeof buf), 0);
  EXPECT_STREQ(buf, "record does not match to filter");
  EXPECT_EQ(tep_strerror(nullptr, TEP_ERRNO__FILTER_MISS, buf, 5), 0);
  EXPECT_STREQ(buf, "reco");
  EXPECT_EQ(tep_strerror(nullptr, static_cast<tep_errno>(2), buf, 5), ERANGE);
  EXPECT_STREQ(buf, "No s");
}

TEST(Strerror, OutOfRangeLeavesTheBuffer) {
  char buf[8] = "keep";
  EXPECT_EQ(tep_strerror(nullptr, __TEP_ERRNO__END, buf, sizeof buf), -1);
  EXPECT_EQ(tep_strerror(nullptr, __TEP_ERRNO__START, buf, sizeof buf), -1);
  EXPECT_EQ(tep_strerror(nullptr, static_cast<tep_errno>(-1), buf, sizeof buf), -1);
  EXPECT_EQ(tep_strerror(nullptr, TEP_ERRNO__MEM_ALLOC_FAILED, buf, 0), 0);
  EXPECT_STREQ(buf, "keep");
}

TEST(Breakpoint, IsCallable) { breakpoint(); }

}  // namespace
