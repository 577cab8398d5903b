// SPDX-License-Identifier: LGPL-2.1
// How the columns of every event format in some directories fall into kinds:
//   typed_census [--dump] [--long-size N] [--max-opaque PERCENT] DIR...
// Each DIR is searched for events/<sys>/<name>/format files (a tracefs copy);
// every format is parsed into one handle per DIR. Prints, per kind, the
// columns of print fmt arguments (layout PRINT_FMT and BPRINT), then the
// events whose print fmt upstream cannot parse (their columns are fields).
// --dump lists every column: "sys:event  name  kind  type  conversion  note".
// --max-opaque: exit 1 when opaque columns exceed PERCENT of print arguments.
// Uses the public API only (event-parse.h, event-typed.h).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "event-parse.h"
#include "event-typed.h"

namespace fs = std::filesystem;

namespace {

struct Counts {
  long events = 0, failed_events = 0, bprint_events = 0;
  long columns = 0, failed_columns = 0;
  long print_args = 0;  // top-level print fmt arguments of the events typed from them
  std::map<int, long> by_kind, failed_by_kind;
  std::map<std::string, long> opaque_notes;
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Every events/<sys>/<name>/format below dir (sorted).
std::vector<fs::path> formats_in(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().filename() != "format" || !it->is_regular_file()) continue;
    if (it->path().parent_path().parent_path().parent_path().filename() != "events") continue;
    out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void census(const fs::path& dir, int long_size, bool dump, Counts& n) {
  std::vector<fs::path> paths = formats_in(dir);
  if (paths.empty()) return;
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, long_size);
  tep_set_loglevel(TEP_LOG_NONE);
  std::vector<std::pair<std::string, std::string>> parsed;  // sys, name
  for (const fs::path& p : paths) {
    std::string text = read_text(p);
    std::string sys = p.parent_path().parent_path().filename();
    tep_event* event = nullptr;
    if (tep_parse_format(tep, &event, text.c_str(), text.size(), sys.c_str()) == 0 && event)
      parsed.emplace_back(event->system, event->name);
  }
  tev_catalog* cat = nullptr;
  if (tev_catalog_new(tep, &cat) != TEV_OK) return;
  int count = tep_get_events_count(tep);
  tep_event** events = tep_list_events(tep, TEP_EVENT_SORT_SYSTEM);
  for (int i = 0; events && i < count; i++) {
    tev_event* ev = nullptr;
    if (tev_event_of(cat, events[i], &ev) != TEV_OK) continue;
    n.events++;
    tev_layout layout = tev_event_layout(ev);
    bool failed = layout == TEV_LAYOUT_FAILED;
    n.failed_events += failed;
    n.bprint_events += layout == TEV_LAYOUT_BPRINT;
    if (layout == TEV_LAYOUT_PRINT_FMT)
      for (tep_print_arg* a = events[i]->print_fmt.args; a; a = a->next) n.print_args++;
    else if (layout == TEV_LAYOUT_BPRINT)
      n.print_args += 2;
    for (int c = 0; c < tev_event_column_count(ev); c++) {
      const tev_column* col = nullptr;
      if (tev_event_column(ev, c, &col) != TEV_OK) continue;
      int kind = tev_column_kind(col);
      (failed ? n.failed_columns : n.columns)++;
      (failed ? n.failed_by_kind : n.by_kind)[kind]++;
      const char* note = tev_column_note(col);
      if (!failed && kind == TEV_KIND_OPAQUE) n.opaque_notes[note ? note : "?"]++;
      if (dump) {
        const char* conv = tev_column_conversion(col);
        printf("%s:%s\t%s\t%s\t%d\t%s\t%s%s\n", events[i]->system, events[i]->name, tev_column_name(col),
               tev_kind_name(static_cast<tev_kind>(kind)), tev_column_type(col), conv ? conv : "-",
               failed ? "[failed] " : "", note ? note : "");
      }
    }
  }
  tev_catalog_free(cat);
  tep_free(tep);
}

}  // namespace

int main(int argc, char** argv) {
  bool dump = false;
  int long_size = 8;
  double max_opaque = -1;
  Counts n;
  int dirs = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--dump")) {
      dump = true;
    } else if (!strcmp(argv[i], "--long-size") && i + 1 < argc) {
      long_size = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--max-opaque") && i + 1 < argc) {
      max_opaque = atof(argv[++i]);
    } else if (fs::is_directory(argv[i])) {
      census(argv[i], long_size, dump, n);
      dirs++;
    } else {
      fprintf(stderr, "skipping %s (not a directory)\n", argv[i]);
    }
  }
  if (!n.events) {
    printf("no formats found\n");
    return dirs ? 0 : 2;
  }
  printf("%ld events (%ld with a print fmt upstream cannot parse, %ld bprint), %ld print fmt columns\n",
         n.events, n.failed_events, n.bprint_events, n.columns);
  printf("%-10s %8s %7s   %s\n", "kind", "columns", "share", "in unparsable events (fields)");
  for (int k = TEV_KIND_OPAQUE; k <= TEV_KIND_DERIVED; k++)
    printf("%-10s %8ld %6.2f%%   %ld\n", tev_kind_name(static_cast<tev_kind>(k)), n.by_kind[k],
           100.0 * n.by_kind[k] / (n.columns ? n.columns : 1), n.failed_by_kind[k]);
  // Fewer columns than arguments: a MAJOR,MINOR pair is one column, a '*' width none.
  double opaque = 100.0 * n.by_kind[TEV_KIND_OPAQUE] / (n.print_args ? n.print_args : 1);
  printf("opaque: %ld columns for %ld print arguments (%.2f%%)\n", n.by_kind[TEV_KIND_OPAQUE], n.print_args,
         opaque);
  for (const auto& [note, count] : n.opaque_notes) printf("  opaque %6ld  %s\n", count, note.c_str());
  if (max_opaque >= 0 && opaque > max_opaque) {
    printf("FAIL: opaque share %.2f%% above %.2f%%\n", opaque, max_opaque);
    return 1;
  }
  return 0;
}
