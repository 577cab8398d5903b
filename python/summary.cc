// SPDX-License-Identifier: LGPL-2.1
// Trace.summary(): one pass over every record, counting each event's records
// per CPU buffer with their first and last timestamps, and the events the
// kernel reported lost in each buffer.
#include <algorithm>
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
  const size_t ncpus = static_cast<size_t>(file->cpus());
  std::vector<std::vector<Tally>> tallies;  // [event id + 1][cpu]: no lookup per record
  std::vector<int64_t> lost(ncpus), lost_unknown(ncpus);
  Scan scan(*file);
  while (const tep_record* r = scan.next()) {
    const size_t slot = static_cast<size_t>(std::max(tep_data_type(tep, as_arg(r)), -1) + 1);
    const size_t cpu = static_cast<size_t>(r->cpu);
    if (cpu >= ncpus) continue;  // a CPU id past the handle's count
    if (slot >= tallies.size()) tallies.resize(slot + 1);
    if (tallies[slot].empty()) tallies[slot].resize(ncpus);
    Tally& t = tallies[slot][cpu];
    if (!t.count++) t.first = r->ts;
    t.last = r->ts;
    // The page's count of what the kernel dropped before this record; -1:
    // some, the buffer did not say how many.
    if (r->missed_events > 0) lost[cpu] += r->missed_events;
    if (r->missed_events < 0) lost_unknown[cpu]++;
  }
  // Rows by event name, then CPU.
  std::map<std::pair<std::string, int>, const Tally*> rows;
  for (size_t slot = 0; slot < tallies.size(); slot++)
    for (size_t cpu = 0; cpu < tallies[slot].size(); cpu++) {
      if (!tallies[slot][cpu].count) continue;
      const int id = static_cast<int>(slot) - 1;
      tep_event* event = tep_find_event(tep, id);
      rows[{event ? std::string(event->system) + ":" + event->name : "unknown:" + std::to_string(id),
            static_cast<int>(cpu)}] = &tallies[slot][cpu];
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
  for (size_t cpu = 0; cpu < ncpus; cpu++) {
    lost_by_cpu[py::int_(cpu)] = lost[cpu];
    unknown_by_cpu[py::int_(cpu)] = lost_unknown[cpu];
  }
  frame.attr("attrs")["lost_events"] = lost_by_cpu;
  frame.attr("attrs")["lost_unknown"] = unknown_by_cpu;
  return frame;
}

}  // namespace pytev
