// SPDX-License-Identifier: LGPL-2.1
#include "fuzz_common.h"

#include <dirent.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include "../support/files.h"

namespace fuzz {

using tep::test::read_file;

namespace {

tep_handle* make_fixed_handle() {
  tep_handle* tep = tep_alloc();
  tep_set_long_size(tep, 8);
  tep_set_page_size(tep, 4096);
  const char* dir = getenv("TEP_FUZZ_FORMATS");
  if (!dir) dir = TEP_FUZZ_FORMATS_DIR;
  if (DIR* d = opendir(dir)) {
    while (dirent* entry = readdir(d)) {
      std::string name = entry->d_name;
      if (name.size() < 8 || name.compare(name.size() - 7, 7, ".format") != 0) continue;
      std::string text = read_file(std::string(dir) + "/" + name);
      std::string system = name.substr(0, name.find('-'));
      tep_parse_event(tep, text.data(), text.size(), system.c_str());
    }
    closedir(d);
  }
  // "ffffffff81000000 T _stext": a few symbols so %pS/%ps have something to find.
  static const char kallsyms[] =
      "ffffffff81000000 T _stext\n"
      "ffffffff81001000 T do_one_initcall\n"
      "ffffffff81002000 t helper_fn\t[some_module]\n"
      "ffffffff81003000 T schedule\n";
  tep_parse_kallsyms(tep, kallsyms);
  static const char printk[] =
      "0xffffffff82000000 : \"hello %d %s\\n\"\n"
      "0xffffffff82000100 : \"value=%llx ptr=%p c=%c\"\n";
  tep_parse_printk_formats(tep, printk);
  tep_register_comm(tep, "bash", 1234);
  return tep;
}

}  // namespace

tep_handle* fixed_handle() {
  static tep_handle* tep = make_fixed_handle();
  return tep;
}

Split split_at_nul(const uint8_t* data, size_t size) {
  const void* nul = memchr(data, 0, size);
  size_t text_len = nul ? static_cast<const uint8_t*>(nul) - data : size;
  size_t rest_off = nul ? text_len + 1 : size;
  return Split{std::string(reinterpret_cast<const char*>(data), text_len), data + rest_off,
               size - rest_off};
}

}  // namespace fuzz
