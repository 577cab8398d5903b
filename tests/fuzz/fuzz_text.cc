// SPDX-License-Identifier: LGPL-2.1
// The line-oriented inputs: byte 0 picks kallsyms, printk formats, saved
// cmdlines or header_page; the rest is the text.
#include <string>

#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  tep_handle* tep = tep_alloc();
  switch (data[0] % 4) {
    case 0:
      tep_parse_kallsyms(tep, text.c_str());
      tep_find_function(tep, 0xffffffff81000010ull);
      break;
    case 1:
      tep_parse_printk_formats(tep, text.c_str());
      break;
    case 2:
      tep_parse_saved_cmdlines(tep, text.c_str());
      tep_data_comm_from_pid(tep, 1);
      break;
    case 3:
      tep_parse_header_page(tep, text.data(), text.size(), 8);
      tep_get_header_page_size(tep);
      break;
  }
  tep_free(tep);
  return 0;
}
