/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver: trace_seq_* return values, growth, poisoning and error
   states (run on upstream's library and on ours, outputs compared). */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <trace-seq.h>
int main(void){
  struct trace_seq s;
  trace_seq_init(&s);
  printf("init size=%u len=%u rp=%u st=%d\n", s.buffer_size, s.len, s.readpos, s.state);
  int r = trace_seq_printf(&s, "hello %d", 42);
  printf("printf ret=%d len=%u\n", r, s.len);
  r = trace_seq_printf(&s, "%s", "");
  printf("printf empty ret=%d len=%u\n", r, s.len);
  r = trace_seq_puts(&s, "abc");
  printf("puts ret=%d len=%u\n", r, s.len);
  r = trace_seq_puts(&s, "");
  printf("puts empty ret=%d len=%u\n", r, s.len);
  r = trace_seq_putc(&s, 'x');
  printf("putc ret=%d len=%u\n", r, s.len);
  r = trace_seq_putc(&s, 0);
  printf("putc0 ret=%d len=%u\n", r, s.len);
  char big[10000]; memset(big,'a',sizeof big); big[9999]=0;
  r = trace_seq_printf(&s, "%s", big);
  printf("big printf ret=%d len=%u size=%u\n", r, s.len, s.buffer_size);
  r = trace_seq_puts(&s, big);
  printf("big puts ret=%d len=%u size=%u\n", r, s.len, s.buffer_size);
  trace_seq_reset(&s);
  printf("reset len=%u size=%u\n", s.len, s.buffer_size);
  for (int i=0;i<4095;i++) trace_seq_putc(&s,'b');
  printf("4095 putc len=%u size=%u\n", s.len, s.buffer_size);
  trace_seq_reset(&s);
  for (int i=0;i<4094;i++) trace_seq_putc(&s,'b');
  printf("4094 putc len=%u size=%u\n", s.len, s.buffer_size);
  trace_seq_reset(&s);
  memset(big,'c',4094); big[4094]=0; r=trace_seq_puts(&s,big);
  printf("puts4094 r=%d len=%u size=%u\n", r, s.len, s.buffer_size);
  trace_seq_reset(&s);
  big[4095]=0; big[4094]='c'; r=trace_seq_puts(&s,big);
  printf("puts4095 r=%d len=%u size=%u\n", r, s.len, s.buffer_size);
  trace_seq_reset(&s);
  r=trace_seq_printf(&s,"%s",big);
  printf("printf4095 r=%d len=%u size=%u\n", r, s.len, s.buffer_size);
  trace_seq_reset(&s);
  big[4094]=0; r=trace_seq_printf(&s,"%s",big);
  printf("printf4094 r=%d len=%u size=%u\n", r, s.len, s.buffer_size);
  trace_seq_reset(&s);
  trace_seq_puts(&s, "xyz");
  s.buffer[3]='Q';
  trace_seq_terminate(&s);
  printf("term byte=%d\n", s.buffer[3]);
  fflush(stdout);
  r = trace_seq_do_printf(&s);
  printf("\ndo_printf r=%d\n", r);
  r = trace_seq_do_fprintf(&s, stdout);
  printf("\ndo_fprintf r=%d\n", r); fflush(stdout);
  trace_seq_destroy(&s);
  printf("destroy buf=%p st=%d len=%u size=%u\n", (void*)s.buffer, s.state, s.len, s.buffer_size); fflush(stdout);
  r = trace_seq_puts(&s, "abc");
  printf("puts after destroy r=%d st=%d\n", r, s.state);fflush(stdout);
  r = trace_seq_printf(&s, "abc");
  printf("printf after destroy r=%d st=%d\n", r, s.state);fflush(stdout);
  r = trace_seq_putc(&s, 'a');
  printf("putc after destroy r=%d st=%d\n", r, s.state);fflush(stdout);
  r = trace_seq_do_printf(&s);
  printf("do_printf after destroy r=%d\n", r);fflush(stdout);
  r = trace_seq_do_fprintf(&s, stdout);
  printf("do_fprintf after destroy r=%d\n", r);fflush(stdout);
  trace_seq_reset(&s);
  printf("reset after destroy len=%u st=%d\n", s.len, s.state);fflush(stdout);
  trace_seq_terminate(&s);
  printf("terminate after destroy ok\n");fflush(stdout);
  trace_seq_destroy(&s);
  printf("destroy twice buf=%p st=%d\n", (void*)s.buffer, s.state);fflush(stdout);
  trace_seq_init(&s);
  printf("reinit st=%d\n", s.state);
  s.state = TRACE_SEQ__MEM_ALLOC_FAILED;
  r = trace_seq_puts(&s, "abc"); printf("puts failed r=%d len=%u\n", r, s.len);
  r = trace_seq_printf(&s, "abc"); printf("printf failed r=%d len=%u\n", r, s.len);
  r = trace_seq_putc(&s, 'c'); printf("putc failed r=%d len=%u\n", r, s.len);
  fflush(stdout);
  r = trace_seq_do_fprintf(&s, stdout); printf("do_fprintf failed r=%d\n", r);
  trace_seq_reset(&s); printf("reset failed st=%d\n", s.state);
  s.state = TRACE_SEQ__GOOD;
  trace_seq_destroy(&s);
  trace_seq_reset(NULL); trace_seq_destroy(NULL);
  printf("null ok\n");
  fflush(stdout);

  return 0;
}
