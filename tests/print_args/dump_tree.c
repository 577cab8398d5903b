// SPDX-License-Identifier: LGPL-2.1
/*
 * Text dump of an event's print fmt tree, one node per line, indented:
 *   OP "&" prio=11
 *     FIELD prev_state field=ok
 *     ATOM "0x3"
 * Field pointers are reported as "ok" when NULL or naming the same field
 * (upstream resolves most of them lazily at print time, we at parse time),
 * and "BAD" otherwise; the fields' FLAG/SYMBOLIC bits are dumped separately.
 */
#include "dump_tree.h"

#include <string.h>

static void put_text(FILE *out, const char *text)
{
	if (!text) {
		fputs("(null)", out);
		return;
	}
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p == '\\')
			fputs("\\\\", out);
		else if (*p == '"')
			fputs("\\\"", out);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(out, "\\x%02x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

static const char *field_check(const struct tep_format_field *field, const char *name)
{
	if (!field)
		return "ok";
	if (name && field->name && strcmp(field->name, name) == 0)
		return "ok";
	return "BAD";
}

static void indent(FILE *out, int depth)
{
	for (int i = 0; i < depth; i++)
		fputs("  ", out);
}

static void dump_arg(FILE *out, const struct tep_print_arg *arg, int depth);

static void dump_child(FILE *out, const char *label, const struct tep_print_arg *arg, int depth)
{
	indent(out, depth);
	fprintf(out, "%s:", label);
	if (!arg) {
		fputs(" (none)\n", out);
		return;
	}
	fputc('\n', out);
	dump_arg(out, arg, depth + 1);
}

static void dump_flag_syms(FILE *out, const struct tep_print_flag_sym *sym, int depth)
{
	for (; sym; sym = sym->next) {
		indent(out, depth);
		fputs("{ ", out);
		put_text(out, sym->value);
		fputs(", ", out);
		put_text(out, sym->str);
		fputs(" }\n", out);
	}
}

static void dump_arg(FILE *out, const struct tep_print_arg *arg, int depth)
{
	if (depth > 200) {
		indent(out, depth);
		fputs("...too deep\n", out);
		return;
	}
	indent(out, depth);
	switch (arg->type) {
	case TEP_PRINT_NULL:
		fputs("NULL\n", out);
		break;
	case TEP_PRINT_ATOM:
		fputs("ATOM ", out);
		put_text(out, arg->atom.atom);
		fputc('\n', out);
		break;
	case TEP_PRINT_FIELD:
		fputs("FIELD ", out);
		put_text(out, arg->field.name);
		fprintf(out, " field=%s\n", field_check(arg->field.field, arg->field.name));
		break;
	case TEP_PRINT_FLAGS:
		fputs("FLAGS delim=", out);
		put_text(out, arg->flags.delim);
		fputc('\n', out);
		dump_child(out, "field", arg->flags.field, depth + 1);
		dump_flag_syms(out, arg->flags.flags, depth + 1);
		break;
	case TEP_PRINT_SYMBOL:
		fputs("SYMBOL\n", out);
		dump_child(out, "field", arg->symbol.field, depth + 1);
		dump_flag_syms(out, arg->symbol.symbols, depth + 1);
		break;
	case TEP_PRINT_HEX:
	case TEP_PRINT_HEX_STR:
		fputs(arg->type == TEP_PRINT_HEX ? "HEX\n" : "HEX_STR\n", out);
		dump_child(out, "field", arg->hex.field, depth + 1);
		dump_child(out, "size", arg->hex.size, depth + 1);
		break;
	case TEP_PRINT_INT_ARRAY:
		fputs("INT_ARRAY\n", out);
		dump_child(out, "field", arg->int_array.field, depth + 1);
		dump_child(out, "count", arg->int_array.count, depth + 1);
		dump_child(out, "el_size", arg->int_array.el_size, depth + 1);
		break;
	case TEP_PRINT_TYPE:
		fputs("TYPE ", out);
		put_text(out, arg->typecast.type);
		fputc('\n', out);
		dump_child(out, "item", arg->typecast.item, depth + 1);
		break;
	case TEP_PRINT_STRING:
	case TEP_PRINT_BSTRING:
		fputs(arg->type == TEP_PRINT_STRING ? "STRING " : "BSTRING ", out);
		put_text(out, arg->string.string);
		fprintf(out, " field=%s\n", field_check(arg->string.field, arg->string.string));
		break;
	case TEP_PRINT_BITMASK:
	case TEP_PRINT_CPUMASK:
		fputs(arg->type == TEP_PRINT_BITMASK ? "BITMASK " : "CPUMASK ", out);
		put_text(out, arg->bitmask.bitmask);
		fprintf(out, " field=%s\n", field_check(arg->bitmask.field, arg->bitmask.bitmask));
		break;
	case TEP_PRINT_STACKTRACE:
		fputs("STACKTRACE ", out);
		put_text(out, arg->stacktrace.stacktrace);
		/* Resolved when parsed or when first printed: both dumps say which. */
		fprintf(out, " field=%s\n", arg->stacktrace.field ?
			field_check(arg->stacktrace.field, arg->stacktrace.stacktrace) : "unresolved");
		break;
	case TEP_PRINT_DYNAMIC_ARRAY:
	case TEP_PRINT_DYNAMIC_ARRAY_LEN:
		fputs(arg->type == TEP_PRINT_DYNAMIC_ARRAY ? "DYNAMIC_ARRAY " : "DYNAMIC_ARRAY_LEN ", out);
		put_text(out, arg->dynarray.field ? arg->dynarray.field->name : NULL);
		fputc('\n', out);
		if (arg->dynarray.index)
			dump_child(out, "index", arg->dynarray.index, depth + 1);
		break;
	case TEP_PRINT_OP:
		fputs("OP ", out);
		put_text(out, arg->op.op);
		fprintf(out, " prio=%d\n", arg->op.prio);
		dump_child(out, "left", arg->op.left, depth + 1);
		dump_child(out, "right", arg->op.right, depth + 1);
		break;
	case TEP_PRINT_FUNC:
		fprintf(out, "FUNC handler=%s\n", arg->func.func ? "set" : "(null)");
		for (const struct tep_print_arg *a = arg->func.args; a; a = a->next)
			dump_child(out, "arg", a, depth + 1);
		break;
	default:
		fprintf(out, "UNKNOWN type=%d\n", (int)arg->type);
		break;
	}
}

static void dump_field_marks(FILE *out, const struct tep_format_field *field)
{
	for (; field; field = field->next) {
		unsigned long marks = field->flags & (TEP_FIELD_IS_FLAG | TEP_FIELD_IS_SYMBOLIC);

		if (marks)
			fprintf(out, "  mark %s%s%s\n", field->name,
				(marks & TEP_FIELD_IS_FLAG) ? " FLAG" : "",
				(marks & TEP_FIELD_IS_SYMBOLIC) ? " SYMBOLIC" : "");
	}
}

void dump_event_print_fmt(FILE *out, struct tep_event *event)
{
	fprintf(out, "event %s:%s failed=%d\n", event->system ? event->system : "(null)",
		event->name ? event->name : "(null)",
		(event->flags & TEP_EVENT_FL_FAILED) ? 1 : 0);
	fputs("format ", out);
	put_text(out, event->print_fmt.format);
	fputc('\n', out);
	for (const struct tep_print_arg *arg = event->print_fmt.args; arg; arg = arg->next)
		dump_arg(out, arg, 1);
	dump_field_marks(out, event->format.common_fields);
	dump_field_marks(out, event->format.fields);
}
