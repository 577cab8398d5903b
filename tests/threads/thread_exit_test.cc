// SPDX-License-Identifier: LGPL-2.1
// Calls from thread-exit destructors (lib/base/per_thread.h): a pthread key's
// destructor or a C++ thread_local's prints a record, reads fields and comms
// and initialises and destroys trace_seqs, with the key or the thread_local
// made before or after the library's own per-thread state (so destroyed after
// or before it), on threads that used the library before or only from the
// destructor. Each print must equal the same print on the main thread. Run
// plain, under ASan, TSan and valgrind (tests/threads/meson.build): nothing
// may touch freed memory or leak.
#include <gtest/gtest.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "event-parse.h"
#include "trace-seq.h"

namespace thread_exit_test {
namespace {

constexpr char kFormat[] =
    "name: wakeup\nID: 61\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n\n"
    "print fmt: \"comm=%s pid=%d\", REC->comm, REC->pid\n";

tep_handle* tep;
unsigned char record_data[28];
tep_record record;

void build_handle() {
  tep = tep_alloc();
  tep_parse_event(tep, kFormat, sizeof(kFormat) - 1, "sched");
  tep_register_comm(tep, "worker", 42);
  uint16_t type = 61;
  int32_t pid = 42, woken = 7;
  memcpy(record_data, &type, 2);
  memcpy(record_data + 4, &pid, 4);
  memcpy(record_data + 8, "sleeper", 8);
  memcpy(record_data + 24, &woken, 4);
  record.data = record_data;
  record.size = sizeof(record_data);
  record.cpu = 1;
  record.ts = 1000;
}

// Everything with per-thread state behind it: print plans and format splits,
// field and comm lookups, the trace_seq spare buffer. Read as a C string.
std::string print_record() {
  trace_seq s;
  trace_seq_init(&s);
  tep_print_event(tep, &s, &record, "%s-%d [%03d] %s: %s", TEP_PRINT_COMM, TEP_PRINT_PID, TEP_PRINT_CPU,
                  TEP_PRINT_NAME, TEP_PRINT_INFO);
  tep_event* event = tep_find_event_by_record(tep, &record);
  unsigned long long woken = 0;
  tep_get_field_val(&s, event, "pid", &record, &woken, 1);
  trace_seq_printf(&s, " woken=%llu comm=%s", woken, tep_data_comm_from_pid(tep, tep_data_pid(tep, &record)));
  std::string out = s.buffer;
  trace_seq_destroy(&s);
  trace_seq_init(&s);  // a second seq takes the spare buffer the first left
  trace_seq_puts(&s, "x");
  trace_seq_destroy(&s);
  return out;
}

std::mutex results_mutex;
std::vector<std::string> results;

void record_print() {
  std::string line = print_record();
  std::lock_guard<std::mutex> lock(results_mutex);
  results.push_back(line);
}

std::vector<std::string> take_results() {
  std::lock_guard<std::mutex> lock(results_mutex);
  return std::move(results);
}

void key_destructor(void*) { record_print(); }

// Made before the library makes any key: its destructor runs before ours.
pthread_key_t early_key;
const bool early_key_made = pthread_key_create(&early_key, key_destructor) == 0;

struct PrintsOnExit {
  bool armed = false;
  ~PrintsOnExit() {
    if (armed) record_print();
  }
};
thread_local PrintsOnExit prints_on_exit;

class ThreadExit : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    build_handle();
    expected_ = print_record();  // also makes the library's keys
  }
  static void TearDownTestSuite() { tep_free(tep); }

  // Runs `body` on `count` threads at once; each must print once on exit.
  static void run_threads(int count, void (*body)()) {
    take_results();
    std::vector<std::thread> threads;
    for (int i = 0; i < count; i++) threads.emplace_back(body);
    for (auto& t : threads) t.join();
    std::vector<std::string> got = take_results();
    ASSERT_EQ(got.size(), static_cast<size_t>(count));
    for (const auto& line : got) EXPECT_EQ(line, expected_);
  }

  static std::string expected_;
};
std::string ThreadExit::expected_;

pthread_key_t late_key;

TEST_F(ThreadExit, ExpectedLineIsTheRecord) {
  EXPECT_EQ(expected_, "worker-42 [001] wakeup: comm=sleeper pid=7 woken=7 comm=worker");
}

TEST_F(ThreadExit, KeyMadeBeforeLibraryStateAfterUse) {
  ASSERT_TRUE(early_key_made);
  run_threads(4, [] {
    print_record();
    pthread_setspecific(early_key, reinterpret_cast<void*>(1));
  });
}

TEST_F(ThreadExit, KeyMadeBeforeLibraryStateOnlyUse) {
  run_threads(4, [] { pthread_setspecific(early_key, reinterpret_cast<void*>(1)); });
}

TEST_F(ThreadExit, KeyMadeAfterLibraryStateAfterUse) {
  ASSERT_EQ(pthread_key_create(&late_key, key_destructor), 0);
  run_threads(4, [] {
    print_record();
    pthread_setspecific(late_key, reinterpret_cast<void*>(1));
  });
  run_threads(4, [] { pthread_setspecific(late_key, reinterpret_cast<void*>(1)); });
  pthread_key_delete(late_key);
}

TEST_F(ThreadExit, ThreadLocalMadeBeforeLibraryState) {
  run_threads(4, [] {
    prints_on_exit.armed = true;  // constructed first: destroyed after the library's own
    print_record();
  });
}

TEST_F(ThreadExit, ThreadLocalMadeAfterLibraryState) {
  run_threads(4, [] {
    print_record();
    prints_on_exit.armed = true;
  });
}

TEST_F(ThreadExit, ThreadLocalOnlyUse) {
  run_threads(4, [] { prints_on_exit.armed = true; });
}

TEST_F(ThreadExit, EveryDestructorOnOneThread) {
  ASSERT_EQ(pthread_key_create(&late_key, key_destructor), 0);
  take_results();
  std::thread t([] {
    prints_on_exit.armed = true;
    print_record();
    pthread_setspecific(early_key, reinterpret_cast<void*>(1));
    pthread_setspecific(late_key, reinterpret_cast<void*>(1));
  });
  t.join();
  pthread_key_delete(late_key);
  std::vector<std::string> got = take_results();
  ASSERT_EQ(got.size(), 3u);
  for (const auto& line : got) EXPECT_EQ(line, expected_);
}

// The main thread: exit() runs its thread_local destructors, then atexit handlers.
TEST_F(ThreadExit, AtexitHandlerOnMainThread) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    static int out;
    out = fds[1];
    prints_on_exit.armed = false;
    atexit([] {
      std::string line = print_record();
      ssize_t n = write(out, line.data(), line.size());
      (void)n;
    });
    print_record();
    exit(0);
  }
  close(fds[1]);
  std::string got;
  char buf[256];
  for (ssize_t n; (n = read(fds[0], buf, sizeof(buf))) > 0;) got.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_EQ(got, expected_);
}

}  // namespace
}  // namespace thread_exit_test
