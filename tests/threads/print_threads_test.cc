// SPDX-License-Identifier: LGPL-2.1
// Printing from several threads on one fully built handle (the thread-safety
// contract of Documentation/design.md), run under ThreadSanitizer in CI.
//
// One handle is built from a real trace (tests/data/traces/kmem.dat: its
// header page, ftrace and kmem formats, kallsyms, printk formats, saved
// cmdlines), more 6.18 formats (tests/data/print/formats-6.18) and OUR plugins
// (the build's plugins/ directory). Records: the trace's own, read with
// kbuffer, plus pseudo-random ones for the other formats, plus ftrace:function
// records walking a call tree (the function plugin keeps per-CPU state).
// Each thread prints every record with tep_print_event (full line, INFO_RAW),
// tep_print_fields, reads fields (tep_read_number_field, tep_get_field_val),
// looks up the event and the comm, and matches a filter built beforehand.
// Its output must equal the same work done single-threaded on another handle.
// The threads start before any record was printed on their handle, so the
// lazily built print plans are built concurrently. Also BTF's lazily built
// function index (tests/data/btf/kinds.btf).
#include <gtest/gtest.h>

#include <algorithm>
#include <barrier>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "event-parse.h"
#include "kbuffer.h"
#include "trace-seq.h"
#include "../support/trace_dat.h"
#include "../support/files.h"

namespace threads_test {

using tep::test::env;
using tep::test::read_file;
namespace {

constexpr int kThreads = 4;
// Pids the sched plugin registers comms for while printing; no record has
// them as common_pid, so no COMM column depends on which thread ran first.
constexpr int kWorkerPidBase = 70000;
constexpr int kWorkerPids = 16;
constexpr int kRandomRecordsPerEvent = 4;
constexpr int kFunctionRecordsPerThread = 300;

// splitmix64: the same records on every run.
struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

std::vector<uint64_t> addresses_in(std::string_view text) {
  std::vector<uint64_t> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(pos, end - pos));
    uint64_t value = std::strtoull(line.c_str(), nullptr, 16);
    if (value) out.push_back(value);
    pos = end + 1;
  }
  return out;
}

// Every DIR/events/<sys>/<name>/format but those of `skipped` systems (the
// trace brings its own), sorted so that records come out the same each run.
struct ExtraFormat {
  std::string system;
  std::string text;
};

std::vector<ExtraFormat> extra_formats(const std::string& dir, const std::vector<std::string>& skipped) {
  std::vector<std::filesystem::path> paths;
  for (const auto& system : std::filesystem::directory_iterator(dir + "/events")) {
    if (std::find(skipped.begin(), skipped.end(), system.path().filename()) != skipped.end()) continue;
    for (const auto& event : std::filesystem::directory_iterator(system.path()))
      if (std::filesystem::exists(event.path() / "format")) paths.push_back(event.path() / "format");
  }
  std::sort(paths.begin(), paths.end());
  std::vector<ExtraFormat> out;
  for (const auto& path : paths) out.push_back({path.parent_path().parent_path().filename(), read_file(path)});
  return out;
}

// Everything a handle is built from; loaded once.
struct Inputs {
  TraceDat dat;
  std::vector<ExtraFormat> extra;
  std::string plugin_dir;
  std::string kallsyms, printk, cmdlines;  // NUL-terminated copies
};

// One handle built from Inputs, with our plugins and a filter.
class Handle {
 public:
  explicit Handle(const Inputs& in) : tep_(tep_alloc()) {
    tep_set_file_bigendian(tep_, TEP_LITTLE_ENDIAN);
    tep_set_long_size(tep_, in.dat.long_size());
    tep_set_page_size(tep_, in.dat.page_size());
    std::string header(in.dat.header_page());
    header_ok_ = tep_parse_header_page(tep_, header.data(), header.size(), in.dat.long_size()) == 0;
    for (const EventFormat& f : in.dat.formats())
      if (tep_parse_event(tep_, f.text.data(), f.text.size(), f.system.c_str()) != 0) ++format_failures_;
    for (const ExtraFormat& f : in.extra)
      if (tep_parse_event(tep_, f.text.data(), f.text.size(), f.system.c_str()) != 0) ++format_failures_;
    symbols_ok_ = tep_parse_kallsyms(tep_, in.kallsyms.c_str()) == 0 &&
                  tep_parse_printk_formats(tep_, in.printk.c_str()) == 0 &&
                  tep_parse_saved_cmdlines(tep_, in.cmdlines.c_str()) == 0;
    tep_set_flag(tep_, TEP_DISABLE_SYS_PLUGINS);
    std::string dir = in.plugin_dir;
    tep_add_plugin_path(tep_, dir.data(), TEP_PLUGIN_FIRST);
    plugins_ = tep_load_plugins(tep_);
    filter_ = tep_filter_alloc(tep_);
  }
  ~Handle() {
    tep_filter_free(filter_);
    tep_unload_plugins(plugins_, tep_);
    tep_free(tep_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  // Each returns 0 on success (tep_errno otherwise).
  int add_filter(const char* text) { return tep_filter_add_filter_str(filter_, text); }

  tep_handle* tep() const { return tep_; }
  tep_event_filter* filter() const { return filter_; }
  tep_plugin_list* plugins() const { return plugins_; }
  bool header_ok() const { return header_ok_; }
  bool symbols_ok() const { return symbols_ok_; }
  int format_failures() const { return format_failures_; }

 private:
  tep_handle* tep_;
  tep_plugin_list* plugins_ = nullptr;
  tep_event_filter* filter_ = nullptr;
  bool header_ok_ = false, symbols_ok_ = false;
  int format_failures_ = 0;
};

const char* const kFilters[] = {
    "kmem/kmalloc: bytes_req > 256 || gfp_flags & 0x400",
    "kmem/kfree: call_site != 0 && COMM != \"cc1plus\"",
    "kmem/mm_page_alloc: order == 0 && common_pid < 20000",
    "sched/sched_switch: prev_comm ~ \"worker-7000*\" || next_pid >= 70008",
    "ftrace/function: ip != 0 && common_pid > 0",
};

// Records, owned here: the trace's (pointing into its bytes) and built ones.
struct Records {
  std::vector<std::unique_ptr<unsigned char[]>> storage;
  std::vector<tep_record> shared;                     // printed by every thread
  std::vector<std::vector<tep_record>> per_thread;    // shared + its function records

  // A zeroed record of `size` bytes (and some slack), owned here.
  tep_record make(size_t size, int cpu, uint64_t ts) {
    storage.push_back(std::make_unique<unsigned char[]>(size + 8));
    std::memset(storage.back().get(), 0, size + 8);
    tep_record r{};
    r.ts = ts;
    r.size = static_cast<int>(size);
    r.record_size = r.size;
    r.data = storage.back().get();
    r.cpu = cpu;
    return r;
  }
};

void read_trace_records(const TraceDat& dat, Records& out, std::vector<int>& pids) {
  std::unordered_set<int> seen;
  for (const tep_record& r : read_records(dat)) {
    out.shared.push_back(r);
    const auto* bytes = static_cast<const unsigned char*>(r.data);
    int pid = bytes[4] | bytes[5] << 8 | bytes[6] << 16 | bytes[7] << 24;  // common_pid, little-endian
    if (seen.insert(pid).second) pids.push_back(pid);
  }
}

// Little-endian, as the trace the handle reads.
void put(unsigned char* data, const tep_format_field* f, uint64_t value) {
  if (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8)
    for (int i = 0; i < f->size; ++i) data[f->offset + i] = static_cast<unsigned char>(value >> (8 * i));
}

// Pseudo-random records for `event` (like tests/print's driver): numbers that
// are small, symbol or printk addresses, or anything; strings and dynamic
// arrays inside the record; the last record's __data_loc words point anywhere.
void random_records(tep_event* event, Rng& rng, const std::vector<uint64_t>& symbols,
                    const std::vector<uint64_t>& formats, const std::vector<int>& pids, Records& out) {
  tep_format_field** common = tep_event_common_fields(event);
  tep_format_field** fields = tep_event_fields(event);
  std::vector<tep_format_field*> all;
  for (tep_format_field** list : {common, fields})
    for (int i = 0; list && list[i]; ++i) all.push_back(list[i]);
  free(common);
  free(fields);
  int end = 0;
  for (tep_format_field* f : all) end = std::max(end, f->offset + f->size);
  if (end > 1024) return;
  for (int n = 0; n < kRandomRecordsPerEvent; ++n) {
    bool malformed = n == kRandomRecordsPerEvent - 1;
    std::vector<unsigned char> data(end + 256);
    for (int i = 0; i < end; ++i) data[i] = static_cast<unsigned char>(rng.next());
    int tail = end;
    for (tep_format_field* f : all) {
      if (f->flags & TEP_FIELD_IS_DYNAMIC) {
        int len = malformed ? 0 : static_cast<int>(rng.next() % 40);
        uint32_t word = malformed ? static_cast<uint32_t>(rng.next())
                        : (f->flags & TEP_FIELD_IS_RELATIVE)
                            ? static_cast<uint32_t>(tail - (f->offset + f->size)) | (len << 16)
                            : static_cast<uint32_t>(tail) | (len << 16);
        for (int k = 0; k < len; ++k) data[tail + k] = k == len - 1 ? 0 : 'a' + rng.next() % 26;
        tail += len;
        put(data.data(), f, word);
      } else if (f->size == 0) {  // ftrace:print's buf: text to the end of the record
        int len = 8 + static_cast<int>(rng.next() % 64);
        for (int k = 0; k < len; ++k) data[f->offset + k] = k == len - 1 ? 0 : 'A' + rng.next() % 26;
        tail = std::max(tail, f->offset + len);
      } else if (!(f->flags & TEP_FIELD_IS_ARRAY)) {
        uint64_t r = rng.next();
        switch (r % 5) {
          case 0: put(data.data(), f, r % 64 >> 3); break;
          case 1: if (!symbols.empty()) put(data.data(), f, symbols[r % symbols.size()]); break;
          case 2: if (!formats.empty()) put(data.data(), f, formats[r % formats.size()]); break;
          default: break;  // stays random
        }
      }
    }
    data[0] = static_cast<unsigned char>(event->id);
    data[1] = static_cast<unsigned char>(event->id >> 8);
    if (tep_format_field* pid = tep_find_common_field(event, "common_pid")) put(data.data(), pid, pids[rng.next() % pids.size()]);
    // The sched plugin registers these pid/comm pairs while printing.
    for (const char* name : {"prev_pid", "next_pid", "pid"}) {
      tep_format_field* f = tep_find_field(event, name);
      if (!f || std::strcmp(event->system, "sched") != 0) continue;
      int worker = kWorkerPidBase + static_cast<int>(rng.next() % kWorkerPids);
      put(data.data(), f, worker);
      std::string comm_name = std::string(name).substr(0, std::strlen(name) - 3) + "comm";
      if (tep_format_field* comm = tep_find_field(event, comm_name.c_str())) {
        std::string text = "worker-" + std::to_string(worker);
        std::memset(data.data() + comm->offset, 0, comm->size);
        std::memcpy(data.data() + comm->offset, text.data(), std::min<size_t>(text.size(), comm->size - 1));
      }
    }
    tep_record r = out.make(tail, static_cast<int>(rng.next() % 2), 1000000 + rng.next() % 1000000000);
    std::memcpy(r.data, data.data(), tail);
    out.shared.push_back(r);
  }
}

// ftrace:function records for one CPU walking a call tree: each parent is on
// the current call path, each child a function not on it. Whatever chains the
// function plugin kept for this CPU, it then indents them the same way.
void function_records(tep_handle* tep, tep_event* event, int cpu, Rng& rng, const std::vector<uint64_t>& symbols,
                      int pid, std::vector<tep_record>& out, Records& owner) {
  tep_format_field* ip = tep_find_field(event, "ip");
  tep_format_field* parent_ip = tep_find_field(event, "parent_ip");
  tep_format_field* common_pid = tep_find_common_field(event, "common_pid");
  // Distinct names (aliases of one address resolve to one name).
  std::vector<uint64_t> functions;
  std::unordered_set<std::string> names;
  for (uint64_t addr : symbols)
    if (const char* name = tep_find_function(tep, addr); name && names.insert(name).second) functions.push_back(addr);
  if (!ip || !parent_ip || !common_pid || functions.size() < 8) return;
  std::vector<uint64_t> path{functions[0]};
  for (int n = 0; n < kFunctionRecordsPerThread; ++n) {
    size_t depth = rng.next() % std::min<size_t>(path.size(), 6);
    uint64_t child;
    do {
      child = functions[1 + rng.next() % (functions.size() - 1)];
    } while (std::find(path.begin(), path.begin() + depth + 1, child) != path.begin() + depth + 1);
    path.resize(depth + 1);
    uint64_t parent = path[depth];
    path.push_back(child);
    tep_record r = owner.make(parent_ip->offset + parent_ip->size, cpu, 5000000 + n * 1000);
    auto* data = static_cast<unsigned char*>(r.data);
    data[0] = static_cast<unsigned char>(event->id);
    data[1] = static_cast<unsigned char>(event->id >> 8);
    put(data, common_pid, pid);
    // Exact symbol addresses: each resolves to the one name picked above.
    put(data, ip, child);
    put(data, parent_ip, parent);
    out.push_back(r);
  }
}

// All the read-only work one record gets; the result must not depend on threads.
std::string describe(tep_handle* tep, tep_event_filter* filter, tep_record* record, trace_seq* s) {
  trace_seq_reset(s);
  tep_print_event(tep, s, record, "%16s-%-5d [%03d] %s %6.1000d: %s: %s", TEP_PRINT_COMM, TEP_PRINT_PID,
                  TEP_PRINT_CPU, TEP_PRINT_LATENCY, TEP_PRINT_TIME, TEP_PRINT_NAME, TEP_PRINT_INFO);
  trace_seq_puts(s, "\n raw: ");
  tep_print_event(tep, s, record, "%s", TEP_PRINT_INFO_RAW);
  tep_event* event = tep_find_event(tep, tep_data_type(tep, record));
  if (event) {
    trace_seq_puts(s, "\n fields: ");
    tep_print_fields(s, record->data, record->size, event);
    trace_seq_printf(s, "\n event: %s/%s values:", event->system, event->name);
    tep_format_field** fields = tep_event_fields(event);
    for (int i = 0; fields && fields[i]; ++i) {
      tep_format_field* f = fields[i];
      unsigned long long value = 0;
      if (f->offset + f->size > record->size) continue;
      if (tep_read_number_field(f, record->data, &value) == 0) trace_seq_printf(s, " %s=%llx", f->name, value);
    }
    free(fields);
    unsigned long long pid = 0;
    if (tep_get_field_val(s, event, "common_pid", record, &pid, 0) == 0) {
      const char* comm = tep_data_comm_from_pid(tep, static_cast<int>(pid));
      trace_seq_printf(s, " pid=%llu comm=%s", pid, comm ? comm : "(null)");
    }
  }
  trace_seq_printf(s, "\n filter: %d", static_cast<int>(tep_filter_match(filter, record)));
  trace_seq_terminate(s);
  return std::string(s->buffer, s->len);
}

// Looks up a worker pid the sched plugin may be registering right now: either
// not there yet or its one comm.
bool worker_comm_ok(tep_handle* tep, int n) {
  int pid = kWorkerPidBase + n % kWorkerPids;
  const char* comm = tep_data_comm_from_pid(tep, pid);
  return comm && (std::strcmp(comm, "<...>") == 0 || ("worker-" + std::to_string(pid)) == comm);
}

std::vector<std::string> run_thread(tep_handle* tep, tep_event_filter* filter, std::vector<tep_record>& records) {
  std::vector<std::string> out;
  out.reserve(records.size());
  trace_seq s;
  trace_seq_init(&s);
  for (size_t n = 0; n < records.size(); ++n) {
    out.push_back(describe(tep, filter, &records[n], &s));
    if (!worker_comm_ok(tep, static_cast<int>(n))) out.back() += "\nbad worker comm";
  }
  trace_seq_destroy(&s);
  return out;
}

// tep_print_fields clears a char array's TEP_FIELD_IS_STRING for good the
// first time it meets a non-printable one (as upstream: later records print
// as ARRAY[...] too), so raw output depends on which records came first.
// Printing every record's fields once brings the flags to where they stay;
// it builds no print plan.
void settle_string_flags(tep_handle* tep, std::vector<tep_record>& records) {
  trace_seq s;
  trace_seq_init(&s);
  for (tep_record& r : records)
    if (tep_event* event = tep_find_event(tep, tep_data_type(tep, &r))) {
      trace_seq_reset(&s);
      tep_print_fields(&s, r.data, r.size, event);
    }
  trace_seq_destroy(&s);
}

class PrintThreads : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string trace = env("THREADS_TRACE"), formats = env("THREADS_FORMATS"), plugins = env("THREADS_PLUGIN_DIR");
    if (trace.empty() || formats.empty() || plugins.empty()) return;
    // Exactly our plugins: no user directory, no inherited plugin path.
    unsetenv("TRACEEVENT_PLUGIN_DIR");
    setenv("HOME", "/nonexistent", 1);
    in_ = new Inputs;
    status_ = in_->dat.load(trace);
    in_->extra = extra_formats(formats, {"ftrace", "kmem"});
    in_->plugin_dir = plugins;
    in_->kallsyms = std::string(in_->dat.kallsyms());
    in_->printk = std::string(in_->dat.printk());
    in_->cmdlines = std::string(in_->dat.cmdlines());
  }
  static void TearDownTestSuite() {
    delete in_;
    in_ = nullptr;
  }

  void SetUp() override {
    if (!in_) GTEST_SKIP() << "THREADS_TRACE, THREADS_FORMATS, THREADS_PLUGIN_DIR not set";
    ASSERT_EQ(status_, DatStatus::ok);
  }

  static std::unique_ptr<Handle> built_handle() {
    auto h = std::make_unique<Handle>(*in_);
    EXPECT_TRUE(h->header_ok());
    EXPECT_TRUE(h->symbols_ok());
    EXPECT_EQ(h->format_failures(), 0);
    for (const char* f : kFilters) EXPECT_EQ(h->add_filter(f), 0) << f;
    return h;
  }

  // The per-thread record lists, built against `tep` (only layouts are used).
  static Records records_for(Handle& h) {
    Records r;
    std::vector<int> pids;
    read_trace_records(in_->dat, r, pids);
    size_t real = r.shared.size();
    EXPECT_GT(real, 3000u);
    pids.push_back(0);
    std::vector<uint64_t> symbols = addresses_in(in_->kallsyms), formats = addresses_in(in_->printk);
    Rng rng{42};
    for (const ExtraFormat& f : in_->extra) {
      // "name: sched_switch\nID: 372\n..."
      size_t id_at = f.text.find("ID: ");
      if (id_at == std::string::npos) continue;
      tep_event* event = tep_find_event(h.tep(), std::atoi(f.text.c_str() + id_at + 4));
      if (event) random_records(event, rng, symbols, formats, pids, r);
    }
    for (const char* name : {"kernel_stack", "bprint", "bputs", "print", "func_repeats", "funcgraph_entry"})
      if (tep_event* event = tep_find_event_by_name(h.tep(), "ftrace", name))
        random_records(event, rng, symbols, formats, pids, r);
    // The built records first: one event each after another, many plans to build.
    std::rotate(r.shared.begin(), r.shared.begin() + real, r.shared.end());
    r.per_thread.resize(kThreads);
    tep_event* function = tep_find_event_by_name(h.tep(), "ftrace", "function");
    EXPECT_NE(function, nullptr);
    for (int t = 0; t < kThreads; ++t) {
      std::vector<tep_record> calls;
      // Each thread its own CPU: the plugin's call chains are per CPU.
      if (function) function_records(h.tep(), function, 8 + t, rng, symbols, pids[t % pids.size()], calls, r);
      EXPECT_EQ(calls.size(), static_cast<size_t>(kFunctionRecordsPerThread));
      // Threads 0 and 1 start at the first record, 2 and 3 half-way: first
      // prints of one event collide, and of different events overlap.
      size_t start = t / 2 * r.shared.size() / 2;
      for (size_t n = 0; n < r.shared.size(); ++n) {
        r.per_thread[t].push_back(r.shared[(start + n) % r.shared.size()]);
        if (n % 12 == 0 && n / 12 < calls.size()) r.per_thread[t].push_back(calls[n / 12]);
      }
      for (size_t n = r.shared.size() / 12 + 1; n < calls.size(); ++n) r.per_thread[t].push_back(calls[n]);
    }
    return r;
  }

  static Inputs* in_;
  static DatStatus status_;
};

Inputs* PrintThreads::in_ = nullptr;
DatStatus PrintThreads::status_ = DatStatus::ok;

TEST_F(PrintThreads, LoadsOurPlugins) {
  Handle h(*in_);
  trace_seq s;
  trace_seq_init(&s);
  tep_print_plugins(&s, "", "\n", h.plugins());
  trace_seq_terminate(&s);
  std::string listed(s.buffer, s.len);
  trace_seq_destroy(&s);
  for (const char* name : {"plugin_function.so", "plugin_sched_switch.so", "plugin_kmem.so"})
    EXPECT_NE(listed.find(in_->plugin_dir + "/" + name), std::string::npos) << listed;
}

TEST_F(PrintThreads, SameOutputAsOneThreadIncludingFirstPrints) {
  std::unique_ptr<Handle> reference = built_handle();
  Records records = records_for(*reference);
  settle_string_flags(reference->tep(), records.shared);
  std::vector<std::vector<std::string>> expected(kThreads);
  for (int t = 0; t < kThreads; ++t)
    expected[t] = run_thread(reference->tep(), reference->filter(), records.per_thread[t]);

  // The plugins' stateful paths ran: call-chain indentation, comms registered while printing.
  auto printed = [&](const char* text) {
    for (const std::string& out : expected[0])
      if (out.find(text) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(printed(": function:    "));
  EXPECT_TRUE(printed(": sched_switch: worker-"));
  EXPECT_TRUE(printed(": kmalloc: (")) << "kmem plugin's call_site";

  // A fresh handle: nothing printed on it yet, the threads build its plans.
  std::unique_ptr<Handle> shared = built_handle();
  settle_string_flags(shared->tep(), records.shared);
  for (int round = 0; round < 2; ++round) {
    std::vector<std::vector<std::string>> got(kThreads);
    std::barrier start(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        start.arrive_and_wait();
        got[t] = run_thread(shared->tep(), shared->filter(), records.per_thread[t]);
      });
    for (std::thread& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) {
      ASSERT_EQ(got[t].size(), expected[t].size());
      int shown = 0;
      for (size_t n = 0; n < got[t].size(); ++n)
        if (got[t][n] != expected[t][n] && shown++ < 3)
          ADD_FAILURE() << "round " << round << " thread " << t << " record " << n << "\n got:\n"
                        << got[t][n] << "\n expected:\n" << expected[t][n];
      EXPECT_EQ(shown, 0) << "round " << round << " thread " << t << ": records differing";
    }
  }
}

// BTF's function index is built at the first lookup: threads that print
// function arguments right after tep_load_btf race to build it.
TEST(BtfThreads, FirstLookupsFromSeveralThreads) {
  const std::string path = env("THREADS_BTF");
  if (path.empty()) GTEST_SKIP() << "THREADS_BTF not set";
  std::string blob = read_file(path);
  ASSERT_FALSE(blob.empty()) << path;
  const char* names[] = {"f_int", "f_enum4", "f_struct16", "f_ptr_const_char", "f_typedef_enum", "f_int.isra.0", "nosuch"};
  unsigned long long words[4] = {1, 0xffffffffffffff9cull, 0x8241, 5};
  auto print_all = [&](tep_handle* tep) {
    std::string out;
    for (const char* name : names) {
      trace_seq s;
      trace_seq_init(&s);
      tep_btf_list_args(tep, &s, name);
      tep_btf_print_args(tep, &s, words, 4, 8, name);
      out.append(s.buffer, s.len).append("\n");
      trace_seq_destroy(&s);
    }
    return out;
  };
  tep_handle* reference = tep_alloc();
  ASSERT_EQ(tep_load_btf(reference, blob.data(), blob.size()), 0);
  const std::string expected = print_all(reference);
  tep_free(reference);
  for (int round = 0; round < 4; ++round) {
    tep_handle* tep = tep_alloc();
    ASSERT_EQ(tep_load_btf(tep, blob.data(), blob.size()), 0);
    std::vector<std::string> got(kThreads);
    std::barrier start(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&, t] {
        start.arrive_and_wait();
        got[t] = print_all(tep);
      });
    for (std::thread& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) EXPECT_EQ(got[t], expected) << "round " << round << " thread " << t;
    tep_free(tep);
  }
}

}  // namespace
}  // namespace threads_test
