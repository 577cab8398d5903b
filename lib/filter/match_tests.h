// SPDX-License-Identifier: LGPL-2.1
// The tests a MatchProgram's steps run on a record (the runtime half of
// filter_program.cc, which chooses one per leaf when it compiles a tree),
// and what they read records with. Private to lib/filter: included by
// filter_program.cc only, where every test is instantiated.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>

#include "base/digits.h"
#include "core/handle.h"
#include "filter/filter_program.h"
#include "record/dynamic_word.h"
#include "record/field_access.h"

namespace tep::filter::matching {

// Text of a value that is not NUL-terminated in the record, or a number.
struct Scratch {
  char small[128];
  std::string big;

  char* reserve(size_t n) {
    if (n < sizeof(small)) return small;
    big.assign(n + 1, '\0');
    return big.data();
  }
};

// "0x" and lower-case hex digits, like upstream's "0x%llx".
inline const char* hex_text(uint64_t v, Scratch& scratch) {
  char* end = scratch.small + 2 + 16;  // "0x", at most 16 digits
  *end = 0;
  char* p = base::unsigned_digits(v, 16, false, end);
  *--p = 'x';
  *--p = '0';
  return p;
}

// A field read as a number. For a field that is not 1, 2, 4 or 8 bytes (a char
// array: `prev_comm > 5`) upstream compares an uninitialised variable, in
// practice a user-space pointer left on its stack (trace-cmd matches every
// record for `> 5` and `!= 0`, none for `< 5`, `== 0` or `& 1`). Ours compares
// the address of the field's bytes: the same answers against such numbers,
// and the same on every run. A field outside the record reads as 0.
inline uint64_t field_number(const tep_format_field& field, const tep_record& record, bool swap) {
  uint64_t v = 0;
  if (record::read_field_value(field, record.data, record.size, swap, v)) return v;
  const int size = field.size;
  if (size == 1 || size == 2 || size == 4 || size == 8) return 0;
  return reinterpret_cast<uintptr_t>(record.data) + static_cast<uint64_t>(field.offset);
}

// The record's pid, read within its size (tep_data_pid reads past it, as upstream's).
inline int record_pid(const tep_handle& tep, const tep_record& record) {
  return tep.common_fields.read(tep, core::CommonField::kPid, record.data, record.size);
}

// Record bytes holding a text: the text is p[0, n) up to its first NUL.
struct Text {
  const uint8_t* p;
  int64_t n;
};

// `k` bytes of `a` and `b` alike. Word, chosen for k when compiling: two
// loads of it that may overlap (for 4 to 16 bytes, as most strings compared
// against are), or memcmp (void).
template <typename Word>
inline bool same_bytes(const uint8_t* a, const char* b, size_t k) {
  if constexpr (std::is_void_v<Word>) {
    return memcmp(a, b, k) == 0;
  } else {
    Word a0, a1, b0, b1;
    memcpy(&a0, a, sizeof(Word)), memcpy(&a1, a + k - sizeof(Word), sizeof(Word));
    memcpy(&b0, b, sizeof(Word)), memcpy(&b1, b + k - sizeof(Word), sizeof(Word));
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
  }
}

// At most `count` bytes at `start`, clipped to the record.
inline Text clip(const uint8_t* data, int size, int64_t start, int64_t count) {
  if (start < 0 || start >= size || count <= 0) return {data, 0};
  return {data + start, std::min<int64_t>(count, size - start)};
}

}  // namespace tep::filter::matching

namespace tep::filter {

struct MatchProgram::Tests {
  using Scratch = matching::Scratch;
  using Text = matching::Text;
  // A 1, 2, 4 or 8-byte field (offset >= 0) against a number: sign-extended
  // when T is signed, 0 outside the record.
  template <typename T, typename Cmp>
  static int field_against_number(const Step& step, Context ctx) {
    uint64_t v = 0;
    if (step.end <= ctx.size())
      v = static_cast<uint64_t>(static_cast<T>(base::read_number(ctx.data() + step.offset, sizeof(T), ctx.swap)));
    return Cmp{}(v, step.number);
  }

  template <typename T>
  static Test field_test(int cmp) {
    switch (cmp) {
      case TEP_FILTER_CMP_EQ: return then<field_against_number<T, std::equal_to<uint64_t>>>;
      case TEP_FILTER_CMP_NE: return then<field_against_number<T, std::not_equal_to<uint64_t>>>;
      case TEP_FILTER_CMP_GT: return then<field_against_number<T, std::greater<uint64_t>>>;
      case TEP_FILTER_CMP_LT: return then<field_against_number<T, std::less<uint64_t>>>;
      case TEP_FILTER_CMP_GE: return then<field_against_number<T, std::greater_equal<uint64_t>>>;
      default: return then<field_against_number<T, std::less_equal<uint64_t>>>;
    }
  }

  static Test field_test(int size, bool is_signed, int cmp) {
    switch (size) {
      case 1: return is_signed ? field_test<int8_t>(cmp) : field_test<uint8_t>(cmp);
      case 2: return is_signed ? field_test<int16_t>(cmp) : field_test<uint16_t>(cmp);
      case 4: return is_signed ? field_test<int32_t>(cmp) : field_test<uint32_t>(cmp);
      default: return field_test<uint64_t>(cmp);
    }
  }

  // The record's text of a char array or __data_loc field, as upstream reads
  // it: a char array up to its NUL (or all of it); a __data_loc string up to
  // its NUL, or, when its last byte is not NUL, the first bytes of the
  // location word's size. (An empty location in place needs a NUL after it.)
  static Text field_text(const Step& step, Context ctx) {
    int64_t start = step.offset, length = step.end - step.offset;
    if (step.source == StringSource::kDynamic) {
      // Upstream's filter reads the word in the host's byte order, __rel_loc not applied.
      uint32_t loc = 0;
      if (start >= 0 && step.end <= ctx.size()) memcpy(&loc, ctx.data() + start, 4);
      const record::DynamicWord word(loc);
      start = word.as_written();
      length = word.length();
    } else if (length > 0) {
      return matching::clip(ctx.data(), ctx.size(), start, length);
    }
    const int64_t last = start + length - 1;
    if (start >= 0 && last >= 0 && last < ctx.size() && start < ctx.size() && ctx.data()[last] == 0 &&
        (last >= start || memchr(ctx.data() + start, 0, static_cast<size_t>(ctx.size() - start))))
      return {ctx.data() + start, last >= start ? length : ctx.size() - start};
    return matching::clip(ctx.data(), ctx.size(), start, step.field->size);
  }

  // A char array (kArray, of a size > 0) or a __data_loc field == or != the
  // string s: strcmp(text, s) == 0 without looking for the text's end. Equal
  // when the text's first strlen(s) + 1 bytes are s and its NUL, or when the
  // text is exactly strlen(s) bytes long.
  template <bool kArray, typename Word, bool kNegate>
  static int string_equals(const Step& step, Context ctx) {
    const Text t =
        kArray ? matching::clip(ctx.data(), ctx.size(), step.offset, step.end - step.offset) : field_text(step, ctx);
    const auto n = static_cast<size_t>(t.n);
    const size_t length = step.length;
    const bool same = n > length ? matching::same_bytes<Word>(t.p, step.text, length + 1)
                                 : n == length && memcmp(t.p, step.text, length) == 0;
    return same != kNegate;
  }

  // A char array longer than the string, inside the record: its first
  // strlen(s) + 1 bytes against s and its NUL, as two words of s read when
  // compiling. A record too short for the array goes the general way, by a
  // tail call that keeps this test free of register saves.
  template <typename Word, bool kNegate>
  static const Step* array_equals(const Step& step, Context ctx) {
    if (__builtin_expect(step.end > ctx.size(), 0)) return array_in_short_record<Word, kNegate>(step, ctx);
    const uint8_t* p = ctx.data() + step.offset;
    Word a0, a1;
    memcpy(&a0, p, sizeof(Word)), memcpy(&a1, p + step.tail, sizeof(Word));
    const bool same = ((a0 ^ static_cast<Word>(step.word[0])) | (a1 ^ static_cast<Word>(step.word[1]))) == 0;
    return step.to[same != kNegate];
  }
  template <typename Word, bool kNegate>
  __attribute__((noinline)) static const Step* array_in_short_record(const Step& step, Context ctx) {
    return then<string_equals<true, Word, kNegate>>(step, ctx);
  }

  // The == / != test of a char array (`array`, of `array_size` bytes) or a
  // __data_loc field against the step's string, comparing in words of Word.
  // A char array longer than the string at a known offset compares two words
  // of the string read here (array_equals).
  template <typename Word, bool kNegate>
  static Test string_test(Step& step, bool array, int64_t array_size) {
    if constexpr (!std::is_void_v<Word>) {
      if (array && step.offset >= 0 && array_size > static_cast<int64_t>(step.length)) {
        Word w0, w1;
        step.tail = step.length + 1 - sizeof(Word);
        memcpy(&w0, step.text, sizeof(Word)), memcpy(&w1, step.text + step.tail, sizeof(Word));
        step.word[0] = w0, step.word[1] = w1;
        return array_equals<Word, kNegate>;
      }
    }
    return array ? then<string_equals<true, Word, kNegate>> : then<string_equals<false, Word, kNegate>>;
  }

  template <typename Word>
  static Test string_test(Step& step, bool array, int64_t array_size, bool negate) {
    return negate ? string_test<Word, true>(step, array, array_size)
                  : string_test<Word, false>(step, array, array_size);
  }

  // Two overlapping words cover a string and its NUL of 4 to 16 bytes.
  static Test string_test(Step& step, bool array, int64_t array_size, bool negate) {
    const size_t k = step.length + 1;
    if (k >= 8 && k <= 16) return string_test<uint64_t>(step, array, array_size, negate);
    if (k >= 4 && k < 8) return string_test<uint32_t>(step, array, array_size, negate);
    return string_test<void>(step, array, array_size, negate);
  }

  // The other string tests: regular expressions, and the comm, the cpu or a
  // number as text (a kernel symbol or "0x...").
  static int compare_strings(const Step& step, Context ctx) {
    const tep_handle& tep = *step.program->tep_;
    Scratch scratch;
    const char* text = "";
    switch (step.source) {
      case StringSource::kComm: text = tep.comms.comm_of(matching::record_pid(tep, ctx.record)); break;
      case StringSource::kCpuText:
        text = matching::hex_text(static_cast<uint64_t>(static_cast<int64_t>(ctx.record.cpu)), scratch);
        break;
      case StringSource::kNumberText: {
        uint64_t v = 0;
        core::read_field_value(tep, *step.field, ctx.data(), ctx.size(), v);
        symbols::FunctionTable::CMatch match;
        text = step.symbolize && tep.functions.lookup(v, match) ? match.name : nullptr;
        if (!text) text = matching::hex_text(v, scratch);
        break;
      }
      case StringSource::kFixed:
      case StringSource::kDynamic: {
        const Text t = field_text(step, ctx);
        if (memchr(t.p, 0, static_cast<size_t>(t.n))) {
          text = reinterpret_cast<const char*>(t.p);
        } else {
          char* copy = scratch.reserve(static_cast<size_t>(t.n));
          memcpy(copy, t.p, static_cast<size_t>(t.n));
          copy[t.n] = 0;
          text = copy;
        }
        break;
      }
    }
    if (!text) text = "";
    switch (step.op) {
      case TEP_FILTER_CMP_MATCH: return strcmp(text, step.text) == 0;
      case TEP_FILTER_CMP_NOT_MATCH: return strcmp(text, step.text) != 0;
      case TEP_FILTER_CMP_REGEX: return regexec(step.regex, text, 0, nullptr, 0) == 0;
      default: return regexec(step.regex, text, 0, nullptr, 0) != 0;
    }
  }

  // Two value trees compared (the op is valid: checked when compiled).
  static int compare_values(const Step& step, Context ctx) {
    tep_errno err = TEP_ERRNO__SUCCESS;
    const uint64_t l = step.program->value(step.left, &ctx.record, err);
    const uint64_t r = step.program->value(step.right, &ctx.record, err);
    if (err) return err;
    switch (step.op) {
      case TEP_FILTER_CMP_EQ: return l == r;
      case TEP_FILTER_CMP_NE: return l != r;
      case TEP_FILTER_CMP_GT: return l > r;
      case TEP_FILTER_CMP_LT: return l < r;
      case TEP_FILTER_CMP_GE: return l >= r;
      default: return l <= r;
    }
  }

  // A value as a condition.
  static int non_zero(const Step& step, Context ctx) {
    tep_errno err = TEP_ERRNO__SUCCESS;
    const uint64_t v = step.program->value(step.left, &ctx.record, err);
    return err ? static_cast<int>(err) : v != 0;
  }

  // A test that fails with the same error on every record: its outcomes are
  // that error's end step (set when compiled).
  static const Step* fail(const Step& step, Context) { return step.to[0]; }

  // A test as a step: the step after its outcome, or the end step of the
  // error it met.
  template <int (*Body)(const Step&, Context)>
  static const Step* then(const Step& step, Context ctx) {
    const int result = Body(step, ctx);
    return __builtin_expect(result >= 0, 1) ? step.to[result] : error_end(result);
  }

  // An end step for each tep_errno, shared by every program.
  static const Step* error_end(int err) {
    constexpr int kCodes = __TEP_ERRNO__END - __TEP_ERRNO__START - 1;
    static const std::array<Step, kCodes> ends = [] {
      std::array<Step, kCodes> steps;
      for (int i = 0; i < kCodes; i++) steps[static_cast<size_t>(i)] = end_step(__TEP_ERRNO__START + 1 + i);
      return steps;
    }();
    const int i = err - __TEP_ERRNO__START - 1;
    return &ends[static_cast<size_t>(i >= 0 && i < kCodes ? i : TEP_ERRNO__INVALID_ARG_TYPE - __TEP_ERRNO__START - 1)];
  }

  // Matching is noexcept: a test that may allocate (text copies, comm and
  // symbol lookups) answers an allocation failure with an error instead.
  template <int (*Body)(const Step&, Context)>
  static int guarded(const Step& step, Context ctx) noexcept {
    try {
      return Body(step, ctx);
    } catch (...) {
      return TEP_ERRNO__MEM_ALLOC_FAILED;
    }
  }
};

}  // namespace tep::filter
