// SPDX-License-Identifier: LGPL-2.1
// How upstream orders and searches its symbol tables, reproduced so that
// duplicate keys resolve to the same entry (kallsyms has many: _text, _stext...).
// Upstream prepends each registration to a list, copies the list into an array
// (newest first), sorts it with glibc's qsort (a stable merge sort) and looks
// entries up with glibc's bsearch (midpoint (low + high) / 2, first hit wins).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace tep::symbols::upstream {

// Reverses each run of equal keys in [begin, end): upstream's order (newest
// first among equals) from the registration order, and back.
template <class It, class KeyEqual>
void reverse_equal_runs(It begin, It end, KeyEqual equal) {
  for (It run = begin; run != end;) {
    It run_end = run + 1;
    while (run_end != end && equal(*run, *run_end)) ++run_end;
    std::reverse(run, run_end);
    run = run_end;
  }
}

// Registrations oldest first -> upstream's sorted array, in place: the same as
// a stable sort of the reversed list, done as a stable sort (skipped when the
// input is already sorted, as kallsyms is) that then reverses each run of
// equal keys.
template <class T, class KeyLess, class KeyEqual>
void sort_newest_first(std::vector<T>& entries, KeyLess less, KeyEqual equal) {
  if (!std::is_sorted(entries.begin(), entries.end(), less)) std::stable_sort(entries.begin(), entries.end(), less);
  reverse_equal_runs(entries.begin(), entries.end(), equal);
}

template <class T, class KeyLess, class KeyEqual>
std::vector<T> sorted_newest_first(const std::vector<T>& in_registration_order, KeyLess less, KeyEqual equal) {
  std::vector<T> out(in_registration_order);
  sort_newest_first(out, less, equal);
  return out;
}

// glibc's bsearch over items[0, count): `compare(index)` is <0 when the key
// sorts before items[index], >0 after, 0 on a match. Returns count if none.
template <class Compare>
size_t bsearch_index(size_t count, Compare compare) {
  size_t low = 0, high = count;
  while (low < high) {
    size_t mid = (low + high) / 2;
    int c = compare(mid);
    if (c < 0)
      high = mid;
    else if (c > 0)
      low = mid + 1;
    else
      return mid;
  }
  return count;
}

}  // namespace tep::symbols::upstream
