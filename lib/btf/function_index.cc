// SPDX-License-Identifier: LGPL-2.1
#include "btf/function_index.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "base/byte_order.h"

namespace tep::btf {

namespace {

// Names are hashed eight bytes at a time, each word read in little-endian
// order on every host; the last word holds the bytes left, zero-filled.
uint64_t load_le(const char* p) { return base::read_number(p, 8, base::kHostBigEndian); }
uint64_t mix(uint64_t h, uint64_t w) {
  h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 31);
}
uint64_t finish(uint64_t h, size_t length) {
  h = (h ^ length) * 0x94d049bb133111ebull;
  return (h ^ (h >> 29)) * 0x9e3779b97f4a7c15ull;
}
constexpr uint64_t kSeed = 0x9e3779b97f4a7c15ull;

// A name given with its length (a lookup's).
uint64_t hash_name(std::string_view s) {
  uint64_t h = kSeed;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) h = mix(h, load_le(s.data() + i));
  if (i < s.size()) {
    char tail[8] = {};
    memcpy(tail, s.data() + i, s.size() - i);
    h = mix(h, load_le(tail));
  }
  return finish(h, s.size());
}

// The same hash of a string in the BTF's string section, found with its end
// (a NUL, or `max` bytes) in the same pass: whole words are read, the string
// section being followed by readable padding (BtfTypes::kStringPadding).
uint64_t hash_terminated(const char* p, size_t max) {
  constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
  uint64_t h = kSeed;
  for (size_t i = 0;; i += 8) {
    uint64_t w = load_le(p + i);
    // The lowest flagged byte is the first NUL (higher flags may be false).
    const uint64_t zero = (w - kOnes) & ~w & kHighs;
    size_t n = zero ? static_cast<size_t>(__builtin_ctzll(zero)) / 8 : 8;
    if (n > max - i) n = max - i;
    if (n == 8) {
      h = mix(h, w);
      continue;
    }
    if (n) h = mix(h, w & (~uint64_t{0} >> (64 - 8 * n)));
    return finish(h, i + n);
  }
}

// A slot (and a sort entry) is the name's hash with its low half replaced by
// the id: the high half tags the name, its top bits are the home slot.
uint64_t entry(uint64_t hash, uint32_t id) { return (hash & ~uint64_t{UINT32_MAX}) | id; }
uint32_t slot_id(uint64_t slot) { return static_cast<uint32_t>(slot); }
bool same_tag(uint64_t slot, uint64_t hash) { return (slot ^ hash) >> 32 == 0; }

// Stable LSD radix sort by the top `bits` bits, in as few passes of at most
// 11 bits (a 16 KiB count table) as cover them.
void radix_sort(std::vector<uint64_t>& v, unsigned bits) {
  std::vector<uint64_t> out(v.size());
  const unsigned passes = (bits + 10) / 11, digit = (bits + passes - 1) / passes;
  std::vector<size_t> count((size_t{1} << digit) + 1);
  const uint64_t mask = (uint64_t{1} << digit) - 1;
  for (unsigned done = 0; done < bits; done += digit) {
    const unsigned shift = 64 - bits + done;
    std::fill(count.begin(), count.end(), 0);
    for (uint64_t e : v) ++count[((e >> shift) & mask) + 1];
    for (size_t i = 0; i + 1 < count.size(); ++i) count[i + 1] += count[i];
    for (uint64_t e : v) out[count[(e >> shift) & mask]++] = e;
    v.swap(out);
  }
}

}  // namespace

void FunctionIndex::build(const BtfTypes& types) {
  const auto& funcs = types.functions();
  unsigned bits = 4;
  while ((size_t{1} << bits) < funcs.size() * 2) ++bits;
  shift_ = 64 - bits;
  std::vector<uint64_t> sorted;
  sorted.reserve(funcs.size());
  const char* strings = types.strings();
  const size_t strings_size = types.strings_size();
  for (uint32_t id : funcs) {
    const uint32_t off = types.type(id).name_off;
    const uint64_t h = off < strings_size ? hash_terminated(strings + off, strings_size - off) : hash_name({});
    sorted.push_back(entry(h, id));
  }
  radix_sort(sorted, bits);

  slots_.assign((size_t{1} << bits) + 1, 0);
  std::vector<uint32_t> duplicated;
  size_t next = 0, run_start = 0, run_home = SIZE_MAX;
  auto name_of = [&](uint32_t id) { return types.string(types.type(id).name_off); };
  for (uint64_t e : sorted) {
    const size_t at_home = home(e);
    const size_t pos = std::max(at_home, next);
    if (at_home != run_home) {
      run_home = at_home;
      run_start = pos;
    }
    // Names hashing to this home sit together from run_start: a second FUNC
    // of one name keeps the first (lower id, the sort being stable).
    bool seen = false;
    for (size_t i = run_start; i < pos && !seen; ++i)
      seen = same_tag(slots_[i], e) && name_of(slot_id(slots_[i])) == name_of(slot_id(e));
    if (seen) {
      duplicated.push_back(slot_id(e));
      continue;
    }
    if (pos + 1 >= slots_.size()) slots_.resize(pos + 2, 0);
    slots_[pos] = e;
    next = pos + 1;
  }
  if (!duplicated.empty()) settle_duplicates(types, duplicated);
}

// Upstream sorts its FUNCs by name (stably: equal names keep id order) and
// finds a name with glibc's bsearch; each duplicated name's slot gets the id
// that search returns.
void FunctionIndex::settle_duplicates(const BtfTypes& types, const std::vector<uint32_t>& duplicated) {
  std::vector<uint32_t> sorted = types.functions();
  auto name_of = [&](uint32_t id) { return types.string(types.type(id).name_off); };
  std::stable_sort(sorted.begin(), sorted.end(), [&](uint32_t a, uint32_t b) { return name_of(a) < name_of(b); });
  for (uint32_t first : duplicated) {
    const std::string_view name = name_of(first);
    size_t lo = 0, hi = sorted.size(), found = sorted.size();
    while (lo < hi) {
      const size_t mid = (lo + hi) / 2;
      const int c = name.compare(name_of(sorted[mid]));
      if (c < 0)
        hi = mid;
      else if (c > 0)
        lo = mid + 1;
      else {
        found = mid;
        break;
      }
    }
    if (found == sorted.size()) continue;
    const uint64_t h = hash_name(name);
    for (size_t i = home(h); slots_[i] != 0; ++i) {
      if (same_tag(slots_[i], h) && name_of(slot_id(slots_[i])) == name) {
        slots_[i] = (slots_[i] & ~uint64_t{UINT32_MAX}) | sorted[found];
        break;
      }
    }
  }
}

uint32_t FunctionIndex::find_exact(const BtfTypes& types, std::string_view name) const {
  if (slots_.empty()) return 0;
  const uint64_t h = hash_name(name);
  for (size_t i = home(h); slots_[i] != 0; ++i) {
    if (same_tag(slots_[i], h) && types.string(types.type(slot_id(slots_[i])).name_off) == name)
      return slot_id(slots_[i]);
  }
  return 0;
}

uint32_t FunctionIndex::find(const BtfTypes& types, std::string_view name) const {
  if (uint32_t id = find_exact(types, name)) return id;
  const size_t dot = name.find('.');
  if (dot == std::string_view::npos) return 0;
  return find_exact(types, name.substr(0, dot));
}

}  // namespace tep::btf
