// SPDX-License-Identifier: LGPL-2.1
// Cost of tep_print_event per record on real event formats. Uses the public
// API only, so one binary measures either library:
//   print_bench [--benchmark_*] (formats dir from PRINT_BENCH_FORMATS)
//   LD_LIBRARY_PATH=<oracle>/lib print_bench    # upstream 1.9.0
// Records are well formed (small field values, valid __data_loc payloads) so
// that upstream reads nothing outside them.
#include <benchmark/benchmark.h>
#include <dirent.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_files.h"
#include "event-parse.h"

namespace {

using bench::list;
using bench::read_file;

// Events that dominate real traces: the "hot" benchmark prints only these.
bool is_common_event(const std::string& sys, const std::string& name) {
  static const char* const common[] = {
      "sched/sched_switch", "sched/sched_wakeup", "sched/sched_waking", "sched/sched_stat_runtime",
      "irq/irq_handler_entry", "irq/irq_handler_exit", "irq/softirq_entry", "irq/softirq_exit",
      "timer/hrtimer_start", "timer/hrtimer_expire_entry", "timer/timer_start",
      "kmem/kmalloc", "kmem/kfree", "kmem/mm_page_alloc", "block/block_rq_issue",
      "block/block_rq_complete", "syscalls/sys_enter_read", "raw_syscalls/sys_enter",
      "raw_syscalls/sys_exit", "workqueue/workqueue_execute_start", "net/net_dev_xmit",
      "writeback/writeback_dirty_inode", "power/cpu_idle", "rcu/rcu_utilization",
  };
  std::string key = sys + "/" + name;
  for (const char* c : common)
    if (key == c) return true;
  return false;
}

struct Corpus {
  tep_handle* tep = nullptr;
  std::vector<std::vector<unsigned char>> payloads;
  std::vector<tep_record> records;
  std::vector<size_t> hot;  // indexes of records of common events

  Corpus() {
    const char* env = getenv("PRINT_BENCH_FORMATS");
    std::string dir = env ? env : PRINT_BENCH_DEFAULT_FORMATS;
    tep = tep_alloc();
    tep_set_long_size(tep, 8);
    tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
    std::string kallsyms = read_file(dir + "/kallsyms");
    if (!kallsyms.empty()) tep_parse_kallsyms(tep, kallsyms.c_str());
    std::string printk = read_file(dir + "/printk_formats");
    if (!printk.empty()) tep_parse_printk_formats(tep, printk.c_str());
    uint64_t rng = 42;
    auto rnd = [&rng]() {
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
      return rng >> 33;
    };
    for (const std::string& sys : list(dir + "/events")) {
      // upstream crashes on these with some records
      if (sys == "ras") continue;
      for (const std::string& name : list(dir + "/events/" + sys)) {
        std::string text = read_file(dir + "/events/" + sys + "/" + name + "/format");
        if (text.empty() || tep_parse_event(tep, text.c_str(), text.size(), sys.c_str()) != 0) continue;
        tep_event* event = tep_find_event_by_name(tep, sys.c_str(), name.c_str());
        if (!event || (event->flags & TEP_EVENT_FL_FAILED) || sys == "ftrace") continue;
        tep_format_field** fields = tep_event_fields(event);
        for (int r = 0; r < 4; r++) {
          std::vector<unsigned char> data(512, 0);
          int end = 8;
          for (int i = 0; fields && fields[i]; i++)
            end = std::max(end, fields[i]->offset + fields[i]->size);
          if (end > 400) continue;
          memcpy(data.data(), &event->id, 2);
          int tail = end;
          for (int i = 0; fields && fields[i]; i++) {
            tep_format_field* f = fields[i];
            if (f->flags & TEP_FIELD_IS_DYNAMIC) {
              int len = 1 + rnd() % 16;
              for (int k = 0; k < len - 1; k++) data[tail + k] = 'a' + rnd() % 26;
              data[tail + len - 1] = 0;
              uint32_t word = static_cast<uint32_t>(tail) | static_cast<uint32_t>(len) << 16;
              if (f->flags & TEP_FIELD_IS_RELATIVE) word -= f->offset + f->size;
              memcpy(data.data() + f->offset, &word, 4);
              tail += len;
            } else if (f->flags & TEP_FIELD_IS_ARRAY) {
              for (int k = 0; k < f->size - 1; k++) data[f->offset + k] = 'a' + rnd() % 26;
            } else if (f->size <= 8) {
              uint64_t v = rnd() % 16;
              memcpy(data.data() + f->offset, &v, f->size);
            }
          }
          data.resize(tail);
          if (is_common_event(sys, name)) hot.push_back(records.size());
          payloads.push_back(std::move(data));
          tep_record rec{};
          rec.size = tail;
          rec.cpu = r;
          rec.ts = 1000 * r;
          records.push_back(rec);
        }
        free(fields);
      }
    }
    for (size_t i = 0; i < records.size(); i++) records[i].data = payloads[i].data();
    // Print everything once: per-record cost is what is measured, not the
    // one-time preparation (upstream prepares at parse time, we on first print).
    trace_seq s;
    trace_seq_init(&s);
    for (tep_record& rec : records) tep_print_event(tep, &s, &rec, "%s", TEP_PRINT_INFO);
    trace_seq_destroy(&s);
  }
};

Corpus& corpus() {
  static Corpus c;
  return c;
}

void PrintInfo(benchmark::State& state) {
  Corpus& c = corpus();
  trace_seq s;
  trace_seq_init(&s);
  for (auto _ : state) {
    for (tep_record& rec : c.records) {
      trace_seq_reset(&s);
      tep_print_event(c.tep, &s, &rec, "%s", TEP_PRINT_INFO);
    }
    benchmark::DoNotOptimize(s.len);
  }
  state.SetItemsProcessed(state.iterations() * c.records.size());
  trace_seq_destroy(&s);
}
BENCHMARK(PrintInfo)->Unit(benchmark::kMillisecond);

void PrintLine(benchmark::State& state) {
  Corpus& c = corpus();
  trace_seq s;
  trace_seq_init(&s);
  for (auto _ : state) {
    for (tep_record& rec : c.records) {
      trace_seq_reset(&s);
      tep_print_event(c.tep, &s, &rec, "%16s-%-5d [%03d] %s %6.1000d: %s: %s", TEP_PRINT_COMM,
                      TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_LATENCY, TEP_PRINT_TIME,
                      TEP_PRINT_NAME, TEP_PRINT_INFO);
    }
    benchmark::DoNotOptimize(s.len);
  }
  state.SetItemsProcessed(state.iterations() * c.records.size());
  trace_seq_destroy(&s);
}
BENCHMARK(PrintLine)->Unit(benchmark::kMillisecond);

// The same on the few events that make up most real traces: their plans stay
// in cache, as when printing a trace.
void PrintInfoHot(benchmark::State& state) {
  Corpus& c = corpus();
  trace_seq s;
  trace_seq_init(&s);
  for (auto _ : state) {
    for (size_t i : c.hot) {
      trace_seq_reset(&s);
      tep_print_event(c.tep, &s, &c.records[i], "%s", TEP_PRINT_INFO);
    }
    benchmark::DoNotOptimize(s.len);
  }
  state.SetItemsProcessed(state.iterations() * c.hot.size());
  trace_seq_destroy(&s);
}
BENCHMARK(PrintInfoHot)->Unit(benchmark::kMicrosecond);

}  // namespace

int main(int argc, char** argv) {
  corpus();  // parse and warm up outside the measured functions
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
