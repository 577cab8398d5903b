// SPDX-License-Identifier: LGPL-2.1
// Cost of the public C API calls behind the speed targets other than printing
// (see print_bench.cc for tep_print_event). Uses the public API only, so one
// binary measures either library:
//   api_bench [--benchmark_*]                          # the library it was linked with
//   LD_LIBRARY_PATH=<oracle>/lib api_bench              # upstream 1.9.0
// Environment:
//   API_BENCH_FORMATS     formats dir (events/<sys>/<name>/format), default tests/data
//   API_BENCH_KALLSYMS    kallsyms text for ParseKallsyms and HandleLifeKallsyms,
//                         default <formats>/kallsyms
//   API_BENCH_PAGES       ring-buffer pages (4096 bytes each, little-endian, 8-byte
//                         long) for KbufferNextEvent, default tests/data/kbuffer
//   API_BENCH_ITERATIONS  fixed iteration count for every benchmark (for callgrind,
//                         where per-call instruction counts are what is compared)
// Records are built from the formats with pseudo-random but well-formed values.
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
#include "kbuffer.h"

namespace {

using bench::list;
using bench::read_file;

std::string formats_dir() {
  const char* env = getenv("API_BENCH_FORMATS");
  return env ? env : API_BENCH_DEFAULT_FORMATS;
}

tep_handle* new_handle() {
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_set_page_size(tep, 4096);
  tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
  return tep;
}

// Every format text of the formats dir, read once.
struct FormatTexts {
  struct Entry {
    std::string sys;
    std::string text;
  };
  std::vector<Entry> entries;

  FormatTexts() {
    std::string dir = formats_dir();
    for (const std::string& sys : list(dir + "/events"))
      for (const std::string& name : list(dir + "/events/" + sys)) {
        std::string text = read_file(dir + "/events/" + sys + "/" + name + "/format");
        if (!text.empty()) entries.push_back({sys, std::move(text)});
      }
  }
};

const FormatTexts& format_texts() {
  static FormatTexts texts;
  return texts;
}

// Per format: a fresh handle for each batch of all formats, as a program
// opening a trace file does; the handle's whole life (tep_alloc, the parses,
// tep_free) is timed.
void ParseFormats(benchmark::State& state) {
  const FormatTexts& texts = format_texts();
  if (texts.entries.empty()) {
    state.SkipWithError("no formats (set API_BENCH_FORMATS)");
    return;
  }
  for (auto _ : state) {
    tep_handle* tep = new_handle();
    for (const FormatTexts::Entry& e : texts.entries)
      benchmark::DoNotOptimize(tep_parse_event(tep, e.text.c_str(), e.text.size(), e.sys.c_str()));
    tep_free(tep);
  }
  state.SetItemsProcessed(state.iterations() * texts.entries.size());
}

const std::string& kallsyms_text() {
  const char* env = getenv("API_BENCH_KALLSYMS");
  static const std::string text = read_file(env ? env : formats_dir() + "/kallsyms");
  return text;
}

// Parse the whole text and look one address up: upstream sorts its function
// map on the first lookup, so the lookup is part of the cost of loading.
void ParseKallsyms(benchmark::State& state) {
  const std::string& text = kallsyms_text();
  if (text.empty()) {
    state.SkipWithError("no kallsyms (set API_BENCH_KALLSYMS)");
    return;
  }
  for (auto _ : state) {
    state.PauseTiming();
    tep_handle* tep = new_handle();
    state.ResumeTiming();
    benchmark::DoNotOptimize(tep_parse_kallsyms(tep, text.c_str()));
    benchmark::DoNotOptimize(tep_find_function(tep, 0xffffffff81000000ULL));
    state.PauseTiming();
    tep_free(tep);
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() * text.size());
}

// A handle's whole life with kallsyms, as a program opening a small trace
// pays it: tep_alloc, the parse, one lookup, tep_free (the teardown of the
// table is part of it, which ParseKallsyms leaves out).
void HandleLifeKallsyms(benchmark::State& state) {
  const std::string& text = kallsyms_text();
  if (text.empty()) {
    state.SkipWithError("no kallsyms (set API_BENCH_KALLSYMS)");
    return;
  }
  for (auto _ : state) {
    tep_handle* tep = new_handle();
    benchmark::DoNotOptimize(tep_parse_kallsyms(tep, text.c_str()));
    benchmark::DoNotOptimize(tep_find_function(tep, 0xffffffff81000000ULL));
    tep_free(tep);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() * text.size());
}

uint64_t rng_state = 42;
uint64_t rnd() {
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return rng_state >> 33;
}

// Records of one event with pseudo-random field values; comm-like arrays get
// names from a small set so that filters on them match some records.
struct Records {
  tep_event* event = nullptr;
  std::vector<std::vector<unsigned char>> payloads;
  std::vector<tep_record> records;

  Records(tep_handle* tep, const char* sys, const char* name, int count) {
    event = tep_find_event_by_name(tep, sys, name);
    if (!event) return;
    static const char* const comms[] = {"swapper/0",    "kworker/1:2", "bash",        "trace-cmd",
                                        "kworker/u8:0", "systemd",     "rcu_preempt", "sshd"};
    tep_format_field** fields = tep_event_fields(event);
    for (int r = 0; r < count; r++) {
      std::vector<unsigned char> data(8, 0);
      for (int i = 0; fields && fields[i]; i++)
        data.resize(std::max<size_t>(data.size(), fields[i]->offset + fields[i]->size), 0);
      memcpy(data.data(), &event->id, 2);
      for (int i = 0; fields && fields[i]; i++) {
        tep_format_field* f = fields[i];
        if (f->flags & TEP_FIELD_IS_DYNAMIC) continue;  // none in the events used here
        if (f->flags & TEP_FIELD_IS_ARRAY) {
          const char* comm = comms[rnd() % (sizeof(comms) / sizeof(comms[0]))];
          strncpy(reinterpret_cast<char*>(data.data() + f->offset), comm, f->size - 1);
        } else if (f->size <= 8) {
          uint64_t v = rnd() % 400;
          memcpy(data.data() + f->offset, &v, f->size);
        }
      }
      payloads.push_back(std::move(data));
      tep_record rec{};
      rec.size = static_cast<int>(payloads.back().size());
      rec.cpu = r % 2;
      rec.ts = 1000ULL * r;
      records.push_back(rec);
    }
    free(fields);
    for (size_t i = 0; i < records.size(); i++) records[i].data = payloads[i].data();
  }
};

constexpr int kRecords = 1024;

struct EventCorpus {
  tep_handle* tep = nullptr;
  Records* sched_switch = nullptr;
  Records* kmalloc = nullptr;

  EventCorpus() {
    tep = new_handle();
    std::string dir = formats_dir();
    const char* events[][2] = {{"sched", "sched_switch"}, {"kmem", "kmalloc"}};
    for (auto& ev : events) {
      std::string text = read_file(dir + "/events/" + ev[0] + "/" + ev[1] + "/format");
      tep_parse_event(tep, text.c_str(), text.size(), ev[0]);
    }
    sched_switch = new Records(tep, "sched", "sched_switch", kRecords);
    kmalloc = new Records(tep, "kmem", "kmalloc", kRecords);
  }
};

EventCorpus& event_corpus() {
  static EventCorpus c;
  return c;
}

// As consumers do: look every field up by name for each record.
void FieldByName(benchmark::State& state) {
  EventCorpus& c = event_corpus();
  if (c.sched_switch->records.empty() || c.kmalloc->records.empty()) {
    state.SkipWithError("sched_switch or kmalloc format missing");
    return;
  }
  static const char* const names[] = {"prev_pid", "prev_state", "next_pid", "next_prio"};
  trace_seq s;
  trace_seq_init(&s);
  unsigned long long sum = 0;
  for (auto _ : state) {
    for (int i = 0; i < kRecords; i++) {
      unsigned long long val = 0;
      for (const char* name : names) {
        tep_get_field_val(&s, c.sched_switch->event, name, &c.sched_switch->records[i], &val, 0);
        sum += val;
      }
      tep_get_field_val(&s, c.kmalloc->event, "bytes_alloc", &c.kmalloc->records[i], &val, 0);
      sum += val;
    }
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * kRecords * 5);  // per tep_get_field_val
  trace_seq_destroy(&s);
}

void filter_match(benchmark::State& state, const char* filter_text) {
  EventCorpus& c = event_corpus();
  if (c.sched_switch->records.empty()) {
    state.SkipWithError("sched_switch format missing");
    return;
  }
  tep_event_filter* filter = tep_filter_alloc(c.tep);
  if (tep_filter_add_filter_str(filter, filter_text) != 0) {
    tep_filter_free(filter);
    state.SkipWithError("filter did not compile");
    return;
  }
  int matches = 0;
  for (auto _ : state)
    for (tep_record& rec : c.sched_switch->records)
      matches += tep_filter_match(filter, &rec) == TEP_ERRNO__FILTER_MATCH;
  state.counters["match_ratio"] = static_cast<double>(matches) / (static_cast<double>(state.iterations()) * kRecords);
  state.SetItemsProcessed(state.iterations() * kRecords);
  tep_filter_free(filter);
}

void FilterMatch(benchmark::State& state) {
  filter_match(state, "sched_switch: prev_pid > 100 && prev_comm != \"swapper\" || next_prio < 100");
}

// Upstream 1.8.4 compiles "~" into an expression that never matches (its
// tep_filter_make_string shows "[ERROR IN EXPRESSION TYPE]"), so this
// measures the walk of such a filter, not regexec; ours must do the same.
void FilterMatchRegex(benchmark::State& state) {
  filter_match(state, "sched_switch: next_comm ~ \"^kworker/[0-9]+:\" || prev_comm ~ \"sh$\"");
}

void FilterMatchString(benchmark::State& state) {
  filter_match(state, "sched_switch: prev_comm == \"bash\" || next_comm != \"swapper/0\" && next_pid < 50");
}

// kbuffer_next_event over real sub-buffers, as trace-cmd reads a CPU's pages:
// load each page, then step through its events. One item is one event.
void KbufferNextEvent(benchmark::State& state) {
  const char* env = getenv("API_BENCH_PAGES");
  static const std::string pages = read_file(env ? env : API_BENCH_DEFAULT_PAGES);
  constexpr size_t kPage = 4096;
  if (pages.size() < kPage) {
    state.SkipWithError("no pages (API_BENCH_PAGES)");
    return;
  }
  kbuffer* kb = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
  int64_t events = 0;
  for (auto _ : state) {
    for (size_t at = 0; at + kPage <= pages.size(); at += kPage) {
      kbuffer_load_subbuffer(kb, const_cast<char*>(pages.data() + at));
      unsigned long long ts;
      for (void* data = kbuffer_read_event(kb, &ts); data; data = kbuffer_next_event(kb, &ts)) {
        benchmark::DoNotOptimize(data);
        events++;
      }
    }
  }
  kbuffer_free(kb);
  state.SetItemsProcessed(events);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::internal::Benchmark* all[] = {
      benchmark::RegisterBenchmark("ParseFormats", ParseFormats)->Unit(benchmark::kMillisecond),
      benchmark::RegisterBenchmark("ParseKallsyms", ParseKallsyms)->Unit(benchmark::kMillisecond),
      benchmark::RegisterBenchmark("HandleLifeKallsyms", HandleLifeKallsyms)->Unit(benchmark::kMillisecond),
      benchmark::RegisterBenchmark("FieldByName", FieldByName)->Unit(benchmark::kMicrosecond),
      benchmark::RegisterBenchmark("FilterMatch", FilterMatch)->Unit(benchmark::kMicrosecond),
      benchmark::RegisterBenchmark("FilterMatchRegex", FilterMatchRegex)->Unit(benchmark::kMicrosecond),
      benchmark::RegisterBenchmark("FilterMatchString", FilterMatchString)->Unit(benchmark::kMicrosecond),
      benchmark::RegisterBenchmark("KbufferNextEvent", KbufferNextEvent)->Unit(benchmark::kMicrosecond),
  };
  if (const char* iterations = getenv("API_BENCH_ITERATIONS"))
    for (benchmark::internal::Benchmark* b : all) b->Iterations(atol(iterations));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
