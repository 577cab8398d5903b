// SPDX-License-Identifier: LGPL-2.1
#include "format/format_tokenizer.h"

#include <gtest/gtest.h>

#include <vector>

namespace tep::format {
namespace {

std::vector<std::pair<TokenType, std::string>> all(std::string_view text) {
  FormatTokenizer tk(text);
  std::vector<std::pair<TokenType, std::string>> out;
  for (Token t = tk.next_raw(); t.type != TokenType::None; t = tk.next_raw())
    out.emplace_back(t.type, std::string(t.text));
  return out;
}

TEST(FormatTokenizer, FieldLine) {
  auto t = all("\tfield:unsigned short common_type;\toffset:0;\n");
  ASSERT_EQ(t.size(), 15u);
  EXPECT_EQ(t[0].first, TokenType::Space);
  EXPECT_EQ(t[1], std::make_pair(TokenType::Item, std::string("field")));
  EXPECT_EQ(t[2], std::make_pair(TokenType::Op, std::string(":")));
  EXPECT_EQ(t[5], std::make_pair(TokenType::Item, std::string("short")));
  EXPECT_EQ(t[8], std::make_pair(TokenType::Op, std::string(";")));
  EXPECT_EQ(t.back().first, TokenType::Newline);
}

TEST(FormatTokenizer, Operators) {
  auto t = all("-> ++ -- || && >> << >>= <<= != == >= <= -= * ** [ ] .");
  std::vector<std::string> ops;
  for (auto& [type, text] : t)
    if (type == TokenType::Op) ops.push_back(text);
  EXPECT_EQ(ops, (std::vector<std::string>{"->", "++", "--", "||", "&&", ">>", "<<", ">>=", "<<=", "!=", "==",
                                            ">=", "<=", "-=", "*", "*", "*", "[", "]", "."}));
}

TEST(FormatTokenizer, Delimiters) {
  auto t = all("(a,b)");
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0].first, TokenType::Delim);
  EXPECT_EQ(t[2], std::make_pair(TokenType::Delim, std::string(",")));
}

TEST(FormatTokenizer, StringsJoinAcrossWhitespace) {
  auto t = all("\"ab\" \n \"cd\" x");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0], std::make_pair(TokenType::DQuote, std::string("abcd")));
  EXPECT_EQ(t[2], std::make_pair(TokenType::Item, std::string("x")));
}

TEST(FormatTokenizer, EscapedQuoteDoesNotEndString) {
  auto t = all(R"("a\"b" c)");
  ASSERT_FALSE(t.empty());
  EXPECT_EQ(t[0], std::make_pair(TokenType::DQuote, std::string(R"(a\"b)")));
}

TEST(FormatTokenizer, UnterminatedStringEndsAtEndOfInput) {
  auto t = all("\"abc\\");
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0], std::make_pair(TokenType::DQuote, std::string("abc\\")));
}

TEST(FormatTokenizer, ControlAndHighBytesAreNone) {
  FormatTokenizer tk("a\x01" "b\xc3" "c");
  EXPECT_TRUE(tk.next().is(TokenType::Item, "a"));
  EXPECT_EQ(tk.next().type, TokenType::None);  // consumed, like upstream
  EXPECT_TRUE(tk.next().is(TokenType::Item, "b"));
  EXPECT_EQ(tk.next().type, TokenType::None);
  EXPECT_TRUE(tk.next().is(TokenType::Item, "c"));
  EXPECT_EQ(tk.next().type, TokenType::None);
}

TEST(FormatTokenizer, Mac80211Macros) {
  FormatTokenizer tk("LOCAL_PR_FMT STA_PR_FMT VIF_PR_FMT LOCAL_PR_FMTX");
  EXPECT_TRUE(tk.next().is(TokenType::DQuote, "%s"));
  EXPECT_TRUE(tk.next().is(TokenType::DQuote, " sta:%pM"));
  EXPECT_TRUE(tk.next().is(TokenType::DQuote, " vif:%p(%d)"));
  EXPECT_TRUE(tk.next().is(TokenType::Item, "LOCAL_PR_FMTX"));
}

TEST(FormatTokenizer, SkippingVariants) {
  FormatTokenizer tk("  \n\n  x");
  EXPECT_EQ(tk.next().type, TokenType::Newline);
  EXPECT_TRUE(tk.next_item().is(TokenType::Item, "x"));
}

}  // namespace
}  // namespace tep::format
