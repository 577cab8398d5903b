// SPDX-License-Identifier: LGPL-2.1
// trace_seq: upstream's return values, growth steps, poisoning and error states,
// and the fast append paths of lib/seq/seq.h.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "trace-seq.h"
#include "seq/seq.h"

namespace {

struct Seq {
  trace_seq s;
  Seq() { trace_seq_init(&s); }
  ~Seq() {
    s.state = TRACE_SEQ__GOOD;
    if (s.buffer != reinterpret_cast<char*>(uintptr_t{0xdeadbeef})) trace_seq_destroy(&s);
  }
  std::string text() const { return std::string(s.buffer, s.len); }
};

TEST(TraceSeq, InitAllocatesOnePage) {
  Seq q;
  EXPECT_EQ(q.s.buffer_size, 4096u);
  EXPECT_EQ(q.s.len, 0u);
  EXPECT_EQ(q.s.readpos, 0u);
  EXPECT_EQ(q.s.state, TRACE_SEQ__GOOD);
}

TEST(TraceSeq, ReturnValues) {
  Seq q;
  EXPECT_EQ(trace_seq_printf(&q.s, "hello %d", 42), 8);
  EXPECT_EQ(trace_seq_printf(&q.s, "%s", ""), 0);
  EXPECT_EQ(trace_seq_puts(&q.s, "abc"), 3);
  EXPECT_EQ(trace_seq_puts(&q.s, ""), 0);
  EXPECT_EQ(trace_seq_putc(&q.s, 'x'), 1);
  EXPECT_EQ(trace_seq_putc(&q.s, 0), 1);  // a NUL byte is stored too
  EXPECT_EQ(q.s.len, 13u);
  EXPECT_EQ(q.text(), std::string("hello 42abcx\0", 13));
}

// Upstream grows by 4096 until the text fits with one spare byte (two for
// printf and putc): these sizes are what it ends up with.
TEST(TraceSeq, GrowsInPageSteps) {
  Seq q;
  trace_seq_printf(&q.s, "hello %d", 42);
  trace_seq_puts(&q.s, "abcxx");
  std::string big(9999, 'a');
  EXPECT_EQ(trace_seq_printf(&q.s, "%s", big.c_str()), 9999);
  EXPECT_EQ(q.s.buffer_size, 12288u);
  EXPECT_EQ(trace_seq_puts(&q.s, big.c_str()), 9999);
  EXPECT_EQ(q.s.buffer_size, 20480u);
}

TEST(TraceSeq, BoundaryOfTheFirstPage) {
  {
    Seq q;  // puts needs len + n + 1 <= size
    EXPECT_EQ(trace_seq_puts(&q.s, std::string(4095, 'c').c_str()), 4095);
    EXPECT_EQ(q.s.buffer_size, 4096u);
    trace_seq_terminate(&q.s);
    EXPECT_EQ(q.s.buffer[4095], '\0');
  }
  {
    Seq q;  // printf needs len + n + 2 <= size
    EXPECT_EQ(trace_seq_printf(&q.s, "%s", std::string(4094, 'c').c_str()), 4094);
    EXPECT_EQ(q.s.buffer_size, 4096u);
    trace_seq_putc(&q.s, 'd');  // putc needs len + 2 <= size
    EXPECT_EQ(q.s.buffer_size, 4096u);
    trace_seq_putc(&q.s, 'e');
    EXPECT_EQ(q.s.buffer_size, 8192u);
  }
  {
    Seq q;
    for (int i = 0; i < 4094; i++) trace_seq_putc(&q.s, 'b');
    EXPECT_EQ(q.s.buffer_size, 4096u);
  }
}

TEST(TraceSeq, ResetKeepsTheBuffer) {
  Seq q;
  trace_seq_puts(&q.s, std::string(5000, 'x').c_str());
  q.s.readpos = 3;
  trace_seq_reset(&q.s);
  EXPECT_EQ(q.s.len, 0u);
  EXPECT_EQ(q.s.readpos, 0u);
  EXPECT_EQ(q.s.buffer_size, 8192u);
}

TEST(TraceSeq, DestroyPoisons) {
  trace_seq s;
  trace_seq_init(&s);
  trace_seq_puts(&s, "xyz");
  trace_seq_destroy(&s);
  EXPECT_EQ(s.buffer, reinterpret_cast<char*>(uintptr_t{0xdeadbeef}));
  EXPECT_EQ(s.state, TRACE_SEQ__GOOD);  // only the next use notices
  testing::internal::CaptureStderr();
  EXPECT_EQ(trace_seq_puts(&s, "abc"), 0);
  EXPECT_EQ(s.state, TRACE_SEQ__BUFFER_POISONED);
  EXPECT_EQ(trace_seq_printf(&s, "abc"), 0);
  EXPECT_EQ(trace_seq_putc(&s, 'a'), 0);
  trace_seq_reset(&s);  // clears the counters all the same
  EXPECT_EQ(s.len, 0u);
  trace_seq_destroy(&s);  // twice: nothing freed
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("Usage of trace_seq after it was destroyed\n"), std::string::npos);
  testing::internal::CaptureStdout();
  EXPECT_EQ(trace_seq_do_printf(&s), -1);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "Usage of trace_seq after it was destroyed\n");
}

TEST(TraceSeq, FailedStateDropsWrites) {
  Seq q;
  q.s.state = TRACE_SEQ__MEM_ALLOC_FAILED;
  EXPECT_EQ(trace_seq_puts(&q.s, "abc"), 0);
  EXPECT_EQ(trace_seq_printf(&q.s, "abc"), 0);
  EXPECT_EQ(trace_seq_putc(&q.s, 'c'), 0);
  tep::seq::append(&q.s, "abc");
  EXPECT_EQ(q.s.len, 0u);
  testing::internal::CaptureStdout();
  EXPECT_EQ(trace_seq_do_printf(&q.s), -1);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "Can't allocate trace_seq buffer memory\n");
}

TEST(TraceSeq, DoPrintfWritesTheText) {
  Seq q;
  trace_seq_puts(&q.s, "xyz");
  testing::internal::CaptureStdout();
  EXPECT_EQ(trace_seq_do_printf(&q.s), 3);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "xyz");
}

// trace-cmd inits and destroys a seq per record: the buffer is reused, and
// behaves as a fresh one (destroy still poisons the old seq).
TEST(TraceSeq, InitAfterDestroyStartsFresh) {
  for (int i = 0; i < 3; i++) {
    trace_seq s;
    trace_seq_init(&s);
    EXPECT_EQ(s.len, 0u);
    EXPECT_EQ(s.buffer_size, static_cast<unsigned>(TRACE_SEQ_BUF_SIZE));
    trace_seq_printf(&s, "round %d", i);
    trace_seq_terminate(&s);
    EXPECT_STREQ(s.buffer, ("round " + std::to_string(i)).c_str());
    trace_seq_destroy(&s);
    EXPECT_EQ(s.buffer, reinterpret_cast<char*>(0xdeadbeef));
  }
  trace_seq grown;  // a grown buffer is freed, not kept
  trace_seq_init(&grown);
  for (int i = 0; i < 2 * TRACE_SEQ_BUF_SIZE; i++) trace_seq_putc(&grown, 'x');
  trace_seq_destroy(&grown);
  trace_seq fresh;
  trace_seq_init(&fresh);
  EXPECT_EQ(fresh.buffer_size, static_cast<unsigned>(TRACE_SEQ_BUF_SIZE));
  free(fresh.buffer);  // callers may free it themselves
}

// fprintf("%.*s") as upstream: the text up to the first NUL, its length back.
TEST(TraceSeq, DoFprintfStopsAtANul) {
  Seq q;
  trace_seq_puts(&q.s, "ab");
  trace_seq_putc(&q.s, '\0');
  trace_seq_puts(&q.s, "cd");
  testing::internal::CaptureStdout();
  EXPECT_EQ(trace_seq_do_printf(&q.s), 2);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "ab");
}

TEST(TraceSeq, NullArgumentsAreRefused) {
  trace_seq_reset(nullptr);
  trace_seq_destroy(nullptr);
  Seq q;
  EXPECT_EQ(trace_seq_puts(&q.s, nullptr), 0);
  EXPECT_EQ(trace_seq_puts(nullptr, "x"), 0);
  EXPECT_EQ(trace_seq_do_fprintf(&q.s, nullptr), -1);
}

TEST(SeqFastPaths, MatchThePublicFunctions) {
  Seq a, b;
  std::string big(7000, 'q');
  tep::seq::append(&a.s, "abc");
  tep::seq::append_char(&a.s, '\0');
  tep::seq::appendf(&a.s, "%d-%s", 7, big.c_str());
  trace_seq_puts(&b.s, "abc");
  trace_seq_putc(&b.s, '\0');
  trace_seq_printf(&b.s, "%d-%s", 7, big.c_str());
  EXPECT_EQ(a.text(), b.text());
  EXPECT_EQ(a.s.buffer_size, b.s.buffer_size);
}

TEST(SeqFastPaths, AppendKeepsEmbeddedNuls) {
  Seq q;
  tep::seq::append(&q.s, std::string_view("a\0b", 3));
  EXPECT_EQ(q.text(), std::string("a\0b", 3));
}

}  // namespace
