// SPDX-License-Identifier: LGPL-2.1
#include "format/format_parser.h"

#include <memory>

#include "base/number_scan.h"
#include "base/per_thread.h"
#include "base/tokenizer.h"
#include "format/field_parser.h"

namespace tep::format {

namespace {

// "name: sched_switch": the name is one word.
bool read_name(base::Tokenizer& tk, std::string_view& name) {
  if (!tk.next().is(base::TokenType::kItem, "name") || !tk.next().is(base::TokenType::kOp, ":")) return false;
  base::Token t = tk.next();
  if (t.type != base::TokenType::kItem) return false;
  name = t.text;
  return true;
}

// "ID: 316" (read like strtoul: "0x13c" is 316, and too large wraps to negative).
bool read_id(base::Tokenizer& tk, int& id) {
  if (!tk.next_item().is(base::TokenType::kItem, "ID") || !tk.next().is(base::TokenType::kOp, ":")) return false;
  base::Token t = tk.next();
  if (t.type != base::TokenType::kItem) return false;
  id = static_cast<int>(base::scan_number(t.text, base::kStrtoul).bits);
  return id >= 0;
}

// "format:\n" then the common fields, an empty line, the event fields, an empty line.
bool read_fields(base::Tokenizer& tk, Event& event, int long_size) {
  if (!tk.next_item().is(base::TokenType::kItem, "format") || !tk.next().is(base::TokenType::kOp, ":") ||
      tk.next().type != base::TokenType::kNewline)
    return false;
  FieldDrafts& drafts = base::per_thread<FieldDrafts>();
  drafts.clear();
  FieldGroupParser fields(tk, event, long_size, drafts);
  bool complete =
      fields.parse_common(event.format.nr_common, base::per_thread<CommonGroupCache>()) == FieldGroupStatus::kComplete;
  const size_t common = drafts.fields.size();
  complete = complete && fields.parse(event.format.nr_fields) == FieldGroupStatus::kComplete;
  event.set_fields(drafts, common);
  return complete;
}

// "print fmt:" (possibly after blank lines); the cursor is left on the text after it.
bool read_print_fmt_label(base::Tokenizer& tk) {
  if (!tk.next_item().is(base::TokenType::kItem, "print") || !tk.next().is(base::TokenType::kItem, "fmt") ||
      !tk.next().is(base::TokenType::kOp, ":"))
    return false;
  tk.skip_blanks();
  return true;
}

}  // namespace

EventFormat read_event_format(std::string_view text, std::string_view system, int long_size, tep_handle* owner,
                              base::StringArena& memory) {
  EventFormat out;
  base::Tokenizer tk(text, base::kFormatFileGrammar);
  std::string_view name;
  if (!read_name(tk, name)) {
    out.status = TEP_ERRNO__MEM_ALLOC_FAILED;
    return out;
  }
  auto event = std::make_unique<Event>(memory);
  event->set_names(system, name);
  event->tep = owner;
  if (system == "ftrace") {
    event->flags |= TEP_EVENT_FL_ISFTRACE;
    if (name == "bprint") event->flags |= TEP_EVENT_FL_ISBPRINT;
  }
  if (!read_id(tk, event->id)) {
    out.status = TEP_ERRNO__READ_ID_FAILED;
    return out;
  }
  if (!read_fields(tk, *event, long_size)) {
    // Upstream 1.9.0 drops such an event with this code (1.8.4 kept it, failed).
    out.status = TEP_ERRNO__READ_FORMAT_FAILED;
    return out;
  }
  if (read_print_fmt_label(tk)) out.print_fmt = tk.rest();
  out.event = std::move(event);
  return out;
}

}  // namespace tep::format
