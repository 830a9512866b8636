// Loaded into the measured `karya batch` beside main-thread-cpu.mjs, by hand:
// KARYA_SQL_PROBE=/tmp/s.txt BENCH_BATCH_NODE_ARGS='--import file:///…/bench/sql-probe.mjs' npx tsx
// bench/batch-process.ts. The state file's statements by their SQL: how many ran and the main thread's CPU they took
// (process.threadCpuUsage around each run, get and all of a statement better-sqlite3 prepared), written at the exit,
// the costliest first. A COMMIT's line holds its transaction's writes to the WAL; a statement run alone (no
// transaction around it) holds its own commit.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.KARYA_SQL_PROBE;
const cpuUs = () => {
  const { user, system } = process.threadCpuUsage();
  return user + system;
};

if (file) {
  const Database = createRequire(import.meta.url)('better-sqlite3');
  /** By the statement's SQL (one-spaced, cut at 100 characters): runs and CPU, µs. */
  const statements = new Map();
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (sql, ...rest) {
    const statement = prepare.call(this, sql, ...rest);
    const key = String(sql).replace(/\s+/g, ' ').slice(0, 100);
    for (const method of ['run', 'get', 'all']) {
      const original = statement[method];
      statement[method] = function (...args) {
        const from = cpuUs();
        try {
          return original.apply(this, args);
        } finally {
          const s = statements.get(key) ?? { runs: 0, us: 0 };
          s.runs++;
          s.us += cpuUs() - from;
          statements.set(key, s);
        }
      };
    }
    return statement;
  };
  process.on('exit', () => {
    const rows = [...statements].sort((a, b) => b[1].us - a[1].us);
    const total = rows.reduce((sum, [, s]) => sum + s.us, 0);
    const ms = (us) => (us / 1000).toFixed(0);
    const line = ([sql, s]) =>
      `${ms(s.us).padStart(6)} ms ${String(s.runs).padStart(6)} × ${(s.us / s.runs).toFixed(1)} µs  ${sql}`;
    const head = `statements ${ms(total)} ms of the main thread's ${ms(cpuUs())} ms`;
    writeFileSync(file, `${head}\n${rows.map(line).join('\n')}\n`);
  });
}
