// SPDX-License-Identifier: LGPL-2.1
#include "btf/function_index.h"

#include <algorithm>
#include <cstring>

namespace tep::btf {

namespace {

// Eight bytes at a time; names are short (vmlinux: 20 bytes on average).
uint64_t hash_name(std::string_view s) {
  uint64_t h = (s.size() + 1) * 0x9e3779b97f4a7c15ull;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
  }
  if (i < s.size()) {
    uint64_t w = 0;
    memcpy(&w, s.data() + i, s.size() - i);
    h = (h ^ w) * 0x94d049bb133111ebull;
    h ^= h >> 29;
  }
  return h * 0x9e3779b97f4a7c15ull;
}

uint32_t slot_id(uint64_t slot) { return static_cast<uint32_t>(slot); }
uint32_t slot_tag(uint64_t hash) { return static_cast<uint32_t>(hash >> 32) | 1; }  // never 0

}  // namespace

void FunctionIndex::build(const BtfTypes& types) {
  const auto& funcs = types.functions();
  size_t capacity = 16;
  while (capacity < funcs.size() * 2) capacity <<= 1;
  slots_.assign(capacity, 0);
  mask_ = capacity - 1;
  std::vector<uint32_t> duplicated;
  for (uint32_t id : funcs) {
    const std::string_view name = types.string(types.type(id).name_off);
    const uint64_t h = hash_name(name);
    const uint64_t tag = uint64_t{slot_tag(h)} << 32;
    size_t i = h & mask_;
    for (;; i = (i + 1) & mask_) {
      const uint64_t slot = slots_[i];
      if (slot == 0) {
        slots_[i] = tag | id;
        break;
      }
      if ((slot & ~uint64_t{UINT32_MAX}) == tag &&
          types.string(types.type(slot_id(slot)).name_off) == name) {
        duplicated.push_back(slot_id(slot));
        break;
      }
    }
  }
  if (!duplicated.empty()) settle_duplicates(types, duplicated);
}

// Upstream sorts its FUNCs by name (stably: equal names keep id order) and
// finds a name with glibc's bsearch; each duplicated name's slot gets the id
// that search returns.
void FunctionIndex::settle_duplicates(const BtfTypes& types, const std::vector<uint32_t>& duplicated) {
  std::vector<uint32_t> sorted = types.functions();
  auto name_of = [&](uint32_t id) { return types.string(types.type(id).name_off); };
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](uint32_t a, uint32_t b) { return name_of(a) < name_of(b); });
  for (uint32_t first : duplicated) {
    const std::string_view name = name_of(first);
    size_t lo = 0, hi = sorted.size(), found = sorted.size();
    while (lo < hi) {
      const size_t mid = (lo + hi) / 2;
      const int c = name.compare(name_of(sorted[mid]));
      if (c < 0) hi = mid;
      else if (c > 0) lo = mid + 1;
      else {
        found = mid;
        break;
      }
    }
    if (found == sorted.size()) continue;
    const uint64_t h = hash_name(name);
    for (size_t i = h & mask_; slots_[i] != 0; i = (i + 1) & mask_) {
      if (name_of(slot_id(slots_[i])) == name) {
        slots_[i] = (slots_[i] & ~uint64_t{UINT32_MAX}) | sorted[found];
        break;
      }
    }
  }
}

uint32_t FunctionIndex::find_exact(const BtfTypes& types, std::string_view name) const {
  if (slots_.empty()) return 0;
  const uint64_t h = hash_name(name);
  const uint64_t tag = uint64_t{slot_tag(h)} << 32;
  for (size_t i = h & mask_;; i = (i + 1) & mask_) {
    const uint64_t slot = slots_[i];
    if (slot == 0) return 0;
    if ((slot & ~uint64_t{UINT32_MAX}) == tag && types.string(types.type(slot_id(slot)).name_off) == name)
      return slot_id(slot);
  }
}

uint32_t FunctionIndex::find(const BtfTypes& types, std::string_view name) const {
  if (uint32_t id = find_exact(types, name)) return id;
  const size_t dot = name.find('.');
  if (dot == std::string_view::npos) return 0;
  return find_exact(types, name.substr(0, dot));
}

}  // namespace tep::btf
