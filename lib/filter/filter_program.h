// SPDX-License-Identifier: LGPL-2.1
// MatchProgram: one event's filter tree compiled for matching records. Built
// once per tree: AND / OR / NOT become jumps between the tree's leaf tests
// (short-circuit code), and each leaf becomes a step whose test function is
// chosen for its shape (a field of a known size and signedness against a
// number, a char array against a string of known length, ...), every field
// resolved to its offset and size. Matching a record then only reads bytes
// (bounded by the record's size) and compares. Results follow upstream's
// tep_filter_match: 64-bit unsigned comparisons of sign-extended fields,
// comm/regex string tests, and the first error met wins (evaluation stops
// there: TEP_ERRNO__NOT_A_NUMBER, ...).
#pragma once

#include <cstdint>
#include <regex.h>
#include <vector>

#include "event-parse.h"

namespace tep::filter {

class MatchProgram {
 public:
  MatchProgram(tep_handle* tep, const tep_filter_arg* root);

  // TEP_ERRNO__FILTER_MATCH when the record passes, TEP_ERRNO__FILTER_MISS
  // when not, or the first evaluation error. `swap`: the record's byte order
  // is not the host's. Inline: it runs once per record, after a search.
  int match(tep_record& record, bool swap) const noexcept {
    const Context ctx{record, swap};
    const Step* step = entry_;
    while (step->test) step = step->test(*step, ctx);
    return step->op;
  }

  // Steps point at each other and at accept_ / reject_: not copied.
  MatchProgram(const MatchProgram&) = delete;
  MatchProgram& operator=(const MatchProgram&) = delete;

 private:
  // What every test of one record reads; passed in two registers.
  struct Context {
    tep_record& record;
    bool swap;
    const uint8_t* data() const { return static_cast<const uint8_t*>(record.data); }
    int size() const { return record.size; }
  };
  struct Step;
  // The step after this one's outcome on the record, or an end step: one
  // whose test is null and whose op is the answer (accept_, reject_, or the
  // tep_errno met). Tests::then makes one of a test that returns 1 when the
  // record passes, 0 when not, or the (negative) tep_errno.
  using Test = const Step* (*)(const Step& step, Context ctx);
  static constexpr int kAccept = -1, kReject = -2;  // where a jump may end

  // A value node of a leaf that has no step of its own (arithmetic, cpu,
  // comm address, ...), evaluated by value().
  enum class Kind : uint8_t { kNumber, kStringValue, kField, kCpu, kCommAddress, kArithmetic, kBadValue };
  struct Node {
    Kind kind = Kind::kBadValue;
    int op = TEP_ERRNO__INVALID_ARG_TYPE;  // exp type, or the error to report
    int left = -1, right = -1;
    uint64_t number = 0;
    const tep_format_field* field = nullptr;
  };

  enum class StringSource : uint8_t { kComm, kFixed, kDynamic, kNumberText, kCpuText };
  struct Step {
    Test test = nullptr;                    // none: an end step, whose op is the answer
    const Step* to[2] = {};                 // the step after a 0 / 1 result, once compiled
    const MatchProgram* program = nullptr;  // its owner, for the tests that evaluate values
    int next[2] = {kReject, kReject};       // the same as indices, while compiling
    int op = 0;                             // cmp / str type, the error to report, or an end's answer
    int offset = 0;                         // a field's bytes in the record: [offset, end)
    int64_t end = 0;                        // (int64: offset + size may pass INT_MAX)
    uint64_t number = 0;                    // the number compared against
    int left = -1, right = -1;              // value nodes
    const tep_format_field* field = nullptr;
    StringSource source = StringSource::kFixed;
    bool symbolize = false;      // pointer/long field compared as text: try kallsyms
    const char* text = nullptr;  // the string compared against
    size_t length = 0;           // its strlen
    uint64_t word[2] = {};       // its first and last bytes as words (array_equals)
    size_t tail = 0;             // where the last word starts
    const regex_t* regex = nullptr;
  };

  int compile_condition(const tep_filter_arg* arg, int on_true, int on_false);
  Step compile_numbers(const tep_filter_arg* arg);
  Step compile_strings(const tep_filter_arg* arg);
  int compile_value(const tep_filter_arg* arg);
  int static_error(int node) const;
  uint64_t value(int index, tep_record* record, tep_errno& err) const;

  struct Tests;  // the step tests (match_tests.h)

  tep_handle* tep_;
  std::vector<Node> nodes_;
  std::vector<Step> steps_;
  Step accept_ = end_step(TEP_ERRNO__FILTER_MATCH), reject_ = end_step(TEP_ERRNO__FILTER_MISS);
  static Step end_step(int result) {
    Step step;
    step.op = result;
    return step;
  }
  const Step* entry_ = &reject_;
};

}  // namespace tep::filter
