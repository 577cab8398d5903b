// SPDX-License-Identifier: LGPL-2.1
// What `trace-cmd list -f FUNC --proto` asks of libtraceevent 1.9.0, without trace-cmd: this
// kernel refuses to list available_filter_functions (EPERM), so trace-cmd loads the BTF and
// then has no function to ask about. Built in the sid root against sid's headers:
//   btf_probe FUNC...   loads /sys/kernel/btf/vmlinux with tep_load_btf, then prints each
//                       FUNC's prototype with tep_btf_list_args, with both return values.
#include <stdio.h>
#include <stdlib.h>

#include <event-parse.h>

static void *read_file(const char *path, size_t *size) {
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t used = 0, cap = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (used == cap) {
			char *bigger = realloc(data, cap = cap ? 2 * cap : 1 << 20);
			if (!bigger)
				break;
			data = bigger;
		}
		size_t n = fread(data + used, 1, cap - used, f);
		if (!n)
			break;
		used += n;
	}
	fclose(f);
	*size = used;
	return data;
}

int main(int argc, char **argv) {
	size_t size = 0;
	void *btf = read_file("/sys/kernel/btf/vmlinux", &size);
	struct tep_handle *tep = tep_alloc();
	if (!btf || !tep) {
		puts("no BTF here");
		return 77;
	}
	printf("tep_load_btf: %d\n", tep_load_btf(tep, btf, size));
	for (int i = 1; i < argc; i++) {
		struct trace_seq s;
		trace_seq_init(&s);
		int ret = tep_btf_list_args(tep, &s, argv[i]);
		trace_seq_terminate(&s);
		printf("tep_btf_list_args %s: %d '%s'\n", argv[i], ret, s.buffer);
		trace_seq_destroy(&s);
	}
	tep_free(tep);
	free(btf);
	return 0;
}
