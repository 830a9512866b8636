// A second connection to the same SQLite file, in a worker thread of its own, for the one write too large for the
// request loop: a writer's cover picture (up to 10 MB). better-sqlite3 answers on the thread that calls it, and a
// 10 MB blob is 2,500 pages to write and commit (100–500 ms on a busy machine): on the request loop every other
// writer's request would wait for it. Here the loop goes on answering meanwhile; the statement runs in its own
// IMMEDIATE transaction on the worker's connection, SQLite's write lock keeping it apart from the loop's own writes
// (a write of the loop's that comes meanwhile waits for it, as a second process's would: busy_timeout). The
// session cache sees the change by PRAGMA data_version, as it sees another process's. Made when first needed,
// ended when the file is closed (connect.ts); a file in memory has none (its statements run on the loop).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { durableSync } from './sync-level.js';

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const sqlite = new SQLite(workerData.file, { timeout: 30000 });
sqlite.pragma('busy_timeout = 30000');
sqlite.pragma('synchronous = ' + workerData.sync);
sqlite.pragma('foreign_keys = ON');
const blobOf = (v) =>
  v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = sqlite.prepare(sql);
    const changes = sqlite.transaction(() => statement.run(...parameters.map(blobOf)).changes).immediate();
    parentPort.postMessage({ id, changes });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error), code: error && error.code });
  }
});
`;

type Answer = { id: number; changes: number } | { id: number; error: string; code?: string };

/** Runs one compiled statement at a time on the worker's connection. */
export class AsideWriter {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (changes: number) => void; reject: (error: Error) => void }>();
  #next = 0;

  constructor(file: string) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(WORKER_CODE, { eval: true, workerData: { file, module, sync: durableSync() } });
    // Nothing waits on it while no statement is under way: it never keeps the process alive.
    this.#worker.unref();
    this.#worker.on('message', (answer: Answer) => {
      const waiting = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      if (this.#waiting.size === 0) this.#worker.unref();
      if ('error' in answer) waiting?.reject(Object.assign(new Error(answer.error), { code: answer.code }));
      else waiting?.resolve(answer.changes);
    });
    this.#worker.on('error', (error) => {
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
    });
  }

  /**
   * The statement run in its own transaction on the worker's connection: the rows it changed. A large blob among its
   * values is handed to the worker (no longer readable here).
   */
  run(compiled: { sql: string; parameters: readonly unknown[] }): Promise<number> {
    const id = this.#next++;
    this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      // A picture that is its buffer's whole is handed over, not copied (10 MB copied on the loop is what this avoids):
      // the caller's bytes are gone from it once sent.
      const handed = compiled.parameters.filter(
        (p): p is Uint8Array =>
          p instanceof Uint8Array &&
          p.byteOffset === 0 &&
          p.buffer instanceof ArrayBuffer &&
          p.byteLength === p.buffer.byteLength &&
          p.byteLength > 64 * 1024,
      );
      // Once each: an upsert names its picture twice (the row, and the row that replaces it).
      this.#worker.postMessage({ id, sql: compiled.sql, parameters: compiled.parameters }, [
        ...new Set(handed.map((p) => p.buffer as ArrayBuffer)),
      ]);
    });
  }

  close(): Promise<number> {
    return this.#worker.terminate();
  }
}

const WRITERS = new WeakMap<SQLite.Database, AsideWriter>();

/** The aside writer of a connection's file (made at first use), or undefined for a file in memory. */
export function asideWriterOf(sqlite: SQLite.Database): AsideWriter | undefined {
  if (sqlite.memory) return undefined;
  let writer = WRITERS.get(sqlite);
  if (!writer) WRITERS.set(sqlite, (writer = new AsideWriter(sqlite.name)));
  return writer;
}

/** End the connection's aside writer, if it has one (its file is being closed). */
export async function closeAsideWriter(sqlite: SQLite.Database): Promise<void> {
  const writer = WRITERS.get(sqlite);
  WRITERS.delete(sqlite);
  await writer?.close();
}
