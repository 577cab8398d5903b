/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential driver: tep_strerror for system errnos, tep_errno codes, codes
   outside both, and short buffers. */
#include <stdio.h>
#include <string.h>
#include <event-parse.h>
int main(void){
  char buf[64];
  int vals[] = {0,1,2,22,133,134,999,100000,-1,-99999,-100000,-99998,-99971,-99970,-99969,-200000, TEP_ERRNO__FILTER_MISS, __TEP_ERRNO__END};
  for (unsigned i=0;i<sizeof vals/sizeof *vals;i++){
    for (int bl = 0; bl < 3; bl++) {
      size_t n = bl==0?64:(bl==1?5:0);
      memset(buf,'#',sizeof buf); buf[63]=0;
      int r = tep_strerror(NULL, vals[i], buf, n);
      printf("%d n=%zu r=%d buf=[%s]\n", vals[i], n, r, buf);
    }
  }
  return 0;
}
