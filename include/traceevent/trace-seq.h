/* SPDX-License-Identifier: LGPL-2.1 */
/*
 * trace-seq.h - growable text buffer used by the event formatter.
 */
#ifndef TRACEEVENT_TRACE_SEQ_H
#define TRACEEVENT_TRACE_SEQ_H

#include <stdarg.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Initial capacity of a sequence buffer (overridable at build time) */
#ifndef TRACE_SEQ_BUF_SIZE
#define TRACE_SEQ_BUF_SIZE 4096
#endif

/* Health of a sequence; anything but GOOD means writes are dropped */
enum trace_seq_fail {
	TRACE_SEQ__GOOD,
	TRACE_SEQ__BUFFER_POISONED,
	TRACE_SEQ__MEM_ALLOC_FAILED,
};

struct trace_seq {
	char			*buffer;	/* heap storage */
	unsigned int		buffer_size;	/* bytes allocated */
	unsigned int		len;		/* bytes written */
	unsigned int		readpos;
	enum trace_seq_fail	state;
};

/* Lifetime */
void trace_seq_init(struct trace_seq *s);
void trace_seq_reset(struct trace_seq *s);
void trace_seq_destroy(struct trace_seq *s);

/* Appending */
extern int trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
	__attribute__ ((format (printf, 2, 3)));
extern int trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
	__attribute__ ((format (printf, 2, 0)));
extern int trace_seq_puts(struct trace_seq *s, const char *str);
extern int trace_seq_putc(struct trace_seq *s, unsigned char c);
extern void trace_seq_terminate(struct trace_seq *s);

/* Output */
extern int trace_seq_do_fprintf(struct trace_seq *s, FILE *fp);
extern int trace_seq_do_printf(struct trace_seq *s);

#ifdef __cplusplus
}
#endif

#endif /* TRACEEVENT_TRACE_SEQ_H */
