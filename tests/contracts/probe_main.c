/* SPDX-License-Identifier: LGPL-2.1 */
/* The probe's runner, observable printers and fixtures (probe.h).
     contract_probe list     the case names, one a line, with their flags
     contract_probe NAME     runs one case */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probe.h"

void show_errno(void)
{
  if (errno == ERRNO_SENTINEL)
    printf("  errno untouched\n");
  else
    printf("  errno=%d\n", errno);
}

static void escaped(const char *text, size_t len)
{
  for (size_t i = 0; i < len; i++) {
    unsigned char c = text[i];
    if (c == '\\' || c == '"')
      printf("\\%c", c);
    else if (c >= 0x20 && c < 0x7f)
      putchar(c);
    else
      printf("\\x%02x", c);
  }
}

void show_text(const char *label, const char *text)
{
  printf("  %s: ", label);
  if (!text) {
    printf("NULL\n");
    return;
  }
  putchar('"');
  escaped(text, strlen(text));
  printf("\"\n");
}

static int poisoned(const struct trace_seq *s)
{
  return s->buffer == (char *)(uintptr_t)0xdeadbeef;
}

void show_seq(const char *label, const struct trace_seq *s, int cstr)
{
  printf("  %s: len=%u readpos=%u state=%d buffer_size=%u buffer=%s", label, s->len, s->readpos,
         (int)s->state, s->buffer_size, poisoned(s) ? "poison" : s->buffer ? "set" : "NULL");
  if (s->buffer && !poisoned(s) && s->len <= s->buffer_size) {
    printf(" text=\"");
    escaped(s->buffer, s->len);
    putchar('"');
    if (cstr && s->len < s->buffer_size && !s->buffer[s->len]) {
      printf(" nul=yes");
    } else if (cstr) {
      printf(" nul=no cstr=\"");
      escaped(s->buffer, strnlen(s->buffer, s->buffer_size));
      putchar('"');
    }
  }
  putchar('\n');
}

void dirty_seq(struct trace_seq *s)
{
  if (s->buffer && !poisoned(s) && s->len < s->buffer_size)
    memset(s->buffer + s->len, '~', s->buffer_size - s->len);
}

void stale_seq(struct trace_seq *s)
{
  trace_seq_init(s);
  trace_seq_puts(s, "STALE-TEXT-STALE-TEXT");
  trace_seq_reset(s);
}

/* Fixture events: written for these tests (kernel-style formats). */
const char *const fixture_formats[] = {
  "name: sched_switch\nID: 372\nformat:\n"
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
  "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
  "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
  "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
  "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
  "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
  "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
  "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
  "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
  "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
  "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n\n"
  "print fmt: \"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> next_comm=%s next_pid=%d "
  "next_prio=%d\", REC->prev_comm, REC->prev_pid, REC->prev_prio, REC->prev_state ? "
  "__print_flags(REC->prev_state, \"|\", { 1, \"S\" }, { 2, \"D\" }) : \"R\", REC->next_comm, "
  "REC->next_pid, REC->next_prio\n",

  "name: kinds\nID: 900\nformat:\n"
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
  "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
  "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
  "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
  "\tfield:char c;\toffset:8;\tsize:1;\tsigned:1;\n"
  "\tfield:unsigned char uc;\toffset:9;\tsize:1;\tsigned:0;\n"
  "\tfield:short sh;\toffset:10;\tsize:2;\tsigned:1;\n"
  "\tfield:int i;\toffset:12;\tsize:4;\tsigned:1;\n"
  "\tfield:unsigned long ip;\toffset:16;\tsize:8;\tsigned:0;\n"
  "\tfield:char name[8];\toffset:24;\tsize:8;\tsigned:0;\n"
  "\tfield:u8 bytes[4];\toffset:32;\tsize:4;\tsigned:0;\n"
  "\tfield:unsigned int odd;\toffset:36;\tsize:3;\tsigned:0;\n"
  "\tfield:__data_loc char[] dstr;\toffset:40;\tsize:4;\tsigned:0;\n"
  "\tfield:__rel_loc char[] rstr;\toffset:44;\tsize:4;\tsigned:0;\n"
  "\tfield:__data_loc u32[] darr;\toffset:48;\tsize:4;\tsigned:0;\n\n"
  "print fmt: \"c=%d i=%d ip=%pS name=%s d=%s r=%s\", REC->c, REC->i, (void *)REC->ip, REC->name, "
  "__get_str(dstr), __get_rel_str(rstr)\n",

  "name: quiet\nID: 901\nformat:\n"
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
  "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
  "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
  "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
  "\tfield:int x;\toffset:8;\tsize:4;\tsigned:1;\n\n"
  "print fmt: \"\"\n",

  "name: sock\nID: 902\nformat:\n"
  "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
  "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
  "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
  "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
  "\tfield:struct __kernel_sockaddr_storage ss;\toffset:8;\tsize:128;\tsigned:0;\n\n"
  "print fmt: \"sa=%pIScp ip4=%pI4\", (struct sockaddr *)&REC->ss, (void *)&REC->ss\n",
  NULL,
};

static const char *const fixture_systems[] = { "sched", "fixture", "fixture", "fixture" };

static const char kallsyms[] =
  "ffffffff81000000 T _stext\n"
  "ffffffff81001000 T do_work\n"
  "ffffffff81002000 t helper [mod]\n";
static const char printk_formats[] = "0xffffffff82000000 : \"hello %d\\n\"\n";

struct tep_handle *fixture(void)
{
  struct tep_handle *tep = tep_alloc();
  for (int i = 0; fixture_formats[i]; i++)
    tep_parse_event(tep, fixture_formats[i], strlen(fixture_formats[i]), fixture_systems[i]);
  tep_set_long_size(tep, 8);
  tep_parse_kallsyms(tep, kallsyms);
  tep_parse_printk_formats(tep, printk_formats);
  tep_register_comm(tep, "bash", 1234);
  tep_register_comm(tep, "sshd", 42);
  return tep;
}

struct tep_event *fixture_event(struct tep_handle *tep, const char *name)
{
  struct tep_event *event = tep_find_event_by_name(tep, NULL, name);
  if (!event) {
    printf("fixture event %s missing\n", name);
    exit(3);
  }
  return event;
}

static void put16(unsigned char *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(unsigned char *p, uint64_t v) { memcpy(p, &v, 8); }

static void common(unsigned char *p, int type, int pid)
{
  put16(p, type);
  p[2] = 1;  /* flags: irqs off */
  p[3] = 2;  /* preempt count */
  put32(p + 4, pid);
}

struct tep_record *fixture_record(struct tep_handle *tep, const char *name)
{
  static unsigned char data[4][160];
  static struct tep_record records[4];
  struct tep_event *event = fixture_event(tep, name);
  int k = event->id == 372 ? 0 : event->id - 899;
  unsigned char *d = data[k];
  struct tep_record *r = &records[k];

  memset(d, 0, sizeof(data[k]));
  memset(r, 0, sizeof(*r));
  common(d, event->id, 1234);
  switch (event->id) {
  case 372:
    memcpy(d + 8, "bash", 5);
    put32(d + 24, 1234);
    put32(d + 28, 120);
    put64(d + 32, 1);
    memcpy(d + 40, "sshd", 5);
    put32(d + 56, 42);
    put32(d + 60, 120);
    r->size = 64;
    break;
  case 900:
    d[8] = (unsigned char)-5;
    d[9] = 200;
    put16(d + 10, (uint16_t)-300);
    put32(d + 12, (uint32_t)-70000);
    put64(d + 16, 0xffffffff81001010ULL);
    memcpy(d + 24, "abcdefgh", 8);  /* fills the array: no NUL */
    memcpy(d + 32, "\x01\x02\x03\x04", 4);
    memcpy(d + 36, "\x11\x22\x33", 3);
    put32(d + 40, 6 << 16 | 56);            /* dstr: "hello" at 56 */
    memcpy(d + 56, "hello", 6);
    put32(d + 44, 4 << 16 | (62 - 48));     /* rstr: "rel" at 62, relative to 48 */
    memcpy(d + 62, "rel", 4);
    put32(d + 48, 8 << 16 | 68);            /* darr: {7, 8} at 68 */
    put32(d + 68, 7);
    put32(d + 72, 8);
    r->size = 76;
    break;
  case 901:
    put32(d + 8, 7);
    r->size = 12;
    break;
  case 902:
    put16(d + 8, 2);                 /* AF_INET */
    d[10] = 0x1f; d[11] = 0x90;      /* port 8080 */
    memcpy(d + 12, "\x0a\x00\x00\x01", 4);
    r->size = 136;
    break;
  }
  r->data = d;
  r->ts = 1234567890123ULL;
  r->cpu = 1;
  r->ref_count = 1;
  return r;
}

static const struct probe_case *const tables[] = {
  seq_cases, handle_cases, event_cases, record_cases, print_cases,
  filter_cases, symbol_cases, plugin_cases, log_cases, kbuffer_cases,
};

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: contract_probe list|CASE\n");
    return 2;
  }
  /* One ordered stream: the library's warnings land between the observables. */
  setvbuf(stdout, NULL, _IONBF, 0);
  dup2(1, 2);
  for (size_t t = 0; t < sizeof(tables) / sizeof(*tables); t++)
    for (const struct probe_case *c = tables[t]; c->name; c++) {
      if (!strcmp(argv[1], "list")) {
        printf("%s %d\n", c->name, c->flags);
      } else if (!strcmp(argv[1], c->name)) {
        printf("%s\n", c->name);
        c->run();
        return 0;
      }
    }
  if (!strcmp(argv[1], "list"))
    return 0;
  fprintf(stderr, "no case %s\n", argv[1]);
  return 2;
}
