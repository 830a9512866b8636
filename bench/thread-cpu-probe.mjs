// Loaded into the measured `karya batch` beside main-thread-cpu.mjs, by hand:
// KARYA_THREAD_CPU_PROBE=/tmp/t.json BENCH_BATCH_NODE_ARGS='--import file:///…/bench/thread-cpu-probe.mjs' npx tsx
// bench/batch-process.ts. The CPU of every thread of the process by its name (Linux: /proc/self/task/*/stat, user +
// system), ms, written as JSON at the exit: the main thread, V8's platform threads (V8Worker: the collections'
// concurrent and parallel work and the optimising compilers), the worker threads (WorkerThread: the book-end thread)
// and libuv's pool. A thread that ended before the exit is counted from the last of its samples (every 200 ms).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const file = process.env.KARYA_THREAD_CPU_PROBE;
/** By thread id: its name and its CPU so far, ms. */
const threads = new Map();

function sample() {
  let tids = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // After the name: state is field 3, utime and stime fields 14 and 15 (clock ticks of 10 ms).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      // The thread ended between the listing and the read: its last sample stands.
    }
  }
}

if (file) {
  setInterval(sample, 200).unref();
  process.on('exit', () => {
    sample();
    const byName = {};
    for (const { name, ms } of threads.values()) byName[name] = (byName[name] ?? 0) + ms;
    writeFileSync(file, `${JSON.stringify({ byName, threads: Object.fromEntries(threads) }, null, 1)}\n`);
  });
}
