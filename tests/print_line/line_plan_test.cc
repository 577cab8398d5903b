// SPDX-License-Identifier: LGPL-2.1
// LinePlans (lib/print_line/line_plan.cc): tep_print_event's format split
// once per thread into pieces (the time layout read for int directives),
// found again by its text, and never evicted while a call uses it.
#include "print_line/line_plan.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace tep::print_line {
namespace {

using format_string::LineKind;

// The pieces as "literal|directive|kind", one per piece.
std::vector<std::string> describe(const std::vector<LinePiece>& pieces) {
  std::vector<std::string> out;
  for (const LinePiece& p : pieces) {
    const char* kind = p.format.kind == LineKind::kInt      ? "int"
                       : p.format.kind == LineKind::kString ? "string"
                       : p.format.kind == LineKind::kNone   ? "none"
                                                            : "unknown";
    out.push_back(std::string(p.format.literal) + "|" + std::string(p.format.directive) + "|" + kind);
  }
  return out;
}

TEST(LinePlans, TheFormatSplitIntoPieces) {
  LinePlans::Use plan("%16s-%-5d [%03d] %s %6.1000d: %s end");
  EXPECT_EQ(describe(plan.pieces()),
            (std::vector<std::string>{"|%16s|string", "-|%-5d|int", " [|%03d|int", "] |%s|string", " |%6.1000d|int",
                                      ": |%s|string", " end||none"}));
}

TEST(LinePlans, IntPiecesKnowTheirTimeLayout) {
  LinePlans::Use plan("%6.1000d %d %s");
  const std::vector<LinePiece>& pieces = plan.pieces();
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0].time.precision, 6);
  EXPECT_EQ(pieces[0].time.divisor, 1000);
  EXPECT_EQ(pieces[0].time.scale, 1000000);
  EXPECT_EQ(pieces[1].time.divisor, 0);
  EXPECT_EQ(pieces[1].time.scale, 1);
  // A string piece has none.
  EXPECT_EQ(pieces[2].time.precision, 0);
}

TEST(LinePlans, UnknownDirectivesRunToTheEnd) {
  LinePlans::Use plan("a%qb %d");
  EXPECT_EQ(describe(plan.pieces()), (std::vector<std::string>{"a|%qb %d|int"}));
  LinePlans::Use cut("x %");
  EXPECT_EQ(describe(cut.pieces()), (std::vector<std::string>{"x |%|unknown"}));
  LinePlans::Use empty("");
  EXPECT_TRUE(empty.pieces().empty());
}

TEST(LinePlans, TheSameTextIsSplitOnce) {
  char format[32] = "<%d>";
  const LinePiece* first;
  {
    LinePlans::Use plan(format);
    first = plan.pieces().data();
  }
  LinePlans::Use again(format);
  EXPECT_EQ(again.pieces().data(), first);
}

TEST(LinePlans, NewTextInTheSameBufferIsSplitAnew) {
  char format[32] = "<%d>";
  { LinePlans::Use plan(format); }
  strcpy(format, "[%s]");
  LinePlans::Use plan(format);
  EXPECT_EQ(describe(plan.pieces()), (std::vector<std::string>{"[|%s|string", "]||none"}));
}

// Plans in use stay: a handler printing from inside tep_print_event may use
// any number of other formats.
void nest(std::vector<std::string>& formats, size_t depth, std::vector<const LinePlans::Use*>& uses) {
  if (depth == formats.size()) {
    for (size_t k = 0; k < uses.size(); k++) {
      EXPECT_EQ(describe(uses[k]->pieces()), (std::vector<std::string>{"f" + std::to_string(k) + " |%d|int"})) << k;
    }
    return;
  }
  LinePlans::Use use(formats[depth].c_str());
  uses.push_back(&use);
  nest(formats, depth + 1, uses);
  uses.pop_back();
}

TEST(LinePlans, PlansInUseAreNeverEvicted) {
  // More formats than the cache holds (four sets of two).
  std::vector<std::string> formats;
  for (int k = 0; k < 12; k++) formats.push_back("f" + std::to_string(k) + " %d");
  std::vector<const LinePlans::Use*> uses;
  nest(formats, 0, uses);
  // And the cache still works afterwards.
  LinePlans::Use after(formats[0].c_str());
  EXPECT_EQ(describe(after.pieces()), (std::vector<std::string>{"f0 |%d|int"}));
}

TEST(LinePlans, EachThreadSplitsForItself) {
  static const char kFormat[] = "%d-%s";
  const LinePiece* here;
  {
    LinePlans::Use plan(kFormat);
    here = plan.pieces().data();
  }
  const LinePiece* there = nullptr;
  std::thread([&] {
    LinePlans::Use plan(kFormat);
    there = plan.pieces().data();
    EXPECT_EQ(describe(plan.pieces()), (std::vector<std::string>{"|%d|int", "-|%s|string"}));
  }).join();
  EXPECT_NE(here, there);
}

}  // namespace
}  // namespace tep::print_line
