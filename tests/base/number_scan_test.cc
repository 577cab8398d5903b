// SPDX-License-Identifier: LGPL-2.1
#include "base/number_scan.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace tep {
namespace {

uint64_t strtoul_like(std::string_view s) { return base::scan_number(s, base::kStrtoul).bits; }
// strtoull: the 64-bit range whatever the host's long.
uint64_t strtoull_like(std::string_view s) { return base::scan_number(s, base::NumberSyntax{}).bits; }
int atoi_like(std::string_view s) { return static_cast<int>(base::scan_number(s, base::kAtol).as_signed()); }

constexpr base::NumberSyntax kScanfHex16{.base = 16, .overflow = base::Overflow::kWrap, .skip_blanks = false,
                                   .prefix_without_digits_consumed = true, .width = 16};

TEST(NumberScan, CPrefixes) {
  EXPECT_EQ(strtoul_like("16"), 16u);
  EXPECT_EQ(strtoul_like("0x10"), 16u);
  EXPECT_EQ(strtoul_like("0X1f"), 31u);
  EXPECT_EQ(strtoul_like("010"), 8u);
  EXPECT_EQ(strtoul_like("08"), 0u);
  EXPECT_EQ(strtoul_like("0"), 0u);
  EXPECT_EQ(strtoul_like("12abc"), 12u);
  EXPECT_EQ(strtoul_like("abc"), 0u);
  EXPECT_EQ(strtoul_like(""), 0u);
  EXPECT_EQ(strtoul_like(" \t\n+7"), 7u);
}

TEST(NumberScan, ZeroXWithoutDigits) {
  // strto* read the "0" and stop on the 'x'; scanf consumes "0x".
  EXPECT_EQ(base::scan_number("0x", base::kStrtoul).bits, 0u);
  EXPECT_EQ(base::scan_number("0x", base::kStrtoul).end, 1u);
  EXPECT_EQ(base::scan_number("0xg", base::NumberSyntax{.base = 16}).end, 1u);
  EXPECT_EQ(base::scan_number("-0x", base::kStrtoul).end, 2u);
  EXPECT_EQ(base::scan_number("0xg", kScanfHex16).end, 2u);
  EXPECT_TRUE(base::scan_number("0xg", kScanfHex16).found());
  EXPECT_EQ(base::scan_number("0x", base::kAtol).end, 1u);  // base 10: the 'x' is no prefix
}

TEST(NumberScan, EndAndNotFound) {
  base::ScannedNumber n = base::scan_number("  42 rest", base::kStrtoul);
  EXPECT_EQ(n.bits, 42u);
  EXPECT_EQ(n.end, 4u);
  for (const char* text : {"", " ", "-", "+", "- 1", "x1", "+-1", "\xc3"}) {
    EXPECT_FALSE(base::scan_number(text, base::kStrtoul).found()) << text;
    EXPECT_EQ(base::scan_number(text, base::kStrtoul).bits, 0u) << text;
  }
  base::NumberSyntax no_blanks{.skip_blanks = false};
  EXPECT_FALSE(base::scan_number(" 1", no_blanks).found());
  base::NumberSyntax no_sign{.allow_sign = false};
  EXPECT_FALSE(base::scan_number("-1", no_sign).found());
}

TEST(NumberScan, UnsignedAtAndPast2To64) {
  EXPECT_EQ(strtoull_like("18446744073709551615"), UINT64_MAX);
  EXPECT_EQ(strtoull_like("18446744073709551616"), UINT64_MAX);
  EXPECT_EQ(strtoull_like("99999999999999999999999"), UINT64_MAX);
  EXPECT_EQ(strtoull_like("0xffffffffffffffff"), UINT64_MAX);
  EXPECT_EQ(strtoull_like("0x10000000000000000"), UINT64_MAX);
  EXPECT_EQ(strtoull_like("01777777777777777777777"), UINT64_MAX);
  EXPECT_EQ(strtoull_like("02000000000000000000000"), UINT64_MAX);
  // Wrapping keeps the low 64 bits.
  base::NumberSyntax wrap{.overflow = base::Overflow::kWrap};
  EXPECT_EQ(base::scan_number("18446744073709551616", wrap).bits, 0u);
  EXPECT_EQ(base::scan_number("0x123456789abcdef01", wrap).bits, 0x23456789abcdef01u);
  base::NumberSyntax fail{.overflow = base::Overflow::kFail};
  EXPECT_FALSE(base::scan_number("18446744073709551616", fail).found());
  EXPECT_EQ(base::scan_number("18446744073709551615", fail).bits, UINT64_MAX);
}

TEST(NumberScan, NegativeNumbers) {
  // Unsigned: negated modulo 2^64, as strtoul; saturated when the magnitude overflows.
  EXPECT_EQ(strtoull_like("-1"), UINT64_MAX);
  EXPECT_EQ(strtoull_like(" -0x10"), uint64_t{0} - 16);
  EXPECT_EQ(strtoull_like("-18446744073709551615"), 1u);
  EXPECT_EQ(strtoull_like("-18446744073709551616"), UINT64_MAX);
  // Signed: the int64_t range.
  base::NumberSyntax ll{.is_signed = true};
  EXPECT_EQ(base::scan_number("-5", ll).as_signed(), -5);
  EXPECT_EQ(base::scan_number("9223372036854775807", ll).as_signed(), INT64_MAX);
  EXPECT_EQ(base::scan_number("9223372036854775808", ll).as_signed(), INT64_MAX);
  EXPECT_EQ(base::scan_number("-9223372036854775808", ll).as_signed(), INT64_MIN);
  EXPECT_EQ(base::scan_number("-9223372036854775809", ll).as_signed(), INT64_MIN);
  EXPECT_EQ(base::scan_number("-99999999999999999999", ll).as_signed(), INT64_MIN);
  base::NumberSyntax ll_wrap{.is_signed = true, .overflow = base::Overflow::kWrap};
  EXPECT_EQ(base::scan_number("9223372036854775808", ll_wrap).as_signed(), INT64_MIN);
}

TEST(NumberScan, AtoiTruncatesTheLong) {
  EXPECT_EQ(atoi_like("0x10"), 0);
  EXPECT_EQ(atoi_like("010"), 10);
  EXPECT_EQ(atoi_like("-5"), -5);
  if (sizeof(long) == 8) {
    EXPECT_EQ(atoi_like("99999999999"), 1215752191);
    EXPECT_EQ(atoi_like("99999999999999999999999"), -1);  // (int)LONG_MAX
    EXPECT_EQ(atoi_like("-99999999999999999999999"), 0);  // (int)LONG_MIN
  } else {  // a 32-bit long saturates at once
    EXPECT_EQ(atoi_like("99999999999"), INT32_MAX);
    EXPECT_EQ(atoi_like("-99999999999"), INT32_MIN);
  }
}

TEST(NumberScan, LongRangeIsTheHostsLong) {
  // strtoul and strtol saturate at the host's long: 2^32 - 1 and 2^31 - 1 on i686.
  const uint64_t ulong_max = sizeof(long) == 8 ? UINT64_MAX : UINT32_MAX;
  EXPECT_EQ(base::scan_number("99999999999999999999999", base::kStrtoul).bits, ulong_max);
  EXPECT_EQ(base::scan_number("4294967295", base::kStrtoul).bits, 4294967295u);
  EXPECT_EQ(base::scan_number("4294967296", base::kStrtoul).bits, sizeof(long) == 8 ? 4294967296u : ulong_max);
  EXPECT_EQ(base::scan_number("-1", base::kStrtoul).bits, ulong_max);  // negated in unsigned long
  EXPECT_EQ(base::scan_number("2147483648", base::kAtol).as_signed(), sizeof(long) == 8 ? 2147483648 : INT32_MAX);
  EXPECT_EQ(base::scan_number("-2147483649", base::kAtol).as_signed(), sizeof(long) == 8 ? -2147483649 : INT32_MIN);
  EXPECT_EQ(base::scan_number("2147483648", base::kScanfInt).found(), sizeof(long) == 8);
  // Without long_range, the 64-bit range on every host (strtoull, strtoll).
  EXPECT_EQ(strtoull_like("4294967296"), 4294967296u);
  EXPECT_EQ(base::scan_number("2147483648", base::NumberSyntax{.base = 10, .is_signed = true}).as_signed(), 2147483648);
}

TEST(NumberScan, ScanfIntFailsOutOfRange) {
  EXPECT_EQ(base::scan_number(" 1234 bash", base::kScanfInt).as_signed(), 1234);
  EXPECT_EQ(base::scan_number(" 1234 bash", base::kScanfInt).end, 5u);
  EXPECT_EQ(base::scan_number("9223372036854775807", base::kScanfInt).found(), sizeof(long) == 8);
  EXPECT_FALSE(base::scan_number("9223372036854775808", base::kScanfInt).found());
  EXPECT_EQ(base::scan_number("-9223372036854775808", base::kScanfInt).found(), sizeof(long) == 8);
  EXPECT_FALSE(base::scan_number("-9223372036854775809", base::kScanfInt).found());
  // Past 2^64 too (a magnitude that wraps back below the limit is still too large).
  EXPECT_FALSE(base::scan_number("20000000000000000000", base::kScanfInt).found());
  EXPECT_FALSE(base::scan_number("99999999999999999999999999", base::kScanfInt).found());
}

TEST(NumberScan, WidthCountsSignAndPrefix) {
  EXPECT_EQ(base::scan_number("ffffffff81000000 T", kScanfHex16).bits, 0xffffffff81000000u);
  EXPECT_EQ(base::scan_number("ffffffff810000001", kScanfHex16).end, 16u);
  EXPECT_EQ(base::scan_number("0x1234567890abcdef", kScanfHex16).bits, 0x1234567890abcdu);
  EXPECT_EQ(base::scan_number("-1", kScanfHex16).bits, UINT64_MAX);
  EXPECT_EQ(base::scan_number("-0x10", kScanfHex16).bits, uint64_t{0} - 16);
  base::NumberSyntax two{.width = 2};
  EXPECT_EQ(base::scan_number("0x5", two).bits, 0u);  // the width ends before the digit
  EXPECT_EQ(base::scan_number("0x5", two).end, 1u);
  EXPECT_EQ(base::scan_number("  123", two).bits, 12u);  // blanks do not count
}

TEST(NumberScan, OctalAndBases) {
  EXPECT_EQ(strtoul_like("0777"), 0777u);
  EXPECT_EQ(strtoul_like("0778"), 077u);
  EXPECT_EQ(base::scan_number("777", base::NumberSyntax{.base = 8}).bits, 0777u);
  EXPECT_EQ(base::scan_number("0x10", base::NumberSyntax{.base = 8}).bits, 0u);
  EXPECT_EQ(base::scan_number("ff", base::NumberSyntax{.base = 16}).bits, 255u);
  EXPECT_EQ(base::scan_number("ff", base::NumberSyntax{.base = 10}).found(), false);
}

// The same answers as the C library, on a spread of inputs.
TEST(NumberScan, AgreesWithTheCLibrary) {
  const char* inputs[] = {"0", "1", "-1", "+1", " 42", "\t\n 42x", "0x", "0X", "0xg", "0x1G", "08", "019",
                          "0777", "-0", "- 1", "12abc", "abc", "", "18446744073709551615",
                          "18446744073709551616", "-18446744073709551616", "9223372036854775807",
                          "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                          "0xffffffffffffffff", "0x10000000000000000", "0xFFFFFFFFFFFFFFFFF",
                          "01777777777777777777777", "02000000000000000000000", "20000000000000000000",
                          "2147483648", "4294967296", "99999999999", "\v+0x7fz"};
  for (const char* text : inputs) {
    char* end;
    unsigned long long u = strtoull(text, &end, 0);
    base::ScannedNumber n = base::scan_number(text, base::NumberSyntax{});
    EXPECT_EQ(n.bits, u) << text;
    EXPECT_EQ(n.end, static_cast<size_t>(end - text)) << text;
    unsigned long ul = strtoul(text, &end, 0);
    n = base::scan_number(text, base::kStrtoul);
    EXPECT_EQ(n.bits, ul) << text;
    EXPECT_EQ(n.end, static_cast<size_t>(end - text)) << text;
    u = strtoull(text, &end, 16);
    n = base::scan_number(text, base::NumberSyntax{.base = 16});
    EXPECT_EQ(n.bits, u) << text;
    EXPECT_EQ(n.end, static_cast<size_t>(end - text)) << text;
    long long s = strtoll(text, &end, 0);
    n = base::scan_number(text, base::NumberSyntax{.is_signed = true});
    EXPECT_EQ(n.as_signed(), s) << text;
    EXPECT_EQ(n.end, static_cast<size_t>(end - text)) << text;
    long l = strtol(text, &end, 10);
    n = base::scan_number(text, base::kAtol);
    EXPECT_EQ(n.as_signed(), l) << text;
    EXPECT_EQ(n.end, static_cast<size_t>(end - text)) << text;
    EXPECT_EQ(atoi_like(text), atoi(text)) << text;
    // Upstream reads saved cmdlines with sscanf("%d") and treats ERANGE as an error.
    int pid = 0, used = 0;
    errno = 0;
    bool scanned = sscanf(text, "%d%n", &pid, &used) == 1 && errno != ERANGE;
    n = base::scan_number(text, base::kScanfInt);
    EXPECT_EQ(n.found(), scanned) << text;
    if (scanned) {
      EXPECT_EQ(static_cast<int>(n.as_signed()), pid) << text;
      EXPECT_EQ(n.end, static_cast<size_t>(used)) << text;
    }
  }
}

}  // namespace
}  // namespace tep
