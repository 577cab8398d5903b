// SPDX-License-Identifier: LGPL-2.1
// The field lines of an event format, one group (common or event fields)
// ended by an empty line:
//   	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
//   	field:char prev_comm[16];	offset:8;	size:16;	signed:0;
//   	field:__data_loc char[] name;	offset:8;	size:4;	signed:0;
//   	field:const char __attribute__((user)) * filename;	offset:16;	size:8;	signed:0;
// Type and name come out as upstream builds them ("char[16]" / "prev_comm",
// "__data_loc char[]" / "name"), with the TEP_FIELD_IS_* flags, array length
// and element size it derives from them.
#pragma once

#include "base/tokenizer.h"
#include "format/event.h"

namespace tep::format {

enum class FieldGroupStatus {
  kComplete,   // the empty line ending the group was read
  kMalformed,  // a field line did not parse; the fields before it are kept
};

// The common group as a format last had it: every format of a kernel repeats
// the same common field lines, and the same bytes parse to the same fields
// (under the same long size and ftrace flag), so they are copied, not parsed
// again. One per thread (base::per_thread), beside the FieldDrafts.
struct CommonGroupCache {
  std::string text;  // the group's lines, the empty line ending it included
  FieldDrafts drafts;
  int long_size = 0;
  bool ftrace = false;
  bool empty_delim = false;  // the type separator the group leaves behind
};

class FieldGroupParser {
 public:
  FieldGroupParser(base::Tokenizer& tokens, const Event& event, int long_size, FieldDrafts& drafts)
      : tk_(tokens), event_(event), long_size_(long_size), drafts_(drafts), type_(drafts.type), name_(drafts.name) {}

  // Appends the group's fields to `drafts` (those before a malformed line
  // too: upstream keeps them) and counts them in `count` (left untouched on
  // failure, as upstream does).
  FieldGroupStatus parse(int& count);
  // The first group (the common fields; `drafts` empty): as parse(), copied
  // from `cache` when its text is the cached one, a complete group cached.
  FieldGroupStatus parse_common(int& count, CommonGroupCache& cache);

 private:
  bool parse_field(Field& field, bool after_colon);  // after "field:", or after "field"
  bool parse_type_and_name(Field& field, base::Token& after);
  bool parse_array(Field& field, base::Token& after, unsigned& element_of_dynamic);
  bool parse_location(Field& field, base::Token after);
  bool location_tokens(unsigned long& offset, unsigned long& size, unsigned long& is_signed);
  void append_type(std::string_view delim, std::string_view text);

  base::Tokenizer& tk_;
  const Event& event_;
  int long_size_;
  FieldDrafts& drafts_;
  std::string &type_, &name_;  // the field being read (the drafts' buffers: grown once)
  // Upstream joins type words with a separator that persists from one field
  // to the next; after a __attribute__((...)) it can be empty.
  std::string_view delim_ = " ";
};

}  // namespace tep::format
