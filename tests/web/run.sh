#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1
# The browser build's tests (issue 28), after
#   web/fetch-sources.sh && meson setup build-wasm --cross-file cross/wasm32-emscripten.ini && ninja -C build-wasm
#   tests/web/run.sh [WASM_BUILD [NATIVE_BUILD]]     (defaults: build-wasm, build)
# 1. the JS module under node: every committed trace's report, unfiltered and with filters,
#    byte for byte against `trace-cmd report -L` on the native build's library and plugins,
#    and its API (api_test.mjs: counts, columns, filters, bad files); the package `npm pack`
#    makes of build-wasm/web, imported by its name (where npm is installed);
# 2. the viewer page in headless Chromium (browser_test.py): every committed trace opens with
#    trace-cmd's lines and filter counts, bad files show their error, redraws under 16 ms, and
#    the screenshot of sched_irq.dat against tests/web/reference.png.
# Exits non-zero if anything failed; 77 when the WebAssembly build is not there.
set -uo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
wasm=$(realpath -m "${1:-$src/build-wasm}")
native=$(realpath -m "${2:-$src/build}")
web=$wasm/web
if [ ! -f "$web/traceevent_wasm.wasm" ]; then
	echo "SKIP: no WebAssembly build in $wasm (see the README: meson setup build-wasm --cross-file cross/wasm32-emscripten.ini)"
	exit 77
fi
status=0
traces=$(ls "$src"/tests/data/traces/*.dat)
echo "=== node: the JS module's report against trace-cmd report -L"
# shellcheck disable=SC2086
TEV_WEB_DIR=$web python3 "$src/tests/trace_view/report_diff.py" --driver "$src/tests/web/report_cli.mjs" \
	--lib "$native" --plugins "$native/plugins" $traces || status=1
echo "=== node: the JS module's API (node --test)"
TEV_WEB_DIR=$web node --test "$src/tests/web/api_test.mjs" || status=1
echo "=== npm: the package npm pack makes, imported by its name"
if command -v npm >/dev/null; then
	pkg=$(mktemp -d)
	if (cd "$web" && npm pack --silent --pack-destination "$pkg" >/dev/null) &&
		mkdir -p "$pkg/node_modules/traceevent-wasm" &&
		tar -xzf "$pkg"/traceevent-wasm-*.tgz -C "$pkg/node_modules/traceevent-wasm" --strip-components=1 &&
		(cd "$pkg" && node --input-type=module -e "
			import fs from 'node:fs';
			import { openTrace } from 'traceevent-wasm';
			const wasmBinary = fs.readFileSync('node_modules/traceevent-wasm/traceevent_wasm.wasm');
			const trace = await openTrace(fs.readFileSync(process.argv[1]), { wasmBinary });
			if (trace.count !== 1195) throw new Error('count ' + trace.count);
			console.log('ok: npm pack: traceevent-wasm opens sched_irq_v7zstd.dat, ' + trace.count + ' records');" \
			"$src/tests/data/traces/sched_irq_v7zstd.dat"); then
		:
	else
		echo "not ok: npm pack of $web"
		status=1
	fi
	rm -rf "$pkg"
else
	echo "skip: npm is not installed"
fi
echo "=== chromium: the viewer page"
# shellcheck disable=SC2086
python3 "$src/tests/web/browser_test.py" --web "$web" --lib "$native" --plugins "$native/plugins" \
	--screenshot-reference "$src/tests/web/reference.png" --screenshot-out "$wasm/viewer-screenshot.png" \
	"$src/tests/data/traces/sched_irq.dat" $(echo "$traces" | grep -v '/sched_irq.dat$') || status=1
exit $status
