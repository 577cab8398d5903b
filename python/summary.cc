// SPDX-License-Identifier: LGPL-2.1
// Trace.summary(): one pass over every record, counting each event's records
// per CPU buffer with their first and last timestamps, and the events the
// kernel reported lost in each buffer.
#include <map>
#include <utility>

#include "numpy_arrays.h"
#include "objects.h"

namespace pytev {
namespace {

struct Tally {
  int64_t count = 0;
  uint64_t first = 0, last = 0;
};

}  // namespace

py::object summary(const FilePtr& file) {
  tep_handle* tep = file->tep();
  std::map<std::pair<int, int>, Tally> tallies;  // (event id, cpu)
  std::map<int, int64_t> lost, lost_unknown;     // by cpu
  Scan scan(*file);
  while (RecordPtr r = scan.next()) {
    Tally& t = tallies[{tep_data_type(tep, r.get()), r->cpu}];
    if (!t.count++) t.first = r->ts;
    t.last = r->ts;
    // libtracecmd's count of what the kernel dropped before this record; -1:
    // some, the buffer did not say how many.
    if (r->missed_events > 0) lost[r->cpu] += r->missed_events;
    if (r->missed_events < 0) lost_unknown[r->cpu]++;
  }
  // Rows by event name, then CPU.
  std::map<std::pair<std::string, int>, const Tally*> rows;
  for (const auto& [key, t] : tallies) {
    tep_event* event = tep_find_event(tep, key.first);
    rows[{event ? std::string(event->system) + ":" + event->name : "unknown:" + std::to_string(key.first),
          key.second}] = &t;
  }
  std::vector<std::string> names;
  std::vector<int32_t> cpus;
  std::vector<int64_t> counts, firsts, lasts;
  for (const auto& [key, tally] : rows) {
    const Tally& t = *tally;
    names.push_back(key.first);
    cpus.push_back(key.second);
    counts.push_back(t.count);
    firsts.push_back(static_cast<int64_t>(t.first));
    lasts.push_back(static_cast<int64_t>(t.last));
  }
  py::module_ pd = py::module_::import("pandas");
  py::dict data;
  py::list name_list;
  for (const std::string& n : names) name_list.append(text_of(n));
  data["event"] = pd.attr("Categorical")(name_list);
  data["cpu"] = owned(std::move(cpus), py::dtype("int32"));
  data["count"] = owned(std::move(counts), py::dtype("int64"));
  data["first_ts"] = owned(std::move(firsts), py::dtype("int64"));
  data["last_ts"] = owned(std::move(lasts), py::dtype("int64"));
  py::object frame = pd.attr("DataFrame")(data);
  py::dict lost_by_cpu, unknown_by_cpu;
  for (int cpu = 0; cpu < file->cpus(); cpu++) {
    lost_by_cpu[py::int_(cpu)] = lost[cpu];
    unknown_by_cpu[py::int_(cpu)] = lost_unknown[cpu];
  }
  frame.attr("attrs")["lost_events"] = lost_by_cpu;
  frame.attr("attrs")["lost_unknown"] = unknown_by_cpu;
  return frame;
}

}  // namespace pytev
