/* SPDX-License-Identifier: LGPL-2.1 */
/* Differential kbuffer walker: prints everything the kbuffer API says about each
   page of a file region.
   usage: kbwalk FILE OFFSET LENGTH PAGESIZE LONG(4|8) ENDIAN(b|l) OLD(0|1) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kbuffer.h>
static unsigned long sum(const unsigned char *p, int n){unsigned long s=0;for(int i=0;i<n;i++)s=s*131+p[i];return s;}
int main(int argc, char **argv) {
  if (argc < 8) return 2;
  FILE *f = fopen(argv[1], "rb"); if (!f) return 2;
  long off = atol(argv[2]), len = atol(argv[3]); int ps = atoi(argv[4]);
  int lsize = atoi(argv[5]); int big = argv[6][0] == 'b'; int old = atoi(argv[7]);
  struct kbuffer *kb = kbuffer_alloc(lsize == 8 ? KBUFFER_LSIZE_8 : KBUFFER_LSIZE_4, big ? KBUFFER_ENDIAN_BIG : KBUFFER_ENDIAN_LITTLE);
  if (old) kbuffer_set_old_format(kb);
  int start = lsize == 8 ? 16 : 12;
  /* Room after the page so that upstream's reads past commit stay in our memory. */
  unsigned char *page = calloc(1, ps + 64);
  unsigned char *copy = calloc(1, ps + 64);
  long npages = len / ps;
  for (long n = 0; n < npages; n++) {
    fseek(f, off + n * ps, SEEK_SET);
    if (fread(page, 1, ps, f) != (size_t)ps) break;
    unsigned long long ts = 0;
    int r = kbuffer_load_subbuffer(kb, page);
    printf("P%ld r=%d sts=%llu size=%d sod=%d missed=%d ts=%llu sub=%d\n", n, r, kbuffer_subbuf_timestamp(kb, page),
           kbuffer_subbuffer_size(kb), kbuffer_start_of_data(kb), kbuffer_missed_events(kb), kbuffer_timestamp(kb),
           kbuffer_subbuffer(kb) == page);
    int offs[4096]; int noffs = 0;
    void *ev = kbuffer_read_event(kb, &ts);
    for (int k = 0; ev && k < 5000; k++) {
      int co = kbuffer_curr_offset(kb);
      if (noffs < 4096) offs[noffs++] = co;
      printf(" E ts=%llu off=%d idx=%d esz=%d csz=%d ptr=%ld m=%d pd=%u\n", ts, co, kbuffer_curr_index(kb),
             kbuffer_event_size(kb), kbuffer_curr_size(kb), (long)((unsigned char *)ev - page),
             kbuffer_missed_events(kb), kbuffer_ptr_delta(kb, page + co));
      ev = kbuffer_next_event(kb, &ts);
    }
    printf(" end idx=%d off=%d esz=%d csz=%d read=%p\n", kbuffer_curr_index(kb), kbuffer_curr_offset(kb),
           kbuffer_event_size(kb), kbuffer_curr_size(kb), kbuffer_read_event(kb, NULL));
    /* raw walk */
    struct kbuffer_raw_info info; info.next = page + start;
    for (int k = 0; k < 5000 && kbuffer_raw_get(kb, page, &info); k++)
      printf(" R t=%d l=%d d=%llu n=%ld\n", info.type, info.length, info.delta, (long)((unsigned char *)info.next - page));
    /* read_at_offset */
    int probes[] = {0, 1, start - 1, start, start + 1, kbuffer_subbuffer_size(kb) + start, ps + 100};
    for (unsigned k = 0; k < sizeof probes / sizeof *probes; k++) {
      ts = 0; void *p = kbuffer_read_at_offset(kb, probes[k], &ts);
      printf(" O %d -> %ld ts=%llu off=%d\n", probes[k], p ? (long)((unsigned char *)p - page) : -1, ts, kbuffer_curr_offset(kb));
    }
    for (int k = 0; k < noffs; k += (noffs > 40 ? noffs / 40 : 1)) {
      for (int d = -1; d <= 1; d++) {
        ts = 0; void *p = kbuffer_read_at_offset(kb, offs[k] + d, &ts);
        printf(" O %d -> %ld ts=%llu off=%d\n", offs[k] + d, p ? (long)((unsigned char *)p - page) : -1, ts, kbuffer_curr_offset(kb));
      }
    }
    /* read_buffer in chunks */
    int lens[] = {start - 1, start + 8, 200, 1024, ps};
    for (unsigned k = 0; k < sizeof lens / sizeof *lens; k++) {
      kbuffer_load_subbuffer(kb, page);
      for (int it = 0; it < 200; it++) {
        memset(copy, 0xAA, ps + 64);
        int rr = kbuffer_read_buffer(kb, copy, lens[k]);
        printf(" B len=%d it=%d r=%d sum=%lx off=%d\n", lens[k], it, rr, sum(copy, lens[k] > 0 ? lens[k] : 0), kbuffer_curr_offset(kb));
        if (rr <= 0) break;
      }
    }
    /* refresh at the end and in the middle, dup */
    kbuffer_load_subbuffer(kb, page);
    struct kbuffer *d = kbuffer_dup(kb);
    int cnt = 0; while (kbuffer_next_event(d, NULL)) cnt++;
    printf(" D cnt=%d off=%d\n", cnt, kbuffer_curr_offset(d));
    printf(" F r=%d off=%d\n", kbuffer_refresh(d), kbuffer_curr_offset(d));
    kbuffer_free(d);
    if (kbuffer_subbuffer_size(kb) > 0) {
      unsigned int sz = 0; void *p = kbuffer_translate_data(big, page + start + kbuffer_start_of_data(kb) - start, &sz);
      printf(" T %ld sz=%u\n", p ? (long)((unsigned char *)p - page) : -1, sz);
    }
  }
  kbuffer_free(kb);
  free(page); free(copy);
  return 0;
}
