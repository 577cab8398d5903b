// SPDX-License-Identifier: LGPL-2.1
// Cost of the BTF calls: tep_load_btf of a kernel's BTF, and per call
// tep_btf_print_args / tep_btf_list_args over the functions it holds. Public
// API only, so one binary measures either library:
//   btf_bench [--benchmark_*]                    # the library it was linked with
//   LD_LIBRARY_PATH=<oracle>/lib btf_bench        # upstream 1.9.0
// Environment: BTF_BENCH_FILE, the blob (default /sys/kernel/btf/vmlinux).
// Peak memory of one load: `btf_bench --load-only` under /usr/bin/time -v.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_files.h"
#include "event-parse.h"

namespace {

const std::string& blob() {
  static const std::string data = bench::read_file(getenv("BTF_BENCH_FILE") ? getenv("BTF_BENCH_FILE")
                                                                              : "/sys/kernel/btf/vmlinux");
  return data;
}

uint32_t word(const std::string& b, size_t off) {
  uint32_t v = 0;
  if (off + 4 <= b.size()) memcpy(&v, b.data() + off, 4);
  return v;
}

// Every FUNC name of the blob (little-endian), in id order.
const std::vector<std::string>& function_names() {
  static const std::vector<std::string> names = [] {
    static const unsigned char fixed[20] = {0, 4, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 4, 0, 0};
    static const unsigned char per[20] = {0, 0, 0, 0, 12, 12, 8, 0, 0, 0, 0, 0, 0, 8, 0, 12, 0, 0, 0, 12};
    std::vector<std::string> out;
    const std::string& b = blob();
    if (b.size() < 24) return out;
    size_t off = word(b, 4) + word(b, 8), end = off + word(b, 12), str = word(b, 4) + word(b, 16);
    while (off + 12 <= end && off + 12 <= b.size()) {
      const uint32_t name = word(b, off), info = word(b, off + 4);
      const unsigned kind = (info >> 24) & 0x1f;
      if (kind > 19) break;
      if (kind == 12 && str + name < b.size()) out.emplace_back(b.c_str() + str + name);
      off += 12 + fixed[kind] + size_t{per[kind]} * (info & 0xffff);
    }
    return out;
  }();
  return names;
}

tep_handle* loaded_handle() {
  static tep_handle* tep = [] {
    tep_handle* t = tep_alloc();
    std::string copy = blob();
    tep_load_btf(t, copy.data(), copy.size());
    return t;
  }();
  return tep;
}

void LoadBtf(benchmark::State& state) {
  if (blob().empty()) return state.SkipWithError("no BTF (set BTF_BENCH_FILE)");
  std::string copy = blob();
  tep_handle* tep = tep_alloc();
  for (auto _ : state) benchmark::DoNotOptimize(tep_load_btf(tep, copy.data(), copy.size()));
  tep_free(tep);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * copy.size()));
}
BENCHMARK(LoadBtf)->Unit(benchmark::kMillisecond);

// A fresh handle each time: load, one lookup, free (what a program reading
// one trace pays).
void LoadLookupFree(benchmark::State& state) {
  if (blob().empty()) return state.SkipWithError("no BTF (set BTF_BENCH_FILE)");
  std::string copy = blob();
  trace_seq s;
  trace_seq_init(&s);
  for (auto _ : state) {
    tep_handle* tep = tep_alloc();
    tep_load_btf(tep, copy.data(), copy.size());
    trace_seq_reset(&s);
    benchmark::DoNotOptimize(tep_btf_list_args(tep, &s, "getname_flags"));
    tep_free(tep);
  }
  trace_seq_destroy(&s);
}
BENCHMARK(LoadLookupFree)->Unit(benchmark::kMillisecond);

// Per call, cycling through every function with six 8-byte words (what the
// function plugin hands over per record).
void PrintArgs(benchmark::State& state) {
  const auto& names = function_names();
  if (names.empty()) return state.SkipWithError("no functions");
  tep_handle* tep = loaded_handle();
  unsigned long long words[6] = {0xffff888100a2b3c0ull, 0x7ffe7d33f3d0ull, 0x8241, 0x1b6, 0xffffffffffffff9cull, 0};
  trace_seq s;
  trace_seq_init(&s);
  size_t i = 0;
  for (auto _ : state) {
    trace_seq_reset(&s);
    benchmark::DoNotOptimize(tep_btf_print_args(tep, &s, words, 6, 8, names[i].c_str()));
    if (++i == names.size()) i = 0;
  }
  trace_seq_destroy(&s);
}
BENCHMARK(PrintArgs);

// The same with kallsyms-style suffixed names (an exact miss, then the cut name).
void PrintArgsSuffixed(benchmark::State& state) {
  const auto& names = function_names();
  if (names.empty()) return state.SkipWithError("no functions");
  std::vector<std::string> suffixed;
  for (size_t i = 0; i < names.size(); i += 7) suffixed.push_back(names[i] + ".isra.0");
  tep_handle* tep = loaded_handle();
  unsigned long long words[6] = {1, 2, 3, 4, 5, 6};
  trace_seq s;
  trace_seq_init(&s);
  size_t i = 0;
  for (auto _ : state) {
    trace_seq_reset(&s);
    benchmark::DoNotOptimize(tep_btf_print_args(tep, &s, words, 6, 8, suffixed[i].c_str()));
    if (++i == suffixed.size()) i = 0;
  }
  trace_seq_destroy(&s);
}
BENCHMARK(PrintArgsSuffixed);

void ListArgs(benchmark::State& state) {
  const auto& names = function_names();
  if (names.empty()) return state.SkipWithError("no functions");
  tep_handle* tep = loaded_handle();
  trace_seq s;
  trace_seq_init(&s);
  size_t i = 0;
  for (auto _ : state) {
    trace_seq_reset(&s);
    benchmark::DoNotOptimize(tep_btf_list_args(tep, &s, names[i].c_str()));
    if (++i == names.size()) i = 0;
  }
  trace_seq_destroy(&s);
}
BENCHMARK(ListArgs);

}  // namespace

int main(int argc, char** argv) {
  // One load and nothing else, for peak RSS under /usr/bin/time -v.
  if (argc > 1 && !strcmp(argv[1], "--load-only")) {
    tep_handle* tep = tep_alloc();
    {
      std::string copy = blob();
      if (tep_load_btf(tep, copy.data(), copy.size()) != 0) return 1;
    }
    tep_free(tep);
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
