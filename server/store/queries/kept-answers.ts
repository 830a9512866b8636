// The answers of a book's steps not saved yet (engine/session/kept-answers.ts), once for both databases and the
// CLI's state file: kept as each arrives, read back when the book's session opens, dropped when their step is saved
// (with the save: dropKeptQuery, in its transaction on SQLite). A row that no longer parses is left out (its request is
// asked again).
import { fixedQuery, type Conn, type Db, type FixedQuery } from './conn.js';
import type { KeptAnswer, ProgressStore } from '../../../engine/index.js';

/**
 * The DELETE of the answers kept for one scope of a book (or all of them, `scope` undefined): the port's dropAnswers,
 * and the drop a step's or a bible's save does with it (StepSave and MemorySave keptScope).
 */
export function dropKeptQuery(db: Db, owner: string, key: string, scope?: string): FixedQuery<unknown> {
  return scope === undefined
    ? fixedQuery(db)`DELETE FROM kept_answers WHERE owner = ${owner} AND book_key = ${key}`
    : fixedQuery(db)`DELETE FROM kept_answers WHERE owner = ${owner} AND book_key = ${key} AND scope = ${scope}`;
}

/** The ProgressStore's kept answers for one owner. */
export function keptAnswersOf(
  conn: Conn,
  owner: string,
): Required<Pick<ProgressStore, 'keepAnswer' | 'keptAnswers' | 'dropAnswers'>> {
  return {
    // Written as SQL rather than with the query builder (both run at every answer of a batch: conn.ts fixedQuery).
    keepAnswer: async (key, kept) => {
      await conn.run(
        fixedQuery(conn.db)`INSERT INTO kept_answers (owner, book_key, scope, request, answer)
          VALUES (${owner}, ${key}, ${kept.scope}, ${kept.request}, ${JSON.stringify(kept.answer)})`,
      );
    },
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
      await conn.run(dropKeptQuery(conn.db, owner, key, scope));
    },
  };
}
