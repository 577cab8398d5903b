#!/usr/bin/env node
// SPDX-License-Identifier: LGPL-2.1
// The JS module's report of a trace, as tests/trace_view/report_diff.py
// compares drivers with `trace-cmd report -L`:
//   TEV_WEB_DIR=build-wasm/web report_cli.mjs [-F FILTER] TRACE
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let filter = null;
if (args[0] === '-F') { filter = args[1]; args.splice(0, 2); }
const dir = process.env.TEV_WEB_DIR;
const { openTrace } = await import(pathToFileURL(path.join(dir, 'traceevent.mjs')).href);
const wasmBinary = fs.readFileSync(path.join(dir, 'traceevent_wasm.wasm'));
const trace = await openTrace(fs.readFileSync(args[0]), { wasmBinary });
const write = (lines) => { if (lines.length) fs.writeSync(1, lines.join('\n') + '\n'); };
write([trace.header]);
if (filter !== null) {
  write([...trace.filter(filter)].map((row) => trace.report(row, 1)[0]));
} else {
  for (let start = 0; start < trace.count; start += 65536) write(trace.report(start, 65536));
}
if (trace.status !== 0) process.stderr.write(`report_cli: ${trace.message}\n`);
trace.close();
