// Loaded into the measured `karya batch` beside main-thread-cpu.mjs, by hand:
// KARYA_MIDDLE_PROBE=/tmp/m.json BENCH_BATCH_NODE_ARGS='--import file:///…/bench/middle-probe.mjs' npx tsx
// bench/batch-process.ts. What the middle waits on, written as JSON at the exit: how late the main thread reads each
// answer (its response event, less the request's end and the fake's latency, KARYA_MIDDLE_LATENCY_MS, 200 by
// default: the time an answer waited for a busy thread), the event loop's delay, the main thread's collections by
// kind, and with KARYA_MIDDLE_HEAP=1 the main thread's allocations by function (V8's sampling heap profiler, the
// objects collected counted too; KARYA_MIDDLE_HEAP=promoted: those a young collection did not free), MB a run, and
// with KARYA_MIDDLE_HEAP_FILE=/tmp/x.heapprofile the whole profile (each site's stacks). Wall
// times: read them on a quiet machine only.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.KARYA_MIDDLE_PROBE;
const latency = Number(process.env.KARYA_MIDDLE_LATENCY_MS ?? 200);
const http = createRequire(import.meta.url)('node:http');
const late = [];
const loop = monitorEventLoopDelay({ resolution: 5 });
const gcs = {};
let session;

if (file) {
  loop.enable();
  const kinds = { 1: 'scavenge', 2: 'minor-mark-sweep', 4: 'mark-compact', 8: 'incremental', 16: 'weak-callbacks' };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = kinds[e.detail?.kind] ?? String(e.detail?.kind);
      gcs[kind] = (gcs[kind] ?? 0) + 1;
    }
  }).observe({ entryTypes: ['gc'] });
  const end = http.ClientRequest.prototype.end;
  http.ClientRequest.prototype.end = function (...args) {
    if (String(this.path).endsWith('/chat/completions')) {
      const sent = performance.now();
      this.once('response', () => late.push(performance.now() - sent - latency));
    }
    return end.apply(this, args);
  };
  if (process.env.KARYA_MIDDLE_HEAP) {
    session = new (await import('node:inspector')).Session();
    session.connect();
    // =promoted leaves out what a young collection freed: what is left moved to the old generation (or lived to the
    // exit), the allocations the mark-compacts pay for.
    const isPromoted = process.env.KARYA_MIDDLE_HEAP === 'promoted';
    const flags = { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !isPromoted };
    session.post('HeapProfiler.startSampling', { samplingInterval: 32768, ...flags });
  }
  process.on('exit', () => {
    late.sort((a, b) => a - b);
    const at = (p) => +(late[Math.floor(p * (late.length - 1))] ?? NaN).toFixed(1);
    const ms = (ns) => +(ns / 1e6).toFixed(1);
    const summary = {
      answers: late.length,
      lateMs: { mean: +(late.reduce((s, x) => s + x, 0) / late.length).toFixed(1), p50: at(0.5), p90: at(0.9) },
      loopDelayMs: { mean: ms(loop.mean), p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)) },
      gcs,
    };
    // A session of this thread answers at once: the profile is read before the process ends.
    session?.post('HeapProfiler.stopSampling', (error, reply) => {
      if (error) return;
      summary.allocatedMb = allocated(reply.profile);
      // The whole profile too (open it in DevTools' Memory tab), for the stacks behind a site.
      const profileFile = process.env.KARYA_MIDDLE_HEAP_FILE;
      if (profileFile) writeFileSync(profileFile, JSON.stringify(reply.profile));
    });
    writeFileSync(file, `${JSON.stringify(summary, null, 1)}\n`);
  });
}

/** A sampling heap profile's bytes, all and by function (the 15 largest), MB. */
function allocated(profile) {
  const by = new Map();
  let total = 0;
  const walk = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`;
    by.set(key, (by.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const top = [...by].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return { total: Math.round(total / 1e6), top: Object.fromEntries(top.map(([k, v]) => [k, +(v / 1e6).toFixed(1)])) };
}
