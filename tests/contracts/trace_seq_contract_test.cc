// SPDX-License-Identifier: LGPL-2.1
// What trace_seq_* leave in the seq beyond their return values
// (Documentation/differences.md, "Contracts").
#include <cstdarg>
#include <cstdint>
#include <string>

#include "contract_fixture.h"

namespace contracts {
namespace {

#pragma GCC diagnostic ignored "-Wformat-zero-length"
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wnonnull"

using TraceSeqContract = ContractTest;

int vprintf_seq(trace_seq* s, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int ret = trace_seq_vprintf(s, fmt, ap);
  va_end(ap);
  return ret;
}

char* const kPoison = reinterpret_cast<char*>(uintptr_t{0xdeadbeef});

TEST_F(TraceSeqContract, PrintfLeavesNulAfterText) {
  trace_seq_printf(&seq_, "%s", "hello world");
  trace_seq_reset(&seq_);
  EXPECT_EQ(trace_seq_printf(&seq_, "%d", 5), 1);
  EXPECT_EQ(c_string(), "5");
  make_stale();
  trace_seq_printf(&seq_, "abc");  // no conversion at all
  EXPECT_EQ(c_string(), "abc");
  trace_seq_printf(&seq_, "%-6s|%5d", "x", 7);  // ends in text padded in place
  EXPECT_EQ(c_string(), "abcx     |    7");
}

TEST_F(TraceSeqContract, VprintfLeavesNulAfterText) {
  make_stale();
  EXPECT_EQ(vprintf_seq(&seq_, "%d|%s", 7, "x"), 3);
  EXPECT_EQ(c_string(), "7|x");
}

TEST_F(TraceSeqContract, EmptyPrintfLeavesNul) {
  make_stale();
  EXPECT_EQ(trace_seq_printf(&seq_, "%s", ""), 0);
  EXPECT_EQ(c_string(), "");
  trace_seq_puts(&seq_, "ab");
  memset(seq_.buffer + seq_.len, '~', seq_.buffer_size - seq_.len);
  EXPECT_EQ(trace_seq_printf(&seq_, ""), 0);
  EXPECT_EQ(c_string(), "ab");
}

TEST_F(TraceSeqContract, PrintfNullFormatReturnsMinusOneAndEmptyString) {
  make_stale();
  EXPECT_EQ(trace_seq_printf(&seq_, nullptr), -1);
  EXPECT_EQ(vprintf_seq(&seq_, nullptr), -1);
  EXPECT_EQ(seq_.len, 0u);
  EXPECT_EQ(seq_.state, TRACE_SEQ__GOOD);
  EXPECT_EQ(c_string(), "");
}

TEST_F(TraceSeqContract, PrintfGrowsInPageStepsAndTerminates) {
  // vsnprintf gets buffer_size - 1 - len bytes: 4094 characters fill the first page.
  for (size_t n : {4093, 4094, 4095, 4096, 8190, 8191}) {
    trace_seq s;
    trace_seq_init(&s);
    std::string text(n, 'p');
    EXPECT_EQ(trace_seq_printf(&s, "%s", text.c_str()), static_cast<int>(n));
    EXPECT_EQ(s.buffer_size, n <= 4094 ? 4096u : n <= 8190 ? 8192u : 12288u) << n;
    EXPECT_EQ(strlen(s.buffer), n);
    trace_seq_destroy(&s);
  }
}

// Upstream's puts/putc leave no NUL; ours do (nothing can rely on that byte).
TEST_F(TraceSeqContract, PutsAndPutcLeaveNul) {
  make_stale();
  EXPECT_EQ(trace_seq_puts(&seq_, "ab"), 2);
  EXPECT_EQ(c_string(), "ab");
  EXPECT_EQ(trace_seq_putc(&seq_, 'c'), 1);
  EXPECT_EQ(c_string(), "abc");
  EXPECT_EQ(trace_seq_puts(&seq_, ""), 0);
  EXPECT_EQ(c_string(), "abc");
}

TEST_F(TraceSeqContract, PutsGrowsLikeUpstream) {
  for (size_t n : {4094, 4095, 4096, 8191}) {
    trace_seq s;
    trace_seq_init(&s);
    std::string text(n, 'u');
    EXPECT_EQ(trace_seq_puts(&s, text.c_str()), static_cast<int>(n));
    EXPECT_EQ(s.buffer_size, n <= 4095 ? 4096u : n <= 8191 ? 8192u : 12288u) << n;
    trace_seq_destroy(&s);
  }
}

TEST_F(TraceSeqContract, InitLeavesEmptyString) {
  trace_seq s;
  memset(&s, 0x5a, sizeof(s));
  trace_seq_init(&s);
  EXPECT_EQ(s.len, 0u);
  EXPECT_EQ(s.readpos, 0u);
  EXPECT_EQ(s.buffer_size, 4096u);
  EXPECT_EQ(s.state, TRACE_SEQ__GOOD);
  EXPECT_STREQ(s.buffer, "");
  trace_seq_destroy(&s);
}

TEST_F(TraceSeqContract, ResetClearsCountersKeepsBuffer) {
  std::string text(5000, 'r');
  trace_seq_puts(&seq_, text.c_str());
  seq_.readpos = 4;
  char* buffer = seq_.buffer;
  trace_seq_reset(&seq_);
  EXPECT_EQ(seq_.len, 0u);
  EXPECT_EQ(seq_.readpos, 0u);
  EXPECT_EQ(seq_.buffer_size, 8192u);
  EXPECT_EQ(seq_.buffer, buffer);
  EXPECT_EQ(c_string(), "");
}

TEST_F(TraceSeqContract, WritesLeaveReadposAlone) {
  seq_.readpos = 3;
  trace_seq_printf(&seq_, "abcdef");
  trace_seq_puts(&seq_, "g");
  trace_seq_putc(&seq_, 'h');
  trace_seq_terminate(&seq_);
  EXPECT_EQ(seq_.readpos, 3u);
  EXPECT_EQ(c_string(), "abcdefgh");
}

TEST_F(TraceSeqContract, DestroyLeavesPoisonAndCounters) {
  trace_seq s;
  trace_seq_init(&s);
  trace_seq_printf(&s, "%s", "text");
  s.readpos = 2;
  trace_seq_destroy(&s);
  EXPECT_EQ(s.buffer, kPoison);
  EXPECT_EQ(s.len, 4u);
  EXPECT_EQ(s.readpos, 2u);
  EXPECT_EQ(s.buffer_size, 4096u);
  EXPECT_EQ(s.state, TRACE_SEQ__GOOD);
  testing::internal::CaptureStderr();
  EXPECT_EQ(trace_seq_printf(&s, "%d", 1), 0);
  EXPECT_EQ(s.state, TRACE_SEQ__BUFFER_POISONED);
  trace_seq_destroy(&s);  // warns, frees nothing
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "Usage of trace_seq after it was destroyed\nUsage of trace_seq after it was destroyed\n");
}

TEST_F(TraceSeqContract, FailedSeqKeepsTextAndBuffer) {
  trace_seq_puts(&seq_, "kept");
  seq_.state = TRACE_SEQ__MEM_ALLOC_FAILED;
  char* buffer = seq_.buffer;
  EXPECT_EQ(trace_seq_printf(&seq_, "%d", 1), 0);
  EXPECT_EQ(trace_seq_puts(&seq_, "a"), 0);
  EXPECT_EQ(trace_seq_putc(&seq_, 'a'), 0);
  trace_seq_destroy(&seq_);  // a failed seq is not freed
  EXPECT_EQ(seq_.buffer, buffer);
  EXPECT_EQ(text(), "kept");
  seq_.state = TRACE_SEQ__GOOD;
}

TEST_F(TraceSeqContract, PutcFillsThePageThenTerminates) {
  for (int i = 0; i < 4095; i++) trace_seq_putc(&seq_, 't');
  EXPECT_EQ(seq_.buffer_size, 4096u);
  trace_seq_terminate(&seq_);
  EXPECT_EQ(strlen(seq_.buffer), 4095u);
  trace_seq_putc(&seq_, 't');
  EXPECT_EQ(seq_.buffer_size, 8192u);
}

TEST_F(TraceSeqContract, DoPrintfStopsAtNul) {
  trace_seq_puts(&seq_, "ab");
  trace_seq_putc(&seq_, 0);
  trace_seq_puts(&seq_, "cd");
  FILE* out = tmpfile();
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(trace_seq_do_fprintf(&seq_, out), 2);
  fclose(out);
}

TEST_F(TraceSeqContract, NullSeqIsRefused) {
  trace_seq_init(nullptr);
  trace_seq_reset(nullptr);
  trace_seq_destroy(nullptr);
  trace_seq_terminate(nullptr);
  EXPECT_EQ(trace_seq_printf(nullptr, "%d", 1), 0);
  EXPECT_EQ(vprintf_seq(nullptr, "%d", 1), 0);
  EXPECT_EQ(trace_seq_puts(nullptr, "a"), 0);
  EXPECT_EQ(trace_seq_putc(nullptr, 'a'), 0);
  EXPECT_EQ(trace_seq_do_printf(nullptr), -1);
  EXPECT_EQ(trace_seq_do_fprintf(&seq_, nullptr), -1);
  EXPECT_EQ(trace_seq_puts(&seq_, nullptr), 0);
}

TEST_F(TraceSeqContract, ZeroedSeqGetsABuffer) {
  trace_seq s;
  memset(&s, 0, sizeof(s));
  EXPECT_EQ(trace_seq_printf(&s, "%d", 12), 2);
  EXPECT_STREQ(s.buffer, "12");
  EXPECT_EQ(s.buffer_size, 4096u);
  free(s.buffer);
}

}  // namespace
}  // namespace contracts
