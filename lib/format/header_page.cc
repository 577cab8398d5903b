// SPDX-License-Identifier: LGPL-2.1
#include "format/header_page.h"

#include <unistd.h>

#include "base/number_scan.h"
#include "base/tokenizer.h"

namespace tep::format {

namespace {

enum class FieldRead { Read, Absent, Malformed };

// One "field: TYPE NAME;\toffset:N;\tsize:N;[\tsigned:N;]\n" line. The type
// must be a single word (upstream reads one); numbers are read like atoi().
// An optional field whose name differs is left for the next one to read.
FieldRead read_header_field(Tokenizer& tk, std::string_view name, bool optional, int& offset, int& size) {
  size_t start = tk.pos();
  auto expect = [&](TokenType type, std::string_view text) { return tk.next().is(type, text); };
  auto number = [&](int& out) {
    Token t = tk.next();
    if (t.type != TokenType::Item) return false;
    out = static_cast<int>(scan_number(t.text, kAtol).as_signed());
    return true;
  };
  if (!expect(TokenType::Item, "field") || !expect(TokenType::Op, ":")) return FieldRead::Malformed;
  if (tk.next().type != TokenType::Item) return FieldRead::Malformed;  // the type
  Token got = tk.next();
  if (got.type != TokenType::Item) return FieldRead::Malformed;
  if (got.text != name) {
    if (!optional) return FieldRead::Malformed;
    tk.rewind(start);
    return FieldRead::Absent;
  }
  if (!expect(TokenType::Op, ";") || !expect(TokenType::Item, "offset") || !expect(TokenType::Op, ":") ||
      !number(offset) || !expect(TokenType::Op, ";") || !expect(TokenType::Item, "size") ||
      !expect(TokenType::Op, ":") || !number(size) || !expect(TokenType::Op, ";"))
    return FieldRead::Malformed;
  Token t = tk.next();
  if (t.type == TokenType::Newline) return FieldRead::Read;
  // Newer kernels add "signed:N;" before the end of the line.
  int ignored;
  if (!t.is(TokenType::Item, "signed") || !expect(TokenType::Op, ":") || !number(ignored) ||
      !expect(TokenType::Op, ";") || tk.next().type != TokenType::Newline)
    return FieldRead::Malformed;
  return FieldRead::Read;
}

}  // namespace

HeaderPageStatus parse_header_page(HeaderPageLayout& page, std::string_view text, int long_size) {
  if (text.empty()) {
    // Old kernels had no header_page: a u64 timestamp then a long commit.
    page.ts_size = 8;
    page.size_size = long_size;
    page.data_offset = 8 + long_size;
    page.data_size = static_cast<int>(sysconf(_SC_PAGESIZE)) - page.data_offset;
    return HeaderPageStatus::OldFormat;
  }
  // Upstream tries each field in turn from wherever the previous attempt
  // stopped, even after a failure (a bad line can cost the next field too).
  Tokenizer tk(text, kFormatFileGrammar);
  bool complete = read_header_field(tk, "timestamp", false, page.ts_offset, page.ts_size) == FieldRead::Read;
  complete &= read_header_field(tk, "commit", false, page.size_offset, page.size_size) == FieldRead::Read;
  int overwrite_offset = 0, overwrite_size = 0;
  page.has_overwrite = read_header_field(tk, "overwrite", true, overwrite_offset, overwrite_size) == FieldRead::Read;
  complete &= read_header_field(tk, "data", false, page.data_offset, page.data_size) == FieldRead::Read;
  if (!complete) return HeaderPageStatus::Incomplete;
  return HeaderPageStatus::Parsed;
}

}  // namespace tep::format
