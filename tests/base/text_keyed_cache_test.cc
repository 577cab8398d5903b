// SPDX-License-Identifier: LGPL-2.1
#include "base/text_keyed_cache.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

#include "base/immutable_text.h"

namespace tep {
namespace {

struct Entry {
  std::string text;
  const char* pointer = nullptr;
  bool immutable = false;
  bool busy = false;
};

std::unique_ptr<Entry> entry_for(const char* text) {
  auto entry = std::make_unique<Entry>();
  entry->text = text;
  return entry;
}

bool evictable(const Entry& e) { return !e.busy; }

TEST(TextKeyedCache, FoundByPointerAndConfirmedByText) {
  base::TextKeyedCache<Entry, 2> cache;
  char buffer[16];
  strcpy(buffer, "%d");
  EXPECT_EQ(cache.find(buffer), nullptr);
  auto made = entry_for(buffer);
  Entry* kept = cache.insert(buffer, made, evictable);
  ASSERT_NE(kept, nullptr);
  EXPECT_FALSE(kept->immutable);
  EXPECT_EQ(cache.find(buffer), kept);
  // The caller reuses its buffer for other text: not the same entry.
  strcpy(buffer, "<%s>");
  EXPECT_EQ(cache.find(buffer), nullptr);
}

TEST(TextKeyedCache, MainProgramLiteralsNeedNoCompare) {
  base::TextKeyedCache<Entry, 2> cache;
  static const char kFormat[] = " %s: ";
  auto made = entry_for(kFormat);
  Entry* kept = cache.insert(kFormat, made, evictable);
  ASSERT_NE(kept, nullptr);
  EXPECT_TRUE(kept->immutable);
  EXPECT_EQ(cache.find(kFormat), kept);
}

TEST(TextKeyedCache, EntriesInUseStay) {
  base::TextKeyedCache<Entry, 1> cache;
  static const char kFormat[] = "%d";
  for (int i = 0; i < 2; i++) {  // the same pointer: the same set, both ways
    auto made = entry_for(kFormat);
    Entry* kept = cache.insert(kFormat, made, evictable);
    ASSERT_NE(kept, nullptr);
    kept->busy = true;
  }
  auto third = entry_for(kFormat);
  EXPECT_EQ(cache.insert(kFormat, third, evictable), nullptr);
  EXPECT_NE(third, nullptr);  // still the caller's
}

}  // namespace
}  // namespace tep
