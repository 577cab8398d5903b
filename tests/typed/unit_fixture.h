// SPDX-License-Identifier: LGPL-2.1
// What the unit tests of lib/typed share: a handle with events written inline
// (the four common fields, then the test's fields and print fmt), their typed
// models through a Catalog, and records built from their formats:
//   Handle h;
//   format::Event& e = h.add("\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n", "\"a=%d\", REC->a");
//   Record r = h.record(e);
//   Value v = read_value(h.source(e), h.model(e).columns[0], r.set("a", 7).get());
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/handle.h"
#include "format/event.h"
#include "print_plan/plan_cache.h"
#include "typed/batch.h"
#include "typed/catalog.h"
#include "typed/classify.h"
#include "typed/reader.h"
#include "typed_fixture.h"

namespace tep::typed::test {

using typed_test::Record;

// common_type is a u16 at 0, as in every kernel's format; the event's own
// fields start at 8.
inline const char kCommonFields[] =
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n";

// An event printing a value of each byte-valued kind (addresses, hex dumps,
// arrays, masks, a kernel string, a test): fields, then print fmt.
inline const char kEveryKindFields[] =
    "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:u8 v4[4];\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:u8 v6[16];\toffset:16;\tsize:16;\tsigned:0;\n"
    "\tfield:u8 uuid[16];\toffset:32;\tsize:16;\tsigned:0;\n"
    "\tfield:u8 sa[28];\toffset:48;\tsize:28;\tsigned:0;\n"
    "\tfield:__data_loc u8[] buf;\toffset:76;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned int len;\toffset:80;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc s32[] vals;\toffset:84;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc unsigned long[] bits;\toffset:88;\tsize:4;\tsigned:0;\n"
    "\tfield:__data_loc cpumask_t cpus;\toffset:92;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned long mask[2];\toffset:96;\tsize:16;\tsigned:0;\n"
    "\tfield:const char * fmt;\toffset:112;\tsize:8;\tsigned:0;\n";
inline const char kEveryKindPrintFmt[] =
    "\"%pI4 %pI6c %pU %pISpc %s %*ph %s %s %s %*pbl %s %s %c\", REC->v4, REC->v6, REC->uuid, REC->sa, "
    "__print_hex(__get_dynamic_array(buf), REC->len), 4, __get_dynamic_array(buf), "
    "__print_array(__get_dynamic_array(vals), REC->len, 4), __get_bitmask(bits), __get_cpumask(cpus), 70, REC->mask, "
    "REC->fmt, __print_hex_str(__get_dynamic_array(buf), REC->len), REC->a ? 'F' : ' '";

// A handle of events added one by one, and the catalog over it (freed first).
class Handle {
 public:
  explicit Handle(int long_size = 8, bool big_endian = false) : tep_(tep_alloc()), big_endian_(big_endian) {
    tep_set_long_size(tep_, long_size);
    tep_set_page_size(tep_, 4096);
    tep_set_file_bigendian(tep_, big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
  }
  ~Handle() {
    catalog_.reset();
    tep_free(tep_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  tep_handle& tep() { return *tep_; }
  tep_handle* c_tep() { return tep_; }

  // Event "evN" of system `system` (id 100 + N unless given) with the common
  // fields, then `fields`, and this print fmt.
  format::Event& add(const std::string& fields, const std::string& print_fmt, const std::string& system = "test",
                     int id = -1, const std::string& name = "") {
    ++added_;
    std::string event_name = name.empty() ? "ev" + std::to_string(added_) : name;
    std::string text = "name: " + event_name + "\nID: " + std::to_string(id >= 0 ? id : 100 + added_) + "\nformat:\n" +
                       kCommonFields + "\n" + fields + "\nprint fmt: " + print_fmt + "\n";
    return add_format(text, system);
  }
  // A whole format file's text.
  format::Event& add_format(const std::string& text, const std::string& system = "test") {
    tep_event* event = nullptr;
    tep_parse_format(tep_, &event, text.c_str(), text.size(), system.c_str());
    if (!event) throw std::runtime_error("format did not parse:\n" + text);
    return *format::Event::from(event);
  }

  Catalog& catalog() {
    if (!catalog_) catalog_ = std::make_unique<Catalog>(*tep_);
    return *catalog_;
  }
  TypedEvent& typed(format::Event& e) { return catalog().event(e); }
  const Model& model(format::Event& e) { return typed(e).model(); }
  BatchSource source(format::Event& e) { return BatchSource{*tep_, e, model(e)}; }
  const print_plan::Plan& plan(format::Event& e) { return print_plan::plan_for(*tep_, e); }

  // The column named `name` of e's model.
  const Column& column(format::Event& e, const std::string& name) {
    for (const Column& c : model(e).columns)
      if (c.name == name) return c;
    throw std::runtime_error("no column " + name);
  }
  // The raw field column named `name`.
  const Column& field(format::Event& e, const std::string& name) {
    for (const Column& c : model(e).fields)
      if (c.name == name) return c;
    throw std::runtime_error("no field " + name);
  }
  // Print fmt argument i (its tree), null past the last.
  static const tep_print_arg* arg(const format::Event& e, size_t i) {
    const tep_print_arg* a = e.print_fmt.args;
    for (; a && i; i--) a = a->next;
    return a;
  }

  // classify_step() of e's conversion `n` (its n-th step that is no literal)
  // with print fmt argument `arg_index` (none past the last).
  Column classify(format::Event& e, size_t n, size_t arg_index) {
    const print_plan::Plan& p = plan(e);
    for (size_t i = 0; i < p.steps.size(); i++) {
      if (p.steps[i].kind == print_plan::Step::Kind::kLiteral || n--) continue;
      std::string_view after;
      if (i + 1 < p.steps.size() && p.steps[i + 1].kind == print_plan::Step::Kind::kLiteral)
        after = p.steps[i + 1].literal;
      ClassifyContext cx{*tep_, e, constants_};
      return classify_step(cx, p.steps[i], arg(e, arg_index), after);
    }
    throw std::runtime_error("no such conversion");
  }

  Record record(format::Event& e) { return Record(&e, 256, big_endian_); }

 private:
  tep_handle* tep_;
  bool big_endian_;
  Constants constants_;
  std::unique_ptr<Catalog> catalog_;
  int added_ = 0;
};

// A value's bytes as a string (payloads and byte views compare as text).
inline std::string text_of(const Value& v) { return std::string(v.bytes); }

// Records of several events mixed as in a trace, every field pseudo-random
// (the same for a seed), with the bad ones a batch must survive among them:
// NULL records, NULL payloads, short records, __data_loc words pointing
// outside the record.
class RecordMix {
 public:
  RecordMix(Handle& h, const std::vector<format::Event*>& events, size_t n, uint64_t seed = 1, bool bad = true)
      : state_(seed * 0x9e3779b97f4a7c15ULL + 1) {
    null_data_.size = 64;
    for (size_t i = 0; i < n; i++) {
      format::Event& e = *events[next() % events.size()];
      Record& r = records_.emplace_back(h.record(e));
      // The whole id, whatever common_type's size (Record sets two bytes).
      for (const tep_format_field* f = e.format.common_fields; f; f = f->next)
        if (!strcmp(f->name, "common_type")) r.set(f->name, static_cast<uint64_t>(e.id));
      for (const tep_format_field* f = e.format.fields; f; f = f->next) fill(r, *f);
      uint64_t roll = bad ? next() % 64 : 63;
      if (roll < 2) {
        pointers_.push_back(nullptr);
      } else if (roll < 4) {
        pointers_.push_back(&null_data_);
      } else {
        if (roll < 10) r.truncate(next() % (r.size() + 1));
        if (roll >= 10 && roll < 14) corrupt_a_word(r, e);
        pointers_.push_back(&r.get());
      }
    }
  }
  const tep_record* const* data() const { return pointers_.data(); }
  size_t size() const { return pointers_.size(); }
  const tep_record* operator[](size_t i) const { return pointers_[i]; }

 private:
  uint64_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }
  // Bytes from a small alphabet with NULs among them (strings end anywhere).
  std::vector<uint8_t> bytes(size_t n) {
    std::vector<uint8_t> out(n);
    for (uint8_t& b : out) b = next() % 8 ? static_cast<uint8_t>('a' + next() % 26) : 0;
    return out;
  }
  void fill(Record& r, const tep_format_field& f) {
    if (f.flags & TEP_FIELD_IS_DYNAMIC) {
      std::vector<uint8_t> payload = bytes(next() % 24);
      size_t base = f.flags & TEP_FIELD_IS_RELATIVE ? static_cast<size_t>(f.offset + f.size) : 0;
      r.set(f.name, static_cast<uint32_t>(r.size() - base) | static_cast<uint32_t>(payload.size()) << 16);
      r.append(payload.data(), payload.size());
    } else if (f.flags & TEP_FIELD_IS_ARRAY) {
      std::vector<uint8_t> b = bytes(static_cast<size_t>(f.size));
      r.set_bytes(f.name, b.data(), b.size());
    } else if (f.size > 0) {
      uint64_t v = next();
      r.set(f.name, v >> (next() % 64));  // small values too
    }
  }
  void corrupt_a_word(Record& r, const format::Event& e) {
    for (const tep_format_field* f = e.format.fields; f; f = f->next)
      if ((f->flags & TEP_FIELD_IS_DYNAMIC) && next() % 2) r.set(f->name, next());
  }

  uint64_t state_;
  std::deque<Record> records_;
  std::vector<const tep_record*> pointers_;
  tep_record null_data_{};
};

// Where a batch writes columns' values: room for any type (a BytesView, the
// widest) per record, and a valid byte per record unless `with_valid` is false.
class Outputs {
 public:
  Outputs(const std::vector<const Column*>& columns, size_t n, bool with_valid = true)
      : columns_(columns), values_(columns.size(), std::vector<BytesView>(n)), valid_(columns.size()) {
    for (size_t j = 0; j < columns.size(); j++) {
      if (with_valid) valid_[j].assign(n, 0xee);  // neither 0 nor 1 until written
      value_ptrs_.push_back(values_[j].data());
      valid_ptrs_.push_back(with_valid ? valid_[j].data() : nullptr);
      targets_.push_back(ColumnTarget{columns[j], value_ptrs_[j], valid_ptrs_[j]});
    }
  }
  const ColumnTarget* targets() const { return targets_.data(); }
  size_t count() const { return targets_.size(); }
  void* const* values() const { return value_ptrs_.data(); }
  uint8_t* const* valid() const { return valid_ptrs_.data(); }
  // Column j's integer at i as stored (`width` bytes).
  uint64_t integer(size_t j, size_t i, int width) const {
    const auto* p = reinterpret_cast<const uint8_t*>(values_[j].data());
    switch (width) {
      case 1: return p[i];
      case 2: return reinterpret_cast<const uint16_t*>(p)[i];
      case 4: return reinterpret_cast<const uint32_t*>(p)[i];
      default: return reinterpret_cast<const uint64_t*>(p)[i];
    }
  }
  BytesView bytes(size_t j, size_t i) const { return values_[j][i]; }
  uint8_t valid(size_t j, size_t i) const { return valid_[j][i]; }

  // Every column's values of `records` are what read_value gives, a null
  // value stored as 0 (bytes: {NULL, 0}); integers 8 bytes when widened.
  void expect_as_read(const BatchSource& src, const tep_record* const* records, size_t n, bool widen = false) const {
    for (size_t j = 0; j < columns_.size(); j++) {
      const Column& c = *columns_[j];
      const int width = widen && is_integer(c.type) ? 8 : value_type_size(c.type);
      for (size_t i = 0; i < n; i++) {
        Value v = records[i] ? read_value(src, c, *records[i]) : Value{};
        SCOPED_TRACE("column " + c.name + ", record " + std::to_string(i));
        if (valid_ptrs_[j]) {
          EXPECT_EQ(valid(j, i), v.valid ? 1 : 0);
        }
        if (c.type == ValueType::kBytes) {
          EXPECT_EQ(bytes(j, i).data, v.valid ? v.bytes.data() : nullptr);
          EXPECT_EQ(bytes(j, i).size, v.valid ? v.bytes.size() : 0u);
        } else {
          uint64_t want = v.valid ? v.bits : 0;
          if (width < 8) want &= ~0ULL >> (64 - 8 * width);
          EXPECT_EQ(integer(j, i, width), want);
        }
      }
    }
  }

 private:
  std::vector<const Column*> columns_;
  std::vector<std::vector<BytesView>> values_;
  std::vector<std::vector<uint8_t>> valid_;
  std::vector<void*> value_ptrs_;
  std::vector<uint8_t*> valid_ptrs_;
  std::vector<ColumnTarget> targets_;
};

// The columns and fields of a model that have values (what a batch fills).
inline std::vector<const Column*> valued(const Model& m) {
  std::vector<const Column*> out;
  for (const auto* list : {&m.columns, &m.fields})
    for (const Column& c : *list)
      if (c.type != ValueType::kNone) out.push_back(&c);
  return out;
}

}  // namespace tep::typed::test
