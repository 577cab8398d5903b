/* SPDX-License-Identifier: LGPL-2.1 */
/* Events: parsing (return codes, the event pointer tep_parse_format leaves),
   finding, listing (sort orders, which arrays are cached), fields. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wnonnull"

static void *const kUnset = (void *)(uintptr_t)0x5e5e5e5e;

static void show_event(const char *label, struct tep_event *event)
{
  if (!event) {
    printf("  %s: NULL\n", label);
    return;
  }
  printf("  %s: %s/%s id=%d flags=%#x fields=%d common=%d fmt=\"%s\"\n", label,
         event->system ? event->system : "(null)", event->name ? event->name : "(null)", event->id,
         event->flags, event->format.nr_fields, event->format.nr_common,
         event->print_fmt.format ? event->print_fmt.format : "(null)");
}

static const char good[] =
  "name: ev\nID: 77\nformat:\n"
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
  "\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\n"
  "print fmt: \"v=%d\", REC->v\n";

/* No blank line after the common fields: every field is common and the event has
   none of its own. 1.8.4 kept the event, marked failed; 1.9.0 fails the format. */
static const char no_own_fields[] =
  "name: ev\nID: 77\nformat:\n"
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
  "\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\n"
  "print fmt: \"v=%d\", REC->v\n";

static void parse_one(const char *text, size_t size, const char *sys)
{
  struct tep_handle *tep = tep_alloc();
  int ret = CALL(tep_parse_event(tep, text, size, sys));
  printf("  ret=%d\n", ret);
  show_errno();
  printf("  events=%d\n", tep_get_events_count(tep));
  show_event("first", tep_get_first_event(tep));
  tep_free(tep);
}

CASE(parse_event_good) { parse_one(good, strlen(good), "s"); }
CASE(parse_event_no_own_fields) { parse_one(no_own_fields, strlen(no_own_fields), "s"); }
CASE(parse_event_no_name) { parse_one("ID: 5\nformat:\n", 14, "s"); }
CASE(parse_event_no_id) { parse_one("name: x\nformat:\n", 16, "s"); }
CASE(parse_event_empty) { parse_one("", 0, "s"); }
CASE(parse_event_bad_field)
{
  static const char text[] = "name: bf\nID: 8\nformat:\n\tfield:int;\toffset:x;\n\nprint fmt: \"\"\n";
  parse_one(text, strlen(text), "s");
}
CASE(parse_event_bad_print_fmt)
{
  static const char text[] =
    "name: bp\nID: 9\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "print fmt: \"v=%d\", REC->nosuch + (\n";
  parse_one(text, strlen(text), "s");
}
CASE(parse_event_unknown_function)
{
  static const char text[] =
    "name: uf\nID: 10\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "print fmt: \"v=%d\", nosuch_helper(REC->v)\n";
  parse_one(text, strlen(text), "s");
}
CASE(parse_event_size_shorter_than_text) { parse_one(good, 20, "s"); }
CASE(parse_event_null_system) { parse_one(good, strlen(good), NULL); }
CASE(parse_event_null_text) { parse_one(NULL, 10, "s"); }

CASE(parse_event_null_handle)
{
  int ret = CALL(tep_parse_event(NULL, good, strlen(good), "s"));
  printf("  ret=%d\n", ret);
  show_errno();
}

CASE(parse_event_same_id_twice)
{
  struct tep_handle *tep = tep_alloc();
  printf("  first=%d\n", tep_parse_event(tep, good, strlen(good), "s"));
  printf("  second=%d\n", tep_parse_event(tep, good, strlen(good), "s"));
  printf("  events=%d\n", tep_get_events_count(tep));
  tep_free(tep);
}

static void parse_format(const char *text, size_t size)
{
  struct tep_handle *tep = tep_alloc();
  struct tep_event *event = kUnset;
  int ret = CALL(tep_parse_format(tep, &event, text, size, "s"));
  printf("  ret=%d\n", ret);
  show_errno();
  if (event == kUnset)
    printf("  event: untouched\n");
  else
    show_event("event", event);
  printf("  events=%d same as first=%d\n", tep_get_events_count(tep),
         event != kUnset && event == tep_get_first_event(tep));
  tep_free(tep);
}

CASE(parse_format_good) { parse_format(good, strlen(good)); }
CASE(parse_format_no_name) { parse_format("ID: 5\n", 6); }
CASE(parse_format_empty) { parse_format("", 0); }
CASE(parse_format_bad_print_fmt)
{
  static const char text[] =
    "name: bp\nID: 9\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "print fmt: \"v=%d\", REC->v + (\n";
  parse_format(text, strlen(text));
}

CASE(parse_format_null_eventp)
{
  struct tep_handle *tep = tep_alloc();
  int ret = tep_parse_format(tep, NULL, good, strlen(good), "s");
  printf("  ret=%d events=%d\n", ret, tep_get_events_count(tep));
  tep_free(tep);
}

CASE(find_event_cases)
{
  struct tep_handle *tep = fixture();
  show_event("id 372", CALL(tep_find_event(tep, 372)));
  show_errno();
  show_event("id 5", tep_find_event(tep, 5));
  show_event("id -1", tep_find_event(tep, -1));
  show_event("sched/sched_switch", tep_find_event_by_name(tep, "sched", "sched_switch"));
  show_event("NULL/sched_switch", tep_find_event_by_name(tep, NULL, "sched_switch"));
  show_event("fixture/sched_switch", tep_find_event_by_name(tep, "fixture", "sched_switch"));
  show_event("sched/nosuch", tep_find_event_by_name(tep, "sched", "nosuch"));
  show_event("\"\"/quiet", tep_find_event_by_name(tep, "", "quiet"));
  tep_free(tep);
}

CASE(find_event_null_handle) { show_event("ret", tep_find_event(NULL, 1)); }
CASE(find_event_by_name_null_handle) { show_event("ret", tep_find_event_by_name(NULL, "a", "b")); }

CASE(find_event_by_name_null_name)
{
  struct tep_handle *tep = fixture();
  show_event("ret", tep_find_event_by_name(tep, "sched", NULL));
  tep_free(tep);
}

CASE(find_event_by_record_cases)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "sched_switch");
  show_event("record", CALL(tep_find_event_by_record(tep, r)));
  show_errno();
  r->size = 2;
  show_event("size 2", tep_find_event_by_record(tep, r));
  r->size = -1;
  show_event("size -1", CALL(tep_find_event_by_record(tep, r)));
  show_errno();
  tep_free(tep);
}

/* Upstream reads the type past record->size; ours finds no event. */
CASE(find_event_by_record_short_record)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "sched_switch");
  r->size = 0;
  show_event("size 0", tep_find_event_by_record(tep, r));
  r->size = 1;
  show_event("size 1", tep_find_event_by_record(tep, r));
  printf("  is sched_switch: %d\n", tep_record_is_event(r, fixture_event(tep, "sched_switch")));
  tep_free(tep);
}

CASE(find_event_by_record_null_record)
{
  struct tep_handle *tep = fixture();
  show_event("ret", tep_find_event_by_record(tep, NULL));
  tep_free(tep);
}

CASE(find_event_by_record_null_handle)
{
  struct tep_handle *tep = fixture();
  show_event("ret", tep_find_event_by_record(NULL, fixture_record(tep, "quiet")));
  tep_free(tep);
}

CASE(find_event_by_record_empty_handle)
{
  struct tep_handle *tep = fixture();
  struct tep_handle *empty = tep_alloc();
  show_event("ret", tep_find_event_by_record(empty, fixture_record(tep, "quiet")));
  tep_free(empty);
  tep_free(tep);
}

CASE(record_is_event_cases)
{
  struct tep_handle *tep = fixture();
  struct tep_record *r = fixture_record(tep, "sched_switch");
  printf("  own=%d\n", CALL(tep_record_is_event(r, fixture_event(tep, "sched_switch"))));
  show_errno();
  printf("  other=%d\n", tep_record_is_event(r, fixture_event(tep, "quiet")));
  r->size = 2;
  printf("  size 2=%d\n", tep_record_is_event(r, fixture_event(tep, "sched_switch")));
  tep_free(tep);
}

CASE(record_is_event_null_record)
{
  struct tep_handle *tep = fixture();
  printf("  ret=%d\n", tep_record_is_event(NULL, fixture_event(tep, "quiet")));
  tep_free(tep);
}

CASE(record_is_event_null_event)
{
  struct tep_handle *tep = fixture();
  printf("  ret=%d\n", tep_record_is_event(fixture_record(tep, "quiet"), NULL));
  tep_free(tep);
}

CASE(get_event_cases)
{
  struct tep_handle *tep = fixture();
  for (int i = 0; i <= 4; i++) {
    char label[24];
    snprintf(label, sizeof(label), "index %d", i);
    show_event(label, tep_get_event(tep, i));
  }
  struct tep_handle *empty = tep_alloc();
  show_event("first of empty", tep_get_first_event(empty));
  printf("  count of empty=%d\n", tep_get_events_count(empty));
  tep_free(empty);
  tep_free(tep);
}

CASE(get_event_negative_index)
{
  struct tep_handle *tep = fixture();
  show_event("index -1", tep_get_event(tep, -1));
  tep_free(tep);
}

CASE(get_event_null_handle) { show_event("ret", tep_get_event(NULL, 0)); }

static void show_list(const char *label, struct tep_event **list)
{
  printf("  %s:", label);
  if (!list) {
    printf(" NULL\n");
    return;
  }
  for (; *list; list++)
    printf(" %s", (*list)->name);
  putchar('\n');
}

CASE(list_events_orders)
{
  struct tep_handle *tep = fixture();
  show_list("id", CALL(tep_list_events(tep, TEP_EVENT_SORT_ID)));
  show_errno();
  show_list("name", tep_list_events(tep, TEP_EVENT_SORT_NAME));
  show_list("system", tep_list_events(tep, TEP_EVENT_SORT_SYSTEM));
  show_list("id again", tep_list_events(tep, TEP_EVENT_SORT_ID));
  tep_free(tep);
}

CASE(list_events_cached_array)
{
  struct tep_handle *tep = fixture();
  struct tep_event **a = tep_list_events(tep, TEP_EVENT_SORT_ID);
  struct tep_event **b = tep_list_events(tep, TEP_EVENT_SORT_ID);
  printf("  same order twice: same array=%d\n", a == b);
  tep_free(tep);
}

/* Upstream re-sorts one array in place: the array of an earlier call changes. */
CASE(list_events_other_order_array)
{
  struct tep_handle *tep = fixture();
  struct tep_event **a = tep_list_events(tep, TEP_EVENT_SORT_ID);
  struct tep_event **c = tep_list_events(tep, TEP_EVENT_SORT_NAME);
  printf("  other order: same array=%d\n", a == c);
  show_list("earlier id array", a);
  tep_free(tep);
}

/* An unknown order: upstream leaves the array in the order of the last call. */
CASE(list_events_unknown_order)
{
  struct tep_handle *tep = fixture();
  show_list("system", tep_list_events(tep, TEP_EVENT_SORT_SYSTEM));
  show_list("bogus 99", tep_list_events(tep, (enum tep_event_sort_type)99));
  tep_free(tep);
}

/* Upstream keeps returning the array of before the parse (without the new event). */
CASE(list_events_after_parse)
{
  struct tep_handle *tep = fixture();
  tep_list_events(tep, TEP_EVENT_SORT_ID);
  tep_parse_event(tep, good, strlen(good), "s");
  show_list("after a parse", tep_list_events(tep, TEP_EVENT_SORT_ID));
  tep_free(tep);
}

CASE(list_events_copy_fresh)
{
  struct tep_handle *tep = fixture();
  struct tep_event **a = CALL(tep_list_events_copy(tep, TEP_EVENT_SORT_NAME));
  show_errno();
  struct tep_event **b = tep_list_events_copy(tep, TEP_EVENT_SORT_NAME);
  show_list("copy", a);
  printf("  two copies differ=%d\n", a != b);
  struct tep_event **bogus = tep_list_events_copy(tep, (enum tep_event_sort_type)99);
  show_list("bogus 99", bogus);
  free(a);
  free(b);
  free(bogus);
  struct tep_handle *empty = tep_alloc();
  show_list("empty handle", tep_list_events(empty, TEP_EVENT_SORT_ID));
  struct tep_event **e = tep_list_events_copy(empty, TEP_EVENT_SORT_ID);
  show_list("empty handle copy", e);
  free(e);
  tep_free(empty);
  tep_free(tep);
}

CASE(list_events_null_handle) { show_list("ret", tep_list_events(NULL, TEP_EVENT_SORT_ID)); }
CASE(list_events_copy_null_handle) { show_list("ret", tep_list_events_copy(NULL, TEP_EVENT_SORT_ID)); }

static void show_field(const char *label, struct tep_format_field *f)
{
  if (!f)
    printf("  %s: NULL\n", label);
  else
    printf("  %s: %s %s offset=%d size=%d flags=%#lx\n", label, f->type, f->name, f->offset, f->size,
           f->flags);
}

CASE(find_field_cases)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, "sched_switch");
  show_field("field prev_pid", CALL(tep_find_field(e, "prev_pid")));
  show_errno();
  show_field("field common_pid", tep_find_field(e, "common_pid"));
  show_field("common common_pid", tep_find_common_field(e, "common_pid"));
  show_field("common prev_pid", tep_find_common_field(e, "prev_pid"));
  show_field("any common_pid", tep_find_any_field(e, "common_pid"));
  show_field("any next_prio", tep_find_any_field(e, "next_prio"));
  show_field("any nosuch", CALL(tep_find_any_field(e, "nosuch")));
  show_errno();
  show_field("field \"\"", tep_find_field(e, ""));
  tep_free(tep);
}

#define NULL_FIELD_CASE(name, call)                     \
  CASE(name)                                            \
  {                                                     \
    struct tep_handle *tep = fixture();                 \
    struct tep_event *e = fixture_event(tep, "quiet");  \
    (void)e;                                            \
    show_field("ret", call);                            \
    tep_free(tep);                                      \
  }

NULL_FIELD_CASE(find_field_null_event, tep_find_field(NULL, "x"))
NULL_FIELD_CASE(find_field_null_name, tep_find_field(e, NULL))
NULL_FIELD_CASE(find_common_field_null_event, tep_find_common_field(NULL, "x"))
NULL_FIELD_CASE(find_common_field_null_name, tep_find_common_field(e, NULL))
NULL_FIELD_CASE(find_any_field_null_event, tep_find_any_field(NULL, "x"))
NULL_FIELD_CASE(find_any_field_null_name, tep_find_any_field(e, NULL))

static void show_fields(const char *label, struct tep_format_field **list)
{
  printf("  %s:", label);
  if (!list) {
    printf(" NULL\n");
    return;
  }
  for (struct tep_format_field **f = list; *f; f++)
    printf(" %s", (*f)->name);
  putchar('\n');
  free(list);
}

CASE(event_field_arrays)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, "kinds");
  show_fields("fields", CALL(tep_event_fields(e)));
  show_errno();
  show_fields("common", tep_event_common_fields(e));
  e->format.nr_fields = 2;
  show_fields("fields with nr_fields 2", tep_event_fields(e));
  tep_free(tep);
}

CASE(event_fields_null) { show_fields("ret", tep_event_fields(NULL)); }
CASE(event_common_fields_null) { show_fields("ret", tep_event_common_fields(NULL)); }

CASE(event_pointers_survive_parses)
{
  struct tep_handle *tep = fixture();
  struct tep_event *e = fixture_event(tep, "sched_switch");
  struct tep_format_field *f = tep_find_field(e, "next_pid");
  const char *name = e->name;
  char text[512];
  for (int i = 0; i < 500; i++) {
    snprintf(text, sizeof(text),
             "name: e%d\nID: %d\nformat:\n\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
             "\tfield:int v;\toffset:4;\tsize:4;\tsigned:1;\n\n"
             "print fmt: \"%%d\", REC->v\n", i, 2000 + i);
    tep_parse_event(tep, text, strlen(text), "many");
  }
  printf("  same event=%d same field=%d same name=%d\n",
         e == tep_find_event(tep, 372), f == tep_find_field(e, "next_pid"), name == e->name);
  tep_free(tep);
}

const struct probe_case event_cases[] = {
  ENTRY(parse_event_good, 0),
  ENTRY(parse_event_no_own_fields, 0),
  ENTRY(parse_event_no_name, 0),
  ENTRY(parse_event_no_id, 0),
  ENTRY(parse_event_empty, 0),
  ENTRY(parse_event_bad_field, 0),
  ENTRY(parse_event_bad_print_fmt, 0),
  ENTRY(parse_event_unknown_function, 0),
  ENTRY(parse_event_size_shorter_than_text, 0),
  ENTRY(parse_event_null_system, UPSTREAM_CRASHES),
  ENTRY(parse_event_null_text, UPSTREAM_CRASHES),
  ENTRY(parse_event_null_handle, UPSTREAM_CRASHES),
  ENTRY(parse_event_same_id_twice, 0),
  ENTRY(parse_format_good, 0),
  ENTRY(parse_format_no_name, 0),
  ENTRY(parse_format_empty, 0),
  ENTRY(parse_format_bad_print_fmt, 0),
  ENTRY(parse_format_null_eventp, UPSTREAM_CRASHES),
  ENTRY(find_event_cases, 0),
  ENTRY(find_event_null_handle, UPSTREAM_CRASHES),
  ENTRY(find_event_by_name_null_handle, UPSTREAM_CRASHES),
  ENTRY(find_event_by_name_null_name, UPSTREAM_CRASHES),
  ENTRY(find_event_by_record_cases, 0),
  ENTRY(find_event_by_record_short_record, DELIBERATE),
  ENTRY(find_event_by_record_null_record, UPSTREAM_CRASHES),
  ENTRY(find_event_by_record_null_handle, UPSTREAM_CRASHES),
  ENTRY(find_event_by_record_empty_handle, 0),
  ENTRY(record_is_event_cases, 0),
  ENTRY(record_is_event_null_record, UPSTREAM_CRASHES),
  ENTRY(record_is_event_null_event, UPSTREAM_CRASHES),
  ENTRY(get_event_cases, 0),
  ENTRY(get_event_negative_index, UPSTREAM_CRASHES),
  ENTRY(get_event_null_handle, 0),
  ENTRY(list_events_orders, 0),
  ENTRY(list_events_cached_array, 0),
  ENTRY(list_events_other_order_array, DELIBERATE),
  ENTRY(list_events_unknown_order, DELIBERATE),
  ENTRY(list_events_after_parse, DELIBERATE),
  ENTRY(list_events_copy_fresh, 0),
  ENTRY(list_events_null_handle, 0),
  ENTRY(list_events_copy_null_handle, 0),
  ENTRY(find_field_cases, 0),
  ENTRY(find_field_null_event, UPSTREAM_CRASHES),
  ENTRY(find_field_null_name, UPSTREAM_CRASHES),
  ENTRY(find_common_field_null_event, UPSTREAM_CRASHES),
  ENTRY(find_common_field_null_name, UPSTREAM_CRASHES),
  ENTRY(find_any_field_null_event, UPSTREAM_CRASHES),
  ENTRY(find_any_field_null_name, UPSTREAM_CRASHES),
  ENTRY(event_field_arrays, 0),
  ENTRY(event_fields_null, UPSTREAM_CRASHES),
  ENTRY(event_common_fields_null, UPSTREAM_CRASHES),
  ENTRY(event_pointers_survive_parses, 0),
  { NULL, NULL, 0 },
};
