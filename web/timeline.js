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

// The first index whose value is >= t in a sorted Float64Array.
function lowerBound(a, t) {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < t) lo = mid + 1; else hi = mid;
  }
  return lo;
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
    // Per CPU, each switch's task until the CPU's next switch.
    const last = new Map();
    const flush = (cpu, t0, t1, pid) => {
      const x0 = Math.max(0, vp.x(t0, w)), x1 = Math.min(w, vp.x(t1, w));
      if (x1 < 0 || x0 > w || x1 - x0 < 0.5) return;
      ctx.fillStyle = colorOf(pid);
      ctx.fillRect(x0, cpu * lane + 2, Math.max(1, x1 - x0), lane - 4);
      if (pid !== 0 && x1 - x0 > 60) {
        ctx.fillStyle = '#000';
        ctx.fillText(`${data.comms[pid] || ''}:${pid}`, x0 + 2, cpu * lane + lane / 2 + 4, x1 - x0 - 4);
      }
    };
    for (let i = 0; i < tasks.ts.length; i++) {
      const cpu = tasks.cpu[i];
      const prev = last.get(cpu);
      if (prev) flush(cpu, prev.t, tasks.ts[i], prev.pid);
      last.set(cpu, { t: tasks.ts[i], pid: tasks.pid[i] });
    }
    for (const [cpu, prev] of last) flush(cpu, prev.t, vp.max, prev.pid);
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
  const add = (t) => {
    const b = Math.floor(((t - vp.start) / (vp.end - vp.start)) * bins);
    if (b >= 0 && b < bins) counts[b]++;
  };
  if (shown) for (const row of shown) add(ts[row]);
  else for (let i = lowerBound(ts, vp.start), to = lowerBound(ts, vp.end); i <= to && i < ts.length; i++) add(ts[i]);
  let max = 1;
  for (const c of counts) max = Math.max(max, c);
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = '#42a5f5';
  for (let b = 0; b < bins; b++) {
    const bh = (counts[b] / max) * (h - 2);
    ctx.fillRect(b * (w / bins), h - bh, Math.max(1, w / bins - 0.5), bh);
  }
}
