// SPDX-License-Identifier: LGPL-2.1
#include "filter/filter_lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tep::filter {
namespace {

std::vector<std::string> tokens(std::string_view text) {
  FilterLexer lexer(text);
  std::vector<std::string> out;
  for (Token t = lexer.next(); t.type != TEP_EVENT_NONE; t = lexer.next())
    out.push_back(std::to_string(t.type) + ":" + t.text);
  return out;
}

std::string S(tep_event_type type, const char* text) { return std::to_string(type) + ":" + text; }

TEST(FilterLexer, OperatorsAreAtMostTwoCharsPlusEqual) {
  EXPECT_EQ(tokens("a==1&&b!=2||c<<=3"),
            (std::vector<std::string>{S(TEP_EVENT_ITEM, "a"), S(TEP_EVENT_OP, "=="), S(TEP_EVENT_ITEM, "1"),
                                      S(TEP_EVENT_OP, "&&"), S(TEP_EVENT_ITEM, "b"), S(TEP_EVENT_OP, "!="),
                                      S(TEP_EVENT_ITEM, "2"), S(TEP_EVENT_OP, "||"), S(TEP_EVENT_ITEM, "c"),
                                      S(TEP_EVENT_OP, "<<="), S(TEP_EVENT_ITEM, "3")}));
  EXPECT_EQ(tokens("=== -> ++ &&& **"),
            (std::vector<std::string>{S(TEP_EVENT_OP, "=="), S(TEP_EVENT_OP, "="), S(TEP_EVENT_OP, "->"),
                                      S(TEP_EVENT_OP, "++"), S(TEP_EVENT_OP, "&&"), S(TEP_EVENT_OP, "&"),
                                      S(TEP_EVENT_OP, "*"), S(TEP_EVENT_OP, "*")}));
}

TEST(FilterLexer, TildeJoinsEqualAndBang) {
  EXPECT_EQ(tokens("a=~b !~ ~"),
            (std::vector<std::string>{S(TEP_EVENT_ITEM, "a"), S(TEP_EVENT_OP, "=~"), S(TEP_EVENT_ITEM, "b"),
                                      S(TEP_EVENT_OP, "!~"), S(TEP_EVENT_OP, "~")}));
}

TEST(FilterLexer, StringsConcatenateAndKeepBackslashes) {
  EXPECT_EQ(tokens(R"("ab" "cd" 'e')"),
            (std::vector<std::string>{S(TEP_EVENT_DQUOTE, "abcd"), S(TEP_EVENT_SQUOTE, "e")}));
  EXPECT_EQ(tokens(R"("a\"b")"), (std::vector<std::string>{S(TEP_EVENT_DQUOTE, R"(a\"b)")}));
  // A quote after two backslashes still does not end the string.
  EXPECT_EQ(tokens(R"("a\\" x")"), (std::vector<std::string>{S(TEP_EVENT_DQUOTE, R"(a\\" x)")}));
  EXPECT_EQ(tokens("\"a\nb\""), (std::vector<std::string>{S(TEP_EVENT_DQUOTE, "a\nb")}));
}

TEST(FilterLexer, UnterminatedStringEndsTheInput) {
  EXPECT_EQ(tokens("a == \"bash"), (std::vector<std::string>{S(TEP_EVENT_ITEM, "a"), S(TEP_EVENT_OP, "==")}));
  EXPECT_EQ(tokens("'x"), std::vector<std::string>{});
  EXPECT_EQ(tokens("\"a\\"), std::vector<std::string>{});
  EXPECT_EQ(tokens("\"a\" \""), std::vector<std::string>{});
}

TEST(FilterLexer, NonPrintableEndsStringOrInput) {
  EXPECT_EQ(tokens("\"ba\x01sh\""),
            (std::vector<std::string>{S(TEP_EVENT_DQUOTE, "ba"), S(TEP_EVENT_ITEM, "sh")}));
  EXPECT_EQ(tokens("a \x01 b"), (std::vector<std::string>{S(TEP_EVENT_ITEM, "a")}));
  EXPECT_EQ(tokens("a \xc3\xa9 b"), (std::vector<std::string>{S(TEP_EVENT_ITEM, "a")}));
  EXPECT_EQ(tokens("\"a\xc3\xa9\""), std::vector<std::string>{});
}

TEST(FilterLexer, MacroNamesBecomeStrings) {
  EXPECT_EQ(tokens("LOCAL_PR_FMT STA_PR_FMT"),
            (std::vector<std::string>{S(TEP_EVENT_DQUOTE, "%s"), S(TEP_EVENT_DQUOTE, " sta:%pM")}));
}

TEST(FilterLexer, PositionCountsConsumedBytes) {
  FilterLexer lexer(" prev_pid === 1");
  lexer.next();
  lexer.next();
  EXPECT_EQ(lexer.position(), 12u);
  lexer.next();
  EXPECT_EQ(lexer.position(), 13u);
  lexer.next();
  EXPECT_EQ(lexer.position(), 15u);
  EXPECT_EQ(lexer.next().type, TEP_EVENT_NONE);
  EXPECT_EQ(lexer.position(), 15u);
}

TEST(FilterLexer, HugeStringIsLinear) {
  std::string big = "\"" + std::string(20 << 20, 'a') + "\"";
  FilterLexer lexer(big);
  Token t = lexer.next();
  EXPECT_EQ(t.type, TEP_EVENT_DQUOTE);
  EXPECT_EQ(t.text.size(), size_t(20) << 20);
}

}  // namespace
}  // namespace tep::filter
