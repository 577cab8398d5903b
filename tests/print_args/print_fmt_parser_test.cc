// SPDX-License-Identifier: LGPL-2.1
// parse_print_fmt around the parser: state cleared before each parse, the
// FAILED mark and its warnings ("[system:name] cause", silenced by
// context.warn for parse failures only), the directives read even after a
// failure, and old ftrace events printing their fields.
#include "print_args/print_fmt_parser.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "event_builder.h"
#include "format_string/print_fmt.h"

namespace tep::print_args {
namespace {

using format_string::PrintFmtPiece;
using testing::make_event;
using testing::make_test_event;

size_t count_args(const tep_print_arg* arg) {
  size_t n = 0;
  for (; arg; arg = arg->next) n++;
  return n;
}

size_t conversions(const format_string::PrintFmt& fmt) {
  size_t n = 0;
  for (const PrintFmtPiece& p : fmt.pieces()) n += p.kind == PrintFmtPiece::Kind::kConversion;
  return n;
}

class PrintFmtParse : public ::testing::Test {
 protected:
  PrintFmtParse() : event(make_test_event()) {}
  ~PrintFmtParse() override { tep_set_loglevel(TEP_LOG_CRITICAL); }

  bool parse(const char* text, bool warn = true) { return parse_print_fmt({functions, 8, warn}, *event, text); }
  // What parse() writes to stderr at TEP_LOG_WARNING.
  std::string warnings(const char* text, bool warn = true) {
    tep_set_loglevel(TEP_LOG_WARNING);
    errno = 0;  // a set errno would prefix the message
    ::testing::internal::CaptureStderr();
    parse(text, warn);
    std::string out = ::testing::internal::GetCapturedStderr();
    tep_set_loglevel(TEP_LOG_CRITICAL);
    return out;
  }
  bool failed() const { return event->flags & TEP_EVENT_FL_FAILED; }

  PrintFunctionRegistry functions;
  std::unique_ptr<format::Event> event;
};

TEST_F(PrintFmtParse, SuccessFillsFormatArgsAndDirectives) {
  ASSERT_TRUE(parse(R"("a=%d s=%s", REC->a, __get_str(str))"));
  EXPECT_FALSE(failed());
  EXPECT_STREQ(event->print_fmt.format, "a=%d s=%s");
  EXPECT_EQ(count_args(event->print_fmt.args), 2u);
  EXPECT_EQ(conversions(event->print_directives), 2u);
  EXPECT_FALSE(event->print_directives.lacks_arguments());
}

TEST_F(PrintFmtParse, SuccessSaysNothing) { EXPECT_EQ(warnings(R"("%d", REC->a)"), ""); }

// Each parse starts from nothing: no argument, directive or string of the last.
TEST_F(PrintFmtParse, ReparseClearsThePreviousState) {
  ASSERT_TRUE(parse(R"("%d %d %d", REC->a, REC->b, REC->a)"));
  ASSERT_TRUE(parse(R"("%s", __get_str(str))"));
  EXPECT_STREQ(event->print_fmt.format, "%s");
  EXPECT_EQ(count_args(event->print_fmt.args), 1u);
  EXPECT_EQ(conversions(event->print_directives), 1u);
  parse("not a string");
  EXPECT_EQ(event->print_fmt.format, nullptr);
  EXPECT_EQ(event->print_fmt.args, nullptr);
  EXPECT_EQ(conversions(event->print_directives), 0u);
}

TEST_F(PrintFmtParse, ParseFailureMarksTheEventAndWarns) {
  EXPECT_EQ(warnings(R"("%d", nosuch(REC->a))"), "[test:ev] function not defined\n");
  EXPECT_TRUE(failed());
  EXPECT_EQ(warnings("REC->a"), "[test:ev] print fmt does not start with a string\n");
  EXPECT_EQ(warnings(""), "[test:ev] print fmt does not start with a string\n");
  EXPECT_EQ(warnings(R"("%d", sizeof(char))"), "[test:ev] unsupported sizeof\n");
}

// TEP_NO_PARSING_WARNINGS silences parse failures, not count mismatches.
TEST_F(PrintFmtParse, WarnFalseSilencesParseFailuresOnly) {
  EXPECT_EQ(warnings(R"("%d", nosuch(REC->a))", false), "");
  EXPECT_TRUE(failed());
  event = make_test_event();
  EXPECT_EQ(warnings(R"("%d %d", REC->a)", false), "[test:ev] print fmt arguments do not match its conversions\n");
  EXPECT_TRUE(failed());
}

TEST_F(PrintFmtParse, MissingArgumentsFailTheEvent) {
  EXPECT_FALSE(parse(R"("%d %s", REC->a)"));
  EXPECT_TRUE(failed());
  EXPECT_TRUE(event->print_directives.lacks_arguments());
  // What was read stays, for "[FAILED TO PARSE]" printing.
  EXPECT_STREQ(event->print_fmt.format, "%d %s");
  EXPECT_EQ(count_args(event->print_fmt.args), 1u);
}

// The directives pair with the arguments read before the failure.
TEST_F(PrintFmtParse, DirectivesAreReadAfterAFailure) {
  EXPECT_FALSE(parse(R"("%d %d %d", REC->a, REC->b, nosuch(1))"));
  ASSERT_STREQ(event->print_fmt.format, "%d %d %d");
  EXPECT_EQ(count_args(event->print_fmt.args), 2u);
  const auto& pieces = event->print_directives.pieces();
  ASSERT_GE(pieces.size(), 3u);
  EXPECT_EQ(pieces[0].kind, PrintFmtPiece::Kind::kConversion);
  EXPECT_EQ(pieces[0].arg, 0);
  EXPECT_EQ(pieces[1].arg, 1);
  EXPECT_EQ(pieces[2].kind, PrintFmtPiece::Kind::kNoArgument);
  EXPECT_TRUE(event->print_directives.lacks_arguments());
}

TEST_F(PrintFmtParse, WarningsWithoutNames) {
  event->system = nullptr;
  event->name = nullptr;
  EXPECT_EQ(warnings(R"("%d", nosuch(REC->a))"), "[:] function not defined\n");
  event = make_test_event();
  event->system = nullptr;
  event->name = nullptr;
  EXPECT_EQ(warnings(R"("%d %d", REC->a)"), "[:] print fmt arguments do not match its conversions\n");
}

TEST_F(PrintFmtParse, FtraceEventsWithoutArgumentsGetTheirFields) {
  event = make_event({{"unsigned long", "ip", 8, 8}, {"unsigned long", "parent_ip", 16, 8}}, "ftrace", "function");
  event->flags |= TEP_EVENT_FL_ISFTRACE;
  ASSERT_TRUE(parse(R"(" %lx <-- %lx")"));
  ASSERT_EQ(count_args(event->print_fmt.args), 2u);
  EXPECT_EQ(event->print_fmt.args->type, TEP_PRINT_FIELD);
  EXPECT_STREQ(event->print_fmt.args->field.name, "ip");
  EXPECT_STREQ(event->print_fmt.args->next->field.name, "parent_ip");
  EXPECT_EQ(event->print_fmt.args->next->field.field, event->format.fields->next);
  EXPECT_EQ(conversions(event->print_directives), 2u);
}

// Arguments written out are kept as written: no fields are added.
TEST_F(PrintFmtParse, FtraceEventsWithArgumentsKeepThem) {
  event = make_event({{"unsigned long", "ip", 8, 8}, {"int", "depth", 16, 4}}, "ftrace", "funcgraph");
  event->flags |= TEP_EVENT_FL_ISFTRACE;
  ASSERT_TRUE(parse(R"("%d", REC->depth)"));
  ASSERT_EQ(count_args(event->print_fmt.args), 1u);
  EXPECT_STREQ(event->print_fmt.args->field.name, "depth");
}

TEST_F(PrintFmtParse, FtraceEventWithoutFields) {
  event = make_event({}, "ftrace", "empty");
  event->flags |= TEP_EVENT_FL_ISFTRACE;
  EXPECT_TRUE(parse(R"("nothing")"));
  EXPECT_EQ(event->print_fmt.args, nullptr);
  EXPECT_FALSE(parse(R"("%d")"));
  EXPECT_TRUE(failed());
}

// Only ftrace events borrow their fields.
TEST_F(PrintFmtParse, OtherEventsGetNoFieldArguments) {
  EXPECT_FALSE(parse(R"("%d")"));
  EXPECT_EQ(event->print_fmt.args, nullptr);
  EXPECT_TRUE(failed());
}

// Every prefix parses or fails, and the FAILED mark says which (a prefix
// cut inside a helper's name can be a complete atom argument).
TEST_F(PrintFmtParse, TruncatedAndBinaryInputFailCleanly) {
  const std::string text = R"("%d %s", REC->a, __print_flags(REC->flags, "|", {1, "A"}))";
  size_t accepted = 0;
  for (size_t n = 0; n < text.size(); n++) {
    event = make_test_event();
    const bool ok = parse_print_fmt({functions, 8, false}, *event, std::string_view(text).substr(0, n));
    EXPECT_EQ(ok, !failed()) << n;
    accepted += ok;
  }
  EXPECT_EQ(accepted, strlen("__print_flags"));
  event = make_test_event();
  static constexpr char kBinary[] = "\"%d\", \x01\xff\x7f REC->a\0 junk";
  EXPECT_FALSE(parse_print_fmt({functions, 8, false}, *event, std::string_view(kBinary, sizeof(kBinary) - 1)));
}

}  // namespace
}  // namespace tep::print_args
