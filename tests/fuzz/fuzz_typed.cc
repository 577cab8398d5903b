// SPDX-License-Identifier: LGPL-2.1
// Typed events: the model builder and the batch reader. The input is a format
// text, a NUL, then record bytes; with an empty text, byte 0 of the rest picks
// an event of the fixed format set instead. The record bytes become up to 8
// records (byte 0: how they are cut, which keep their own common_type), read
// through every column and field with every tev_ read call, and through a
// window (grouped by whatever event their common_type names).
#include <cstring>
#include <string>
#include <vector>

#include "event-typed.h"
#include "fuzz_common.h"

namespace {

constexpr size_t kMaxRecords = 8;

// The records through a window: each group filled with every valued column of
// its event, twice (the second load's fills go through the plans the first's made).
void read_window(tev_catalog* cat, const std::vector<const tep_record*>& recs) {
  tev_window* window = nullptr;
  if (tev_window_new(cat, &window) != TEV_OK) return;
  for (int pass = 0; pass < 2; pass++) {
    int64_t groups = tev_window_load(window, recs.data(), recs.size());
    for (int64_t g = 0; g < groups; g++) {
      tev_event* ev = nullptr;
      size_t count = 0;
      if (tev_window_group(window, static_cast<size_t>(g), &ev, nullptr, &count) != TEV_OK) continue;
      std::vector<const tev_column*> valued;
      for (int c = 0, n = tev_event_field_count(ev); c < n; c++) {
        const tev_column* col = nullptr;
        if (tev_event_field(ev, c, &col) == TEV_OK && tev_column_type(col) != TEV_TYPE_NONE) valued.push_back(col);
      }
      for (int c = 0, n = tev_event_column_count(ev); c < n; c++) {
        const tev_column* col = nullptr;
        if (tev_event_column(ev, c, &col) == TEV_OK && tev_column_type(col) != TEV_TYPE_NONE) valued.push_back(col);
      }
      std::vector<std::vector<unsigned char>> storage(valued.size(), std::vector<unsigned char>(count * 16 + 1));
      std::vector<std::vector<uint8_t>> valid(valued.size(), std::vector<uint8_t>(count + 1));
      std::vector<void*> values;
      std::vector<uint8_t*> valids;
      for (size_t j = 0; j < valued.size(); j++) {
        values.push_back(storage[j].data());
        valids.push_back(valid[j].data());
      }
      tev_window_fill(window, static_cast<size_t>(g), valued.data(), valued.size(), values.data(),
                      pass ? nullptr : valids.data());
    }
  }
  tev_window_free(window);
}

void read_everything(tev_event* ev, const std::vector<const tep_record*>& recs) {
  size_t n = recs.size();
  std::vector<const tev_column*> valued;
  for (bool fields : {false, true}) {
    int count = fields ? tev_event_field_count(ev) : tev_event_column_count(ev);
    for (int c = 0; c < count; c++) {
      const tev_column* col = nullptr;
      if ((fields ? tev_event_field(ev, c, &col) : tev_event_column(ev, c, &col)) != TEV_OK) continue;
      tev_column_name(col);
      tev_column_note(col);
      for (int t = 0; t < tev_column_table_count(col); t++)
        for (int i = 0; i < tev_column_table_size(col, t); i++) {
          uint64_t value;
          const char* name;
          tev_column_table_entry(col, t, i, &value, &name);
        }
      tev_type type = tev_column_type(col);
      alignas(16) unsigned char values[kMaxRecords * 16];
      uint8_t valid[kMaxRecords];
      int64_t wide[kMaxRecords];
      int32_t codes[kMaxRecords];
      if (type != TEV_TYPE_NONE) {
        valued.push_back(col);
        tev_fill(col, recs.data(), n, values, valid);
        tev_fill_int64(col, recs.data(), n, wide, nullptr);
      }
      tev_fill_codes(col, recs.data(), n, codes, valid);
      char text[64];
      uint64_t offsets[kMaxRecords + 1];
      tev_fill_text(col, recs.data(), n, text, sizeof(text), offsets);
      for (const tep_record* r : recs) {
        tev_value v;
        if (tev_read(col, r, &v) != TEV_OK || !v.valid) continue;
        char buf[256];
        tev_format_buf(col, r, buf, sizeof(buf));
        if (v.type == TEV_TYPE_BYTES) {
          for (unsigned bit = 0; bit < 64; bit += 7) tev_bitset_test(col, v.bytes, bit);
          int64_t e;
          for (size_t i = 0; i < 4; i++) tev_array_element(col, v.bytes, i, &e);
        } else {
          const char* name;
          tev_column_symbol(col, v.u, &name, nullptr);
        }
      }
    }
  }
  std::vector<std::vector<unsigned char>> storage(valued.size(), std::vector<unsigned char>(kMaxRecords * 16));
  std::vector<void*> values;
  for (auto& s : storage) values.push_back(s.data());
  tev_fill_columns(valued.data(), valued.size(), recs.data(), n, values.data(), nullptr);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Split in = fuzz::split_at_nul(data, size);
  if (in.rest_size < 1) return 0;
  tep_handle* own = nullptr;
  tep_handle* tep;
  tep_event* event = nullptr;
  if (in.text.empty()) {
    tep = fuzz::fixed_handle();
    int count = tep_get_events_count(tep);
    if (count <= 0) return 0;
    event = tep_get_event(tep, in.rest[0] % count);
  } else {
    tep = own = tep_alloc();
    tep_set_long_size(tep, 8);
    if (tep_parse_format(tep, &event, in.text.data(), in.text.size(), "fuzz") != 0) event = nullptr;
  }
  if (event) {
    tev_catalog* cat = nullptr;
    tev_event* ev = nullptr;
    if (tev_catalog_new(tep, &cat) == TEV_OK && tev_event_of(cat, event, &ev) == TEV_OK) {
      // Records: byte 0 cuts the rest into pieces; its low bits say which keep their common_type.
      uint8_t control = in.rest[0];
      size_t pieces = 1 + control % kMaxRecords;
      std::vector<std::vector<uint8_t>> payloads;
      const uint8_t* p = in.rest + 1;
      size_t left = in.rest_size - 1;
      for (size_t i = 0; i < pieces; i++) {
        size_t take = i + 1 == pieces ? left : left / (pieces - i);
        payloads.emplace_back(p, p + take);
        p += take;
        left -= take;
        if (payloads.back().size() >= 2 && !((control >> 4) & (1u << (i % 4)))) {
          uint16_t id = static_cast<uint16_t>(event->id);
          memcpy(payloads.back().data(), &id, 2);
        }
      }
      std::vector<tep_record> records(payloads.size());
      std::vector<const tep_record*> recs;
      for (size_t i = 0; i < payloads.size(); i++) {
        records[i].data = payloads[i].data();
        records[i].size = static_cast<int>(payloads[i].size());
        recs.push_back(&records[i]);
      }
      read_everything(ev, recs);
      read_window(cat, recs);
      // A constant for a name a table left unresolved rebuilds the model; read again.
      if (own) {
        tev_catalog_define(cat, "I_DIRTY_SYNC", control);
        read_everything(ev, recs);
      }
    }
    tev_catalog_free(cat);
  }
  if (own) tep_free(own);
  return 0;
}
