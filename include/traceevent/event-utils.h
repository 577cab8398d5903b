/* SPDX-License-Identifier: LGPL-2.1 */
/*
 * event-utils.h - logging hooks and small string helpers.
 */
#ifndef TRACEEVENT_EVENT_UTILS_H
#define TRACEEVENT_EVENT_UTILS_H

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>

#include "event-parse.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Logging */
void tep_warning(const char *fmt, ...);
void tep_info(const char *fmt, ...);

/* Log sink; applications may supply their own definition */
int tep_vprint(const char *name, enum tep_loglevel level,
	       bool print_err, const char *fmt, va_list ap);

/* Library default sink, callable from an override */
int __tep_vprint(const char *name, enum tep_loglevel level,
		 bool print_err, const char *fmt, va_list ap);

/* Legacy logging entry points */
#define __deprecated(msg) __attribute__((deprecated("msg")))

int tep_vwarning(const char *name, const char *fmt, va_list ap) __deprecated(Use tep_vprint instead);
void pr_stat(const char *fmt, ...) __deprecated(Use tep_info instead);
void vpr_stat(const char *fmt, va_list ap) __deprecated(Use tep_vprint instead);
void __pr_stat(const char *fmt, ...) __deprecated(Use tep_info instead);
void __vpr_stat(const char *fmt, va_list ap) __deprecated(Use tep_vprint instead);

/* Type-checked minimum (GNU statement expression) */
#define min(x, y) ({				\
	typeof(x) _min1 = (x);			\
	typeof(y) _min2 = (y);			\
	(void) (&_min1 == &_min2);		\
	_min1 < _min2 ? _min1 : _min2; })

/* Strip leading and trailing whitespace in place */
static inline char *strim(char *string)
{
	char *end;

	if (!string)
		return NULL;

	while (*string && isspace(*string))
		string++;

	end = string + strlen(string) - 1;
	while (end > string && isspace(*end))
		end--;
	end[1] = 0;

	return string;
}

/* Non-zero when @text holds any non-whitespace character */
static inline int has_text(const char *text)
{
	if (!text)
		return 0;

	for (; *text; text++) {
		if (!isspace(*text))
			return 1;
	}

	return 0;
}

#ifdef __cplusplus
}
#endif

#endif /* TRACEEVENT_EVENT_UTILS_H */
