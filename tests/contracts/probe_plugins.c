/* SPDX-License-Identifier: LGPL-2.1 */
/* Plugins, plugin options, event handlers and print functions: return values,
   errno, what the callbacks see (the seq they write into included). The
   fixture plugins of tests/plugin come from $PROBE_PLUGIN_DIR. */
#include <stdlib.h>
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wnonnull"

/* The fixture plugins report through this (tests/plugin/fixtures). */
__attribute__((visibility("default"))) void plugin_test_record(const char *what, struct tep_handle *tep)
{
  printf("  plugin says %s (handle %s)\n", what, tep ? "set" : "NULL");
}

static struct tep_handle *plugin_handle(void)
{
  struct tep_handle *tep = tep_alloc();
  tep_set_flag(tep, TEP_DISABLE_SYS_PLUGINS);
  return tep;
}

static const char *basename_of(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

CASE(load_plugins_from_env_dir)
{
  struct tep_handle *tep = plugin_handle();
  struct tep_plugin_list *list = CALL(tep_load_plugins(tep));
  show_errno();
  printf("  list=%s\n", list ? "set" : "NULL");
  struct trace_seq s;
  stale_seq(&s);
  dirty_seq(&s);
  CALL(tep_print_plugins(&s, "[", "]", list));
  show_errno();
  /* Paths hold the build dir: only their file names are compared. */
  printf("  printed %s\n", s.len ? "something" : "nothing");
  printf("  ends with NUL: %d\n", s.len < s.buffer_size && s.buffer[s.len] == 0);
  for (char *p = strtok(s.buffer, "]"); p && p < s.buffer + s.len; p = strtok(NULL, "]"))
    printf("  plugin file %s\n", basename_of(p));
  trace_seq_destroy(&s);
  CALL(tep_unload_plugins(list, tep));
  show_errno();
  tep_free(tep);
}

CASE(load_plugins_disabled)
{
  struct tep_handle *tep = tep_alloc();
  tep_set_flag(tep, TEP_DISABLE_PLUGINS);
  struct tep_plugin_list *list = CALL(tep_load_plugins(tep));
  printf("  list=%s", list ? "set" : "NULL");
  show_errno();
  tep_free(tep);
}

CASE(load_plugins_null_handle)
{
  struct tep_plugin_list *list = CALL(tep_load_plugins(NULL));
  printf("  list=%s", list ? "set" : "NULL");
  show_errno();
}

CASE(unload_plugins_null_list)
{
  struct tep_handle *tep = plugin_handle();
  CALL(tep_unload_plugins(NULL, tep));
  printf("  returned");
  show_errno();
  tep_free(tep);
}

CASE(unload_plugins_null_handle)
{
  struct tep_handle *tep = plugin_handle();
  struct tep_plugin_list *list = tep_load_plugins(tep);
  tep_unload_plugins(list, NULL);
  printf("  returned\n");
  tep_free(tep);
}

CASE(print_plugins_null_affixes)
{
  struct tep_handle *tep = plugin_handle();
  struct tep_plugin_list *list = tep_load_plugins(tep);
  struct trace_seq s;
  trace_seq_init(&s);
  tep_print_plugins(&s, NULL, NULL, list);
  printf("  starts with (null): %d\n", strncmp(s.buffer, "(null)", 6) == 0);
  trace_seq_destroy(&s);
  tep_unload_plugins(list, tep);
  tep_free(tep);
}

CASE(print_plugins_null_list)
{
  struct trace_seq s;
  stale_seq(&s);
  dirty_seq(&s);
  tep_print_plugins(&s, "[", "]", NULL);
  show_seq("seq", &s, 1);
  trace_seq_destroy(&s);
}

CASE(print_plugins_null_seq)
{
  struct tep_handle *tep = plugin_handle();
  struct tep_plugin_list *list = tep_load_plugins(tep);
  tep_print_plugins(NULL, "[", "]", list);
  printf("  returned\n");
  tep_unload_plugins(list, tep);
  tep_free(tep);
}

/* Only the fixture dir: the built-in directory differs between the builds. */
static void hook(struct tep_handle *tep, const char *path, const char *name, void *data)
{
  const char *dir = getenv("TRACEEVENT_PLUGIN_DIR");
  if (!dir || !path || strncmp(path, dir, strlen(dir)))
    return;
  printf("  hook: handle=%s path is dir=%d name=%s data=%s\n", tep ? "set" : "NULL",
         path && strchr(path, '/') != NULL, name, (const char *)data);
}

CASE(load_plugins_hook_sees)
{
  struct tep_handle *tep = plugin_handle();
  CALL(tep_load_plugins_hook(tep, ".so", hook, "D"));
  show_errno();
  tep_free(tep);
}

CASE(load_plugins_hook_null_handle)
{
  CALL(tep_load_plugins_hook(NULL, ".so", hook, "D"));
  show_errno();
}

CASE(add_plugin_path_cases)
{
  struct tep_handle *tep = plugin_handle();
  printf("  first: %d", CALL(tep_add_plugin_path(tep, "/nonexistent/a", TEP_PLUGIN_FIRST)));
  show_errno();
  printf("  last: %d", CALL(tep_add_plugin_path(tep, "/nonexistent/b", TEP_PLUGIN_LAST)));
  show_errno();
  printf("  bogus priority: %d\n", tep_add_plugin_path(tep, "/nonexistent/c", (enum tep_plugin_load_priority)9));
  struct tep_plugin_list *list = CALL(tep_load_plugins(tep));
  show_errno();
  tep_unload_plugins(list, tep);
  tep_free(tep);
}

CASE(add_plugin_path_null_path)
{
  struct tep_handle *tep = plugin_handle();
  printf("  ret=%d\n", tep_add_plugin_path(tep, NULL, TEP_PLUGIN_FIRST));
  tep_free(tep);
}

CASE(add_plugin_path_null_handle) { printf("  ret=%d\n", tep_add_plugin_path(NULL, "/x", TEP_PLUGIN_FIRST)); }

static void show_options(const char *label)
{
  char **list = CALL(tep_plugin_list_options());
  printf("  %s:", label);
  if (!list)
    printf(" NULL");
  else if (list == INVALID_PLUGIN_LIST_OPTION)
    printf(" INVALID");
  else
    for (char **p = list; *p; p++)
      printf(" %s", *p);
  putchar('\n');
  show_errno();
  tep_plugin_free_options_list(list);
}

static struct tep_plugin_option options[] = {
  { .name = "alpha", .plugin_alias = "probe", .description = "a flag" },
  { .name = "beta", .plugin_alias = "probe", .description = "a value", .value = "1" },
  { .name = NULL },
};

CASE(plugin_options_lifecycle)
{
  show_options("before");
  printf("  add: %d", CALL(tep_plugin_add_options("probe", options)));
  show_errno();
  printf("  set alpha: %d", CALL(tep_plugin_add_option("probe:alpha", NULL)));
  show_errno();
  printf("  set beta: %d\n", tep_plugin_add_option("probe:beta", "7"));
  printf("  set unknown plugin: %d\n", tep_plugin_add_option("nosuch:opt", "x"));
  printf("  set unknown option: %d\n", tep_plugin_add_option("probe:gamma", "x"));
  printf("  set without plugin: %d\n", tep_plugin_add_option("alpha", "0"));
  printf("  alpha set=%d value=%s beta set=%d value=%s\n", options[0].set,
         options[0].value ? options[0].value : "NULL", options[1].set,
         options[1].value ? options[1].value : "NULL");
  struct trace_seq s;
  stale_seq(&s);
  dirty_seq(&s);
  CALL(tep_plugin_print_options(&s));
  show_errno();
  show_seq("print_options", &s, 1);
  trace_seq_destroy(&s);
  CALL(tep_plugin_remove_options(options));
  show_errno();
  show_options("after remove");
}

/* Upstream allocates its list with count + 2 bytes, not pointers: it writes past it. */
CASE(plugin_options_listed)
{
  tep_plugin_add_options("probe", options);
  show_options("after add");
  tep_plugin_remove_options(options);
}

CASE(plugin_add_options_twice)
{
  printf("  first: %d\n", tep_plugin_add_options("probe", options));
  printf("  second: %d\n", tep_plugin_add_options("probe", options));
  show_options("listed");
  tep_plugin_remove_options(options);
  show_options("after one remove");
  tep_plugin_remove_options(options);
}

CASE(plugin_add_options_null) { printf("  ret=%d\n", tep_plugin_add_options("probe", NULL)); }
CASE(plugin_add_options_null_name) { printf("  ret=%d\n", tep_plugin_add_options(NULL, options)); tep_plugin_remove_options(options); }
CASE(plugin_add_option_null_name) { printf("  ret=%d\n", tep_plugin_add_option(NULL, "x")); }
CASE(plugin_remove_options_null) { tep_plugin_remove_options(NULL); printf("  returned\n"); }
CASE(plugin_free_options_list_null) { tep_plugin_free_options_list(NULL); printf("  returned\n"); }

CASE(plugin_print_options_empty)
{
  struct trace_seq s;
  stale_seq(&s);
  dirty_seq(&s);
  tep_plugin_print_options(&s);
  show_seq("seq", &s, 1);
  trace_seq_destroy(&s);
}

CASE(plugin_print_options_null_seq)
{
  tep_plugin_add_options("probe", options);
  tep_plugin_print_options(NULL);
  printf("  returned\n");
  tep_plugin_remove_options(options);
}

/* An event handler: what it sees and what its return value does. */
static int handler_ret;

static int handler(struct trace_seq *s, struct tep_record *record, struct tep_event *event, void *context)
{
  printf("  handler: len=%u text=\"%.*s\" event=%s context=%s size=%d\n", s->len, (int)s->len, s->buffer,
         event->name, (const char *)context, record->size);
  trace_seq_puts(s, "H");
  return handler_ret;
}

static void handler_print(int ret)
{
  struct tep_handle *tep = fixture();
  handler_ret = ret;
  printf("  register: %d", CALL(tep_register_event_handler(tep, -1, "sched", "sched_switch", handler, "C")));
  show_errno();
  struct trace_seq s;
  stale_seq(&s);
  dirty_seq(&s);
  tep_print_event(tep, &s, fixture_record(tep, "sched_switch"), "<%s|%s>", TEP_PRINT_NAME, TEP_PRINT_INFO);
  show_seq("printed", &s, 1);
  trace_seq_destroy(&s);
  printf("  unregister: %d\n", tep_unregister_event_handler(tep, -1, "sched", "sched_switch", handler, "C"));
  printf("  unregister again: %d\n", tep_unregister_event_handler(tep, -1, "sched", "sched_switch", handler, "C"));
  tep_free(tep);
}

CASE(event_handler_returns_zero) { handler_print(0); }
CASE(event_handler_returns_negative) { handler_print(-1); }

CASE(event_handler_registration_codes)
{
  struct tep_handle *tep = fixture();
  printf("  by id: %d\n", tep_register_event_handler(tep, 901, NULL, NULL, handler, NULL));
  printf("  again by id: %d\n", tep_register_event_handler(tep, 901, NULL, NULL, handler, NULL));
  printf("  by name: %d\n", tep_register_event_handler(tep, -1, NULL, "kinds", handler, NULL));
  printf("  unknown event: %d\n", tep_register_event_handler(tep, -1, "nosys", "noname", handler, NULL));
  printf("  unknown id: %d\n", tep_register_event_handler(tep, 5555, NULL, NULL, handler, NULL));
  printf("  other context: %d\n", tep_register_event_handler(tep, 901, NULL, NULL, handler, "X"));
  printf("  unregister wrong context: %d\n", tep_unregister_event_handler(tep, 901, NULL, NULL, handler, "Y"));
  printf("  unregister NULL func: %d\n", tep_unregister_event_handler(tep, 901, NULL, NULL, NULL, NULL));
  tep_free(tep);
}

CASE(event_handler_unregister_pending)
{
  struct tep_handle *tep = fixture();
  printf("  unknown event: %d\n", tep_register_event_handler(tep, -1, "nosys", "noname", handler, NULL));
  printf("  unregister pending: %d\n", tep_unregister_event_handler(tep, -1, "nosys", "noname", handler, NULL));
  tep_free(tep);
}

CASE(event_handler_null_handle)
{
  printf("  register=%d\n", tep_register_event_handler(NULL, 1, NULL, NULL, handler, NULL));
}

CASE(event_handler_unregister_null_handle)
{
  printf("  unregister=%d\n", tep_unregister_event_handler(NULL, 1, NULL, NULL, handler, NULL));
}

static unsigned long long print_func(struct trace_seq *s, unsigned long long *args)
{
  printf("  function: len=%u args=%llu,%#llx\n", s->len, args[0], args[1]);
  trace_seq_printf(s, "<%llu>", args[0] * 2);
  return 9;
}

static const char func_format[] =
  "name: calls\nID: 950\nformat:\n"
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
  "\tfield:int v;\toffset:8;\tsize:4;\tsigned:1;\n\n"
  "print fmt: \"v=%d f=%d\", REC->v, probe_fn(REC->v, 0x10)\n";

CASE(print_function_sees)
{
  struct tep_handle *tep = tep_alloc();
  int ret = CALL(tep_register_print_function(tep, print_func, TEP_FUNC_ARG_INT, "probe_fn",
                                             TEP_FUNC_ARG_INT, TEP_FUNC_ARG_LONG, TEP_FUNC_ARG_VOID));
  printf("  register: %d", ret);
  show_errno();
  tep_parse_event(tep, func_format, strlen(func_format), "s");
  unsigned char data[12] = { 950 & 0xff, 950 >> 8, 0, 0, 0, 0, 0, 0, 21, 0, 0, 0 };
  struct tep_record r = { .data = data, .size = sizeof(data) };
  struct trace_seq s;
  stale_seq(&s);
  dirty_seq(&s);
  tep_print_event(tep, &s, &r, "%s", TEP_PRINT_INFO);
  show_seq("printed", &s, 1);
  trace_seq_destroy(&s);
  printf("  register again: %d\n", tep_register_print_function(tep, print_func, TEP_FUNC_ARG_INT, "probe_fn",
                                                               TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID));
  printf("  unregister: %d\n", tep_unregister_print_function(tep, print_func, "probe_fn"));
  printf("  unregister again: %d\n", tep_unregister_print_function(tep, print_func, "probe_fn"));
  printf("  unregister other name: %d\n", tep_unregister_print_function(tep, print_func, "nosuch"));
  tep_free(tep);
}

CASE(print_function_bad_type)
{
  struct tep_handle *tep = tep_alloc();
  int ret = CALL(tep_register_print_function(tep, print_func, TEP_FUNC_ARG_INT, "bad_fn", 99, TEP_FUNC_ARG_VOID));
  printf("  ret=%d", ret);
  show_errno();
  tep_free(tep);
}

CASE(print_function_unparsed_event)
{
  /* Registered after the event was parsed: the event keeps its failure. */
  struct tep_handle *tep = tep_alloc();
  tep_parse_event(tep, func_format, strlen(func_format), "s");
  tep_register_print_function(tep, print_func, TEP_FUNC_ARG_INT, "probe_fn", TEP_FUNC_ARG_INT,
                              TEP_FUNC_ARG_LONG, TEP_FUNC_ARG_VOID);
  unsigned char data[12] = { 950 & 0xff, 950 >> 8, 0, 0, 0, 0, 0, 0, 21, 0, 0, 0 };
  struct tep_record r = { .data = data, .size = sizeof(data) };
  struct trace_seq s;
  trace_seq_init(&s);
  tep_print_event(tep, &s, &r, "%s", TEP_PRINT_INFO);
  show_seq("printed", &s, 1);
  printf("  flags=%#x\n", tep_find_event(tep, 950)->flags);
  trace_seq_destroy(&s);
  tep_free(tep);
}

CASE(print_function_null_handle)
{
  printf("  ret=%d\n", tep_register_print_function(NULL, print_func, TEP_FUNC_ARG_INT, "f", TEP_FUNC_ARG_VOID));
}

CASE(print_function_null_name)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d\n", tep_register_print_function(tep, print_func, TEP_FUNC_ARG_INT, NULL, TEP_FUNC_ARG_VOID));
  tep_free(tep);
}

CASE(unregister_print_function_null_handle)
{
  printf("  ret=%d\n", tep_unregister_print_function(NULL, print_func, "f"));
}

const struct probe_case plugin_cases[] = {
  ENTRY(load_plugins_from_env_dir, 0),
  ENTRY(load_plugins_disabled, 0),
  ENTRY(load_plugins_null_handle, UPSTREAM_CRASHES),
  ENTRY(unload_plugins_null_list, 0),
  ENTRY(unload_plugins_null_handle, 0),
  ENTRY(print_plugins_null_affixes, 0),
  ENTRY(print_plugins_null_list, 0),
  ENTRY(print_plugins_null_seq, UPSTREAM_CRASHES),
  ENTRY(load_plugins_hook_sees, 0),
  ENTRY(load_plugins_hook_null_handle, 0),
  ENTRY(add_plugin_path_cases, 0),
  ENTRY(add_plugin_path_null_path, 0),
  ENTRY(add_plugin_path_null_handle, 0),
  ENTRY(plugin_options_lifecycle, 0),
  ENTRY(plugin_options_listed, UPSTREAM_UNDEFINED),
  ENTRY(plugin_add_options_twice, UPSTREAM_CRASHES),
  ENTRY(plugin_add_options_null, UPSTREAM_CRASHES),
  ENTRY(plugin_add_options_null_name, 0),
  ENTRY(plugin_add_option_null_name, UPSTREAM_CRASHES),
  ENTRY(plugin_remove_options_null, 0),
  ENTRY(plugin_free_options_list_null, 0),
  ENTRY(plugin_print_options_empty, 0),
  ENTRY(plugin_print_options_null_seq, UPSTREAM_CRASHES),
  ENTRY(event_handler_returns_zero, 0),
  ENTRY(event_handler_returns_negative, 0),
  ENTRY(event_handler_registration_codes, 0),
  ENTRY(event_handler_unregister_pending, 0),
  ENTRY(event_handler_null_handle, UPSTREAM_CRASHES),
  ENTRY(event_handler_unregister_null_handle, UPSTREAM_CRASHES),
  ENTRY(print_function_sees, 0),
  ENTRY(print_function_bad_type, 0),
  ENTRY(print_function_unparsed_event, 0),
  ENTRY(print_function_null_handle, UPSTREAM_CRASHES),
  ENTRY(print_function_null_name, UPSTREAM_CRASHES),
  ENTRY(unregister_print_function_null_handle, 0),
  { NULL, NULL, 0 },
};
