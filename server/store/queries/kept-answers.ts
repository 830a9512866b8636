// The answers of a book's steps not saved yet (engine/session/kept-answers.ts), once for both databases and the
// CLI's state file: kept as each arrives, read back when the book's session opens, dropped when their step is saved.
// A row that no longer parses is left out (its request is asked again). The answers kept in one turn of the event loop
// (a batch's answers arrive dozens a second) are written in one transaction at its end, each keep answered once it is
// committed: one commit for them all where each was one of its own (a batch's main thread spent ~4 % of its time on
// these INSERTs, most of it in the commit).
import { fixedQuery, type Conn } from './conn.js';
import type { KeptAnswer, ProgressStore } from '../../../engine/index.js';

interface KeptRow {
  owner: string;
  key: string;
  kept: KeptAnswer;
}

/** The rows waiting for this turn's end, and their commit, a connection. */
const waiting = new WeakMap<Conn, { rows: KeptRow[]; committed: Promise<void> }>();

/** Keep `row` with the others of this turn: answered when their transaction has committed (or failed). */
function keepInTurn(conn: Conn, row: KeptRow): Promise<void> {
  let group = waiting.get(conn);
  if (!group) {
    const rows: KeptRow[] = [];
    const committed = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      waiting.delete(conn);
      return conn.transaction(async (inside) => {
        for (const { owner, key, kept } of rows)
          await inside.run(
            fixedQuery(inside.db)`INSERT INTO kept_answers (owner, book_key, scope, request, answer)
              VALUES (${owner}, ${key}, ${kept.scope}, ${kept.request}, ${JSON.stringify(kept.answer)})`,
          );
      });
    });
    group = { rows, committed };
    waiting.set(conn, group);
  }
  group.rows.push(row);
  return group.committed;
}

/** The ProgressStore's kept answers for one owner. */
export function keptAnswersOf(
  conn: Conn,
  owner: string,
): Required<Pick<ProgressStore, 'keepAnswer' | 'keptAnswers' | 'dropAnswers'>> {
  return {
    // Written as SQL rather than with the query builder (both run at every answer of a batch: conn.ts fixedQuery).
    keepAnswer: (key, kept) => keepInTurn(conn, { owner, key, kept }),
    keptAnswers: async (key) => {
      const rows = await conn.all(
        conn.db
          .selectFrom('kept_answers')
          .select(['scope', 'request', 'answer'])
          .where('owner', '=', owner)
          .where('book_key', '=', key)
          .orderBy('id'),
      );
      return rows.flatMap((row): KeptAnswer[] => {
        try {
          const answer = JSON.parse(row.answer) as KeptAnswer['answer'];
          return typeof answer?.text === 'string' ? [{ scope: row.scope, request: row.request, answer }] : [];
        } catch {
          return [];
        }
      });
    },
    dropAnswers: async (key, scope) => {
      // After the keeps still waiting for their commit: a scope dropped is never kept again behind its drop.
      await waiting.get(conn)?.committed.catch(() => undefined);
      await conn.run(
        scope === undefined
          ? fixedQuery(conn.db)`DELETE FROM kept_answers WHERE owner = ${owner} AND book_key = ${key}`
          : fixedQuery(
              conn.db,
            )`DELETE FROM kept_answers WHERE owner = ${owner} AND book_key = ${key} AND scope = ${scope}`,
      );
    },
  };
}
