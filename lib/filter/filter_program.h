// SPDX-License-Identifier: LGPL-2.1
// MatchProgram: one event's filter tree compiled for matching records. Built
// once per tree: every field is resolved to its offset, size, signedness and
// string kind, so evaluating a record only reads bytes (bounded by the
// record's size) and compares. Results follow upstream's tep_filter_match:
// 64-bit unsigned comparisons of sign-extended fields, comm/regex string
// tests, and the first error met wins (TEP_ERRNO__NOT_A_NUMBER, ...).
#pragma once

#include <cstdint>
#include <regex.h>
#include <vector>

#include "event-parse.h"

namespace tep::filter {

class MatchProgram {
 public:
  MatchProgram(tep_handle* tep, const tep_filter_arg* root);

  // True when the record passes; `err` receives the first evaluation error.
  bool matches(tep_record* record, tep_errno& err) const;

 private:
  enum class Kind : uint8_t {
    // conditions
    kConst, kAnd, kOr, kNot, kCompareNumbers, kCompareStrings, kNonZero, kBadCondition,
    kCompareFieldNumber,  // the usual "prev_pid > 100": a record field against a number
    // values
    kNumber, kStringValue, kField, kCpu, kCommAddress, kArithmetic, kBadValue,
  };
  enum class StringSource : uint8_t { kComm, kFixed, kDynamic, kNumberText, kCpuText };

  struct Node {
    Kind kind = Kind::kBadCondition;
    int op = 0;              // cmp / exp / str type, or the error to report
    int left = -1, right = -1;
    uint64_t number = 0;     // kNumber, kConst
    const tep_format_field* field = nullptr;
    StringSource source = StringSource::kFixed;
    bool symbolize = false;  // pointer/long field compared as text: try kallsyms
    const char* text = nullptr;
    const regex_t* regex = nullptr;
  };

  int compile_condition(const tep_filter_arg* arg);
  int compile_value(const tep_filter_arg* arg);
  int add(const Node& node);

  bool test(int index, tep_record* record, tep_errno& err) const;
  static bool compare(int op, uint64_t l, uint64_t r, tep_errno& err);
  uint64_t value(int index, tep_record* record, tep_errno& err) const;
  bool test_strings(const Node& node, tep_record* record) const;

  tep_handle* tep_;
  std::vector<Node> nodes_;
  int root_ = -1;
};

}  // namespace tep::filter
