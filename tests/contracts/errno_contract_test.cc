// SPDX-License-Identifier: LGPL-2.1
// errno after each call as upstream leaves it: trace-cmd's warnings print
// strerror(errno), so a value left behind (or not cleared) shows in its output.
#include <cerrno>

#include "contract_fixture.h"

namespace contracts {
namespace {

using ErrnoContract = ContractTest;

constexpr int kSentinel = 4242;

// errno after `parse` of `text` on a fresh handle, kSentinel before it.
int errno_after(int (*parse)(tep_handle*, const char*), const char* text) {
  tep_handle* tep = tep_alloc();
  errno = kSentinel;
  parse(tep, text);
  int after = errno;
  tep_free(tep);
  return after;
}
int errno_after_kallsyms(const char* text) { return errno_after(tep_parse_kallsyms, text); }
int errno_after_printk(const char* text) { return errno_after(tep_parse_printk_formats, text); }

TEST_F(ErrnoContract, KallsymsClearsErrnoPerLine) {
  EXPECT_EQ(errno_after_kallsyms("ffffffff81000000 T _stext\n"), 0);
  EXPECT_EQ(errno_after_kallsyms("ffffffff81000000 T _stext\nnot a line\n"), 0);  // ret -1
  EXPECT_EQ(errno_after_kallsyms("fffffffffffffffffffffff T big\n"), 0);
  EXPECT_EQ(errno_after_kallsyms("   \n"), 0);
}

TEST_F(ErrnoContract, KallsymsWithoutLinesLeavesErrno) {
  EXPECT_EQ(errno_after_kallsyms(""), kSentinel);
  EXPECT_EQ(errno_after_kallsyms("\n\n"), kSentinel);
}

TEST_F(ErrnoContract, PrintkAddressOverflowSetsErange) {
  EXPECT_EQ(errno_after_printk("0xfffffffffffffffffffff : \"a\"\n0x10 : \"b\"\n"), ERANGE);
  EXPECT_EQ(errno_after_printk("0x10 : \"b\"\n0xfffffffffffffffffffff : \"a\"\n"), ERANGE);
  EXPECT_EQ(errno_after_printk("0x10 : \"b\"\n-0x10 : \"c\"\n"), kSentinel);
  EXPECT_EQ(errno_after_printk(""), kSentinel);
}

TEST_F(ErrnoContract, SavedCmdlinesClearOrSetErange) {
  struct {
    const char* text;
    int errno_after;
  } cases[] = {{"1 init\n2 kthreadd\n", 0}, {"", kSentinel}, {"1 init\nbogus\n", 0},
               {"1 init\n99999999999999999999 x\n", ERANGE}};
  for (const auto& c : cases) EXPECT_EQ(errno_after(tep_parse_saved_cmdlines, c.text), c.errno_after) << c.text;
}

TEST_F(ErrnoContract, LookupsAndFiltersLeaveErrnoAlone) {
  tep_event_filter* filter = tep_filter_alloc(tep_);
  errno = kSentinel;
  EXPECT_EQ(tep_filter_add_filter_str(filter, "nosuch_event: x > 0"), TEP_ERRNO__EVENT_NOT_FOUND);
  EXPECT_EQ(errno, kSentinel);
  EXPECT_EQ(tep_filter_add_filter_str(filter, "sched_switch: prev_pid > 0"), 0);
  EXPECT_EQ(errno, kSentinel);
  tep_filter_match(filter, &record_);
  EXPECT_EQ(errno, kSentinel);
  tep_find_event_by_name(tep_, "nosys", "noname");
  tep_find_field(event_, "nosuch");
  tep_data_comm_from_pid(tep_, 7);
  EXPECT_EQ(errno, kSentinel);
  tep_print_event(tep_, &seq_, &record_, "%s", TEP_PRINT_INFO);
  EXPECT_EQ(errno, kSentinel);
  tep_filter_free(filter);
}

// Upstream keeps new comms in a list until the first lookup sorts them into
// its table: an existing pid registered again is accepted before, refused with
// EEXIST after.
TEST_F(ErrnoContract, RegisterExistingPidSetsEexistOnceLookedUp) {
  tep_handle* tep = tep_alloc();
  tep_register_comm(tep, "bash", 1234);
  errno = kSentinel;
  EXPECT_EQ(tep_register_comm(tep, "bash", 1234), 0);
  EXPECT_EQ(errno, kSentinel);
  tep_data_comm_from_pid(tep, 7);
  EXPECT_EQ(tep_register_comm(tep, "bash", 1234), -1);
  EXPECT_EQ(errno, EEXIST);
  errno = kSentinel;
  EXPECT_EQ(tep_override_comm(tep, "zsh", 1234), 0);
  EXPECT_EQ(errno, kSentinel);
  tep_free(tep);
}

// trace-cmd report: plugin loading leaves ENOENT (no ~/.local plugin dir),
// then the trace's texts are parsed; -F on an event the trace lacks then warns
// "Failed to create event filter" with perror(errno) when errno is set.
TEST_F(ErrnoContract, TraceCmdReportSequenceLeavesNoEnoent) {
  tep_handle* tep = tep_alloc();
  errno = ENOENT;
  tep_parse_event(tep, kSockFormat, sizeof(kSockFormat) - 1, "sunrpc");
  tep_parse_kallsyms(tep, "ffffffff81000000 T _stext\n");
  tep_parse_printk_formats(tep, "0x10 : \"a\"\n");
  tep_parse_saved_cmdlines(tep, "");
  tep_event_filter* filter = tep_filter_alloc(tep);
  EXPECT_EQ(tep_filter_add_filter_str(filter, "sched_switch:prev_pid>0"), TEP_ERRNO__EVENT_NOT_FOUND);
  EXPECT_EQ(errno, 0);
  tep_filter_free(filter);
  tep_free(tep);
}

}  // namespace
}  // namespace contracts
