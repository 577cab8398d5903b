/* SPDX-License-Identifier: LGPL-2.1 */
/* Comms, kernel functions, printk formats: return values, errno, out-parameters
   on a miss, pointer lifetimes of returned strings, what a resolver sees. */
#include <stdint.h>
#include <string.h>

#include "probe.h"

#pragma GCC diagnostic ignored "-Wnonnull"

CASE(register_comm_cases)
{
  struct tep_handle *tep = tep_alloc();
  printf("  new: %d", CALL(tep_register_comm(tep, "one", 10)));
  show_errno();
  printf("  same pid same comm: %d", CALL(tep_register_comm(tep, "one", 10)));
  show_errno();
  printf("  same pid other comm: %d", CALL(tep_register_comm(tep, "two", 10)));
  show_errno();
  show_text("comm of 10", tep_data_comm_from_pid(tep, 10));
  printf("  override: %d", CALL(tep_override_comm(tep, "three", 10)));
  show_errno();
  show_text("comm of 10", tep_data_comm_from_pid(tep, 10));
  printf("  override new pid: %d", CALL(tep_override_comm(tep, "four", 11)));
  show_errno();
  printf("  empty comm: %d", CALL(tep_register_comm(tep, "", 12)));
  show_errno();
  show_text("comm of 12", tep_data_comm_from_pid(tep, 12));
  printf("  pid -1: %d", CALL(tep_register_comm(tep, "neg", -1)));
  show_errno();
  show_text("comm of -1", tep_data_comm_from_pid(tep, -1));
  tep_free(tep);
}

CASE(register_comm_null_comm)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d", CALL(tep_register_comm(tep, NULL, 5)));
  show_errno();
  show_text("comm of 5", tep_data_comm_from_pid(tep, 5));
  tep_free(tep);
}

CASE(override_comm_null_comm)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d", CALL(tep_override_comm(tep, NULL, 5)));
  show_errno();
  tep_free(tep);
}

CASE(register_comm_null_handle) { printf("  ret=%d", CALL(tep_register_comm(NULL, "x", 1))); show_errno(); }
CASE(override_comm_null_handle) { printf("  ret=%d", CALL(tep_override_comm(NULL, "x", 1))); show_errno(); }

CASE(comm_from_pid_cases)
{
  struct tep_handle *tep = fixture();
  show_text("pid 0", CALL(tep_data_comm_from_pid(tep, 0)));
  show_errno();
  show_text("pid 1234", tep_data_comm_from_pid(tep, 1234));
  show_text("pid 7", CALL(tep_data_comm_from_pid(tep, 7)));
  show_errno();
  printf("  registered 0=%d 1234=%d 7=%d\n", tep_is_pid_registered(tep, 0),
         tep_is_pid_registered(tep, 1234), tep_is_pid_registered(tep, 7));
  tep_free(tep);
}

CASE(comm_pointer_survives_registrations)
{
  struct tep_handle *tep = fixture();
  const char *bash = tep_data_comm_from_pid(tep, 1234);
  const char *unknown = tep_data_comm_from_pid(tep, 7);
  char name[16];
  for (int pid = 2000; pid < 4000; pid++) {
    snprintf(name, sizeof(name), "t%d", pid);
    tep_register_comm(tep, name, pid);
  }
  printf("  same bash pointer=%d text=%s\n", bash == tep_data_comm_from_pid(tep, 1234), bash);
  printf("  same unknown pointer=%d text=%s\n", unknown == tep_data_comm_from_pid(tep, 7), unknown);
  tep_free(tep);
}

CASE(comm_from_pid_null_handle) { show_text("ret", tep_data_comm_from_pid(NULL, 1)); }
CASE(is_pid_registered_null_handle) { printf("  ret=%d\n", tep_is_pid_registered(NULL, 1)); }

CASE(pid_from_comm_walk)
{
  struct tep_handle *tep = tep_alloc();
  tep_register_comm(tep, "dup", 30);
  tep_register_comm(tep, "dup", 10);
  tep_register_comm(tep, "other", 20);
  tep_register_comm(tep, "dup", 40);
  struct tep_cmdline *c = NULL;
  while ((c = CALL(tep_data_pid_from_comm(tep, "dup", c))))
    printf("  dup: pid=%d\n", tep_cmdline_pid(tep, c));
  show_errno();
  printf("  none: %s\n", tep_data_pid_from_comm(tep, "nosuch", NULL) ? "set" : "NULL");
  tep_free(tep);
}

CASE(pid_from_comm_null_comm)
{
  struct tep_handle *tep = fixture();
  printf("  ret=%s\n", tep_data_pid_from_comm(tep, NULL, NULL) ? "set" : "NULL");
  tep_free(tep);
}

CASE(pid_from_comm_null_handle) { printf("  ret=%s\n", tep_data_pid_from_comm(NULL, "x", NULL) ? "set" : "NULL"); }
CASE(cmdline_pid_null) { printf("  ret=%d\n", tep_cmdline_pid(NULL, NULL)); }

static void saved_cmdlines(const char *text)
{
  struct tep_handle *tep = tep_alloc();
  int ret = CALL(tep_parse_saved_cmdlines(tep, text));
  printf("  ret=%d", ret);
  show_errno();
  show_text("comm of 1", tep_data_comm_from_pid(tep, 1));
  show_text("comm of 2", tep_data_comm_from_pid(tep, 2));
  tep_free(tep);
}

CASE(saved_cmdlines_good) { saved_cmdlines("1 init\n2 kthreadd\n"); }
CASE(saved_cmdlines_empty) { saved_cmdlines(""); }
CASE(saved_cmdlines_no_newline) { saved_cmdlines("1 init"); }
CASE(saved_cmdlines_malformed) { saved_cmdlines("1 init\nbogus\n2 kthreadd\n"); }
CASE(saved_cmdlines_huge_pid) { saved_cmdlines("1 init\n99999999999999999999 x\n"); }
CASE(saved_cmdlines_blank_lines) { saved_cmdlines("\n\n1 init\n\n"); }
CASE(saved_cmdlines_duplicate) { saved_cmdlines("1 init\n1 other\n"); }

CASE(saved_cmdlines_null_text)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d\n", tep_parse_saved_cmdlines(tep, NULL));
  tep_free(tep);
}

static void kallsyms(const char *text)
{
  struct tep_handle *tep = tep_alloc();
  int ret = CALL(tep_parse_kallsyms(tep, text));
  printf("  ret=%d", ret);
  show_errno();
  printf("  count=%d\n", tep_get_function_count(tep));
  show_text("0xffffffff81000010", tep_find_function(tep, 0xffffffff81000010ULL));
  tep_print_funcs(tep);
  tep_free(tep);
}

CASE(kallsyms_good) { kallsyms("ffffffff81000000 T _stext\nffffffff81001000 t helper [mod]\n"); }
CASE(kallsyms_empty) { kallsyms(""); }
CASE(kallsyms_malformed) { kallsyms("ffffffff81000000 T _stext\nnot a line\nzz\n"); }
CASE(kallsyms_no_newline) { kallsyms("ffffffff81000000 T _stext"); }
CASE(kallsyms_duplicate_address) { kallsyms("ffffffff81000000 T _text\nffffffff81000000 T _stext\n"); }

CASE(kallsyms_null_text)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d\n", tep_parse_kallsyms(tep, NULL));
  tep_free(tep);
}

CASE(find_function_cases)
{
  struct tep_handle *tep = fixture();
  static const unsigned long long addrs[] = {
    0, 0xffffffff80ffffffULL, 0xffffffff81000000ULL, 0xffffffff81000fffULL,
    0xffffffff81001010ULL, 0xffffffff81002000ULL, 0xffffffff8fffffffULL, ~0ULL,
  };
  for (size_t i = 0; i < sizeof(addrs) / sizeof(*addrs); i++) {
    const char *name = (const char *)(uintptr_t)0x5e5e;
    unsigned long long start = 0x5e5e;
    unsigned long size = 0x5e5e;
    const char *f = CALL(tep_find_function(tep, addrs[i]));
    printf("  %#llx: name=%s", addrs[i], f ? f : "NULL");
    show_errno();
    printf("    address=%#llx", tep_find_function_address(tep, addrs[i]));
    int ret = tep_find_function_info(tep, addrs[i], &name, &start, &size);
    printf(" info=%d name=%s start=%#llx size=%#lx\n", ret,
           name == (const char *)(uintptr_t)0x5e5e ? "untouched" : name ? name : "NULL", start, size);
  }
  tep_free(tep);
}

CASE(find_function_null_handle) { show_text("ret", tep_find_function(NULL, 1)); }
CASE(find_function_address_null_handle) { printf("  ret=%#llx\n", tep_find_function_address(NULL, 1)); }

CASE(find_function_info_null_outputs)
{
  struct tep_handle *tep = fixture();
  printf("  ret=%d\n", tep_find_function_info(tep, 0xffffffff81001010ULL, NULL, NULL, NULL));
  tep_free(tep);
}

CASE(register_function_cases)
{
  struct tep_handle *tep = tep_alloc();
  printf("  with module: %d", CALL(tep_register_function(tep, "f1", 0x1000, "mod")));
  show_errno();
  printf("  without module: %d", CALL(tep_register_function(tep, "f2", 0x2000, NULL)));
  show_errno();
  printf("  same address: %d\n", tep_register_function(tep, "f3", 0x2000, NULL));
  printf("  count=%d\n", tep_get_function_count(tep));
  show_text("0x2010", tep_find_function(tep, 0x2010));
  tep_print_funcs(tep);
  tep_free(tep);
}

CASE(register_function_null_name)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d\n", tep_register_function(tep, NULL, 0x1000, NULL));
  tep_free(tep);
}

static char *resolve(void *priv, unsigned long long *addrp, char **modp)
{
  printf("  resolver: priv=%s addr=%#llx\n", (const char *)priv, *addrp);
  if (*addrp >= 0x5000 && *addrp < 0x6000) {
    *addrp = 0x5000;
    *modp = "rmod";
    return "resolved_fn";
  }
  return NULL;
}

CASE(function_resolver)
{
  struct tep_handle *tep = fixture();
  printf("  set: %d", CALL(tep_set_function_resolver(tep, resolve, "P")));
  show_errno();
  show_text("0x5010", tep_find_function(tep, 0x5010));
  printf("  address=%#llx\n", tep_find_function_address(tep, 0x5010));
  show_text("kallsyms address", tep_find_function(tep, 0xffffffff81001010ULL));
  tep_reset_function_resolver(tep);
  show_text("after reset", tep_find_function(tep, 0x5010));
  show_text("kallsyms after reset", tep_find_function(tep, 0xffffffff81001010ULL));
  tep_free(tep);
}

CASE(set_function_resolver_null_handle) { printf("  ret=%d\n", tep_set_function_resolver(NULL, resolve, NULL)); }

CASE(set_function_resolver_null_function)
{
  struct tep_handle *tep = fixture();
  printf("  ret=%d\n", tep_set_function_resolver(tep, NULL, NULL));
  show_text("kallsyms address", tep_find_function(tep, 0xffffffff81001010ULL));
  tep_free(tep);
}

CASE(reset_function_resolver_null) { tep_reset_function_resolver(NULL); printf("  returned\n"); }
CASE(print_funcs_null) { tep_print_funcs(NULL); printf("  returned\n"); }

static void printk(const char *text)
{
  struct tep_handle *tep = tep_alloc();
  int ret = CALL(tep_parse_printk_formats(tep, text));
  printf("  ret=%d", ret);
  show_errno();
  tep_print_printk(tep);
  tep_free(tep);
}

CASE(printk_good) { printk("0xffffffff82000000 : \"hello %d\\n\"\n0x10 : \"a\"\n"); }
CASE(printk_empty) { printk(""); }
CASE(printk_malformed) { printk("garbage\n0x10 \"noquote\n"); }

CASE(printk_null_text)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d\n", tep_parse_printk_formats(tep, NULL));
  tep_free(tep);
}

CASE(register_print_string_cases)
{
  struct tep_handle *tep = tep_alloc();
  printf("  quoted: %d", CALL(tep_register_print_string(tep, "\"quoted %s\"", 0x30)));
  show_errno();
  printf("  plain: %d", CALL(tep_register_print_string(tep, "plain", 0x20)));
  show_errno();
  tep_print_printk(tep);
  tep_free(tep);
}

CASE(register_print_string_null_format)
{
  struct tep_handle *tep = tep_alloc();
  printf("  ret=%d\n", tep_register_print_string(tep, NULL, 0x20));
  tep_free(tep);
}

CASE(print_printk_null) { tep_print_printk(NULL); printf("  returned\n"); }

const struct probe_case symbol_cases[] = {
  ENTRY(register_comm_cases, 0),
  ENTRY(register_comm_null_comm, 0),
  ENTRY(override_comm_null_comm, UPSTREAM_CRASHES),
  ENTRY(register_comm_null_handle, UPSTREAM_CRASHES),
  ENTRY(override_comm_null_handle, UPSTREAM_CRASHES),
  ENTRY(comm_from_pid_cases, 0),
  ENTRY(comm_pointer_survives_registrations, 0),
  ENTRY(comm_from_pid_null_handle, UPSTREAM_CRASHES),
  ENTRY(is_pid_registered_null_handle, UPSTREAM_CRASHES),
  ENTRY(pid_from_comm_walk, 0),
  ENTRY(pid_from_comm_null_comm, UPSTREAM_CRASHES),
  ENTRY(pid_from_comm_null_handle, UPSTREAM_CRASHES),
  ENTRY(cmdline_pid_null, 0),
  ENTRY(saved_cmdlines_good, 0),
  ENTRY(saved_cmdlines_empty, 0),
  ENTRY(saved_cmdlines_no_newline, 0),
  ENTRY(saved_cmdlines_malformed, 0),
  ENTRY(saved_cmdlines_huge_pid, 0),
  ENTRY(saved_cmdlines_blank_lines, 0),
  ENTRY(saved_cmdlines_duplicate, 0),
  ENTRY(saved_cmdlines_null_text, UPSTREAM_CRASHES),
  ENTRY(kallsyms_good, 0),
  ENTRY(kallsyms_empty, 0),
  ENTRY(kallsyms_malformed, 0),
  ENTRY(kallsyms_no_newline, 0),
  ENTRY(kallsyms_duplicate_address, 0),
  ENTRY(kallsyms_null_text, UPSTREAM_CRASHES),
  ENTRY(find_function_cases, 0),
  ENTRY(find_function_null_handle, UPSTREAM_CRASHES),
  ENTRY(find_function_address_null_handle, UPSTREAM_CRASHES),
  ENTRY(find_function_info_null_outputs, 0),
  ENTRY(register_function_cases, 0),
  ENTRY(register_function_null_name, UPSTREAM_CRASHES),
  ENTRY(function_resolver, 0),
  ENTRY(set_function_resolver_null_handle, UPSTREAM_CRASHES),
  ENTRY(set_function_resolver_null_function, UPSTREAM_CRASHES),
  ENTRY(reset_function_resolver_null, UPSTREAM_CRASHES),
  ENTRY(print_funcs_null, UPSTREAM_CRASHES),
  ENTRY(printk_good, 0),
  ENTRY(printk_empty, 0),
  ENTRY(printk_malformed, 0),
  ENTRY(printk_null_text, UPSTREAM_CRASHES),
  ENTRY(register_print_string_cases, 0),
  ENTRY(register_print_string_null_format, UPSTREAM_CRASHES),
  ENTRY(print_printk_null, UPSTREAM_CRASHES),
  { NULL, NULL, 0 },
};
