// SPDX-License-Identifier: LGPL-2.1
// BootMap: addresses recorded in a persistent ring buffer during an earlier
// boot, mapped to this boot's, as 1.9.0 maps them. Two texts feed it:
//   last_boot_info (a boot instance's file, kernel 6.12+), the earlier boot's
//   "ffffffff9a000000\t[kernel]" and "ffffffffc0a00000\tnf_tables" lines;
//   /proc/modules of this boot, "nf_tables 376832 0 - Live 0xffffffffc0800000".
// The kernel's delta is this boot's "_text" (from kallsyms) minus the earlier
// [kernel] address (the first, by address, of the names starting with
// "[kernel]"). An address at or above the earlier boot's first module
// (`module_start_`, set once) takes the delta of the module whose range holds
// it (the ranges run from one module's address to the next's, the last one
// unbounded): the module's /proc/modules address minus its earlier one, or 0
// when it is not loaded now. Below it, or before any module is known, the
// kernel's delta applies.
// Upstream's quirks are kept, as its answers depend on them: a module's
// /proc/modules address becomes its delta in place each time a
// last_boot_info naming it arrives (so a second one, or one naming the
// module twice, subtracts again); names are found by binary search in the
// name-sorted modules (duplicates: whichever the search meets); a later
// last_boot_info replaces the ranges but not the kernel's delta when it has
// no [kernel] line, nor `module_start_`.
// Not locked: FunctionTable holds it under its lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace tep::symbols {

class BootMap {
 public:
  enum class LastBootStatus { kOk, kCurrent, kBadLine };
  // kOutOfRange: an address beyond 64 bits, which upstream refuses without
  // its warning (glibc's %llx sets ERANGE).
  enum class ModulesStatus { kOk, kBadLine, kOutOfRange };

  // "# Current" at the start (the instance holds this boot's data): nothing
  // changes. A line that is not "<hex> <word>": kBadLine, nothing changes.
  LastBootStatus parse_last_boot_info(std::string_view text);
  // /proc/modules: "<name> <4 words> <hex>" per line; any other line fails
  // and changes nothing. Replaces the modules loaded before.
  ModulesStatus load_modules(std::string_view text);
  // A "_text" symbol of this boot without a module (the last one counts).
  void set_text_address(uint64_t addr);

  // What to add to an address of the earlier boot to get this boot's (0 when
  // nothing is loaded). No allocation; two binary searches at most.
  uint64_t delta(uint64_t addr) const {
    if (module_start_ == 0 || addr < module_start_) return kernel_delta_;
    return range_delta(addr);
  }

 private:
  // A table of "address name" pairs with the text its names are cut from.
  struct Entry {
    uint64_t addr;
    size_t name_offset, name_size;
  };
  struct Table {
    std::unique_ptr<char[]> text;  // a copy of the input: names point into it
    std::vector<Entry> entries;
    std::string_view name(const Entry& e) const { return {text.get() + e.name_offset, e.name_size}; }
    std::string_view name(size_t i) const { return name(entries[i]); }
  };

  uint64_t range_delta(uint64_t addr) const;
  const Entry* first_kernel() const;
  // The index of the module named `name` in modules_ (glibc's bsearch), or -1.
  ptrdiff_t find_module(std::string_view name) const;
  // Subtracts each earlier module's address from its loaded namesake; sets
  // module_start_ if unset; rebuilds range_deltas_.
  void join();
  void rebuild_range_deltas();

  uint64_t text_addr_ = 0;
  uint64_t kernel_delta_ = 0;
  uint64_t module_start_ = 0;
  std::unique_ptr<Table> last_boot_;    // sorted by address; null until one parses
  std::unique_ptr<Table> modules_;      // sorted by name (Entry::addr: address or delta)
  std::vector<uint64_t> range_deltas_;  // per last_boot_ entry: its module's delta
};

}  // namespace tep::symbols
