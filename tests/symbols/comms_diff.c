/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver for the pid/comm table. Each argument is a script of
   ';'-separated operations on a fresh handle:
     r PID COMM   tep_register_comm        o PID COMM  tep_override_comm
     n PID        tep_register_comm(NULL)  q PID       tep_data_comm_from_pid
     i PID        tep_is_pid_registered    s TEXT      tep_parse_saved_cmdlines ('|' = newline)
     f COMM       first tep_data_pid_from_comm match
     F COMM       every match, following `next` (only meaningful before the first
                  lookup by pid: upstream's array walk never advances, ours does) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++) {
    struct tep_handle *t = tep_alloc();
    char *script = strdup(argv[a]);
    char *save = NULL;
    printf("== %s\n", argv[a]);
    for (char *op = strtok_r(script, ";", &save); op; op = strtok_r(NULL, ";", &save)) {
      char cmd[8] = "", arg[256] = "";
      int pid = 0;
      sscanf(op, "%7s %d %255[^;]", cmd, &pid, arg);
      errno = 0;
      if (!strcmp(cmd, "r")) {
        int r = tep_register_comm(t, arg, pid);
        printf("reg %d %s -> %d errno=%d\n", pid, arg, r, errno);
      } else if (!strcmp(cmd, "n")) {
        printf("regnull %d -> %d\n", pid, tep_register_comm(t, NULL, pid));
      } else if (!strcmp(cmd, "o")) {
        int r = tep_override_comm(t, arg, pid);
        printf("ovr %d %s -> %d errno=%d\n", pid, arg, r, errno);
      } else if (!strcmp(cmd, "q")) {
        printf("comm(%d)=%s\n", pid, tep_data_comm_from_pid(t, pid));
      } else if (!strcmp(cmd, "i")) {
        printf("isreg(%d)=%d\n", pid, tep_is_pid_registered(t, pid));
      } else if (!strcmp(cmd, "f") || !strcmp(cmd, "F")) {
        char comm[256] = "";
        sscanf(op, "%*s %255s", comm);
        struct tep_cmdline *c = tep_data_pid_from_comm(t, comm, NULL);
        printf("find %s:", comm);
        for (int k = 0; c && k < 8; k++) {
          printf(" %d", tep_cmdline_pid(t, c));
          if (cmd[0] == 'f') break;
          c = tep_data_pid_from_comm(t, comm, c);
        }
        printf("\n");
      } else if (!strcmp(cmd, "s")) {
        char *text = strdup(op + 2);
        for (char *p = text; *p; p++)
          if (*p == '|') *p = '\n';
        printf("saved -> %d\n", tep_parse_saved_cmdlines(t, text));
        free(text);
      }
    }
    printf("pid(NULL)=%d\n", tep_cmdline_pid(t, NULL));
    free(script);
    tep_free(t);
  }
  return 0;
}
