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

namespace tep::upstream {

// `in_registration_order` oldest first -> upstream's sorted array: the same as a
// stable sort of the reversed list, done as a stable sort (skipped when the input
// is already sorted, as kallsyms is) that then reverses each run of equal keys.
template <class T, class KeyLess, class KeyEqual>
std::vector<T> sorted_newest_first(const std::vector<T>& in_registration_order, KeyLess less,
                                   KeyEqual equal) {
  std::vector<T> out(in_registration_order);
  if (!std::is_sorted(out.begin(), out.end(), less)) std::stable_sort(out.begin(), out.end(), less);
  for (auto run = out.begin(); run != out.end();) {
    auto run_end = run + 1;
    while (run_end != out.end() && equal(*run, *run_end)) ++run_end;
    std::reverse(run, run_end);
    run = run_end;
  }
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

}  // namespace tep::upstream
