// SPDX-License-Identifier: LGPL-2.1
// Types of traceevent.mjs: trace.dat files read by libtraceevent (C++) built as WebAssembly.

export interface ModuleOptions {
  /** The bytes of traceevent_wasm.wasm: needed under node, where the loader cannot fetch() a path. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

export interface OpenOptions extends ModuleOptions {
  /** Called while records are indexed, with the count so far. */
  onProgress?: (records: number) => void;
}

export interface EventType {
  id: number;
  system: string;
  name: string;
  /** Records of the event (eventTypes only). */
  count?: number;
}

export interface Rows {
  /** Timestamps: nanoseconds, or raw counts for a counter or TSC clock (float64). */
  ts: Float64Array;
  cpu: Uint16Array;
  pid: Int32Array;
  /** Event ids (see Trace.events). */
  event: Uint16Array;
}

export interface CpuRange {
  cpu: number;
  count: number;
  first: number;
  last: number;
}

/** A typed column (Documentation/typed-events.md, "Kinds"). */
export interface Column {
  name: string;
  kind: string;
  /** Integer-valued kinds: one value per row (64-bit types as BigInt arrays). */
  values?: Int8Array | Int16Array | Int32Array | BigInt64Array | Uint8Array | Uint16Array | Uint32Array | BigUint64Array;
  /** 1 where the value is present. */
  valid?: Uint8Array;
  /** Text-valued kinds (strings, bytes, arrays, addresses...): upstream's text per row. */
  texts?: string[];
  /** Enums: every name once. */
  labels?: string[];
}

export interface Columns {
  /** The record index of each row. */
  rows: Uint32Array;
  columns: Column[];
}

export interface Detail {
  name: string;
  kind: string;
  /** What the print fmt prints for it, byte for byte upstream's. */
  text: string;
  /** An integer value as decimal text, or null. */
  value: string | null;
}

export declare class Trace {
  /** 0 when the whole file was read; otherwise what stopped the reader (what came before is kept). */
  readonly status: number;
  readonly statusName: string;
  readonly message: string;
  /** Records, in the order trace-cmd report prints them. */
  readonly count: number;
  readonly cpus: number;
  readonly rows: Rows;
  /** Events with records, most frequent first. */
  readonly eventTypes: EventType[];
  /** Every event format of the file. */
  readonly events: EventType[];
  /** "cpus=N", trace-cmd report's first line. */
  readonly header: string;
  /** The lines of records [start, start + count), as `trace-cmd report -L` prints them. */
  report(start?: number, count?: number): string[];
  /** Indexes of the records an upstream filter expression matches (trace-cmd report -F); throws on a bad one. */
  filter(expression: string): Uint32Array;
  cpuRanges(): CpuRange[];
  /** "system:name" or "name"; null for an event the trace does not have. */
  columns(event: string): Columns | null;
  details(index: number): Detail[];
  comm(pid: number): string;
  /** Frees the trace's memory in the module. */
  close(): void;
}

export declare function loadModule(options?: ModuleOptions): Promise<unknown>;
export declare function openTrace(bytes: Uint8Array | ArrayBuffer, options?: OpenOptions): Promise<Trace>;
