// SPDX-License-Identifier: LGPL-2.1
// The viewer's canvases: a per-CPU timeline (the task each sched_switch put on
// the CPU, coloured by pid, idle in grey; ticks for each record when a trace
// has no sched_switch) and an events-per-time histogram, over a Viewport that
// the mouse zooms (wheel) and pans (drag).

export class Viewport {
  constructor() { this.start = 0; this.end = 1; this.min = 0; this.max = 1; }
  reset(ts) {
    this.min = ts.length ? ts[0] : 0;
    this.max = ts.length ? ts[ts.length - 1] : 1;
    if (this.max <= this.min) this.max = this.min + 1;
    this.start = this.min;
    this.end = this.max;
  }
  x(t, width) { return ((t - this.start) / (this.end - this.start)) * width; }
  t(x, width) { return this.start + (x / width) * (this.end - this.start); }
  zoom(factor, at) {
    const span = Math.min(this.max - this.min, Math.max(1000, (this.end - this.start) * factor));
    this.start = Math.max(this.min, at - (at - this.start) * (span / (this.end - this.start)));
    this.end = Math.min(this.max, this.start + span);
    this.start = Math.max(this.min, this.end - span);
  }
  pan(dt) {
    const span = this.end - this.start;
    this.start = Math.min(Math.max(this.min, this.start + dt), this.max - span);
    this.end = this.start + span;
  }
  attach(canvas, redraw) {
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      this.zoom(e.deltaY > 0 ? 1.25 : 0.8, this.t(e.clientX - rect.left, rect.width));
      redraw();
    }, { passive: false });
    let from = null;
    canvas.addEventListener('mousedown', (e) => { from = e.clientX; });
    window.addEventListener('mouseup', () => { from = null; });
    window.addEventListener('mousemove', (e) => {
      if (from === null) return;
      const width = canvas.getBoundingClientRect().width;
      this.pan(((from - e.clientX) / width) * (this.end - this.start));
      from = e.clientX;
      redraw();
    });
  }
}

export function colorOf(pid) {
  if (pid === 0) return '#e0e0e0';
  const h = (pid * 2654435761) % 360;
  return `hsl(${h}, 60%, 55%)`;
}

// The first k in [lo, hi) with before(k) false, where before is true then false.
function partitionPoint(lo, hi, before) {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// The first index in [lo, hi) whose value is >= t in a sorted array.
const lowerBound = (a, t, lo = 0, hi = a.length) => partitionPoint(lo, hi, (k) => a[k] < t);

// The switches of each CPU, in time order: made once per trace, so that a
// redraw visits the switches in view (binary searches), not all of them.
const switchesByCpu = new WeakMap();
function switchesOf(tasks, cpus) {
  let by = switchesByCpu.get(tasks);
  if (by) return by;
  const counts = new Uint32Array(cpus);
  for (let i = 0; i < tasks.cpu.length; i++) if (tasks.cpu[i] < cpus) counts[tasks.cpu[i]]++;
  by = Array.from(counts, (n) => ({ ts: new Float64Array(n), pid: new Int32Array(n), n: 0 }));
  for (let i = 0; i < tasks.cpu.length; i++) {
    const c = by[tasks.cpu[i]];
    if (!c) continue;
    c.ts[c.n] = tasks.ts[i];
    c.pid[c.n++] = tasks.pid[i];
  }
  switchesByCpu.set(tasks, by);
  return by;
}

export function drawTimeline(canvas, data, vp) {
  const ctx = canvas.getContext('2d');
  const w = canvas.width, h = canvas.height;
  const cpus = Math.max(1, data.cpus);
  const lane = h / cpus;
  ctx.clearRect(0, 0, w, h);
  ctx.font = `${Math.min(12, lane - 2)}px sans-serif`;
  const tasks = data.tasks;
  if (tasks && tasks.ts.length) {
    // Per CPU, each switch's task until the CPU's next switch. Spans under half
    // a pixel are not drawn: a run of them is skipped with one search for the
    // first switch past the next half pixel, so a redraw costs the pixels, not
    // the switches.
    const flush = (cpu, x0, x1, pid) => {
      x0 = Math.max(0, x0);
      x1 = Math.min(w, x1);
      if (x1 < 0 || x0 > w || x1 - x0 < 0.5) return;
      ctx.fillStyle = colorOf(pid);
      ctx.fillRect(x0, cpu * lane + 2, Math.max(1, x1 - x0), lane - 4);
      if (pid !== 0 && x1 - x0 > 60) {
        ctx.fillStyle = '#000';
        ctx.fillText(`${data.comms[pid] || ''}:${pid}`, x0 + 2, cpu * lane + lane / 2 + 4, x1 - x0 - 4);
      }
    };
    switchesOf(tasks, cpus).forEach(({ ts, pid }, cpu) => {
      const n = ts.length;
      for (let i = Math.max(0, lowerBound(ts, vp.start) - 1); i < n && ts[i] <= vp.end;) {
        const t1 = i + 1 < n ? ts[i + 1] : vp.max;
        const x0 = vp.x(ts[i], w), x1 = vp.x(t1, w);
        if (x1 - x0 >= 0.5) {
          flush(cpu, x0, x1, pid[i]);
          i++;
        } else {
          i = Math.max(i + 1, lowerBound(ts, vp.t(x0 + 0.5, w), i + 1) - 1);
        }
      }
    });
  } else {
    // No scheduler events: a tick per record, at most one per pixel column.
    ctx.fillStyle = '#546e7a';
    const { ts, cpu } = data.rows;
    const from = lowerBound(ts, vp.start), to = lowerBound(ts, vp.end);
    const step = Math.max(1, Math.floor((to - from) / (w * cpus * 4)));
    for (let i = from; i < to; i += step) ctx.fillRect(vp.x(ts[i], w), cpu[i] * lane + 2, 1, lane - 4);
  }
  ctx.fillStyle = '#263238';
  for (let c = 0; c < cpus; c++) ctx.fillText(`CPU ${c}`, 4, c * lane + 12);
}

export function drawHistogram(canvas, data, vp, shown) {
  const ctx = canvas.getContext('2d');
  const w = canvas.width, h = canvas.height;
  const bins = Math.max(1, Math.floor(w / 2));
  const counts = new Uint32Array(bins);
  const ts = data.rows.ts;
  // Each bin's records counted by two binary searches (rows are in time order,
  // and so are the shown rows): a redraw costs the bins, not the records.
  const bin = (t) => Math.floor(((t - vp.start) / (vp.end - vp.start)) * bins);
  const n = shown ? shown.length : ts.length;
  const timeAt = shown ? (k) => ts[shown[k]] : (k) => ts[k];
  let from = partitionPoint(0, n, (k) => bin(timeAt(k)) < 0);
  for (let b = 0; b < bins; b++) {
    const to = partitionPoint(from, n, (k) => bin(timeAt(k)) <= b);
    counts[b] = to - from;
    from = to;
  }
  let max = 1;
  for (const c of counts) max = Math.max(max, c);
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = '#42a5f5';
  for (let b = 0; b < bins; b++) {
    const bh = (counts[b] / max) * (h - 2);
    ctx.fillRect(b * (w / bins), h - bh, Math.max(1, w / bins - 0.5), bh);
  }
}
