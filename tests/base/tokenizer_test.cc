// SPDX-License-Identifier: LGPL-2.1
#include "base/tokenizer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tep {
namespace {

constexpr base::TokenType kNone = base::TokenType::kNone, kError = base::TokenType::kError, kNewline = base::TokenType::kNewline,
                    kDelim = base::TokenType::kDelim, kItem = base::TokenType::kItem, kDQuote = base::TokenType::kDQuote;

const char* name(base::TokenType t) {
  static const char* names[] = {"None", "Error", "Space", "Newline", "Delim", "Op", "Item", "DQuote", "SQuote"};
  return names[static_cast<int>(t)];
}

// "Type:text" of every token next_raw() gives, up to and including the first
// None or Error (a None from a byte no grammar has is followed by what comes
// after it, as upstream reads on: listed too, up to the end of the input).
std::vector<std::string> raw(std::string_view text, const base::TokenGrammar& grammar) {
  base::Tokenizer tk(text, grammar);
  std::vector<std::string> out;
  for (int guard = 0; guard < 1000; ++guard) {
    bool at_end = tk.rest().empty();
    base::Token t = tk.next_raw();
    out.push_back(std::string(name(t.type)) + ":" + std::string(t.text));
    if (t.type == kError || (t.type == kNone && (at_end || tk.rest().empty()))) return out;
  }
  ADD_FAILURE() << "tokenizer did not stop";
  return out;
}

// The same through next_item(): no blanks or newlines.
std::vector<std::string> items(std::string_view text, const base::TokenGrammar& grammar) {
  std::vector<std::string> out;
  for (const std::string& t : raw(text, grammar))
    if (t.rfind("Space:", 0) != 0 && t.rfind("Newline:", 0) != 0) out.push_back(t);
  return out;
}

using V = std::vector<std::string>;

// ---- What every grammar shares ----------------------------------------------

const base::TokenGrammar* const kGrammars[] = {&base::kFormatFileGrammar, &base::kPrintFmtGrammar, &base::kFilterGrammar};

TEST(Tokenizer, FieldLine) {
  EXPECT_EQ(raw("\tfield:unsigned short common_type;\toffset:0;\n", base::kFormatFileGrammar),
            (V{"Space:\t", "Item:field", "Op::", "Item:unsigned", "Space: ", "Item:short", "Space: ",
               "Item:common_type", "Op:;", "Space:\t", "Item:offset", "Op::", "Item:0", "Op:;", "Newline:\n",
               "None:"}));
}

TEST(Tokenizer, OperatorsInEveryGrammar) {
  // At most two characters ("->", doubled "++ -- || && << >>") plus a '='
  // after "< > ! = << >>" and after a single "+ - | &".
  for (const base::TokenGrammar* g : kGrammars) {
    EXPECT_EQ(items("-> ++ -- || && >> << >>= <<= != == >= <= -= += |= &= ->= *= ** [ ] . \\", *g),
              (V{"Op:->", "Op:++", "Op:--", "Op:||", "Op:&&", "Op:>>", "Op:<<", "Op:>>=", "Op:<<=", "Op:!=",
                 "Op:==", "Op:>=", "Op:<=", "Op:-=", "Op:+=", "Op:|=", "Op:&=", "Op:->", "Op:=", "Op:*", "Op:=",
                 "Op:*", "Op:*", "Op:[", "Op:]", "Op:.", "Op:\\", "None:"}));
    EXPECT_EQ(items("===&&&<<<=a->b", *g), (V{"Op:==", "Op:=", "Op:&&", "Op:&", "Op:<<", "Op:<=", "Item:a",
                                               "Op:->", "Item:b", "None:"}));
  }
}

TEST(Tokenizer, TildeJoinsOnlyInFilters) {
  EXPECT_EQ(items("a=~b !~ ~ !=~ ==~", base::kFilterGrammar),
            (V{"Item:a", "Op:=~", "Item:b", "Op:!~", "Op:~", "Op:!=", "Op:~", "Op:==", "Op:~", "None:"}));
  EXPECT_EQ(items("a=~b !~", base::kFormatFileGrammar), (V{"Item:a", "Op:=", "Op:~", "Item:b", "Op:!", "Op:~", "None:"}));
  EXPECT_EQ(items("a=~b !~", base::kPrintFmtGrammar), (V{"Item:a", "Op:=", "Op:~", "Item:b", "Op:!", "Op:~", "None:"}));
  // "= ~" is two tokens: the '~' must follow at once.
  EXPECT_EQ(items("= ~", base::kFilterGrammar), (V{"Op:=", "Op:~", "None:"}));
}

TEST(Tokenizer, DelimitersAndItems) {
  for (const base::TokenGrammar* g : kGrammars)
    EXPECT_EQ(raw("(a_1,B9)", *g), (V{"Delim:(", "Item:a_1", "Delim:,", "Item:B9", "Delim:)", "None:"}));
}

TEST(Tokenizer, Mac80211MacrosBecomeStrings) {
  for (const base::TokenGrammar* g : kGrammars)
    EXPECT_EQ(items("LOCAL_PR_FMT STA_PR_FMT VIF_PR_FMT LOCAL_PR_FMTX XSTA_PR_FMT", *g),
              (V{"DQuote:%s", "DQuote: sta:%pM", "DQuote: vif:%p(%d)", "Item:LOCAL_PR_FMTX", "Item:XSTA_PR_FMT",
                 "None:"}));
}

TEST(Tokenizer, ControlAndHighBytesOutsideStringsAreNoneAndConsumed) {
  // Upstream returns no token for such a byte and reads on after it; each
  // parser decides what that means (the end, in practice).
  for (const base::TokenGrammar* g : kGrammars) {
    EXPECT_EQ(raw("a\x01" "b\xc3" "c\x7f" "d\x80", *g),
              (V{"Item:a", "None:", "Item:b", "None:", "Item:c", "None:", "Item:d", "None:"}));
    EXPECT_EQ(raw("\xff", *g), (V{"None:"}));  // 0xff is no end-of-file marker here
  }
}

TEST(Tokenizer, NulEndsTheInput) {
  for (const base::TokenGrammar* g : kGrammars) {
    EXPECT_EQ(raw(std::string_view("x\0y", 3), *g), (V{"Item:x", "None:"}));
    EXPECT_EQ(raw(std::string_view("\"a\0b\"", 5), *g), (V{"Error:a"}));
    base::Tokenizer tk(std::string_view("ab\0cd", 5), *g);
    EXPECT_EQ(tk.rest(), "ab");
  }
}

TEST(Tokenizer, NextSkipsBlanksAndNextItemAlsoNewlines) {
  for (const base::TokenGrammar* g : kGrammars) {
    base::Tokenizer tk("a \t\n \n b", *g);
    EXPECT_TRUE(tk.next().is(kItem, "a"));
    EXPECT_EQ(tk.next().type, kNewline);
    EXPECT_TRUE(tk.next_item().is(kItem, "b"));
    EXPECT_EQ(tk.next_item().type, kNone);
    EXPECT_EQ(tk.next_item().type, kNone);  // stays at the end
  }
}

TEST(Tokenizer, PositionRewindAndRest) {
  base::Tokenizer tk(" prev_pid === 1", base::kFilterGrammar);
  tk.next_item();
  tk.next_item();
  EXPECT_EQ(tk.pos(), 12u);
  EXPECT_EQ(tk.rest(), "= 1");
  tk.rewind(1);
  EXPECT_TRUE(tk.next_item().is(kItem, "prev_pid"));
  tk.skip_blanks();
  EXPECT_EQ(tk.rest(), "=== 1");
  tk.rewind(100);
  EXPECT_TRUE(tk.rest().empty());
}

TEST(Tokenizer, BackslashAtTheEndOfTheInput) {
  // Outside a string it is an operator; inside one it protects nothing.
  for (const base::TokenGrammar* g : kGrammars) {
    EXPECT_EQ(items("x \\", *g), (V{"Item:x", "Op:\\", "None:"}));
    EXPECT_EQ(raw("\"abc\\", *g), (V{"Error:abc\\"}));
    EXPECT_EQ(raw("'\\", *g), (V{"Error:\\"}));
  }
}

TEST(Tokenizer, EscapedQuotesAndBackslashes) {
  for (const base::TokenGrammar* g : kGrammars) {
    EXPECT_EQ(items(R"("a\"b" c)", *g), (V{R"(DQuote:a\"b)", "Item:c", "None:"}));
    // As upstream reads it, the quote after "\\" does not end the string either.
    EXPECT_EQ(items(R"("a\\" x" 'y')", *g), (V{R"(DQuote:a\\" x)", "SQuote:y", "None:"}));
    EXPECT_EQ(items(R"('\'')", *g), (V{R"(SQuote:\')", "None:"}));
  }
}

TEST(Tokenizer, AdjacentStringsJoinAcrossBlanksAndLines) {
  for (const base::TokenGrammar* g : kGrammars) {
    EXPECT_EQ(raw("\"ab\" \n\t \"cd\"\"e\" x", *g), (V{"DQuote:abcde", "Space: ", "Item:x", "None:"}));
    // Single-quoted strings do not join, nor a string with a following 'c'.
    EXPECT_EQ(items("'a' 'b' \"c\" 'd'", *g), (V{"SQuote:a", "SQuote:b", "DQuote:c", "SQuote:d", "None:"}));
    // A newline inside a string is kept.
    EXPECT_EQ(items("\"a\nb\"", *g), (V{"DQuote:a\nb", "None:"}));
  }
}

TEST(Tokenizer, JoinedStringsOutliveLaterTokens) {
  base::Tokenizer tk("\"a\" \"b\" \"c\" \"d\"", base::kPrintFmtGrammar);
  base::Token first = tk.next();
  base::Token second = tk.next();
  EXPECT_EQ(first.text, "abcd");
  EXPECT_EQ(second.type, kNone);
  base::Tokenizer two("\"a\" \"b\", \"c\" \"d\"", base::kFormatFileGrammar);
  base::Token ab = two.next();
  two.next();
  base::Token cd = two.next();
  EXPECT_EQ(ab.text, "ab");
  EXPECT_EQ(cd.text, "cd");
}

TEST(Tokenizer, ControlByteEndsAString) {
  // A control byte but a tab ends the string (the byte is dropped) unless a
  // backslash protects it; a tab is part of the string (upstream 1.9.0).
  for (const base::TokenGrammar* g : kGrammars) {
    EXPECT_EQ(raw("\"a\rb x", *g), (V{"DQuote:a", "Item:b", "Space: ", "Item:x", "None:"}));
    EXPECT_EQ(raw("\"a\tb\" x", *g), (V{"DQuote:a\tb", "Space: ", "Item:x", "None:"}));
    EXPECT_EQ(items("'\t'", *g)[0], "SQuote:\t");
    EXPECT_EQ(raw("\"a\\\tb\"", *g), (V{"DQuote:a\\\tb", "None:"}));
    EXPECT_EQ(items("\"ba\x01sh\"", *g)[0], "DQuote:ba");
    EXPECT_EQ(items("'a\x7f'", *g)[0], "SQuote:a");
    // The string a control byte ended still joins the next one.
    EXPECT_EQ(items("\"a\x01 \"b\"", *g), (V{"DQuote:ab", "None:"}));
  }
}

TEST(Tokenizer, UnterminatedStrings) {
  // An Error token holding the text so far, joined strings included.
  for (const base::TokenGrammar* g : kGrammars) {
    for (const char* text : {"\"abc", "\"abc\\", "\"a\\\"", "'a", "\"", "\"a\\", "\"a\" \"", "'"}) {
      std::vector<std::string> t = raw(text, *g);
      EXPECT_EQ(t.size(), 1u) << text;
      EXPECT_EQ(t.back().rfind("Error:", 0), 0u) << text;
    }
    EXPECT_EQ(raw("\"uns\" \"igned", *g), (V{"Error:unsigned"}));
    EXPECT_EQ(items("a == \"bash", *g), (V{"Item:a", "Op:==", "Error:bash"}));
  }
}

TEST(Tokenizer, HighByteInsideAString) {
  // Like the end of the input, but the byte is consumed and reading goes on
  // after it, with no joining: sizeof("int\xc3) is sizeof(int) upstream.
  if (static_cast<char>(0x80) > 0) {
    // Where char is unsigned (arm64, s390x) upstream takes it for one more unprintable
    // byte, which ends the string as a control byte does.
    for (const base::TokenGrammar* g : kGrammars) {
      EXPECT_TRUE(base::Tokenizer("\"ab\xc3\xa9\"", *g).next().is(kDQuote, "ab"));
      EXPECT_TRUE(base::Tokenizer("\"uns\" \"igned\xc3)", *g).next().is(kDQuote, "unsigned"));
    }
    return;
  }
  for (const base::TokenGrammar* g : kGrammars) {
    base::Tokenizer tk("\"ab\xc3\xa9\" \"cd\"", *g);
    EXPECT_TRUE(tk.next().is(kError, "ab"));
    EXPECT_EQ(tk.pos(), 4u);
    EXPECT_EQ(tk.next().type, kNone);  // the 0xa9
    EXPECT_TRUE(tk.next().is(kDQuote, " "));  // the closing quote opened a string
    EXPECT_TRUE(tk.next().is(kItem, "cd"));
    EXPECT_TRUE(tk.next().is(kError, ""));
    base::Tokenizer joined("\"uns\" \"igned\xc3)", *g);
    EXPECT_TRUE(joined.next().is(kError, "unsigned"));
    EXPECT_TRUE(joined.next().is(kDelim, ")"));
    base::Tokenizer escaped("'a\\\xc3'", *g);  // a backslash does not protect it
    EXPECT_TRUE(escaped.next().is(kError, "a\\"));
  }
}

TEST(Tokenizer, HugeStringIsOneView) {
  std::string big = "\"" + std::string(20 << 20, 'a') + "\"";
  for (const base::TokenGrammar* g : kGrammars) {
    base::Tokenizer tk(big, *g);
    base::Token t = tk.next();
    EXPECT_EQ(t.type, kDQuote);
    EXPECT_EQ(t.text.size(), size_t(20) << 20);
    EXPECT_EQ(t.text.data(), big.data() + 1);
  }
}

TEST(Tokenizer, EveryPrefixTerminates) {
  std::string text = "\tfield:char x[16];\n" R"(print fmt: "a=%d \"q\" %s", (u8)REC->a, 'c', )"
                     R"(__print_flags(REC->f, "|", {1, "A"}) =~ !~ "x" "y\)";
  for (const base::TokenGrammar* g : kGrammars)
    for (size_t n = 0; n <= text.size(); ++n) ASSERT_FALSE(raw(std::string_view(text).substr(0, n), *g).empty());
}

}  // namespace
}  // namespace tep
