// Loaded into the measured `karya batch` by bench/batch-process.ts (node --import): the CPU of the process's main
// thread (the one that reads every answer), as it sends its first chat request and as it exits, written as JSON to
// the file KARYA_BENCH_THREAD_CPU names. On a shared machine these hold where wall times do not (a busy machine
// stretches a start of 0.2 s to 2 s; the main thread's CPU to its first call moves by a few per cent). node:http is
// required, not imported: an ES import of it loads undici (~10-100 ms) that the batch itself never loads.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.KARYA_BENCH_THREAD_CPU;
const http = createRequire(import.meta.url)('node:http');
const msOf = (usage) => (usage.user + usage.system) / 1000;

if (file && typeof process.threadCpuUsage === 'function') {
  let first;
  const end = http.ClientRequest.prototype.end;
  http.ClientRequest.prototype.end = function (...args) {
    if (first === undefined && String(this.path).endsWith('/chat/completions')) first = msOf(process.threadCpuUsage());
    return end.apply(this, args);
  };
  process.on('exit', () => writeFileSync(file, JSON.stringify({ first, total: msOf(process.threadCpuUsage()) })));
}
