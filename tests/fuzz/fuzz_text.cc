// SPDX-License-Identifier: LGPL-2.1
// The line-oriented inputs: byte 0 picks kallsyms, printk formats, saved
// cmdlines, header_page, last_boot_info or /proc/modules; the rest is the
// text (/proc/modules without a NUL after it: tep_load_modules takes a size).
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_common.h"

namespace {

// This boot's kernel and one module, and an earlier boot's, for the texts of
// an earlier boot to map onto.
constexpr char kKallsyms[] =
    "ffffffff81000000 T _text\nffffffff81000100 T foo\nffffffffc0a00000 t ext4_fill_super\t[ext4]\n"
    "ffffffffc0a08000 t ext4_end\t[ext4]\n";
constexpr char kLastBoot[] = "ffffffff9c000000\t[kernel]\nffffffffc0f00000\text4\nffffffffc0800000\tgone\n";
char kModules[] = "ext4 1118208 1 - Live 0xffffffffc0a00000\n";

// Lookups of an earlier boot's addresses, some taken from the text itself.
void look_up_earlier_boot(tep_handle* tep, const std::string& text) {
  unsigned long long from_text = 0;
  memcpy(&from_text, text.data(), text.size() < 8 ? text.size() : 8);
  for (unsigned long long addr : {0xffffffff9c000150ull, 0xffffffffc0f00010ull, 0xffffffffc0800010ull, 0ull, ~0ull,
                                  from_text}) {
    const char* name;
    unsigned long long start;
    unsigned long fsize;
    tep_find_function(tep, addr);
    tep_find_function_info(tep, addr, &name, &start, &fsize);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  tep_handle* tep = tep_alloc();
  switch (data[0] % 6) {
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
    case 4:
      tep_parse_kallsyms(tep, kKallsyms);
      tep_load_modules(tep, kModules, sizeof(kModules) - 1);
      tep_parse_last_boot_info(tep, text.c_str());
      look_up_earlier_boot(tep, text);
      tep_parse_last_boot_info(tep, text.c_str());  // a second one subtracts again
      look_up_earlier_boot(tep, text);
      break;
    case 5: {
      std::vector<char> modules(text.begin(), text.end());  // no NUL after the text
      tep_parse_kallsyms(tep, kKallsyms);
      tep_parse_last_boot_info(tep, kLastBoot);
      tep_load_modules(tep, modules.data(), modules.size());
      look_up_earlier_boot(tep, text);
      break;
    }
  }
  tep_free(tep);
  return 0;
}
