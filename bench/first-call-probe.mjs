// Loaded into a `karya batch` by bench/first-call.ts (node --import): every ES module file its main thread loads until
// it sends its first chat request, each with the thread's CPU then, and at that request the main thread's and the
// process's CPU, written as JSON to the file KARYA_BENCH_FIRST_CALL names; the process then exits (nothing after the
// first call is measured). node:http is required, not imported (bench/main-thread-cpu.mjs says why).
import { readFileSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';

const file = process.env.KARYA_BENCH_FIRST_CALL;
const http = createRequire(import.meta.url)('node:http');
const msOf = (usage) => (usage.user + usage.system) / 1000;
/** Each file loaded, in order: its URL, and the main thread's CPU (ms) as it was loaded. */
const loaded = [];

if (file && typeof process.threadCpuUsage === 'function' && typeof module.registerHooks === 'function') {
  module.registerHooks({
    load(url, context, next) {
      loaded.push([url, msOf(process.threadCpuUsage())]);
      return next(url, context);
    },
  });
  const end = http.ClientRequest.prototype.end;
  let isSent = false;
  http.ClientRequest.prototype.end = function (...args) {
    if (!isSent && String(this.path).endsWith('/chat/completions')) {
      isSent = true;
      const main = msOf(process.threadCpuUsage());
      const all = msOf(process.cpuUsage());
      // Page faults (a first touch of fresh memory): the main thread's (Linux: its stat's 10th field) and the
      // process's.
      let mainFaults = NaN;
      try {
        mainFaults = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[7]);
      } catch {
        // Not Linux.
      }
      const faults = process.resourceUsage().minorPageFault;
      writeFileSync(
        file,
        JSON.stringify({ main, process: all, uptime: process.uptime(), mainFaults, faults, loaded }),
      );
      process.exit(0);
    }
    return end.apply(this, args);
  };
}
