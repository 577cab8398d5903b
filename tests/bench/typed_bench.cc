// SPDX-License-Identifier: LGPL-2.1
// Reading every field of every record of a trace, three ways, each as a
// consumer does it: the records in the trace's order (each CPU's pages as
// kbuffer reads them); by name, each record's event found with tep_data_type
// and an array indexed by event id.
//   Columns          ours, typed columns: a tev_window is loaded with kWindow
//                    consecutive records (grouped by event in the library),
//                    then one tev_window_fill per group fills every field of
//                    its records
//   ByNameOurs       ours, record by record: tep_get_common_field_val,
//                    tep_get_field_val, tep_get_field_raw by name
//   ByNameUpstream   the same calls into upstream 1.9.0, loaded with dlmopen
// Every way adds every value to a checksum alike: an integer as
// tep_get_field_val gives it (zero-extended), bytes as where they are in the
// file plus their length (not for strings, which columns cut at the NUL), a
// missing value as 0. The three checksums agree (checked before timing).
// One operation ("items") is one field value of one record.
//   typed_bench [--benchmark_*]
// Environment:
//   TYPED_BENCH_TRACE    a trace-cmd v6 file (default tests/data/traces/kmem.dat)
//   TYPED_BENCH_ORACLE   upstream's libtraceevent.so.1 (default the configured oracle)
//   TYPED_BENCH_ONCE=V   no Google Benchmark: read everything with variant V
//                        (columns, ours, upstream), TYPED_BENCH_REPEAT times (1),
//                        and print the count of values and the checksum of a
//                        pass: for callgrind, where the difference of 2 and 1
//                        passes is one steady pass (tests/bench/typed_measure.sh).
#include <benchmark/benchmark.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "../support/trace_dat.h"
#include "../support/trace_records.h"
#include "event-typed.h"

namespace {

std::string env_or(const char* name, const char* fallback) {
  const char* v = getenv(name);
  return v && *v ? v : fallback;
}

// Records per window of the column path: enough to spread each group's call
// over many records. Smaller windows keep more payloads in L2 for the fill,
// but their calls cost more than that saves: on sched_v6.dat 4,096 measured
// as 16,384, 2,048 and 1,024 slower (2,048: 2.8 M more instructions a pass).
constexpr size_t kWindow = 16384;

// How a field's value adds to the checksum (and which by-name call reads it).
enum class Sum : uint8_t { U8, U16, U32, U64, Bytes, String };

Sum sum_of(const tev_column* c) {
  switch (tev_column_type(c)) {
    case TEV_TYPE_I8: case TEV_TYPE_U8: case TEV_TYPE_BOOL: return Sum::U8;
    case TEV_TYPE_I16: case TEV_TYPE_U16: return Sum::U16;
    case TEV_TYPE_I32: case TEV_TYPE_U32: return Sum::U32;
    case TEV_TYPE_BYTES: return tev_column_kind(c) == TEV_KIND_STRING ? Sum::String : Sum::Bytes;
    default: return Sum::U64;
  }
}

// Bytes add their offset from `base` (the first record's payload: all are in
// the file's bytes), the same in every process.
uint64_t bytes_sum(const void* data, size_t size, Sum how, uintptr_t base) {
  return reinterpret_cast<uintptr_t>(data) - base + (how == Sum::Bytes ? size : 0);
}

struct Field {
  std::string name;
  Sum sum;
  bool common;
};

// One event: its fields, and the records of the current window.
struct EventRecords {
  tep_event* ours = nullptr;
  void* upstream = nullptr;  // upstream's struct tep_event
  std::vector<Field> fields;                // common first
  std::vector<const tev_column*> columns;   // the same fields as typed columns
};

// Upstream 1.8.4 in its own link namespace: the calls the by-name loop makes.
struct Upstream {
  void* lib = nullptr;
  void* tep = nullptr;
  void* (*alloc)() = nullptr;
  void (*set_int)(void*, int) = nullptr;  // tep_set_long_size
  int (*parse_event)(void*, const char*, unsigned long, const char*) = nullptr;
  void* (*find_event)(void*, int) = nullptr;
  int (*data_type)(void*, tep_record*) = nullptr;
  int (*get_common_field_val)(trace_seq*, void*, const char*, tep_record*, unsigned long long*, int) = nullptr;
  int (*get_field_val)(trace_seq*, void*, const char*, tep_record*, unsigned long long*, int) = nullptr;
  void* (*get_field_raw)(trace_seq*, void*, const char*, tep_record*, int*, int) = nullptr;

  template <typename F>
  bool sym(F& f, const char* name) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    return f;
  }

  bool load(const std::string& path, const threads_test::TraceDat& dat) {
    lib = dlmopen(LM_ID_NEWLM, path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib || !sym(alloc, "tep_alloc") || !sym(set_int, "tep_set_long_size") ||
        !sym(parse_event, "tep_parse_event") || !sym(find_event, "tep_find_event") ||
        !sym(data_type, "tep_data_type") || !sym(get_common_field_val, "tep_get_common_field_val") ||
        !sym(get_field_val, "tep_get_field_val") || !sym(get_field_raw, "tep_get_field_raw"))
      return false;
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
  std::vector<int> slot;  // by event id: index into events, -1 for none
  Upstream upstream;
  bool upstream_ok = false;
  size_t values = 0;      // field values in the trace
  size_t max_fields = 0;
  uintptr_t base = 0;     // what byte values are counted from

  Corpus() {
    std::string path = env_or("TYPED_BENCH_TRACE", TYPED_BENCH_DEFAULT_TRACE);
    if (!trace.load(path) || dat.load(path) != threads_test::DatStatus::ok) return;
    tev_catalog_new(trace.tep(), &catalog);
    upstream_ok = upstream.load(env_or("TYPED_BENCH_ORACLE", TYPED_BENCH_DEFAULT_ORACLE), dat);
    for (const tep_record& r : trace.records()) {
      int id = tep_data_type(trace.tep(), const_cast<tep_record*>(&r));
      if (id < 0) continue;
      if (static_cast<size_t>(id) >= slot.size()) slot.resize(static_cast<size_t>(id) + 1, -2);
      if (slot[id] == -2) slot[id] = add_event(id);
      if (slot[id] >= 0) values += events[slot[id]].fields.size();
    }
    std::replace(slot.begin(), slot.end(), -2, -1);
    if (!trace.records().empty()) base = reinterpret_cast<uintptr_t>(trace.records().front().data);
  }

  // The slot of event `id`, or -1 when it has no format (in either library:
  // the three ways read the same records).
  int add_event(int id) {
    EventRecords e;
    e.ours = tep_find_event(trace.tep(), id);
    tev_event* typed = nullptr;
    if (!e.ours || tev_event_by_id(catalog, id, &typed) != TEV_OK) return -1;
    if (upstream_ok && !(e.upstream = upstream.find_event(upstream.tep, id))) return -1;
    for (int i = 0, n = tev_event_field_count(typed); i < n; i++) {
      const tev_column* c = nullptr;
      tev_event_field(typed, i, &c);
      const tep_format_field* f = tev_column_field(c);
      e.columns.push_back(c);
      e.fields.push_back(Field{f->name, sum_of(c), tep_find_common_field(e.ours, f->name) != nullptr});
    }
    max_fields = std::max(max_fields, e.fields.size());
    events.push_back(std::move(e));
    return static_cast<int>(events.size() - 1);
  }

  // The record's event, or null when it has none.
  EventRecords* event_of(int id) {
    return id >= 0 && static_cast<size_t>(id) < slot.size() && slot[id] >= 0 ? &events[slot[id]] : nullptr;
  }
};

Corpus& corpus() {
  static Corpus c;
  return c;
}

// The values go to arrays that are reused, as a NumPy or Arrow consumer's would be.
struct Buffers {
  std::vector<std::vector<tev_bytes>> storage;  // per field: kWindow values of any type
  std::vector<void*> values;
  std::vector<const tep_record*> records;  // the window's
  tev_window* window = nullptr;
  Buffers(tev_catalog* catalog, size_t fields)
      : storage(fields, std::vector<tev_bytes>(kWindow)), records(kWindow) {
    for (size_t f = 0; f < fields; f++) {
      values.push_back(storage[f].data());
    }
    tev_window_new(catalog, &window);
  }
  ~Buffers() { tev_window_free(window); }
  Buffers(const Buffers&) = delete;
  Buffers& operator=(const Buffers&) = delete;
};

// A missing value is stored as 0 (bytes: NULL, size 0), which adds 0: the
// column way asks for no validity arrays, and its sums vectorize as a NumPy
// consumer's would.
template <typename T>
uint64_t int_sum(const void* values, size_t n) {
  const T* v = static_cast<const T*>(values);
  // Narrow values add up in 32 bits (a window's group cannot overflow them):
  // fewer widenings in the vector loop.
  using Acc = std::conditional_t<sizeof(T) <= 2, uint32_t, uint64_t>;
  static_assert(sizeof(T) > 2 || kWindow <= 65536);
  Acc sum = 0;
#pragma GCC unroll 4
  for (size_t i = 0; i < n; i++) sum += v[i];
  return sum;
}

uint64_t column_sum(Sum how, const void* values, size_t n, uintptr_t base) {
  switch (how) {
    case Sum::U8: return int_sum<uint8_t>(values, n);
    case Sum::U16: return int_sum<uint16_t>(values, n);
    case Sum::U32: return int_sum<uint32_t>(values, n);
    case Sum::U64: return int_sum<uint64_t>(values, n);
    default: break;
  }
  // Each present value's address less base (and its size): the addresses,
  // sizes and present values summed apart, without a branch per value.
  const auto* v = static_cast<const tev_bytes*>(values);
  uint64_t data = 0, size = 0, present = 0;
#pragma GCC unroll 4
  for (size_t i = 0; i < n; i++) {
    const uint64_t at = reinterpret_cast<uintptr_t>(v[i].data);
    data += at;
    size += v[i].size;
    present += (at | (0 - at)) >> 63;  // 1 unless NULL (an address is below 2^63)
  }
  return data - present * base + (how == Sum::Bytes ? size : 0);
}

// Window by window: its records grouped by event by the library, then each
// group's fields filled by one call and summed column by column.
__attribute__((noinline)) uint64_t read_columns(Corpus& c, Buffers& b) {
  uint64_t sum = 0;
  const std::vector<tep_record>& records = c.trace.records();
  for (size_t at = 0; at < records.size(); at += kWindow) {
    size_t n = std::min(records.size() - at, kWindow);
    const tep_record* r = records.data() + at;
    for (const tep_record** out = b.records.data(), **end = out + n; out != end; ++out) *out = r++;
    int64_t groups = tev_window_load(b.window, b.records.data(), n);
    for (int64_t g = 0; g < groups; g++) {
      tev_event* typed = nullptr;
      size_t count = 0;
      tev_window_group(b.window, static_cast<size_t>(g), &typed, nullptr, &count);
      EventRecords* e = c.event_of(tev_event_tep_event(typed)->id);
      if (!e) continue;
      tev_window_fill(b.window, static_cast<size_t>(g), e->columns.data(), e->columns.size(), b.values.data(),
                      nullptr);
      for (size_t f = 0; f < e->fields.size(); f++)
        sum += column_sum(e->fields[f].sum, b.values[f], count, c.base);
    }
  }
  return sum;
}

// The by-name calls of one library.
struct Ours {
  tep_handle* tep;
  int type(tep_record* r) const { return tep_data_type(tep, r); }
  static void* event(const EventRecords& e) { return e.ours; }
  static int common_val(trace_seq* s, void* e, const char* name, tep_record* r, unsigned long long* v) {
    return tep_get_common_field_val(s, static_cast<tep_event*>(e), name, r, v, 0);
  }
  static int val(trace_seq* s, void* e, const char* name, tep_record* r, unsigned long long* v) {
    return tep_get_field_val(s, static_cast<tep_event*>(e), name, r, v, 0);
  }
  static void* raw(trace_seq* s, void* e, const char* name, tep_record* r, int* len) {
    return tep_get_field_raw(s, static_cast<tep_event*>(e), name, r, len, 0);
  }
};

struct Theirs {
  const Upstream& u;
  int type(tep_record* r) const { return u.data_type(u.tep, r); }
  static void* event(const EventRecords& e) { return e.upstream; }
  int common_val(trace_seq* s, void* e, const char* name, tep_record* r, unsigned long long* v) const {
    return u.get_common_field_val(s, e, name, r, v, 0);
  }
  int val(trace_seq* s, void* e, const char* name, tep_record* r, unsigned long long* v) const {
    return u.get_field_val(s, e, name, r, v, 0);
  }
  void* raw(trace_seq* s, void* e, const char* name, tep_record* r, int* len) const {
    return u.get_field_raw(s, e, name, r, len, 0);
  }
};

// Record by record, field by field, by name.
template <typename Lib>
__attribute__((noinline)) uint64_t read_by_name(Corpus& c, const Lib& lib, trace_seq* s) {
  uint64_t sum = 0;
  for (const tep_record& record : c.trace.records()) {
    auto* r = const_cast<tep_record*>(&record);
    const EventRecords* e = c.event_of(lib.type(r));
    if (!e) continue;
    void* event = lib.event(*e);
    for (const Field& f : e->fields) {
      if (f.sum == Sum::Bytes || f.sum == Sum::String) {
        int len = 0;
        void* p = lib.raw(s, event, f.name.c_str(), r, &len);
        if (p) sum += bytes_sum(p, static_cast<size_t>(len), f.sum, c.base);
      } else {
        unsigned long long v = 0;
        const char* name = f.name.c_str();
        int status = f.common ? lib.common_val(s, event, name, r, &v) : lib.val(s, event, name, r, &v);
        if (status == 0) sum += v;
      }
    }
  }
  return sum;
}

uint64_t read_variant(Corpus& c, const std::string& variant, Buffers& b, trace_seq* s) {
  if (variant == "columns") return read_columns(c, b);
  if (variant == "ours") return read_by_name(c, Ours{c.trace.tep()}, s);
  return read_by_name(c, Theirs{c.upstream}, s);
}

// The three ways read the same values: their checksums agree.
bool checksums_agree(Corpus& c) {
  Buffers b(c.catalog, c.max_fields);
  trace_seq s;
  trace_seq_init(&s);
  uint64_t columns = read_variant(c, "columns", b, &s), ours = read_variant(c, "ours", b, &s);
  uint64_t upstream = c.upstream_ok ? read_variant(c, "upstream", b, &s) : ours;
  trace_seq_destroy(&s);
  if (columns == ours && ours == upstream) return true;
  fprintf(stderr, "checksums differ: columns %llu, ours %llu, upstream %llu\n",
          static_cast<unsigned long long>(columns), static_cast<unsigned long long>(ours),
          static_cast<unsigned long long>(upstream));
  return false;
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
  static const bool agree = checksums_agree(c);
  if (!agree) state.SkipWithError("the three ways read different values");
  return agree;
}

void run(benchmark::State& state, const char* variant, bool need_upstream) {
  if (!ready(state, need_upstream)) return;
  Corpus& c = corpus();
  // One set of arrays and one window for every run: Google Benchmark calls
  // this again for each repetition (and each try at the iteration count),
  // and a new set's first pass faulted in megabytes of arrays and grew the
  // window's groups again, in the timed loop. A pass is timed in its steady
  // state, as typed_measure.sh counts it.
  static Buffers b(c.catalog, c.max_fields);
  trace_seq s;
  trace_seq_init(&s);
  for (auto _ : state) benchmark::DoNotOptimize(read_variant(c, variant, b, &s));
  trace_seq_destroy(&s);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * c.values));
}

void Columns(benchmark::State& state) { run(state, "columns", false); }
void ByNameOurs(benchmark::State& state) { run(state, "ours", false); }
void ByNameUpstream(benchmark::State& state) { run(state, "upstream", true); }

int run_once(const std::string& variant) {
  Corpus& c = corpus();
  if (c.events.empty() || (variant != "columns" && variant != "ours" && variant != "upstream") ||
      (variant == "upstream" && !c.upstream_ok))
    return 2;
  Buffers b(c.catalog, c.max_fields);
  trace_seq s;
  trace_seq_init(&s);
  uint64_t sum = 0;
  int repeat = atoi(env_or("TYPED_BENCH_REPEAT", "1").c_str());
  for (int i = 0; i < repeat; i++) sum = read_variant(c, variant, b, &s);
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
