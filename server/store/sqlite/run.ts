// Runs the shared use cases (server/store/queries/) on the SQLite Store, synchronously: each query is
// answered at once by better-sqlite3 and a transaction is one synchronous block, as if written here.
import type { Op, Program } from '../queries/run.js';
import { writeStep } from './books.js';
import type { Store } from './store.js';

export function runSync<T>(store: Store, program: Program<T>): T {
  let step = program.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = perform(store, step.value);
    } catch (error) {
      step = program.throw(error);
      continue;
    }
    step = program.next(answer);
  }
  return step.value;
}

function perform(store: Store, op: Op): unknown {
  switch (op.kind) {
    case 'all':
      return store.all(op.query);
    case 'first':
    case 'firstLocked':
      // Every transaction is IMMEDIATE: it holds the write lock already.
      return store.first(op.query);
    case 'run':
      return store.run(op.query);
    case 'transaction':
      return store.transaction(() => runSync(store, op.program()), { isDeferred: op.isDeferred });
    case 'userChanged':
      return store.userChanged(op.userId);
    case 'serialize':
      return undefined;
    case 'saveStep':
      return writeStep(store, op.owner, op.key, op.save);
  }
}

/** The runner as the repositories take it: a settled Promise of the synchronous answer. */
export function sqliteExec(store: Store) {
  return <T>(program: Program<T>): Promise<T> => {
    try {
      return Promise.resolve(runSync(store, program));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
