// SPDX-License-Identifier: LGPL-2.1
// Prints a trace.dat as lib/trace_view prints it (what the browser module
// shows), for report_diff.py to compare with `trace-cmd report -L`:
//   report_driver [-F FILTER] TRACE
// Plugins come from TRACEEVENT_PLUGIN_DIR only, as trace-cmd report -L loads them.
#include <cstdio>
#include <cstring>
#include <string>

#include "event-parse.h"
#include "trace_dat/mapped_file.h"
#include "trace_view/report.h"
#include "trace_view/row_filter.h"
#include "trace_view/trace_view.h"

namespace {

class SearchedPlugins : public tep::trace_view::Plugins {
 public:
  // trace-cmd report -L: TRACEEVENT_PLUGIN_DIR's plugins, not the system's.
  void load(tep_handle& tep) override {
    tep_set_flag(&tep, TEP_DISABLE_SYS_PLUGINS);
    list_ = tep_load_plugins(&tep);
  }
  void unload(tep_handle& tep) override { tep_unload_plugins(list_, &tep); }

 private:
  tep_plugin_list* list_ = nullptr;
};

}  // namespace

int main(int argc, char** argv) {
  const char* filter = nullptr;
  int arg = 1;
  if (argc > 3 && strcmp(argv[1], "-F") == 0) {
    filter = argv[2];
    arg = 3;
  }
  if (arg + 1 != argc) {
    fprintf(stderr, "usage: report_driver [-F FILTER] TRACE\n");
    return 2;
  }
  tep::trace_dat::MappedFile file;
  if (file.open(argv[arg]) != 0) {
    fprintf(stderr, "report_driver: cannot read %s\n", argv[arg]);
    return 1;
  }
  tep::trace_view::TraceView view;
  view.open(file.bytes(), std::make_unique<SearchedPlugins>());
  std::string out = tep::trace_view::report_header(view);
  if (filter) {
    std::string error;
    std::vector<uint32_t> rows = tep::trace_view::matching(view, filter, error);
    if (!error.empty()) {
      fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    for (uint32_t row : rows) tep::trace_view::append_report(view, row, 1, out);
  } else {
    tep::trace_view::append_report(view, 0, view.count(), out);
  }
  fwrite(out.data(), 1, out.size(), stdout);
  if (view.status() != tep::trace_dat::Status::kOk) fprintf(stderr, "report_driver: %s\n", view.message().c_str());
  return 0;
}
