// SPDX-License-Identifier: LGPL-2.1
#include "format/field_parser.h"

#include <memory>

#include "base/number_scan.h"

namespace tep::format {

namespace {

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Element size of "__data_loc TYPE[]" arrays, for the types that make strings.
unsigned dynamic_element_size(std::string_view type) {
  struct Entry {
    std::string_view name;
    unsigned size;
  };
  static constexpr Entry kSizes[] = {{"u8", 1},  {"u16", 2}, {"u32", 4}, {"u64", 8}, {"s8", 1},
                                     {"s16", 2}, {"s32", 4}, {"s64", 8}, {"char", 1}};
  for (const auto& e : kSizes)
    if (e.name == type) return e.size;
  return 0;
}

// At text[i]: `literal`, a run of decimal digits and `end`, as every kernel
// writes "\toffset:16;": the digits' value as the token path reads them, and
// i past `end`. Anything else (blanks, letters, no digit) is false, i kept.
inline bool literal_number(std::string_view text, size_t& i, std::string_view literal, char end, unsigned long& out) {
  if (text.size() - i < literal.size() || text.compare(i, literal.size(), literal) != 0) return false;
  const size_t start = i + literal.size();
  size_t j = start;
  while (j < text.size() && static_cast<unsigned>(text[j] - '0') < 10) ++j;
  if (j == start || j >= text.size() || text[j] != end) return false;
  out = base::scan_number(text.substr(start, j - start), base::kStrtoul).bits;
  i = j + 1;
  return true;
}

}  // namespace

void FieldGroupParser::append_type(std::string_view delim, std::string_view text) {
  type_.append(delim);
  type_.append(text);
}

// "unsigned long args[6]", "const char __attribute__((user)) * filename":
// words (and '*') accumulate into the type; the last word is the name.
bool FieldGroupParser::parse_type_and_name(Field& field, base::Token& after) {
  base::Token t = tk_.next();
  if (t.type != base::TokenType::kItem) return false;
  const bool ftrace = event_.flags & TEP_EVENT_FL_ISFTRACE;
  std::string_view last = t.text;
  bool has_type = false;
  for (;;) {
    t = tk_.next();
    // Some old ftrace formats have a '.' inside field types.
    if (t.type == base::TokenType::kItem || t.is(base::TokenType::kOp, "*") ||
        (ftrace && t.is(base::TokenType::kOp, "."))) {
      if (t.text == "*") field.flags |= TEP_FIELD_IS_POINTER;
      if (has_type) {
        append_type(delim_, last);
      } else {
        type_.assign(last);
        has_type = true;
      }
      last = t.text;
      delim_ = " ";
      continue;
    }
    if (t.type == base::TokenType::kDelim && last == "__attribute__" && t.text == "(") {
      // Upstream crashes on an attribute before any type word; we refuse it.
      if (!has_type) return false;
      append_type(" ", last);
      append_type("", "(");
      int depth = 1;
      delim_ = " ";
      // Copied token by token, without the closing parenthesis (upstream's way);
      // an unterminated string ("ab\xc3) inside fails the field, as upstream.
      for (t = tk_.next(); t.type != base::TokenType::kNone; t = tk_.next()) {
        if (t.type == base::TokenType::kError) return false;
        if (t.type == base::TokenType::kDelim) {
          if (t.text == "(")
            ++depth;
          else if (t.text == ")")
            --depth;
          if (depth == 0) break;
          append_type("", t.text);
          delim_ = "";
        } else {
          append_type(delim_, t.text);
          delim_ = " ";
        }
        last = t.text;
      }
      continue;
    }
    break;
  }
  if (!has_type) return false;
  name_.assign(last);
  after = t;
  return true;
}

// "[16]" after the name, or "[]" between type and name ("__data_loc char[] name").
bool FieldGroupParser::parse_array(Field& field, base::Token& after, unsigned& element_of_dynamic) {
  field.flags |= TEP_FIELD_IS_ARRAY;
  std::string brackets = "[";
  base::TokenType last_type = base::TokenType::kOp;
  base::Token t = tk_.next();
  if (t.type == base::TokenType::kNone) return false;
  field.arraylen =
      t.type == base::TokenType::kItem ? static_cast<unsigned>(base::scan_number(t.text, base::kStrtoul).bits) : 0;
  while (t.text != "]") {
    brackets.append(last_type == base::TokenType::kItem && t.type == base::TokenType::kItem ? " " : "");
    brackets.append(t.text);
    last_type = t.type;
    // Only the last token counts: "[TASK_COMM_LEN]" has length 0. An
    // unterminated string's text counts like any token's, as upstream.
    field.arraylen = static_cast<unsigned>(base::scan_number(t.text, base::kStrtoul).bits);
    t = tk_.next();
    if (t.type == base::TokenType::kNone) return false;
  }
  brackets.append("]");
  t = tk_.next();
  if (t.type == base::TokenType::kItem) {
    append_type(" ", name_);
    append_type("", brackets);
    element_of_dynamic = dynamic_element_size(name_);
    name_.assign(t.text);
    t = tk_.next();
  } else {
    append_type("", brackets);
  }
  after = t;
  return true;
}

// ";\toffset:8;\tsize:16;\tsigned:0;\n" (old kernels end after "size:N;"):
// as every kernel writes it, read at once; any other spelling token by token,
// every token checked in place (the same tokens next() would split).
bool FieldGroupParser::parse_location(Field& field, base::Token after) {
  if (!after.is(base::TokenType::kOp, ";")) return false;
  unsigned long offset, size, is_signed = 0;
  const std::string_view rest = tk_.rest();
  size_t at = 0;
  auto newline_at = [&] { return at < rest.size() && rest[at] == '\n'; };
  if (literal_number(rest, at, "\toffset:", ';', offset) && literal_number(rest, at, "\tsize:", ';', size) &&
      (newline_at() || (literal_number(rest, at, "\tsigned:", ';', is_signed) && newline_at())))
    tk_.rewind(tk_.pos() + at + 1);
  else if (!location_tokens(offset, size, is_signed))
    return false;
  field.offset = static_cast<int>(offset);
  field.size = static_cast<int>(size);
  if (is_signed) field.flags |= TEP_FIELD_IS_SIGNED;
  return true;
}

bool FieldGroupParser::location_tokens(unsigned long& offset, unsigned long& size, unsigned long& is_signed) {
  auto number = [&](unsigned long& out) {
    std::string_view item = tk_.next_item_text();
    if (!item.data()) return false;
    out = base::scan_number(item, base::kStrtoul).bits;
    return true;
  };
  auto label = [&](std::string_view word) { return tk_.next_is_item(word) && tk_.next_is_lone_op(':'); };
  is_signed = 0;  // old kernels: no "signed:N;"
  if (!label("offset") || !number(offset) || !tk_.next_is_lone_op(';') || !label("size") || !number(size) ||
      !tk_.next_is_lone_op(';'))
    return false;
  if (tk_.next_is_newline()) return true;
  return label("signed") && number(is_signed) && tk_.next_is_lone_op(';') && tk_.next_is_newline();
}

bool FieldGroupParser::parse_field(Field& field, bool after_colon) {
  if (!after_colon) {
    base::Token t = tk_.next();
    // Old ftrace formats: "field special:..." — the word is ignored.
    if ((event_.flags & TEP_EVENT_FL_ISFTRACE) && t.is(base::TokenType::kItem, "special")) t = tk_.next();
    if (!t.is(base::TokenType::kOp, ":")) return false;
  }
  base::Token after;
  if (!parse_type_and_name(field, after)) return false;
  if (after.type != base::TokenType::kOp) return false;
  unsigned element_of_dynamic = 0;
  if (after.text == "[" && !parse_array(field, after, element_of_dynamic)) return false;

  std::string_view type = type_;
  if ((field.flags & TEP_FIELD_IS_ARRAY) && (contains(type, "char") || contains(type, "u8") || contains(type, "s8")))
    field.flags |= TEP_FIELD_IS_STRING;
  if (starts_with(type, "__data_loc")) field.flags |= TEP_FIELD_IS_DYNAMIC;
  if (starts_with(type, "__rel_loc")) field.flags |= TEP_FIELD_IS_DYNAMIC | TEP_FIELD_IS_RELATIVE;
  if (contains(type, "long")) field.flags |= TEP_FIELD_IS_LONG;  // "long long" too

  if (!parse_location(field, after)) return false;
  // A 2-byte location is the old kernels' string-only __data_loc (no length).
  if ((field.flags & TEP_FIELD_IS_DYNAMIC) && field.size == 2) field.flags |= TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_STRING;

  if (field.flags & TEP_FIELD_IS_ARRAY) {
    if (field.arraylen)
      field.elementsize = static_cast<unsigned>(field.size) / field.arraylen;
    else if (field.flags & TEP_FIELD_IS_DYNAMIC)
      field.elementsize = element_of_dynamic;
    else if (field.flags & TEP_FIELD_IS_STRING)
      field.elementsize = 1;
    else if (field.flags & TEP_FIELD_IS_LONG)
      field.elementsize = static_cast<unsigned>(long_size_);
  } else if (!(field.flags & TEP_FIELD_IS_DYNAMIC)) {
    // "__data_loc cpumask_t cpumask" is no array: upstream leaves 0 there.
    field.elementsize = static_cast<unsigned>(field.size);
  }
  return true;
}

FieldGroupStatus FieldGroupParser::parse(int& count) {
  int parsed = 0;
  for (;;) {
    // "\tfield:" as one literal, as every kernel writes it, else token by token.
    const bool after_colon = tk_.skip_literal("\tfield:");
    if (!after_colon) {
      base::Token t = tk_.next();
      if (t.type == base::TokenType::kNewline) break;
      if (!t.is(base::TokenType::kItem, "field")) return FieldGroupStatus::kMalformed;
    }
    Field& field = drafts_.fields.emplace_back();  // value-initialized: zeroed
    type_.clear();
    name_.clear();
    if (!parse_field(field, after_colon)) {
      drafts_.fields.pop_back();
      return FieldGroupStatus::kMalformed;
    }
    field.is_signed = field.flags & TEP_FIELD_IS_SIGNED;
    field.is_dynamic = field.flags & TEP_FIELD_IS_DYNAMIC;
    field.is_relative = field.flags & TEP_FIELD_IS_RELATIVE;
    drafts_.add_texts(type_, name_);
    ++parsed;
  }
  count = parsed;
  return FieldGroupStatus::kComplete;
}

FieldGroupStatus FieldGroupParser::parse_common(int& count, CommonGroupCache& cache) {
  if (!drafts_.fields.empty()) return parse(count);  // not the first group
  const bool ftrace = event_.flags & TEP_EVENT_FL_ISFTRACE;
  const std::string_view rest = tk_.rest();
  if (cache.long_size == long_size_ && cache.ftrace == ftrace && !cache.text.empty() &&
      rest.substr(0, cache.text.size()) == cache.text) {
    drafts_.copy_fields(cache.drafts);
    delim_ = cache.empty_delim ? "" : " ";
    tk_.rewind(tk_.pos() + cache.text.size());
    count = static_cast<int>(drafts_.fields.size());
    return FieldGroupStatus::kComplete;
  }
  const size_t start = tk_.pos();
  const FieldGroupStatus status = parse(count);
  if (status == FieldGroupStatus::kComplete) {
    cache.text.assign(rest.substr(0, tk_.pos() - start));
    cache.drafts.copy_fields(drafts_);
    cache.long_size = long_size_;
    cache.ftrace = ftrace;
    cache.empty_delim = delim_.empty();
  }
  return status;
}

}  // namespace tep::format
