// SPDX-License-Identifier: LGPL-2.1
// BTF blobs through tep_load_btf, then every function the index holds listed
// and printed (8- and 4-byte words, and its name with a kallsyms suffix).
#include <string>
#include <vector>

#include "core/handle.h"
#include "event-parse.h"
#include "fuzz_common.h"
#include "trace-seq.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static tep_handle* tep = tep_alloc();  // one handle: each load replaces the last
  // A copy of exactly `size` bytes, so a read past the blob is caught.
  std::vector<uint8_t> blob(data, data + size);
  if (tep_load_btf(tep, blob.data(), blob.size()) != 0 || !tep->btf) return 0;
  blob.assign(blob.size(), 0xa5);  // the library must not keep pointers into it
  static const unsigned long long words8[6] = {0xffffffffffffff9cull, 0x8000000000000001ull, 0, 1, 0x7fff00001234ull, 0xff};
  static const unsigned int words4[6] = {0xffffff9cu, 0x80000001u, 0, 1, 0x1234u, 0xff};
  const auto& types = tep->btf->types;
  int budget = 2000;  // bounded work per input
  for (uint32_t id : types.functions()) {
    if (--budget < 0) break;
    const std::string name(types.string(types.type(id).name_off));
    trace_seq s;
    trace_seq_init(&s);
    tep_btf_list_args(tep, &s, name.c_str());
    tep_btf_print_args(tep, &s, const_cast<unsigned long long*>(words8), 6, 8, name.c_str());
    tep_btf_print_args(tep, &s, const_cast<unsigned int*>(words4), 3, 4, (name + ".isra.0").c_str());
    trace_seq_destroy(&s);
  }
  return 0;
}
