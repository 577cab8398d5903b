// SPDX-License-Identifier: LGPL-2.1
// The C++ example of Documentation/typed-events.md (the part between the
// "doc" marks is copied there; tests/typed/doc_check.py keeps both the same).
// Run: gfp_histogram FORMAT_FILE (mm_page_alloc's format), prints:
//   GFP_KERNEL 2
//   __GFP_ZERO 2
//   order 0: 2 pages, order 3: 1 page
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "event-typed.hpp"

// doc: begin
// How often each GFP flag was asked for, and the orders of the pages.
void gfp_histogram(tep_handle* tep, std::span<const tep_record* const> records) {
  tev::Catalog catalog(tep);
  std::optional<tev::Event> alloc = catalog.find("kmem", "mm_page_alloc");
  if (!alloc) return;
  tev::Column gfp = *alloc->find_column("gfp_flags");  // tev::Kind::Flags
  tev::Column order = *alloc->find_column("order");    // tev::Kind::Uint, u32

  std::map<std::string_view, int> flags;
  for (const tep_record* r : records)
    for (std::string_view name : gfp.read(*r).flag_names()) flags[name]++;
  for (const auto& [name, count] : flags) printf("%.*s %d\n", int(name.size()), name.data(), count);

  // The columnar path: all orders in one call, into an array of the column's type.
  std::vector<uint32_t> orders(records.size());
  std::vector<uint8_t> valid(records.size());
  order.fill(records, std::span<uint32_t>(orders), valid);
  std::map<uint32_t, int> pages;
  for (size_t i = 0; i < records.size(); i++)
    if (valid[i]) pages[orders[i]]++;
  const char* sep = "";
  for (const auto& [o, n] : pages) {
    printf("%sorder %u: %d page%s", sep, o, n, n == 1 ? "" : "s");
    sep = ", ";
  }
  printf("\n");
}
// doc: end

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_event* event = nullptr;
  if (tep_parse_format(tep, &event, text.c_str(), text.size(), "kmem") != 0) return 2;
  // Three records: pfn (u64 at 8), order (u32 at 16), gfp_flags (u64 at 24), migratetype (int at 32).
  struct Page {
    uint32_t order;
    uint64_t gfp;
  } pages[] = {{0, 0xcc0}, {3, 0xcc0 | 0x100}, {0, 0x100}};
  std::vector<std::vector<uint8_t>> data;
  std::vector<tep_record> recs(3);
  std::vector<const tep_record*> records;
  for (size_t i = 0; i < 3; i++) {
    std::vector<uint8_t> d(40, 0);
    uint16_t type = static_cast<uint16_t>(event->id);  // host order, the new handle's
    memcpy(d.data(), &type, 2);
    memcpy(d.data() + 16, &pages[i].order, 4);
    memcpy(d.data() + 24, &pages[i].gfp, 8);
    data.push_back(std::move(d));
  }
  for (size_t i = 0; i < 3; i++) {
    recs[i].data = data[i].data();
    recs[i].size = static_cast<int>(data[i].size());
    records.push_back(&recs[i]);
  }
  gfp_histogram(tep, records);
  tep_free(tep);
  return 0;
}
