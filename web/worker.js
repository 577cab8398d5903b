// SPDX-License-Identifier: LGPL-2.1
// The viewer's Web Worker: opens the trace with the JS module and answers the
// page's requests, so decoding never blocks the tab. Messages in:
//   {type:'open', bytes} {type:'lines', start, count, id} {type:'rows', rows, id} {type:'filter', expr, id}
//   {type:'details', row, id} {type:'search', text, from, rows, id}
// Messages out: {type:'progress', records} {type:'ready', ...} {type:'error', message}
// and {type:'reply', id, ...} for each request.
import { openTrace } from './traceevent.mjs';

let trace = null;

// Per CPU, the task running from each sched_switch on (pid 0: idle), for the timeline.
function runningTasks() {
  const cols = trace.columns('sched:sched_switch');
  if (!cols) return null;
  const next = cols.columns.find((c) => c.name === 'next_pid');
  if (!next || !next.values) return null;
  const { ts, cpu } = trace.rows;
  const n = cols.rows.length;
  const out = { ts: new Float64Array(n), cpu: new Uint16Array(n), pid: new Int32Array(n) };
  for (let i = 0; i < n; i++) {
    const row = cols.rows[i];
    out.ts[i] = ts[row];
    out.cpu[i] = cpu[row];
    out.pid[i] = Number(next.values[i]);
  }
  return out;
}

function reply(id, body, transfer = []) {
  postMessage({ type: 'reply', id, ...body }, transfer);
}

onmessage = async (e) => {
  const m = e.data;
  try {
    if (m.type === 'open') {
      const start = performance.now();
      trace = await openTrace(new Uint8Array(m.bytes), { onProgress: (records) => postMessage({ type: 'progress', records }) });
      const rows = trace.rows;
      const tasks = runningTasks();
      const comms = {};
      for (const pid of new Set(tasks ? tasks.pid : [])) comms[pid] = trace.comm(pid);
      const names = {};
      for (const ev of trace.events) names[ev.id] = ev.name;
      postMessage({
        type: 'ready', count: trace.count, cpus: trace.cpus, header: trace.header, status: trace.status,
        message: trace.message, eventTypes: trace.eventTypes, names, rows, tasks, comms,
        decodeMs: performance.now() - start,
      });
    } else if (m.type === 'lines') {
      reply(m.id, { start: m.start, lines: trace.report(m.start, m.count) });
    } else if (m.type === 'rows') {
      reply(m.id, { lines: Array.from(m.rows, (row) => trace.report(row, 1)[0]) });
    } else if (m.type === 'filter') {
      const rows = trace.filter(m.expr);
      reply(m.id, { rows }, [rows.buffer]);
    } else if (m.type === 'details') {
      reply(m.id, { row: m.row, values: trace.details(m.row), line: trace.report(m.row, 1)[0] });
    } else if (m.type === 'search') {
      // The first row at or after `from` (in the shown order) whose line holds the text,
      // read a block at a time.
      const order = m.rows;  // null: every record
      const total = order ? order.length : trace.count;
      for (let i = m.from; i < total; i += 4096) {
        const n = Math.min(4096, total - i);
        const lines = order ? Array.from(order.subarray(i, i + n), (row) => trace.report(row, 1)[0])
          : trace.report(i, n);
        const hit = lines.findIndex((line) => line.includes(m.text));
        if (hit >= 0) return reply(m.id, { index: i + hit });
      }
      reply(m.id, { index: -1 });
    }
  } catch (err) {
    if (m.type === 'open') postMessage({ type: 'error', message: String(err && err.message || err) });
    else reply(m.id, { error: String(err && err.message || err) });
  }
};
