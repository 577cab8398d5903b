// SPDX-License-Identifier: LGPL-2.1
// What sid_consumers.py records with uftrace (built with -pg in the sid root): a few nested
// calls, so that replay, report and graph have a call tree to print.
#include <stdio.h>

static int leaf(int x) { return x * 2 + 1; }

static int middle(int n) {
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += leaf(i);
	return sum;
}

int main(void) {
	printf("%d\n", middle(3));
	return 0;
}
