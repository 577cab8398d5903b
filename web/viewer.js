// SPDX-License-Identifier: LGPL-2.1
// The viewer page: a trace.dat decoded in a Web Worker (worker.js), shown as a
// per-CPU timeline, an events-per-time histogram, the event list (virtualised:
// only the visible lines are asked for) and the selected record's typed values.
// <body data-state> is "empty", "loading", "ready" (with data-events and
// data-load-ms) or "error" (with data-error), for scripts and tests.
import { drawHistogram, drawTimeline, Viewport } from './timeline.js';

const $ = (id) => document.getElementById(id);
const ROW = 16;
const MAX_SPACER = 8e6;  // px: browsers cap an element's height

let worker = null;
let data = null;      // what the worker sent when ready
let shown = null;     // Uint32Array of rows under the filter, or null for all
let selected = -1;    // index into the shown rows
let loadStart = 0;
const pending = new Map();
let nextId = 1;
const cache = new Map();  // first shown index of a block -> lines
const viewport = new Viewport();

function request(message) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ ...message, id });
  });
}

function setState(state, extra = {}) {
  document.body.dataset.state = state;
  for (const [k, v] of Object.entries(extra)) document.body.dataset[k] = v;
}

function fail(message) {
  $('error').textContent = message;
  $('progress').hidden = true;
  setState('error', { error: message });
}

function shownCount() { return shown ? shown.length : data ? data.count : 0; }
function rowOf(index) { return shown ? shown[index] : index; }

function open(bytes, name) {
  if (worker) worker.terminate();
  worker = new Worker('worker.js', { type: 'module' });
  data = null; shown = null; selected = -1; cache.clear(); pending.clear();
  $('error').textContent = '';
  $('details').textContent = '';
  $('summary').textContent = `Reading ${name} (${(bytes.byteLength / 1e6).toFixed(1)} MB)…`;
  const progress = $('progress');
  progress.hidden = false;
  progress.removeAttribute('value');
  setState('loading');
  loadStart = performance.now();
  const expected = Math.max(1, bytes.byteLength / 48);
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'progress') progress.value = Math.min(0.99, m.records / expected);
    else if (m.type === 'ready') ready(m, name);
    else if (m.type === 'error') fail(`Cannot read ${name}: ${m.message}`);
    else if (m.type === 'reply') { pending.get(m.id)?.(m); pending.delete(m.id); }
  };
  worker.onerror = (e) => fail(`Cannot read ${name}: ${e.message}`);
  worker.postMessage({ type: 'open', bytes }, [bytes]);
}

function ready(m, name) {
  if (m.count === 0 && m.status !== 0) return fail(`Cannot read ${name}: ${m.message}`);
  data = m;
  $('progress').hidden = true;
  const loadMs = Math.round(performance.now() - loadStart);
  const damaged = m.status !== 0 ? ` — stopped early: ${m.message} (what came before is shown)` : '';
  $('summary').textContent = `${name}: ${m.count.toLocaleString()} records, ${m.cpus} CPUs, ` +
    `${m.eventTypes.length} event types, ${loadMs} ms${damaged}`;
  if (m.status !== 0) $('error').textContent = m.message;
  viewport.reset(m.rows.ts);
  resize();
  setState('ready', { events: String(m.count), loadMs: String(loadMs), status: String(m.status) });
}

// The list: a spacer as tall as the rows (scaled down past MAX_SPACER) and
// the visible lines, fetched from the worker in blocks.
const BLOCK = 256;
async function lines(first, count) {
  const out = [];
  for (let b = Math.floor(first / BLOCK) * BLOCK; b < first + count; b += BLOCK) {
    if (!cache.has(b)) {
      const n = Math.min(BLOCK, shownCount() - b);
      if (n <= 0) break;
      let block;
      if (!shown) block = (await request({ type: 'lines', start: b, count: n })).lines;
      else block = (await request({ type: 'rows', rows: shown.slice(b, b + n) })).lines;
      if (cache.size > 512) cache.clear();
      cache.set(b, block);
    }
    const block = cache.get(b);
    for (let i = Math.max(first, b); i < Math.min(first + count, b + block.length); i++) out.push([i, block[i - b]]);
  }
  return out;
}

function listGeometry() {
  const list = $('list');
  const n = shownCount();
  const full = n * ROW;
  const spacer = Math.min(full, MAX_SPACER);
  const visible = Math.ceil(list.clientHeight / ROW) + 1;
  const maxTop = Math.max(1, spacer - list.clientHeight);
  const first = full <= MAX_SPACER ? Math.floor(list.scrollTop / ROW)
    : Math.floor((list.scrollTop / maxTop) * Math.max(0, n - visible + 1));
  return { n, spacer, visible, first: Math.max(0, Math.min(first, Math.max(0, n - 1))) };
}

let drawToken = 0;
async function drawList() {
  if (!data) return;
  const token = ++drawToken;
  const g = listGeometry();
  $('spacer').style.height = `${g.spacer}px`;
  const got = await lines(g.first, g.visible);
  if (token !== drawToken) return;
  const pre = $('lines');
  pre.style.top = `${$('list').scrollTop}px`;
  pre.replaceChildren(...got.map(([i, text]) => {
    const div = document.createElement('div');
    div.textContent = text;
    div.dataset.index = i;
    if (i === selected) div.className = 'selected';
    return div;
  }));
  $('shown').textContent = shown ? `${shown.length.toLocaleString()} of ${data.count.toLocaleString()} shown` : '';
}

async function select(index) {
  if (!data || index < 0 || index >= shownCount()) return;
  selected = index;
  const r = await request({ type: 'details', row: rowOf(index) });
  const table = document.createElement('table');
  const head = table.insertRow();
  head.insertCell().textContent = 'record';
  head.insertCell().textContent = `#${r.row} event ${data.names[data.rows.event[r.row]] ?? '?'}`;
  for (const v of r.values) {
    const tr = table.insertRow();
    tr.insertCell().textContent = `${v.name} (${v.kind})`;
    tr.insertCell().textContent = v.value !== null && v.value !== v.text ? `${v.text}  [${v.value}]` : v.text;
  }
  $('details').replaceChildren(table);
  drawList();
}

function scrollToIndex(index) {
  const list = $('list');
  const g = listGeometry();
  list.scrollTop = g.n * ROW <= MAX_SPACER ? index * ROW
    : (index / Math.max(1, g.n - g.visible + 1)) * Math.max(1, g.spacer - list.clientHeight);
}

async function applyFilter(expr) {
  $('error').textContent = '';
  cache.clear();
  selected = -1;
  if (!expr.trim()) shown = null;
  else {
    const r = await request({ type: 'filter', expr });
    if (r.error) { $('error').textContent = r.error; return; }
    shown = r.rows;
  }
  $('list').scrollTop = 0;
  redraw();
}

async function search(text) {
  if (!text) return;
  const r = await request({ type: 'search', text, from: selected + 1, rows: shown });
  if (r.index < 0) { $('error').textContent = `"${text}" not found below the selection`; return; }
  $('error').textContent = '';
  scrollToIndex(r.index);
  select(r.index);
}

function redraw() {
  if (!data) return;
  const t0 = performance.now();
  drawTimeline($('timeline'), data, viewport);
  drawHistogram($('histogram'), data, viewport, shown);
  document.body.dataset.drawMs = (performance.now() - t0).toFixed(2);
  drawList();
}

function resize() {
  for (const c of [$('timeline'), $('histogram')]) c.width = c.clientWidth * devicePixelRatio;
  redraw();
}

// Opening: the picker, drag and drop, or ?trace=URL.
$('file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (f) open(await f.arrayBuffer(), f.name);
});
document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dragging'); });
document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
document.addEventListener('drop', async (e) => {
  e.preventDefault();
  document.body.classList.remove('dragging');
  const f = e.dataTransfer.files[0];
  if (f) open(await f.arrayBuffer(), f.name);
});
$('list').addEventListener('scroll', drawList);
$('list').addEventListener('click', (e) => {
  const div = e.target.closest('div[data-index]');
  if (div) select(Number(div.dataset.index));
});
$('list').addEventListener('keydown', (e) => {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    const next = selected + (e.key === 'ArrowDown' ? 1 : -1);
    scrollToIndex(Math.max(0, next - 5));
    select(next);
  }
});
$('filter').addEventListener('change', (e) => applyFilter(e.target.value));
$('search').addEventListener('change', (e) => search(e.target.value));
window.addEventListener('resize', resize);
viewport.attach($('timeline'), redraw);

const url = new URLSearchParams(location.search).get('trace');
if (url) {
  setState('loading');
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    return r.arrayBuffer();
  }).then((bytes) => open(bytes, url.split('/').pop()), (err) => fail(`Cannot fetch ${url}: ${err.message}`));
}

// For tests and scripts: the page's own handles.
window.tevViewer = {
  open, applyFilter, search, select, redraw, viewport,
  lines: async (start, count) => (await request({ type: 'lines', start, count })).lines,
  get shown() { return shown; },
  get data() { return data; },
};
