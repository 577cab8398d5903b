// SPDX-License-Identifier: LGPL-2.1
// Reading every field of every record of a trace, three ways:
//   Columns          ours, through typed columns: one tev_fill_columns per event
//                    and batch of 1024 records fills every field
//   ByNameOurs       ours, tep_get_field_val / tep_get_field_raw by name per record
//   ByNameUpstream   the same calls into upstream 1.8.4, loaded with dlmopen
// One operation ("items") is one field value of one record.
//   typed_bench [--benchmark_*]
// Environment:
//   TYPED_BENCH_TRACE    a trace-cmd v6 file (default tests/data/traces/kmem.dat)
//   TYPED_BENCH_ORACLE   upstream's libtraceevent.so.1 (default the configured oracle)
//   TYPED_BENCH_ONCE=V   no Google Benchmark: read everything with variant V
//                        (columns, ours, upstream), TYPED_BENCH_REPEAT times (1),
//                        and print the count of values: for callgrind, where the
//                        difference of 2 and 1 passes is one steady pass
//                        (tests/bench/typed_measure.sh).
#include <benchmark/benchmark.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../threads/trace_dat.h"
#include "../typed/trace_records.h"
#include "event-typed.h"

namespace {

std::string env_or(const char* name, const char* fallback) {
  const char* v = getenv(name);
  return v && *v ? v : fallback;
}

constexpr size_t kBatch = 1024;    // records per tev_fill_columns
constexpr size_t kMaxFields = 128;  // fields per event the buffers have room for

// The records of one event, and what reading all its fields takes.
struct EventRecords {
  tep_event* ours = nullptr;
  void* upstream = nullptr;  // upstream's struct tep_event
  std::vector<const tep_record*> records;
  std::vector<tep_format_field*> fields;           // ours, common first
  std::vector<std::string> names;                  // the same names, one buffer each
  std::vector<bool> arrays;
  std::vector<const tev_column*> columns;          // the same fields as typed columns
};

// Upstream 1.8.4 in its own link namespace: the calls the by-name loop makes.
struct Upstream {
  void* lib = nullptr;
  void* tep = nullptr;
  void* (*alloc)() = nullptr;
  void (*free_)(void*) = nullptr;
  void (*set_int)(void*, int) = nullptr;  // tep_set_long_size
  int (*parse_event)(void*, const char*, unsigned long, const char*) = nullptr;
  void* (*find_event)(void*, int) = nullptr;
  int (*get_field_val)(trace_seq*, void*, const char*, tep_record*, unsigned long long*, int) = nullptr;
  void* (*get_field_raw)(trace_seq*, void*, const char*, tep_record*, int*, int) = nullptr;

  bool load(const std::string& path, const threads_test::TraceDat& dat) {
    lib = dlmopen(LM_ID_NEWLM, path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) return false;
    alloc = reinterpret_cast<void* (*)()>(dlsym(lib, "tep_alloc"));
    free_ = reinterpret_cast<void (*)(void*)>(dlsym(lib, "tep_free"));
    set_int = reinterpret_cast<void (*)(void*, int)>(dlsym(lib, "tep_set_long_size"));
    parse_event = reinterpret_cast<int (*)(void*, const char*, unsigned long, const char*)>(dlsym(lib, "tep_parse_event"));
    find_event = reinterpret_cast<void* (*)(void*, int)>(dlsym(lib, "tep_find_event"));
    get_field_val = reinterpret_cast<decltype(get_field_val)>(dlsym(lib, "tep_get_field_val"));
    get_field_raw = reinterpret_cast<decltype(get_field_raw)>(dlsym(lib, "tep_get_field_raw"));
    if (!alloc || !free_ || !set_int || !parse_event || !find_event || !get_field_val || !get_field_raw) return false;
    tep = alloc();
    set_int(tep, dat.long_size());
    for (const threads_test::EventFormat& f : dat.formats())
      parse_event(tep, f.text.data(), f.text.size(), f.system.c_str());
    return true;
  }
};

struct Corpus {
  typed_test::TraceRecords trace;
  threads_test::TraceDat dat;  // the formats again, for upstream
  tev_catalog* catalog = nullptr;
  std::vector<EventRecords> events;
  Upstream upstream;
  bool upstream_ok = false;
  size_t values = 0;  // field values in the trace

  Corpus() {
    std::string path = env_or("TYPED_BENCH_TRACE", TYPED_BENCH_DEFAULT_TRACE);
    if (!trace.load(path) || dat.load(path) != threads_test::DatStatus::ok) return;
    tev_catalog_new(trace.tep(), &catalog);
    upstream_ok = upstream.load(env_or("TYPED_BENCH_ORACLE", TYPED_BENCH_DEFAULT_ORACLE), dat);
    std::map<int, size_t> index;
    for (const tep_record& r : trace.records()) {
      int id = tep_data_type(trace.tep(), const_cast<tep_record*>(&r));
      auto [it, fresh] = index.emplace(id, events.size());
      if (fresh) events.push_back(make_event(id));
      events[it->second].records.push_back(&r);
    }
    std::erase_if(events, [](const EventRecords& e) { return !e.ours || e.fields.size() > kMaxFields; });
    for (const EventRecords& e : events) values += e.records.size() * e.fields.size();
  }

  EventRecords make_event(int id) {
    EventRecords e;
    e.ours = tep_find_event(trace.tep(), id);
    tev_event* typed = nullptr;
    if (!e.ours || tev_event_by_id(catalog, id, &typed) != TEV_OK) return EventRecords{};
    if (upstream_ok) e.upstream = upstream.find_event(upstream.tep, id);
    for (int i = 0, n = tev_event_field_count(typed); i < n; i++) {
      const tev_column* c = nullptr;
      tev_event_field(typed, i, &c);
      e.columns.push_back(c);
      e.fields.push_back(tev_column_field(c));
      e.names.push_back(tev_column_field(c)->name);
      e.arrays.push_back(tev_column_field(c)->flags & TEP_FIELD_IS_ARRAY);
    }
    return e;
  }
};

Corpus& corpus() {
  static Corpus c;
  return c;
}

// The values go to arrays that are reused, as a NumPy or Arrow consumer's would be.
struct Buffers {
  std::vector<std::vector<int64_t>> storage;  // per field: kBatch values of any type
  std::vector<std::vector<uint8_t>> valids;
  std::vector<void*> values;
  std::vector<uint8_t*> valid;
  Buffers()
      : storage(kMaxFields, std::vector<int64_t>(kBatch * 2)),  // room for a tev_bytes per record
        valids(kMaxFields, std::vector<uint8_t>(kBatch)) {
    for (size_t f = 0; f < kMaxFields; f++) {
      values.push_back(storage[f].data());
      valid.push_back(valids[f].data());
    }
  }
};

// Batches of kBatch records; one tev_fill_columns per batch fills every field.

__attribute__((noinline)) uint64_t read_columns(Corpus& c, Buffers& b) {
  uint64_t sum = 0;
  for (const EventRecords& e : c.events) {
    size_t fields = e.columns.size();
    for (size_t at = 0; at < e.records.size(); at += kBatch) {
      size_t n = std::min(kBatch, e.records.size() - at);
      tev_fill_columns(e.columns.data(), fields, e.records.data() + at, n, b.values.data(), b.valid.data());
      sum += static_cast<uint64_t>(b.storage[0][n - 1]);
    }
  }
  return sum;
}

__attribute__((noinline)) uint64_t read_by_name_ours(Corpus& c, trace_seq* s) {
  uint64_t sum = 0;
  for (const EventRecords& e : c.events)
    for (const tep_record* r : e.records)
      for (size_t f = 0; f < e.names.size(); f++) {
        auto* rec = const_cast<tep_record*>(r);
        if (e.arrays[f]) {
          int len = 0;
          tep_get_field_raw(s, e.ours, e.names[f].c_str(), rec, &len, 0);
          sum += static_cast<uint64_t>(len);
        } else {
          unsigned long long v = 0;
          tep_get_field_val(s, e.ours, e.names[f].c_str(), rec, &v, 0);
          sum += v;
        }
      }
  return sum;
}

__attribute__((noinline)) uint64_t read_by_name_upstream(Corpus& c, trace_seq* s) {
  uint64_t sum = 0;
  for (const EventRecords& e : c.events) {
    if (!e.upstream) continue;
    for (const tep_record* r : e.records)
      for (size_t f = 0; f < e.names.size(); f++) {
        auto* rec = const_cast<tep_record*>(r);
        if (e.arrays[f]) {
          int len = 0;
          c.upstream.get_field_raw(s, e.upstream, e.names[f].c_str(), rec, &len, 0);
          sum += static_cast<uint64_t>(len);
        } else {
          unsigned long long v = 0;
          c.upstream.get_field_val(s, e.upstream, e.names[f].c_str(), rec, &v, 0);
          sum += v;
        }
      }
  }
  return sum;
}

bool ready(benchmark::State& state, bool need_upstream) {
  Corpus& c = corpus();
  if (c.events.empty()) {
    state.SkipWithError("no trace (set TYPED_BENCH_TRACE)");
    return false;
  }
  if (need_upstream && !c.upstream_ok) {
    state.SkipWithError("upstream not loaded (set TYPED_BENCH_ORACLE)");
    return false;
  }
  return true;
}

void Columns(benchmark::State& state) {
  if (!ready(state, false)) return;
  Buffers b;
  for (auto _ : state) benchmark::DoNotOptimize(read_columns(corpus(), b));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * corpus().values));
}

void ByNameOurs(benchmark::State& state) {
  if (!ready(state, false)) return;
  trace_seq s;
  trace_seq_init(&s);
  for (auto _ : state) benchmark::DoNotOptimize(read_by_name_ours(corpus(), &s));
  trace_seq_destroy(&s);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * corpus().values));
}

void ByNameUpstream(benchmark::State& state) {
  if (!ready(state, true)) return;
  trace_seq s;
  trace_seq_init(&s);
  for (auto _ : state) benchmark::DoNotOptimize(read_by_name_upstream(corpus(), &s));
  trace_seq_destroy(&s);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * corpus().values));
}

int run_once(const std::string& variant) {
  Corpus& c = corpus();
  if (c.events.empty()) return 2;
  trace_seq s;
  trace_seq_init(&s);
  Buffers b;
  uint64_t sum = 0;
  int repeat = atoi(env_or("TYPED_BENCH_REPEAT", "1").c_str());
  for (int i = 0; i < repeat; i++) {
    if (variant == "columns") sum += read_columns(c, b);
    else if (variant == "ours") sum += read_by_name_ours(c, &s);
    else if (variant == "upstream" && c.upstream_ok) sum += read_by_name_upstream(c, &s);
    else return 2;
  }
  trace_seq_destroy(&s);
  printf("%zu values in %zu events (checksum %llu)\n", c.values, c.events.size(),
         static_cast<unsigned long long>(sum));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (const char* once = getenv("TYPED_BENCH_ONCE")) return run_once(once);
  benchmark::RegisterBenchmark("Columns", Columns)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("ByNameOurs", ByNameOurs)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("ByNameUpstream", ByNameUpstream)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
