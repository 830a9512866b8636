// What a `karya batch`'s peak memory is made of, for looking into it by hand (not run by any benchmark): loaded with
// `node --import ./bench/batch-memory.mjs bin/karya.js batch …`, it reads the process's resident memory every 100 ms
// and, at each new peak, the main heap's spaces, each worker thread's heap (every Worker made is tracked) and
// /proc/self/smaps summed by kind (the node binary, the main allocator's [heap], glibc's per-thread arenas, the V8
// pages, other anonymous memory); with KARYA_SNAP_AT=n, heap snapshots of the main thread and each worker after the
// n-th chat request (into KARYA_SNAP_DIR). The peak's figures go as JSON to the file KARYA_MEM_OUT names, at exit.
// With the bench: KARYA_MEM_OUT=f KARYA_MEM_EVERY_MS=20 KARYA_MEM_TRACE=1 BENCH_BATCH_NODE_ARGS="--import
// $PWD/bench/batch-memory.mjs" BENCH_BATCH_RUNS=1 npx tsx bench/batch-process.ts (every sample, for the last second).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import v8 from 'node:v8';
const require = createRequire(import.meta.url);
const wt = require('node:worker_threads');
const out = process.env.KARYA_MEM_OUT;
const workers = new Map(); // worker -> {name, stats}
const Base = wt.Worker;
let n = 0;
class Patched extends Base {
  constructor(entry, opts) {
    super(entry, opts);
    const name = `${String(entry).split('/').pop().slice(0, 40)}#${++n}`;
    const rec = { name, stats: null, spaces: null, alive: true };
    workers.set(this, rec);
    this.on('exit', () => (rec.alive = false));
    // With KARYA_MEM_TRACE=1: what was posted to the thread and not answered yet, by kind (its strings' characters
    // and typed arrays' bytes, an estimate of the copies a message holds until the thread reads it).
    rec.inFlight = new Map();
    if (process.env.KARYA_MEM_TRACE === '1')
      this.on('message', (m) => {
        if (m && typeof m === 'object' && 'id' in m) rec.inFlight.delete(m.id);
      });
  }
  postMessage(message, transfer) {
    const rec = workers.get(this);
    if (rec && process.env.KARYA_MEM_TRACE === '1' && message && typeof message === 'object' && 'id' in message)
      rec.inFlight.set(message.id, [message.kind ?? '?', sizeOf(message)]);
    return super.postMessage(message, transfer);
  }
}
function sizeOf(v, depth = 0) {
  if (typeof v === 'string') return v.length;
  if (!v || typeof v !== 'object' || depth > 6) return 8;
  if (ArrayBuffer.isView(v)) return v.byteLength;
  let n = 0;
  for (const x of Array.isArray(v) ? v : Object.values(v)) n += sizeOf(x, depth + 1);
  return n;
}
const inFlight = () => {
  const by = {};
  for (const rec of workers.values())
    for (const [kind, size] of rec.inFlight.values()) {
      const k = (by[kind] ??= [0, 0]);
      k[0]++;
      k[1] += size;
    }
  return Object.fromEntries(Object.entries(by).map(([k, [c, b]]) => [k, [c, mb(b)]]));
};
wt.Worker = Patched;
syncBuiltinESMExports();
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
function smaps() {
  const text = readFileSync('/proc/self/smaps', 'utf8');
  const groups = {};
  let cur = null;
  const maps = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) {
      cur = {
        size: (parseInt(m[2], 16) - parseInt(m[1], 16)) / 1024,
        perm: m[3],
        name: m[4],
        rss: 0,
        start: parseInt(m[1], 16),
      };
      maps.push(cur);
    } else if (cur && line.startsWith('Rss:')) cur.rss = Number(/(\d+)/.exec(line)[1]);
  }
  // glibc arena heaps: a rw mapping followed by a ---p mapping summing to 65536 kB
  for (let i = 0; i < maps.length; i++) {
    const a = maps[i];
    let kind;
    if (a.name.startsWith('/'))
      kind =
        a.name.includes('node') && !a.name.includes('.node') && !a.name.includes('node_modules')
          ? 'node-binary'
          : a.name.endsWith('.node')
            ? 'addons'
            : 'files:' + a.name.split('/').pop();
    else if (a.name) kind = a.name;
    else {
      const b = maps[i + 1];
      if (
        a.perm.startsWith('rw') &&
        b &&
        !b.name &&
        b.perm === '---p' &&
        a.size + b.size === 65536 &&
        b.start === a.start + a.size * 1024
      )
        kind = 'malloc-arena';
      else if (a.perm.startsWith('rw') && a.size === 65536) kind = 'malloc-arena';
      else if (a.size === 256) kind = 'anon-256k';
      else kind = 'anon';
    }
    if (kind.startsWith('files:') && a.rss < 2048) kind = 'files:small';
    groups[kind] = (groups[kind] ?? 0) + a.rss;
  }
  return Object.fromEntries(
    Object.entries(groups)
      .filter(([, v]) => v > 500)
      .sort((x, y) => y[1] - x[1])
      .map(([k, v]) => [k, Math.round(v / 1024)]),
  );
}
const mb = (b) => Math.round((b / 1048576) * 10) / 10;
function mainHeap() {
  const s = {};
  for (const sp of v8.getHeapSpaceStatistics()) s[sp.space_name] = mb(sp.physical_space_size);
  const mu = process.memoryUsage();
  return {
    spaces: s,
    total: mb(v8.getHeapStatistics().total_physical_size),
    external: mb(mu.external),
    arrayBuffers: mb(mu.arrayBuffers),
  };
}
let peak = 0,
  peakAt = null,
  samples = [];
const t0 = Date.now();
let lastSmaps = 0,
  lastSmapsAt = null;
// KARYA_MEM_EVERY_MS: the sampling period (100 ms unless told); KARYA_MEM_TRACE=1: every sample kept with each heap's
// figures (t ms, RSS, main heap used and old space used/physical, young used, array buffers, each worker's heap used
// and physical, MB), for reading the batch's last second.
const everyMs = Number(process.env.KARYA_MEM_EVERY_MS ?? 100);
const trace = process.env.KARYA_MEM_TRACE === '1' ? [] : null;
const tick = () => {
  for (const [w, rec] of workers)
    if (rec.alive)
      w.getHeapStatistics().then(
        (s) => {
          rec.stats = mb(s.total_physical_size);
          rec.used = mb(s.used_heap_size);
        },
        () => {},
      );
  const r = rssKb();
  samples.push([Date.now() - t0, Math.round(r / 1024)]);
  if (trace) {
    const sp = Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name, x]));
    trace.push([
      Date.now() - t0,
      Math.round(r / 1024),
      mb(v8.getHeapStatistics().used_heap_size),
      mb(sp.old_space.space_used_size),
      mb(sp.old_space.physical_space_size),
      mb(sp.new_space.space_used_size),
      mb(process.memoryUsage().arrayBuffers),
      ...[...workers.values()].filter((w) => w.alive).flatMap((w) => [w.used ?? 0, w.stats ?? 0]),
      inFlight(),
    ]);
  }
  if (r > peak) {
    peak = r;
    const now = Date.now();
    peakAt = {
      t: now - t0,
      rssMb: Math.round(r / 1024),
      main: mainHeap(),
      workers: [...workers.values()].map((w) => [w.name, w.stats, w.alive]),
    };
    if (r > lastSmaps + 4096) {
      lastSmapsAt = smaps();
      lastSmaps = r;
    }
    peakAt.smaps = lastSmapsAt;
  }
};
const timer = setInterval(tick, everyMs);
timer.unref();
process.on('exit', () => {
  if (out)
    writeFileSync(
      out,
      JSON.stringify(
        {
          peakMb: Math.round(peak / 1024),
          peakAt,
          samples: samples.filter((_, i) => i % Math.round(1000 / everyMs) === 0),
          ...(trace ? { trace } : {}),
        },
        null,
        1,
      ),
    );
});

// heap snapshots after SNAP_AT chat requests
const snapAt = Number(process.env.KARYA_SNAP_AT ?? 0);
if (snapAt) {
  const http = require('node:http');
  const { createWriteStream } = require('node:fs');
  const { pipeline } = require('node:stream/promises');
  let calls = 0;
  const end = http.ClientRequest.prototype.end;
  http.ClientRequest.prototype.end = function (...args) {
    if (String(this.path).endsWith('/chat/completions') && ++calls === snapAt) {
      const dir = process.env.KARYA_SNAP_DIR ?? '.';
      for (const [w, rec] of workers)
        if (rec.alive)
          w.getHeapSnapshot()
            .then((s) => pipeline(s, createWriteStream(`${dir}/${rec.name}.heapsnapshot`)))
            .catch((e) => console.error('snap', e));
      setTimeout(() => v8.writeHeapSnapshot(`${dir}/main.heapsnapshot`), 50);
    }
    return end.apply(this, args);
  };
}
// young generation transitions
{
  const { PerformanceObserver } = await import('node:perf_hooks');
  const trans = [];
  let last = 0,
    gcs = 0;
  const obs = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
    const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space').space_size;
    if (s !== last) {
      trans.push([Date.now() - t0, s / 1048576, gcs, list.getEntries().length]);
      last = s;
    }
  });
  obs.observe({ entryTypes: ['gc'] });
  process.on('exit', () => {
    if (out) {
      const j = JSON.parse(readFileSync(out, 'utf8'));
      j.young = trans;
      j.gcs = gcs;
      writeFileSync(out, JSON.stringify(j, null, 1));
    }
  });
}
