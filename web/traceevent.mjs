// SPDX-License-Identifier: LGPL-2.1
// trace.dat files in JavaScript: libtraceevent rebuilt in C++ as WebAssembly
// (traceevent_wasm.mjs + .wasm, with Debian's zstd and zlib compiled in).
// Works in a browser, a Web Worker and node (where `wasmBinary` passes the
// .wasm bytes: emscripten's loader would fetch() a file path).
//
//   import { openTrace } from './traceevent.mjs';
//   const trace = await openTrace(bytes);            // Uint8Array of a trace.dat
//   trace.count; trace.cpus; trace.eventTypes;       // records, CPUs, [{id, system, name, count}]
//   trace.report(0, 10);                             // lines as `trace-cmd report -L` prints them
//   trace.filter('sched_switch: prev_pid > 0');      // Uint32Array of matching record indexes
//   trace.columns('sched:sched_switch');             // the event's typed columns
import createTraceEventModule from './traceevent_wasm.mjs';

let modulePromise = null;

/** Loads the WebAssembly module once; options.wasmBinary: its bytes (node). */
export function loadModule(options = {}) {
  if (!modulePromise) {
    modulePromise = createTraceEventModule(options.wasmBinary ? { wasmBinary: options.wasmBinary } : {});
  }
  return modulePromise;
}

// Status names of lib/trace_dat/status.h, in order.
const STATUS = ['ok', 'truncated', 'bad magic', 'unknown version', 'bad long size', 'bad page size',
  'bad offset', 'bad section', 'bad option', 'option loop', 'unknown compression',
  'compression unavailable', 'decompression failed', 'too large', 'bad header page', 'bad format',
  'bad page', 'latency unsupported', 'not flyrecord'];

const VALUE_ARRAYS = {
  1: Int8Array, 2: Int16Array, 3: Int32Array, 4: BigInt64Array,
  5: Uint8Array, 6: Uint16Array, 7: Uint32Array, 8: BigUint64Array, 9: Uint8Array,
};

export class Trace {
  constructor(module, native) {
    this._module = module;
    this._native = native;
    this._rows = null;
  }
  /** 0 when the whole file read cleanly; otherwise what stopped it (what came before is kept). */
  get status() { return this._native.status(); }
  get statusName() { return STATUS[this.status] ?? String(this.status); }
  get message() { return this._native.message(); }
  get count() { return this._native.count(); }
  get cpus() { return this._native.cpus(); }
  /** Per record: ts (float64 nanoseconds or clock counts), cpu, pid, event (id). */
  get rows() {
    if (!this._rows) this._rows = this._native.rows();
    return this._rows;
  }
  /** The events with records: [{id, system, name, count}], most frequent first. */
  get eventTypes() {
    if (!this._eventTypes) {
      const counts = new Map();
      for (const id of this.rows.event) counts.set(id, (counts.get(id) ?? 0) + 1);
      this._eventTypes = this.events.filter((e) => counts.has(e.id))
        .map((e) => ({ ...e, count: counts.get(e.id) }))
        .sort((a, b) => b.count - a.count);
    }
    return this._eventTypes;
  }
  /** Every event format of the file: [{id, system, name}]. */
  get events() {
    if (!this._events) this._events = this._native.events();
    return this._events;
  }
  /** "cpus=N", trace-cmd report's first line. */
  get header() { return this._native.header().replace(/\n$/, ''); }
  /** The lines of records [start, start + count), as trace-cmd report -L prints them (no trailing newline). */
  report(start = 0, count = 1) {
    const text = this._native.report(start, count);
    return text === '' ? [] : text.replace(/\n$/, '').split('\n');
  }
  /** Record indexes an upstream filter expression matches (trace-cmd report -F); throws on a bad one. */
  filter(expression) {
    const result = this._native.filter(expression);
    if (result.error !== undefined) throw new Error(`filter: ${result.error}`);
    return result.rows;
  }
  /** Per CPU: {cpu, count, first, last} (timestamps as in rows.ts). */
  cpuRanges() {
    const { ts, cpu } = this.rows;
    const ranges = new Map();
    for (let i = 0; i < cpu.length; i++) {
      const r = ranges.get(cpu[i]);
      if (r) { r.count++; r.last = ts[i]; } else ranges.set(cpu[i], { cpu: cpu[i], count: 1, first: ts[i], last: ts[i] });
    }
    return [...ranges.values()].sort((a, b) => a.cpu - b.cpu);
  }
  /** "system:name" or "name": {rows, columns: [{name, kind, values | texts, valid, labels}]}, or null. */
  columns(event) {
    const [system, name] = event.includes(':') ? event.split(':', 2) : ['', event];
    const result = this._native.columns(system, name);
    if (!result) return null;
    const columns = result.columns.map((c) => {
      const out = { name: c.name, kind: c.kind, labels: c.labels };
      if (c.data) {
        const Type = VALUE_ARRAYS[c.type];
        out.values = new Type(c.data.buffer, c.data.byteOffset, c.data.byteLength / Type.BYTES_PER_ELEMENT);
        out.valid = c.valid;
      } else {
        out.texts = c.texts;
      }
      return out;
    });
    return { rows: result.rows, columns };
  }
  /** One record's typed values: [{name, kind, text, value}] (value: decimal text or null). */
  details(index) { return this._native.details(index); }
  comm(pid) { return this._native.comm(pid); }
  /** Frees the trace's memory in the module. */
  close() {
    if (this._native) this._native.delete();
    this._native = null;
  }
}

/**
 * Opens a trace.dat held in memory (Uint8Array or ArrayBuffer). options:
 * wasmBinary (node), onProgress(records) while records are indexed.
 */
export async function openTrace(bytes, options = {}) {
  const module = await loadModule(options);
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const pointer = module._malloc(Math.max(1, data.length));
  if (!pointer) throw new Error('openTrace: out of memory');
  module.HEAPU8.set(data, pointer);
  const native = new module.Trace(pointer, data.length, options.onProgress ?? null);
  return new Trace(module, native);
}
