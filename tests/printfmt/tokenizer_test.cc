// SPDX-License-Identifier: LGPL-2.1
#include "printfmt/tokenizer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tep::printfmt {
namespace {

std::vector<Token> all_tokens(std::string_view text) {
  Tokenizer lexer(text);
  std::vector<Token> out;
  for (int i = 0; i < 1000; ++i) {
    Token token = lexer.next_raw();
    if (token.kind == TokenKind::None || token.kind == TokenKind::Error) {
      out.push_back(token);
      return out;
    }
    out.push_back(token);
  }
  ADD_FAILURE() << "tokenizer did not terminate";
  return out;
}

TEST(PrintFmtTokenizer, SplitsItemsDelimitersAndOperators) {
  std::vector<Token> t = all_tokens("REC->prev_pid, (u8)x");
  ASSERT_EQ(t.size(), 10u);
  EXPECT_TRUE(t[0].is(TokenKind::Item, "REC"));
  EXPECT_TRUE(t[1].is(TokenKind::Op, "->"));
  EXPECT_TRUE(t[2].is(TokenKind::Item, "prev_pid"));
  EXPECT_TRUE(t[3].is(TokenKind::Delim, ","));
  EXPECT_TRUE(t[4].is(TokenKind::Space, " "));
  EXPECT_TRUE(t[5].is(TokenKind::Delim, "("));
  EXPECT_TRUE(t[6].is(TokenKind::Item, "u8"));
  EXPECT_TRUE(t[7].is(TokenKind::Delim, ")"));
  EXPECT_TRUE(t[8].is(TokenKind::Item, "x"));
  EXPECT_EQ(t[9].kind, TokenKind::None);
}

TEST(PrintFmtTokenizer, MultiCharacterOperators) {
  const char* cases[][2] = {{"->", "->"}, {"++", "++"}, {"--", "--"}, {"||", "||"}, {"&&", "&&"},
                            {"<<", "<<"}, {">>", ">>"}, {"<<=", "<<="}, {">>=", ">>="},
                            {"<=", "<="}, {">=", ">="}, {"==", "=="}, {"!=", "!="}, {"+=", "+="},
                            {"-=", "-="}, {"|=", "|="}, {"&=", "&="}, {"!x", "!"}, {"=x", "="},
                            {"*=", "*"}, {"?", "?"}, {"[", "["}, {"{", "{"}, {"\\", "\\"}};
  for (auto& c : cases) {
    Tokenizer lexer(c[0]);
    Token token = lexer.next();
    EXPECT_TRUE(token.is(TokenKind::Op, c[1])) << c[0] << " gave " << token.text;
  }
}

TEST(PrintFmtTokenizer, StringsKeepEscapesAndJoin) {
  Tokenizer lexer(R"("a\nb\"c\%s" "d"
  "e" , 'x')");
  Token s = lexer.next();
  EXPECT_TRUE(s.is(TokenKind::DQuote, R"(a\nb\"c\%sde)"));
  EXPECT_TRUE(lexer.next().is(TokenKind::Delim, ","));
  EXPECT_TRUE(lexer.next().is(TokenKind::SQuote, "x"));
  EXPECT_EQ(lexer.next().kind, TokenKind::None);
}

TEST(PrintFmtTokenizer, EscapedBackslashDoesNotCloseTheString) {
  // Upstream: the backslash before the quote protects it even after "\\".
  Tokenizer lexer(R"("a\\" "b")");
  Token s = lexer.next();
  EXPECT_TRUE(s.is(TokenKind::DQuote, R"(a\\" )"));
}

TEST(PrintFmtTokenizer, UnterminatedStringsAreErrors) {
  for (const char* text : {"\"abc", "\"abc\\", "\"a\\\"", "'a", "\"", "\"ab\xc3\xa9\"", "\"a\\"}) {
    Tokenizer lexer(text);
    EXPECT_EQ(lexer.next().kind, TokenKind::Error) << text;
  }
}

TEST(PrintFmtTokenizer, UnprintableByteEndsAStringOrTheInput) {
  Tokenizer tab("\"a\tb\"");
  EXPECT_TRUE(tab.next().is(TokenKind::DQuote, "a"));  // the tab ends it
  Tokenizer escaped_tab("\"a\\\tb\"");
  EXPECT_TRUE(escaped_tab.next().is(TokenKind::DQuote, "a\\\tb"));
  Tokenizer high("x \xc3\xa9 y");
  EXPECT_TRUE(high.next().is(TokenKind::Item, "x"));
  EXPECT_EQ(high.next().kind, TokenKind::None);
  Tokenizer nul(std::string_view("x\0y", 3));
  EXPECT_TRUE(nul.next().is(TokenKind::Item, "x"));
  EXPECT_EQ(nul.next().kind, TokenKind::None);
}

TEST(PrintFmtTokenizer, NextSkipsBlanksAndNextItemAlsoNewlines) {
  Tokenizer lexer("a \t\n b");
  EXPECT_TRUE(lexer.next().is(TokenKind::Item, "a"));
  EXPECT_EQ(lexer.next().kind, TokenKind::Newline);
  EXPECT_TRUE(lexer.next().is(TokenKind::Item, "b"));
  Tokenizer items("a \n\n b");
  EXPECT_TRUE(items.next_item().is(TokenKind::Item, "a"));
  EXPECT_TRUE(items.next_item().is(TokenKind::Item, "b"));
  EXPECT_EQ(items.next_item().kind, TokenKind::None);
  EXPECT_EQ(items.next_item().kind, TokenKind::None);  // stays at the end
}

TEST(PrintFmtTokenizer, ExpandsOldMac80211Macros) {
  Tokenizer lexer("LOCAL_PR_FMT STA_PR_FMT VIF_PR_FMT");
  EXPECT_TRUE(lexer.next().is(TokenKind::DQuote, "%s"));
  EXPECT_TRUE(lexer.next().is(TokenKind::DQuote, " sta:%pM"));
  EXPECT_TRUE(lexer.next().is(TokenKind::DQuote, " vif:%p(%d)"));
}

TEST(PrintFmtTokenizer, EveryPrefixTerminates) {
  std::string text = R"("a=%d \"q\" %s", (u8)REC->a, 'c', __print_flags(REC->f, "|", {1, "A"}) \)";
  for (size_t n = 0; n <= text.size(); ++n) {
    std::vector<Token> t = all_tokens(std::string_view(text).substr(0, n));
    ASSERT_FALSE(t.empty());
  }
}

}  // namespace
}  // namespace tep::printfmt
