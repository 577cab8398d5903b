// SPDX-License-Identifier: LGPL-2.1
// EventFilter: what tep_filter_alloc returns. The public struct
// tep_event_filter (consumers read filters / event_filters[] / error_buffer)
// comes first; behind it, per event, the compiled MatchProgram of its tree
// and the strings the tree keeps alive. event_filters[] stays sorted by
// event id, each entry owning its tree, exactly as upstream lays it out;
// compiled_[i] belongs to event_filters[i], so the search that finds a
// record's event also finds its program.
// Threads: match() may run on several threads at once once the filter is
// built; building it (add, remove, reset, copy) may not.
#pragma once

#include <memory>
#include <vector>

#include "event-parse.h"
#include "filter/filter_program.h"

namespace tep::filter {

class EventFilter {
 private:
  // What consumers see, with the way back to its EventFilter right behind it.
  struct PublicPart {
    tep_event_filter pub;
    EventFilter* owner;
  };

 public:
  static tep_event_filter* create(tep_handle* tep);
  static EventFilter* from(tep_event_filter* filter) { return reinterpret_cast<PublicPart*>(filter)->owner; }
  static void destroy(tep_event_filter* filter);

  int add_filter_str(const char* filter_str);
  int remove_event(int event_id);
  void reset();
  int match(tep_record* record) noexcept;
  bool filtered(int event_id);
  char* make_string(int event_id);  // malloc'ed, or nullptr
  int copy_from(EventFilter& source);
  bool same_as(EventFilter& other);
  int strerror(int err, char* buf, size_t buflen);

 private:
  struct Compiled {
    const tep_filter_arg* root = nullptr;
    std::unique_ptr<MatchProgram> program;
    std::vector<char*> retained;
    Compiled() = default;
    Compiled(Compiled&&) noexcept = default;
    Compiled& operator=(Compiled&&) noexcept = default;
    ~Compiled();
  };

  EventFilter() = default;
  ~EventFilter();

  tep_filter_type* find(int event_id);
  // match() once the record's event id is read; before common_type is located.
  inline int match_event(tep_record& record, int event_id, bool swap) const noexcept;
  __attribute__((noinline)) int match_locating(tep_record& record) const noexcept;
  __attribute__((noinline)) int match_uncompiled(tep_record& record, const tep_filter_arg* root) const noexcept;
  size_t find_or_add(int event_id);  // the index in event_filters[]
  void install(tep_event* event, tep_filter_arg* root, std::vector<char*> retained);
  int filter_event(tep_event* event, const char* expression, char* error_buffer);
  void release(size_t index);

  std::unique_ptr<PublicPart> public_part_;
  tep_event_filter* pub_ = nullptr;  // inside public_part_: consumers hold this pointer
  std::vector<Compiled> compiled_;   // parallel to event_filters[]; match() only reads it
};

}  // namespace tep::filter
