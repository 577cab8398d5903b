// SPDX-License-Identifier: LGPL-2.1
#include "format/header_page.h"

#include <unistd.h>

#include "base/number_scan.h"
#include "base/tokenizer.h"

namespace tep::format {

namespace {

enum class FieldRead { kRead, kAbsent, kMalformed };

// One "field: TYPE NAME;\toffset:N;\tsize:N;[\tsigned:N;]\n" line. The type
// must be a single word (upstream reads one); numbers are read like atoi().
// An optional field whose name differs is left for the next one to read.
FieldRead read_header_field(base::Tokenizer& tk, std::string_view name, bool optional, int& offset, int& size) {
  size_t start = tk.pos();
  auto expect = [&](base::TokenType type, std::string_view text) { return tk.next().is(type, text); };
  auto number = [&](int& out) {
    base::Token t = tk.next();
    if (t.type != base::TokenType::kItem) return false;
    out = static_cast<int>(base::scan_number(t.text, base::kAtol).as_signed());
    return true;
  };
  if (!expect(base::TokenType::kItem, "field") || !expect(base::TokenType::kOp, ":")) return FieldRead::kMalformed;
  if (tk.next().type != base::TokenType::kItem) return FieldRead::kMalformed;  // the type
  base::Token got = tk.next();
  if (got.type != base::TokenType::kItem) return FieldRead::kMalformed;
  if (got.text != name) {
    if (!optional) return FieldRead::kMalformed;
    tk.rewind(start);
    return FieldRead::kAbsent;
  }
  if (!expect(base::TokenType::kOp, ";") || !expect(base::TokenType::kItem, "offset") ||
      !expect(base::TokenType::kOp, ":") || !number(offset) || !expect(base::TokenType::kOp, ";") ||
      !expect(base::TokenType::kItem, "size") || !expect(base::TokenType::kOp, ":") || !number(size) ||
      !expect(base::TokenType::kOp, ";"))
    return FieldRead::kMalformed;
  base::Token t = tk.next();
  if (t.type == base::TokenType::kNewline) return FieldRead::kRead;
  // Newer kernels add "signed:N;" before the end of the line.
  int ignored;
  if (!t.is(base::TokenType::kItem, "signed") || !expect(base::TokenType::kOp, ":") || !number(ignored) ||
      !expect(base::TokenType::kOp, ";") || tk.next().type != base::TokenType::kNewline)
    return FieldRead::kMalformed;
  return FieldRead::kRead;
}

}  // namespace

HeaderPageStatus parse_header_page(HeaderPageLayout& page, std::string_view text, int long_size) {
  if (text.empty()) {
    // Old kernels had no header_page: a u64 timestamp then a long commit.
    page.ts_size = 8;
    page.size_size = long_size;
    page.data_offset = 8 + long_size;
    page.data_size = static_cast<int>(sysconf(_SC_PAGESIZE)) - page.data_offset;
    return HeaderPageStatus::kOldFormat;
  }
  // Upstream tries each field in turn from wherever the previous attempt
  // stopped, even after a failure (a bad line can cost the next field too).
  base::Tokenizer tk(text, base::kFormatFileGrammar);
  bool complete = read_header_field(tk, "timestamp", false, page.ts_offset, page.ts_size) == FieldRead::kRead;
  complete &= read_header_field(tk, "commit", false, page.size_offset, page.size_size) == FieldRead::kRead;
  int overwrite_offset = 0, overwrite_size = 0;
  page.has_overwrite = read_header_field(tk, "overwrite", true, overwrite_offset, overwrite_size) == FieldRead::kRead;
  complete &= read_header_field(tk, "data", false, page.data_offset, page.data_size) == FieldRead::kRead;
  if (!complete) return HeaderPageStatus::kIncomplete;
  return HeaderPageStatus::kParsed;
}

}  // namespace tep::format
