// SPDX-License-Identifier: LGPL-2.1
// The hard cases of Documentation/typed-events.md, 1 to 7: sched_switch,
// mm_page_alloc, kmalloc, block_rq_issue, writeback_single_inode, kvm_exit,
// btrfs_cow_block. Each checks what the columns are, their values on
// hand-made records, and that their texts make up tep_print_event's INFO.
#include <gtest/gtest.h>

#include "typed_fixture.h"

namespace typed_test {
namespace {

using tev::Kind;

std::vector<std::string> names(const std::vector<std::string_view>& v) {
  return std::vector<std::string>(v.begin(), v.end());
}

// prev_state: a masked __print_flags in a ternary ("R" when zero), and a "+"
// from a second mask of the same field.
TEST(TypedCases, SchedSwitchPrevState) {
  Cases& cx = Cases::get();
  tev::Column state = cx.column("sched", "sched_switch", "prev_state");
  tev::Column plus = cx.column("sched", "sched_switch", "prev_state#2");
  EXPECT_EQ(state.kind(), Kind::Flags);
  EXPECT_EQ(state.type(), TEV_TYPE_U64);
  EXPECT_EQ(state.zero_name(), std::optional<std::string_view>("R"));
  EXPECT_EQ(state.flags_delimiter(), std::optional<std::string_view>("|"));
  std::vector<tev::Entry> table = state.table();
  ASSERT_EQ(table.size(), 8u);
  EXPECT_EQ(table[0].value, 1u);
  EXPECT_EQ(table[0].name, "S");
  EXPECT_EQ(table[7].value, 0x80u);
  EXPECT_EQ(table[7].name, "I");
  EXPECT_EQ(plus.kind(), Kind::Bool);

  Record r = cx.record("sched", "sched_switch");
  r.set_string("prev_comm", "bash").set("prev_pid", 42).set("prev_state", 0x102).set_string("next_comm", "swapper/1");
  tev::Value v = state.read(r.get());
  EXPECT_EQ(v.as_uint(), 0x2u);  // the print fmt's mask drops 0x100
  EXPECT_EQ(names(v.flag_names()), std::vector<std::string>{"D"});
  EXPECT_EQ(state.format(v), "D");
  EXPECT_EQ(plus.read(r.get()).as_bool(), true);
  EXPECT_EQ(plus.text(r.get()), "+");
  EXPECT_EQ(cx.typed("sched", "sched_switch").text(r.get()), cx.info(r.get()));

  r.set("prev_state", 0);
  v = state.read(r.get());
  EXPECT_EQ(names(v.flag_names()), std::vector<std::string>{"R"});
  EXPECT_EQ(state.format(v), "R");
  EXPECT_EQ(plus.read(r.get()).as_bool(), false);
  EXPECT_EQ(plus.text(r.get()), "");
}

// gfp_flags: 38 entries (and the kernel's "{ 0, NULL }" end, no entry) with
// composite masks first, "none" for 0; page from vmemmap_base.
TEST(TypedCases, MmPageAllocGfpAndPage) {
  Cases& cx = Cases::get();
  tev::Column gfp = cx.column("kmem", "mm_page_alloc", "gfp_flags");
  EXPECT_EQ(gfp.kind(), Kind::Flags);
  EXPECT_EQ(gfp.type(), TEV_TYPE_U64);  // unsigned long gfp_flags
  EXPECT_EQ(gfp.zero_name(), std::optional<std::string_view>("none"));
  std::vector<tev::Entry> table = gfp.table();
  ASSERT_EQ(table.size(), 38u);
  EXPECT_EQ(table[0].name, "GFP_TRANSHUGE");
  for (const tev::Entry& e : table) EXPECT_TRUE(e.resolved) << e.name;
  // Composite masks come first: GFP_KERNEL (0xcc0) before its bits __GFP_IO (0x40).
  size_t kernel = 0, io = 0;
  for (size_t i = 0; i < table.size(); i++) {
    if (table[i].name == "GFP_KERNEL") kernel = i;
    if (table[i].name == "__GFP_IO") io = i;
  }
  EXPECT_EQ(table[kernel].value, 0xcc0u);
  EXPECT_LT(kernel, io);

  tev::Column page = cx.column("kmem", "mm_page_alloc", "page");
  EXPECT_EQ(page.kind(), Kind::Opaque);
  EXPECT_FALSE(page.note().empty());
  tev::Column pfn = cx.column("kmem", "mm_page_alloc", "pfn");
  EXPECT_EQ(pfn.kind(), Kind::Derived);

  Record r = cx.record("kmem", "mm_page_alloc");
  r.set("pfn", 0x1234).set("order", 2).set("gfp_flags", 0xcc0);
  tev::Value v = gfp.read(r.get());
  EXPECT_EQ(names(v.flag_names()), std::vector<std::string>{"GFP_KERNEL"});
  EXPECT_EQ(gfp.format(v), "GFP_KERNEL");
  EXPECT_EQ(pfn.read(r.get()).as_uint(), 0x1234u);
  EXPECT_FALSE(page.read(r.get()).valid());
  EXPECT_EQ(cx.typed("kmem", "mm_page_alloc").text(r.get()), cx.info(r.get()));
  r.set("pfn", ~0ULL).set("gfp_flags", 0);
  EXPECT_EQ(pfn.read(r.get()).as_uint(), 0u);  // "REC->pfn != -1UL ? REC->pfn : 0"
  EXPECT_EQ(names(gfp.read(r.get()).flag_names()), std::vector<std::string>{"none"});
  EXPECT_EQ(gfp.text(r.get()), "none");
}

// call_site: an integer printed %pS, resolved through the handle's kallsyms.
TEST(TypedCases, KmallocCallSite) {
  Cases& cx = Cases::get();
  tev::Column site = cx.column("kmem", "kmalloc", "call_site");
  EXPECT_EQ(site.kind(), Kind::Symbol);
  EXPECT_EQ(site.type(), TEV_TYPE_U64);
  EXPECT_EQ(site.conversion(), "%pS");
  EXPECT_EQ(cx.column("kmem", "kmalloc", "gfp_flags").kind(), Kind::Flags);
  EXPECT_EQ(cx.column("kmem", "kmalloc", "ptr").kind(), Kind::Pointer);
  EXPECT_EQ(cx.column("kmem", "kmalloc", "accounted").kind(), Kind::Bool);

  Record r = cx.record("kmem", "kmalloc");
  r.set("call_site", 0xffffffff8162dd10ULL + 0x2a).set("bytes_req", 100).set("bytes_alloc", 128);
  tev::Value v = site.read(r.get());
  ASSERT_TRUE(v.symbol());
  EXPECT_EQ(v.symbol()->name, "__kmalloc_noprof");
  EXPECT_EQ(v.symbol()->offset, 0x2au);
  EXPECT_EQ(site.format(v), "__kmalloc_noprof+0x2a");
  EXPECT_EQ(cx.column("kmem", "kmalloc", "bytes_req").read(r.get()).as_uint(), 100u);
  EXPECT_EQ(cx.typed("kmem", "kmalloc").text(r.get()), cx.info(r.get()));
}

// dev split MAJOR/MINOR; rwbs a string of flag letters; ioprio's class a
// table of names the kernel did not expand, its level and hint derived.
TEST(TypedCases, BlockRqIssue) {
  Cases& cx = Cases::get();
  tev::Column dev = cx.column("block", "block_rq_issue", "dev");
  EXPECT_EQ(dev.kind(), Kind::Device);
  EXPECT_EQ(dev.minor_bits(), 20);
  tev::Column rwbs = cx.column("block", "block_rq_issue", "rwbs");
  EXPECT_EQ(rwbs.kind(), Kind::String);
  tev::Column cls = cx.column("block", "block_rq_issue", "ioprio");
  EXPECT_EQ(cls.kind(), Kind::Enum);
  std::vector<tev::Entry> table = cls.table();
  ASSERT_EQ(table.size(), 5u);
  EXPECT_FALSE(table[1].resolved);  // IOPRIO_CLASS_RT
  EXPECT_EQ(cx.column("block", "block_rq_issue", "ioprio#2").kind(), Kind::Derived);

  Record r = cx.record("block", "block_rq_issue");
  r.set("dev", (8u << 20) | 16).set_string("rwbs", "WS").set("bytes", 4096).set("sector", 2048)
      .set("nr_sector", 8).set("ioprio", (1 << 13) | (4 << 3)).set_dynamic_string("cmd", "").set_string("comm", "kworker");
  tev::Value d = dev.read(r.get());
  ASSERT_TRUE(d.device());
  EXPECT_EQ(d.device()->major, 8u);
  EXPECT_EQ(d.device()->minor, 16u);
  EXPECT_EQ(dev.format(d), "8,16");
  EXPECT_EQ(rwbs.read(r.get()).as_string(), "WS");
  tev::Value c = cls.read(r.get());
  EXPECT_EQ(c.as_uint(), 1u);
  EXPECT_FALSE(c.label());            // IOPRIO_CLASS_RT has no value here
  EXPECT_EQ(cls.format(c), "0x1");    // upstream's text for it
  EXPECT_EQ(cx.column("block", "block_rq_issue", "ioprio#2").read(r.get()).as_uint(), 4u);
  EXPECT_EQ(cx.typed("block", "block_rq_issue").text(r.get()), cx.info(r.get()));
}

// A catalog of its own: defining constants rebuilds the models.
TEST(TypedCases, ConstantsResolveUnexpandedNames) {
  Cases& cx = Cases::get();
  tev::Catalog catalog(cx.tep());
  tev::Event ev = *catalog.of(cx.event("block", "block_rq_issue"));
  tev::Column cls = *ev.find_column("ioprio");
  Record r = cx.record("block", "block_rq_issue");
  r.set("ioprio", 1 << 13).set_dynamic_string("cmd", "");
  EXPECT_FALSE(cls.read(r.get()).label());
  catalog.define("IOPRIO_CLASS_RT", 1);
  EXPECT_TRUE(cls.table()[1].resolved);
  EXPECT_EQ(cls.read(r.get()).label(), std::optional<std::string_view>("rt"));
  EXPECT_EQ(cls.text(r.get()), "0x1");  // the text stays upstream's

  tev::Column state = *catalog.of(cx.event("writeback", "writeback_single_inode"))->find_column("state");
  catalog.define("I_DIRTY_SYNC", 1);
  catalog.define("I_DIRTY_PAGES", 4);
  Record w = cx.record("writeback", "writeback_single_inode");
  w.set("state", 5);
  EXPECT_EQ(names(state.read(w.get()).flag_names()), (std::vector<std::string>{"I_DIRTY_SYNC", "I_DIRTY_PAGES"}));
}

// state: __print_flags keyed by 18 unexpanded I_* names; age from jiffies.
TEST(TypedCases, WritebackSingleInode) {
  Cases& cx = Cases::get();
  tev::Column state = cx.column("writeback", "writeback_single_inode", "state");
  EXPECT_EQ(state.kind(), Kind::Flags);
  std::vector<tev::Entry> table = state.table();
  ASSERT_EQ(table.size(), 18u);
  for (const tev::Entry& e : table) EXPECT_FALSE(e.resolved) << e.name;
  EXPECT_EQ(table[0].name, "I_DIRTY_SYNC");
  tev::Column age = cx.column("writeback", "writeback_single_inode", "age");
  EXPECT_EQ(age.kind(), Kind::Opaque);
  EXPECT_EQ(cx.column("writeback", "writeback_single_inode", "dirtied_when").kind(), Kind::Uint);

  Record r = cx.record("writeback", "writeback_single_inode");
  r.set_string("name", "8:0").set("ino", 12).set("state", 0x11).set("dirtied_when", 4000);
  tev::Value v = state.read(r.get());
  EXPECT_EQ(v.as_uint(), 0x11u);
  EXPECT_TRUE(v.flag_names().empty());   // no value is known
  EXPECT_EQ(v.unnamed_bits(), 0x11u);
  EXPECT_EQ(state.format(v), "0x11");
  EXPECT_FALSE(age.read(r.get()).valid());
  EXPECT_EQ(cx.typed("writeback", "writeback_single_inode").text(r.get()), cx.info(r.get()));
}

// The isa field selects the VMX or the SVM table: one enum, codes into one label list.
TEST(TypedCases, KvmExitReason) {
  Cases& cx = Cases::get();
  tev::Column reason = cx.column("kvm", "kvm_exit", "reason");
  EXPECT_EQ(reason.kind(), Kind::Enum);
  EXPECT_EQ(reason.table_count(), 2);
  Record r = cx.record("kvm", "kvm_exit");
  r.set("isa", 1).set("exit_reason", 12).set("vcpu_id", 3);
  tev::Value v = reason.read(r.get());
  EXPECT_EQ(v.as_uint(), 12u);
  EXPECT_EQ(v.label(), std::optional<std::string_view>("HLT"));
  EXPECT_EQ(reason.format(v), "HLT");
  EXPECT_EQ(cx.typed("kvm", "kvm_exit").text(r.get()), cx.info(r.get()));
  r.set("isa", 2).set("exit_reason", 0x78);
  v = reason.read(r.get());
  EXPECT_EQ(v.label(), std::optional<std::string_view>("hlt"));
  EXPECT_EQ(reason.format(v), "hlt");
  EXPECT_EQ(cx.typed("kvm", "kvm_exit").text(r.get()), cx.info(r.get()));

  const tep_record* recs[] = {&r.get()};
  int32_t code = -2;
  EXPECT_EQ(reason.fill_codes(recs, std::span<int32_t>(&code, 1)), 1u);
  EXPECT_EQ(reason.labels()[static_cast<size_t>(code)], "hlt");
}

// A range-guarded __print_symbolic with negative u64 keys; %pU on u8[16].
TEST(TypedCases, BtrfsCowBlock) {
  Cases& cx = Cases::get();
  tev::Column root = cx.column("btrfs", "btrfs_cow_block", "root_objectid");
  EXPECT_EQ(root.kind(), Kind::Enum);
  EXPECT_EQ(root.type(), TEV_TYPE_U64);
  tev::Column fsid = cx.column("btrfs", "btrfs_cow_block", "fsid");
  EXPECT_EQ(fsid.kind(), Kind::Uuid);

  const uint8_t uuid[16] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 1, 2, 3, 4, 5, 6, 7, 8};
  Record r = cx.record("btrfs", "btrfs_cow_block");
  r.set_bytes("fsid", uuid, 16).set("root_objectid", 5).set("refs", 1);
  EXPECT_EQ(fsid.text(r.get()), "12345678-9abc-def0-0102-030405060708");
  EXPECT_EQ(fsid.read(r.get()).as_bytes().size(), 16u);
  EXPECT_EQ(root.read(r.get()).label(), std::optional<std::string_view>("FS_TREE"));
  EXPECT_EQ(cx.typed("btrfs", "btrfs_cow_block").text(r.get()), cx.info(r.get()));
  // -6ULL: upstream's table cannot match it (it prints hex), the typed one can.
  r.set("root_objectid", static_cast<uint64_t>(-6));
  tev::Value v = root.read(r.get());
  EXPECT_EQ(v.label(), std::optional<std::string_view>("TREE_LOG"));
  EXPECT_EQ(root.format(v), "0xfffffffffffffffa");
  // Outside the guard: "-", no value.
  r.set("root_objectid", 300);
  v = root.read(r.get());
  EXPECT_FALSE(v.valid());
  EXPECT_EQ(v.label(), std::optional<std::string_view>("-"));
  EXPECT_EQ(root.format(v), "-");
  EXPECT_EQ(cx.typed("btrfs", "btrfs_cow_block").text(r.get()), cx.info(r.get()));
}

}  // namespace
}  // namespace typed_test
