// SPDX-License-Identifier: LGPL-2.1
// Prints what a consumer sees of one parsed event through the public structs: its fields
// (name, type, offset, size, flags, array length, element size) and its print format with
// the parsed argument tree. For the consumer drivers of this folder.
#pragma once

#include <stdio.h>
#include <stdlib.h>

#include "event-parse.h"

static inline void walk_print_arg(FILE *out, const struct tep_print_arg *arg, int depth);

static inline void walk_print_args(FILE *out, const struct tep_print_arg *arg, int depth) {
	for (; arg; arg = arg->next) walk_print_arg(out, arg, depth);
}

static inline void walk_print_syms(FILE *out, const struct tep_print_flag_sym *sym) {
	for (; sym; sym = sym->next) fprintf(out, " {%s,%s}", sym->value ? sym->value : "", sym->str ? sym->str : "");
}

static inline const char *walk_field_name(const struct tep_format_field *field) {
	return field ? field->name : "(no field)";
}

static inline void walk_print_arg(FILE *out, const struct tep_print_arg *arg, int depth) {
	if (depth > 32) {
		fprintf(out, "%*s...\n", 2 * depth, "");
		return;
	}
	fprintf(out, "%*s", 2 * depth + 4, "");
	switch (arg->type) {
	case TEP_PRINT_ATOM: fprintf(out, "atom %s\n", arg->atom.atom); break;
	case TEP_PRINT_FIELD: fprintf(out, "field %s (%s)\n", arg->field.name, walk_field_name(arg->field.field)); break;
	case TEP_PRINT_FLAGS:
		fprintf(out, "flags delim \"%s\"", arg->flags.delim ? arg->flags.delim : "");
		walk_print_syms(out, arg->flags.flags);
		fprintf(out, "\n");
		if (arg->flags.field) walk_print_arg(out, arg->flags.field, depth + 1);
		break;
	case TEP_PRINT_SYMBOL:
		fprintf(out, "symbol");
		walk_print_syms(out, arg->symbol.symbols);
		fprintf(out, "\n");
		if (arg->symbol.field) walk_print_arg(out, arg->symbol.field, depth + 1);
		break;
	case TEP_PRINT_HEX:
	case TEP_PRINT_HEX_STR:
		fprintf(out, "%s\n", arg->type == TEP_PRINT_HEX ? "hex" : "hex_str");
		if (arg->hex.field) walk_print_arg(out, arg->hex.field, depth + 1);
		if (arg->hex.size) walk_print_arg(out, arg->hex.size, depth + 1);
		break;
	case TEP_PRINT_INT_ARRAY:
		fprintf(out, "int_array\n");
		if (arg->int_array.field) walk_print_arg(out, arg->int_array.field, depth + 1);
		if (arg->int_array.count) walk_print_arg(out, arg->int_array.count, depth + 1);
		if (arg->int_array.el_size) walk_print_arg(out, arg->int_array.el_size, depth + 1);
		break;
	case TEP_PRINT_TYPE:
		fprintf(out, "cast (%s)\n", arg->typecast.type);
		if (arg->typecast.item) walk_print_arg(out, arg->typecast.item, depth + 1);
		break;
	case TEP_PRINT_STRING:
	case TEP_PRINT_BSTRING:
		fprintf(out, "%s %s (%s)\n", arg->type == TEP_PRINT_STRING ? "string" : "bstring", arg->string.string,
		        walk_field_name(arg->string.field));
		break;
	case TEP_PRINT_BITMASK:
	case TEP_PRINT_CPUMASK:
		fprintf(out, "%s %s (%s)\n", arg->type == TEP_PRINT_BITMASK ? "bitmask" : "cpumask", arg->bitmask.bitmask,
		        walk_field_name(arg->bitmask.field));
		break;
	case TEP_PRINT_DYNAMIC_ARRAY:
	case TEP_PRINT_DYNAMIC_ARRAY_LEN:
		fprintf(out, "%s (%s)\n", arg->type == TEP_PRINT_DYNAMIC_ARRAY ? "dynarray" : "dynarray_len",
		        walk_field_name(arg->dynarray.field));
		if (arg->dynarray.index) walk_print_arg(out, arg->dynarray.index, depth + 1);
		break;
	case TEP_PRINT_OP:
		fprintf(out, "op %s prio %d\n", arg->op.op, arg->op.prio);
		if (arg->op.left) walk_print_arg(out, arg->op.left, depth + 1);
		if (arg->op.right) walk_print_arg(out, arg->op.right, depth + 1);
		break;
	case TEP_PRINT_FUNC:
		fprintf(out, "func\n");
		walk_print_args(out, arg->func.args, depth + 1);
		break;
	default: fprintf(out, "type %d\n", (int)arg->type); break;
	}
}

static inline void walk_fields(FILE *out, const char *what, struct tep_format_field **fields) {
	for (int i = 0; fields && fields[i]; i++) {
		const struct tep_format_field *f = fields[i];
		fprintf(out, "  %s %s: type \"%s\" offset %d size %d flags 0x%lx arraylen %u elementsize %u%s%s\n", what,
		        f->name, f->type, f->offset, f->size, f->flags, f->arraylen, f->elementsize,
		        f->alias ? " alias " : "", f->alias ? f->alias : "");
	}
}

static inline void walk_event(FILE *out, struct tep_event *event) {
	fprintf(out, "%s/%s id %d flags 0x%x\n", event->system, event->name, event->id, event->flags);
	struct tep_format_field **common = tep_event_common_fields(event);
	struct tep_format_field **fields = tep_event_fields(event);
	walk_fields(out, "common", common);
	walk_fields(out, "field", fields);
	free(common);
	free(fields);
	fprintf(out, "  print fmt: %s\n", event->print_fmt.format ? event->print_fmt.format : "(none)");
	walk_print_args(out, event->print_fmt.args, 0);
}
