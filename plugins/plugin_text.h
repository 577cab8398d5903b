/* SPDX-License-Identifier: LGPL-2.1 */
/* What plugins append per record without a printf format to read: a number
 * between two short texts, in one trace_seq_puts, e.g.
 *   put_signed(s, " [", 120, "]")        as trace_seq_printf(s, " [%lld]", 120)
 *   put_unsigned(s, " CPU:", 3, 3, "")   as trace_seq_printf(s, " CPU:%03llu", 3)
 * `before` and `after` are literals of a few bytes. */
#ifndef TEP_PLUGIN_TEXT_H
#define TEP_PLUGIN_TEXT_H

#include <string.h>

#include "trace-seq.h"

/* before, '-' if negative, magnitude's digits (at least min_digits, up to 20), after */
static inline void put_number(struct trace_seq *s, const char *before, int negative,
			      unsigned long long magnitude, int min_digits, const char *after)
{
	char number[24], text[64];
	char *p = number + sizeof(number);
	size_t before_len = strlen(before), after_len = strlen(after), number_len;

	*--p = '\0';
	do {
		*--p = (char)('0' + magnitude % 10);
		magnitude /= 10;
	} while (magnitude);
	while (number + sizeof(number) - 1 - p < min_digits && p > number + 1)
		*--p = '0';
	if (negative)
		*--p = '-';
	number_len = (size_t)(number + sizeof(number) - 1 - p);
	if (before_len + number_len + after_len >= sizeof(text)) {
		trace_seq_puts(s, before);
		trace_seq_puts(s, p);
		trace_seq_puts(s, after);
		return;
	}
	memcpy(text, before, before_len);
	memcpy(text + before_len, p, number_len);
	memcpy(text + before_len + number_len, after, after_len + 1);
	trace_seq_puts(s, text);
}

/* printf's "%lld" (or "%d" of an int) between before and after */
static inline void put_signed(struct trace_seq *s, const char *before, long long v, const char *after)
{
	put_number(s, before, v < 0, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, 1,
		   after);
}

/* printf's "%0<min_digits>llu" between before and after ("%llu": min_digits 1) */
static inline void put_unsigned(struct trace_seq *s, const char *before, unsigned long long v,
				int min_digits, const char *after)
{
	put_number(s, before, 0, v, min_digits, after);
}

#endif
