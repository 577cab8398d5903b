// SPDX-License-Identifier: LGPL-2.1
// The hard cases of Documentation/typed-events.md, 8 to 14: tcp_probe,
// tcp_ao_handshake_failure, neigh_update, dma_map_sg, ipi_send_cpumask,
// sched_skip_cpuset_numa, vm_unmapped_area.
#include <gtest/gtest.h>

#include "typed_fixture.h"

namespace typed_test {
namespace {

using tev::Kind;

// struct sockaddr_in for 10.0.0.1:80, in a __u8[28].
std::vector<uint8_t> sockaddr_in() {
  std::vector<uint8_t> sa(28, 0);
  uint16_t family = 2;  // AF_INET in the host's order: upstream reads it as the host does
  memcpy(sa.data(), &family, 2);
  sa[2] = 0;
  sa[3] = 80;  // port, network order
  sa[4] = 10;
  sa[7] = 1;
  return sa;
}

// %pISpc on a __u8[28] sockaddr; the family symbolic.
TEST(TypedCases, TcpProbe) {
  Cases& cx = Cases::get();
  tev::Column src = cx.column("tcp", "tcp_probe", "src");
  EXPECT_EQ(src.kind(), Kind::Sockaddr);
  tev::Column family = cx.column("tcp", "tcp_probe", "family");
  EXPECT_EQ(family.kind(), Kind::Enum);
  EXPECT_EQ(family.type(), TEV_TYPE_U16);

  std::vector<uint8_t> sa = sockaddr_in();
  Record r = cx.record("tcp", "tcp_probe");
  r.set_bytes("saddr", sa.data(), sa.size()).set_bytes("daddr", sa.data(), sa.size()).set("family", 2)
      .set("sport", 80).set("snd_cwnd", 10);
  tev::Value v = src.read(r.get());
  ASSERT_TRUE(v.sockaddr());
  EXPECT_EQ(v.sockaddr()->family, 2);
  EXPECT_EQ(v.sockaddr()->port, 80);
  ASSERT_EQ(v.sockaddr()->address.size(), 4u);
  EXPECT_EQ(v.sockaddr()->address[0], 10);
  EXPECT_EQ(src.format(v), "10.0.0.1:80");
  EXPECT_EQ(family.read(r.get()).label(), std::optional<std::string_view>("AF_INET"));
  EXPECT_EQ(cx.typed("tcp", "tcp_probe").text(r.get()), cx.info(r.get()));
}

// Five booleans shown through %c ternaries; state keyed by unexpanded TCP_* names.
TEST(TypedCases, TcpAoHandshakeFailure) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("tcp", "tcp_ao_handshake_failure");
  const char* flags[] = {"fin", "syn", "rst", "psh", "ack"};
  for (const char* f : flags) {
    std::optional<tev::Column> c = ev.find_column(f);
    ASSERT_TRUE(c) << f;
    EXPECT_EQ(c->kind(), Kind::Bool) << f;
  }
  tev::Column state = *ev.find_column("state");
  EXPECT_EQ(state.kind(), Kind::Enum);
  EXPECT_FALSE(state.table()[0].resolved);  // TCP_ESTABLISHED

  std::vector<uint8_t> sa = sockaddr_in();
  Record r = cx.record("tcp", "tcp_ao_handshake_failure");
  r.set_bytes("saddr", sa.data(), sa.size()).set_bytes("daddr", sa.data(), sa.size()).set("family", 2)
      .set("syn", 1).set("ack", 1).set("state", 2);
  EXPECT_EQ(ev.find_column("syn")->read(r.get()).as_bool(), true);
  EXPECT_EQ(ev.find_column("fin")->read(r.get()).as_bool(), false);
  EXPECT_EQ(ev.find_column("syn")->text(r.get()), "S");
  EXPECT_EQ(ev.find_column("fin")->text(r.get()), " ");
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// __print_hex_str whose length is another field; %pI4 / %pI6c on byte arrays.
TEST(TypedCases, NeighUpdate) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("neigh", "neigh_update");
  tev::Column lladdr = *ev.find_column("lladdr");
  EXPECT_EQ(lladdr.kind(), Kind::Bytes);
  tev::Column key4 = *ev.find_column("primary_key4"), key6 = *ev.find_column("primary_key6");
  EXPECT_EQ(key4.kind(), Kind::Ipv4);
  EXPECT_EQ(key6.kind(), Kind::Ipv6);
  EXPECT_EQ(ev.find_column("nud_state")->kind(), Kind::Enum);

  const uint8_t mac[6] = {0x02, 0x42, 0xac, 0x11, 0x00, 0x02};
  const uint8_t ip4[4] = {192, 168, 1, 7};
  uint8_t ip6[16] = {0xfe, 0x80};
  ip6[15] = 1;
  Record r = cx.record("neigh", "neigh_update");
  r.set("family", 2).set_dynamic_string("dev", "eth0").set_bytes("lladdr", mac, 6).set("lladdr_len", 6)
      .set("nud_state", 2).set_bytes("primary_key4", ip4, 4).set_bytes("primary_key6", ip6, 16)
      .set_bytes("new_lladdr", mac, 6).set("new_state", 4);
  tev::Value v = lladdr.read(r.get());
  ASSERT_EQ(v.as_bytes().size(), 6u);  // lladdr_len of the 32 bytes
  EXPECT_EQ(v.as_bytes()[2], 0xac);
  EXPECT_EQ(lladdr.format(v), "0242ac110002");
  EXPECT_EQ(key4.text(r.get()), "192.168.1.7");
  EXPECT_EQ(key4.read(r.get()).as_bytes()[0], 192);
  EXPECT_EQ(key6.text(r.get()), "fe80::1");
  EXPECT_EQ(ev.find_column("nud_state")->read(r.get()).label(), std::optional<std::string_view>("reachable"));
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// min() as a statement expression: upstream cannot parse the print fmt, so
// the columns are the fields as "[FAILED TO PARSE]" prints them, typed by the
// arguments that did parse (dir's table); __print_array's arrays typed.
TEST(TypedCases, DmaMapSg) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("dma", "dma_map_sg");
  EXPECT_EQ(ev.layout(), TEV_LAYOUT_FAILED);
  tev::Column dir = *ev.find_column("dir");
  EXPECT_EQ(dir.kind(), Kind::Enum);
  tev::Column dma = *ev.find_column("dma_addrs");
  EXPECT_EQ(dma.kind(), Kind::Array);
  EXPECT_EQ(dma.element_type(), TEV_TYPE_U64);
  EXPECT_EQ(ev.find_column("lengths")->element_type(), TEV_TYPE_U32);
  EXPECT_EQ(ev.find_column("truncated")->kind(), Kind::Bool);

  const uint64_t addrs[2] = {0x1000, 0x2000};
  const uint32_t lengths[2] = {512, 4096};
  Record r = cx.record("dma", "dma_map_sg");
  std::vector<uint8_t> addr_bytes = little_endian(addrs), length_bytes = little_endian(lengths);
  r.set_dynamic_string("device", "0000:00:1f.2").set("full_nents", 2).set("full_ents", 2)
      .set_dynamic("phys_addrs", addr_bytes.data(), addr_bytes.size())
      .set_dynamic("dma_addrs", addr_bytes.data(), addr_bytes.size())
      .set_dynamic("lengths", length_bytes.data(), length_bytes.size()).set("dir", 1);
  EXPECT_EQ(dma.read(r.get()).elements(), (std::vector<int64_t>{0x1000, 0x2000}));
  EXPECT_EQ(ev.find_column("lengths")->read(r.get()).elements(), (std::vector<int64_t>{512, 4096}));
  EXPECT_EQ(dir.read(r.get()).label(), std::optional<std::string_view>("TO_DEVICE"));
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
  EXPECT_EQ(ev.text(r.get()).rfind("[FAILED TO PARSE] device=", 0), 0u);
}

// __get_cpumask; %pS of void * fields.
TEST(TypedCases, IpiSendCpumask) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("ipi", "ipi_send_cpumask");
  tev::Column mask = *ev.find_column("cpumask");
  EXPECT_EQ(mask.kind(), Kind::CpuSet);
  EXPECT_EQ(ev.find_column("callsite")->kind(), Kind::Symbol);
  const uint64_t cpus[1] = {0b1101};
  std::vector<uint8_t> cpu_bytes = little_endian(cpus);
  Record r = cx.record("ipi", "ipi_send_cpumask");
  r.set_dynamic("cpumask", cpu_bytes.data(), cpu_bytes.size()).set("callsite", 0xffffffff814407c0ULL + 0x100).set("callback", 0xffffffff813424a0ULL);
  tev::Value v = mask.read(r.get());
  EXPECT_EQ(v.bits(), (std::vector<unsigned>{0, 2, 3}));
  EXPECT_EQ(mask.format(v), "0,2-3");
  EXPECT_EQ(ev.find_column("callsite")->read(r.get()).symbol()->name, "smp_call_function_many_cond");
  EXPECT_EQ(ev.find_column("callback")->text(r.get()), "flush_tlb_func+0x0");
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// %*pbl with width 1 << 10: upstream prints the pointer and "bl"; the
// column is the array's bits, as many as the '*' says.
TEST(TypedCases, SchedSkipCpusetNuma) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("sched", "sched_skip_cpuset_numa");
  tev::Column nodes = *ev.find_column("mem_nodes_allowed");
  EXPECT_EQ(nodes.kind(), Kind::Bitmask);
  EXPECT_EQ(ev.suffix(), "bl");
  uint64_t allowed[16] = {0b11, 0, 1};
  Record r = cx.record("sched", "sched_skip_cpuset_numa");
  std::vector<uint8_t> allowed_bytes = little_endian(allowed);
  r.set_string("comm", "numa").set("pid", 7).set_bytes("mem_allowed", allowed_bytes.data(), allowed_bytes.size());
  tev::Value v = nodes.read(r.get());
  EXPECT_EQ(v.as_bytes().size(), 128u);
  EXPECT_EQ(v.bits(), (std::vector<unsigned>{0, 1, 128}));
  EXPECT_EQ(nodes.format(v), "(nil)");
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

// One field printed as an address or as an error.
TEST(TypedCases, VmUnmappedArea) {
  Cases& cx = Cases::get();
  tev::Event ev = cx.typed("mmap", "vm_unmapped_area");
  tev::Column addr = *ev.find_column("addr"), err = *ev.find_column("err");
  EXPECT_EQ(addr.kind(), Kind::Derived);
  EXPECT_EQ(addr.type(), TEV_TYPE_U64);
  EXPECT_EQ(err.kind(), Kind::Derived);
  EXPECT_EQ(err.type(), TEV_TYPE_I64);
  Record r = cx.record("mmap", "vm_unmapped_area");
  r.set("addr", 0x7f0000001000ULL).set("length", 4096);
  EXPECT_EQ(addr.read(r.get()).as_uint(), 0x7f0000001000ULL);
  EXPECT_EQ(err.read(r.get()).as_int(), 0);
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
  r.set("addr", static_cast<uint64_t>(-12));  // -ENOMEM
  EXPECT_EQ(addr.read(r.get()).as_uint(), 0u);
  EXPECT_EQ(err.read(r.get()).as_int(), -12);
  EXPECT_EQ(err.text(r.get()), "-12");
  EXPECT_EQ(ev.text(r.get()), cx.info(r.get()));
}

}  // namespace
}  // namespace typed_test
