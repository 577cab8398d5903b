#!/usr/bin/env node
// SPDX-License-Identifier: LGPL-2.1
// The JS module's API under node (node --test): TEV_WEB_DIR=build-wasm/web
// node --test tests/web/api_test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = process.env.TEV_WEB_DIR;
const data = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'traces');
const { openTrace } = await import(pathToFileURL(path.join(dir, 'traceevent.mjs')).href);
const wasmBinary = fs.readFileSync(path.join(dir, 'traceevent_wasm.wasm'));
const open = (name) => openTrace(fs.readFileSync(path.join(data, name)), { wasmBinary });

test('a trace: counts, CPUs, event types, per-CPU ranges', async () => {
  const trace = await open('sched_irq.dat');
  assert.equal(trace.status, 0);
  assert.equal(trace.count, 1195);
  assert.equal(trace.cpus, 2);
  assert.equal(trace.header, 'cpus=2');
  const switches = trace.eventTypes.find((e) => e.name === 'sched_switch');
  assert.equal(switches.count, 273);
  const ranges = trace.cpuRanges();
  assert.equal(ranges.reduce((n, r) => n + r.count, 0), 1195);
  for (const r of ranges) assert.ok(r.first <= r.last);
  trace.close();
});

test('the same records from v6, v7 and v7 zstd', async () => {
  const lines = [];
  for (const name of ['sched_irq.dat', 'sched_irq_v7.dat', 'sched_irq_v7zstd.dat']) {
    const trace = await open(name);
    lines.push(trace.report(0, trace.count).join('\n'));
    trace.close();
  }
  assert.equal(lines[1], lines[0]);
  assert.equal(lines[2], lines[0]);
});

test('filters: matching rows, and a bad expression throws', async () => {
  const trace = await open('sched_irq.dat');
  const rows = trace.filter('sched_switch: prev_state & 2');
  assert.ok(rows.length > 0 && rows.length < 273);
  for (const row of rows) assert.match(trace.report(row, 1)[0], /sched_switch:/);
  assert.throws(() => trace.filter('sched_switch: ((('), /filter/);
  assert.throws(() => trace.filter('nosuchevent'), /filter/);
  trace.close();
});

test('typed columns and details', async () => {
  const trace = await open('sched_irq.dat');
  const { rows, columns } = trace.columns('sched:sched_switch');
  assert.equal(rows.length, 273);
  const state = columns.find((c) => c.name === 'prev_state');
  assert.equal(state.kind, 'flags');
  assert.equal(state.values.length, 273);
  const next = columns.find((c) => c.name === 'next_pid');
  assert.equal(next.kind, 'int');
  assert.equal(trace.columns('sched:no_such_event'), null);
  const details = trace.details(rows[0]);
  assert.ok(details.some((d) => d.name === 'prev_comm' && d.text.length > 0));
  trace.close();
});

test('bad input: not a trace, a truncated one', async () => {
  const bad = await openTrace(new TextEncoder().encode('not a trace.dat'), { wasmBinary });
  assert.notEqual(bad.status, 0);
  assert.equal(bad.count, 0);
  assert.match(bad.message, /trace/);
  const bytes = fs.readFileSync(path.join(data, 'sched_irq.dat'));
  const cut = await openTrace(bytes.subarray(0, Math.floor(bytes.length * 0.8)), { wasmBinary });
  assert.notEqual(cut.status, 0);
  assert.ok(cut.count > 0 && cut.count < 1195);
  const empty = await openTrace(new Uint8Array(0), { wasmBinary });
  assert.notEqual(empty.status, 0);
});
