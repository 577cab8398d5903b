// SPDX-License-Identifier: LGPL-2.1
// The hard cases of Documentation/typed-events.md, 15 to 20: mc_event,
// jbd2_run_stats, kvm_mmu_get_page (print fmts upstream cannot parse),
// kernel_stack, bprint, sys_enter_openat.
#include <gtest/gtest.h>

#include "typed_fixture.h"

namespace typed_test {
namespace {

using tev::Kind;

// An unknown kernel helper (mc_event_error_type()): upstream fails the print
// fmt and prints the fields; so do the columns, each typed by its declaration.
TEST(TypedCases, McEvent) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("ras", "mc_event");
  EXPECT_EQ(ev.layout(), TEV_LAYOUT_FAILED);
  EXPECT_EQ(ev.find_column("error_type")->kind(), Kind::Uint);
  EXPECT_EQ(ev.find_column("msg")->kind(), Kind::String);
  EXPECT_EQ(ev.find_column("top_layer")->type(), TEV_TYPE_I8);
  EXPECT_EQ(ev.find_column("address")->kind(), Kind::Int);
  Record r = cx.record("ras", "mc_event");
  r.set("error_type", 1).set_dynamic_string("msg", "memory read error").set_dynamic_string("label", "DIMM_A1")
      .set("error_count", 2).set("top_layer", static_cast<uint64_t>(-1)).set_dynamic_string("driver_detail", "");
  EXPECT_EQ(ev.find_column("msg")->read(r.get()).as_string(), "memory read error");
  EXPECT_EQ(ev.find_column("top_layer")->read(r.get()).as_int(), -1);
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// Seven jiffies_to_msecs() calls: upstream cannot parse it either; the device
// number it did parse before the first call still types the dev field.
TEST(TypedCases, Jbd2RunStats) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("jbd2", "jbd2_run_stats");
  EXPECT_EQ(ev.layout(), TEV_LAYOUT_FAILED);
  tev::Column dev = *ev.find_column("dev");
  EXPECT_EQ(dev.kind(), Kind::Device);
  EXPECT_EQ(ev.find_column("wait")->kind(), Kind::Uint);
  Record r = cx.record("jbd2", "jbd2_run_stats");
  r.set("dev", (259u << 20) | 2).set("tid", 77).set("wait", 5).set("running", 120);
  EXPECT_EQ(dev.read(r.get()).device()->major, 259u);
  EXPECT_EQ(dev.read(r.get()).device()->minor, 2u);
  EXPECT_EQ(ev.find_column("running")->read(r.get()).as_uint(), 120u);
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// A statement expression calling trace_seq_printf: the fields only.
TEST(TypedCases, KvmMmuGetPage) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("kvmmmu", "kvm_mmu_get_page");
  EXPECT_EQ(ev.layout(), TEV_LAYOUT_FAILED);
  EXPECT_EQ(ev.find_column("gfn")->kind(), Kind::Uint);
  EXPECT_EQ(ev.find_column("created")->kind(), Kind::Bool);
  Record r = cx.record("kvmmmu", "kvm_mmu_get_page");
  r.set("gfn", 0x1234).set("role", 0x21).set("created", 1);
  EXPECT_EQ(ev.find_column("created")->read(r.get()).as_bool(), true);
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// (void *)caller[i] over a fixed array: one symbol column per element.
TEST(TypedCases, KernelStack) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("ftrace", "kernel_stack");
  std::vector<tev::Column> columns = ev.columns();
  ASSERT_EQ(columns.size(), 8u);
  for (int i = 0; i < 8; i++) {
    EXPECT_EQ(columns[i].name(), "caller[" + std::to_string(i) + "]");
    EXPECT_EQ(columns[i].kind(), Kind::Symbol);
  }
  const uint64_t stack[8] = {0xffffffff821f94a0ULL + 5, 0xffffffff81389af0ULL, 0xffffffff8130a4e0ULL + 0x22};
  Record r = cx.record("ftrace", "kernel_stack");
  std::vector<uint8_t> callers = little_endian(stack);
  r.set("size", 3).set_bytes("caller", callers.data(), callers.size());
  EXPECT_EQ(columns[0].read(r.get()).symbol()->name, "schedule");
  EXPECT_EQ(columns[0].read(r.get()).symbol()->offset, 5u);
  EXPECT_EQ(columns[1].text(r.get()), "kthread");
  EXPECT_EQ(columns[3].read(r.get()).as_uint(), 0u);
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
  EXPECT_EQ(ev.find_field("caller")->kind(), Kind::Array);
}

// The format lives in printk_formats, the arguments are packed in buf[].
TEST(TypedCases, Bprint) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("ftrace", "bprint");
  EXPECT_EQ(ev.layout(), TEV_LAYOUT_BPRINT);
  std::vector<tev::Column> columns = ev.columns();
  ASSERT_EQ(columns.size(), 2u);
  EXPECT_EQ(columns[0].kind(), Kind::Symbol);
  EXPECT_EQ(columns[1].name(), "message");
  EXPECT_EQ(columns[1].prefix(), ": ");
  const uint8_t buf[8] = {7, 0, 0, 0, 'a', 'b', 'c', 0};
  Record r = cx.record("ftrace", "bprint");
  r.set("ip", 0xffffffff821f94a0ULL).set("fmt", 0xffffffff82a00000ULL).append(buf, sizeof(buf));
  EXPECT_EQ(columns[0].text(r.get()), "schedule");
  EXPECT_EQ(columns[1].text(r.get()), "typed test 7 of abc");
  EXPECT_FALSE(columns[1].read(r.get()).valid());  // a text only
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
  // An unknown format address: upstream's text for it, whole.
  r.set("fmt", 0x1234);
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// "int dfd; size:8; signed:0": size and signedness win; the filename a user
// pointer printed in hex.
TEST(TypedCases, SysEnterOpenat) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("syscalls", "sys_enter_openat");
  tev::Column dfd = *ev.find_column("dfd");
  EXPECT_EQ(dfd.kind(), Kind::Uint);
  EXPECT_EQ(dfd.type(), TEV_TYPE_U64);
  tev::Column filename = *ev.find_column("filename");
  EXPECT_EQ(filename.kind(), Kind::Pointer);
  Record r = cx.record("syscalls", "sys_enter_openat");
  r.set("dfd", static_cast<uint64_t>(-100)).set("filename", 0x7ffc1234abcdULL).set("flags", 0x80000);
  EXPECT_EQ(dfd.read(r.get()).as_uint(), static_cast<uint64_t>(-100));
  EXPECT_EQ(filename.read(r.get()).as_uint(), 0x7ffc1234abcdULL);
  EXPECT_EQ(filename.prefix(), ", filename: 0x");
  EXPECT_EQ(filename.text(r.get()), "7ffc1234abcd");
  EXPECT_EQ(ev.find_field("dfd")->type(), TEV_TYPE_U64);
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

}  // namespace
}  // namespace typed_test
