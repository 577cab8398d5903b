// SPDX-License-Identifier: LGPL-2.1
/* kmem allocation events: prefixes the normal output with the call site as
 * "(function+0xoffset) ", e.g. "(__alloc_skb+0x8b) call_site=... ptr=...". */
#include <string.h>

#include "event-parse.h"
#include "plugin_export.h"

static const char *const kmem_events[] = {
	"kfree", "kmalloc", "kmalloc_node", "kmem_cache_alloc",
	"kmem_cache_alloc_node", "kmem_cache_free",
};
#define NR_KMEM_EVENTS (sizeof(kmem_events) / sizeof(kmem_events[0]))

/* Writes "+0x1f) " and a NUL at `p`: the offset as printf's "%x" prints it. */
static void write_offset(char *p, unsigned int offset)
{
	int digits = 1;

	while (digits < 8 && offset >> (4 * digits))
		digits++;
	memcpy(p, "+0x", 3);
	p += 3;
	for (int i = digits - 1; i >= 0; i--, offset >>= 4)
		p[i] = "0123456789abcdef"[offset & 15];
	memcpy(p + digits, ") ", 3);
}

/* Returns 1 so the event's own print format follows the prefix. */
static int call_site_handler(struct trace_seq *s, struct tep_record *record,
			     struct tep_event *event, void *context)
{
	struct tep_format_field *field = tep_find_field(event, "call_site");
	unsigned long long site, start;
	const char *func;
	char text[256];
	size_t len;

	if (!field || field->offset < 0 || field->offset + field->size > record->size ||
	    tep_read_number_field(field, record->data, &site))
		return 1;
	/* one lookup for the name and the start */
	if (!tep_find_function_info(event->tep, site, &func, &start, NULL) || !func)
		return 1;
	/* "(%s+0x%x) " of func and (int)(site - start), in one append when it fits */
	len = strlen(func);
	if (len > sizeof(text) - sizeof("(+0x12345678) ")) {
		trace_seq_printf(s, "(%s+0x%x) ", func, (int)(site - start));
		return 1;
	}
	text[0] = '(';
	memcpy(text + 1, func, len);
	write_offset(text + 1 + len, (unsigned int)(site - start));
	trace_seq_puts(s, text);
	return 1;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_KMEM_EVENTS; i++)
		tep_register_event_handler(tep, -1, "kmem", kmem_events[i],
					   call_site_handler, NULL);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_KMEM_EVENTS; i++)
		tep_unregister_event_handler(tep, -1, "kmem", kmem_events[i],
					     call_site_handler, NULL);
}
