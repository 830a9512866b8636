// A queued batch's tables on Postgres (`karya batch --queue`, server/queue/batch.ts): the batch's row with its
// rpm/tpm budget, one row per book with its status and progress, and the calls counted against the budget.
// Every query of the batch tables is here; the queue and the command call these use cases. A notice to the
// waiting command goes out by NOTIFY on BATCH_CHANNEL, in the statement of the change it announces.
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Database } from '../schema.js';
import { BATCH_CHANNEL, BATCH_OWNER } from './batch-names.js';

/** A batch's budget row. */
export interface BatchBudget {
  id: string;
  rpm: number | null;
  tpm: number | null;
  window_ms: number;
}

/** A book of a batch that ended (done or failed), with the cover a picture job made. */
export interface EndedBatchBook {
  job_key: string;
  status: 'queued' | 'done' | 'failed';
  error_code: string | null;
  message: string | null;
  png: Uint8Array | null;
}

/** Run raw SQL on a connection (pg-boss's `db` option): the transaction's, in `submit`. */
export type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

export interface BatchRepository {
  /** The batch's row and its books' rows, and `also` (pg-boss's insert of the first jobs) on the same transaction. */
  submit(
    batch: {
      id: string;
      rpm: number | null;
      tpm: number | null;
      windowMs: number;
      books: ReadonlyArray<{ key: string; isFinished: boolean }>;
    },
    also?: (executeSql: ExecuteSql) => Promise<void>,
  ): Promise<void>;
  /** The batch's budget, or undefined when the batch was stopped. */
  find(batchId: string): Promise<BatchBudget | undefined>;
  /** The batch's books that ended. */
  ended(batchId: string): Promise<EndedBatchBook[]>;
  /** A book failed: its row says why, and the command is told (`notice`) when given. */
  fail(input: { batchId: string; key: string; code: string; message: string; notice?: object }): Promise<void>;
  /** Tell the waiting command (a progress line). */
  notify(batchId: string, notice: object): Promise<void>;
  /** A book's steps done and its notice, in one statement; answers whether the batch still runs. */
  progress(input: { batchId: string; key: string; stepsDone: number; notice: object }): Promise<boolean>;
  /**
   * A book's end and its notice in one statement (its picture kept when it made one), after its last step's progress
   * and notice when given.
   */
  finish(input: {
    batchId: string;
    key: string;
    png: Uint8Array | null;
    notice: object;
    step?: { stepsDone: number; notice: object };
  }): Promise<void>;
  /** The batch is stopped (its command interrupted): its chains end after their running steps. */
  stop(batchId: string): Promise<void>;
  /**
   * One try at a place in a batch's budget for a call of `tokens`: 0 when taken, else the milliseconds to wait
   * before trying again. Decided under an advisory lock in the database's clock, so workers on any machines
   * share one window; older places stay (the sweep drops them after an hour).
   */
  takePlace(input: {
    batchId: string;
    rpm: number | null;
    tpm: number | null;
    windowMs: number;
    tokens: number;
  }): Promise<number>;
  /** Drop the counted calls older than `before` (epoch ms). */
  dropPlaces(before: number): Promise<void>;
  /**
   * Hold one book of the batches (one step of a book at a time, even across two batches): an advisory lock on a
   * connection of `pool`, whose saves do not wait for the disk (synchronous_commit off). `db` runs on that
   * connection; `batches` answers there too.
   */
  holdBook(
    key: string,
    pool: pg.Pool,
  ): Promise<{ db: Kysely<Database>; batches: BatchRepository; release(): Promise<void> }>;
}

const notice = (batchId: string, value: object) => `${batchId} ${JSON.stringify(value)}`;

/** The batch tables on `db`; NOTIFYs without a statement of their own go through `pool`. */
export function postgresBatches(db: Kysely<Database>, pool: Pick<pg.Pool, 'query'>): BatchRepository {
  const repo: BatchRepository = {
    submit: async (batch, also) => {
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('batches')
          .values({ id: batch.id, rpm: batch.rpm, tpm: batch.tpm, window_ms: batch.windowMs, created_at: now })
          .execute();
        if (batch.books.length)
          await trx
            .insertInto('batch_books')
            .values(
              batch.books.map((book) => ({
                batch_id: batch.id,
                job_key: book.key,
                status: book.isFinished ? 'done' : 'queued',
                updated_at: now,
              })),
            )
            .execute();
        await also?.(async (text, values) => ({
          rows: [...(await trx.executeQuery(CompiledQuery.raw(text, values))).rows],
        }));
      });
    },
    find: (batchId) =>
      db.selectFrom('batches').select(['id', 'rpm', 'tpm', 'window_ms']).where('id', '=', batchId).executeTakeFirst(),
    ended: (batchId) =>
      db
        .selectFrom('batch_books')
        .select(['job_key', 'status', 'error_code', 'message', 'png'])
        .where('batch_id', '=', batchId)
        .where('status', '!=', 'queued')
        .execute(),
    fail: (input) => failRow(db, input),
    notify: async (batchId, told) => {
      await pool.query('SELECT pg_notify($1, $2)', [BATCH_CHANNEL, notice(batchId, told)]);
    },
    progress: async ({ batchId, key, stepsDone, notice: told }) => {
      const { rows } = await sql<{ running: boolean }>`
        WITH progress AS (
          UPDATE batch_books SET steps_done = ${stepsDone}, updated_at = ${Date.now()}
          WHERE batch_id = ${batchId} AND job_key = ${key}
        )
        SELECT pg_notify(${BATCH_CHANNEL}, ${notice(batchId, told)}),
          EXISTS (SELECT 1 FROM batches WHERE id = ${batchId}) AS running`.execute(db);
      return rows[0]?.running !== false;
    },
    finish: async ({ batchId, key, png, notice: told, step }) => {
      const cover = png ? Buffer.from(png.buffer, png.byteOffset, png.byteLength) : null;
      // (The two notices in the order written: NOTIFY keeps a transaction's notices in the order they were sent.)
      if (step) {
        await sql`
          WITH done AS (
            UPDATE batch_books SET status = 'done', steps_done = ${step.stepsDone}, updated_at = ${Date.now()},
              png = COALESCE(${cover}, png)
            WHERE batch_id = ${batchId} AND job_key = ${key}
          )
          SELECT pg_notify(${BATCH_CHANNEL}, ${notice(batchId, step.notice)}),
            pg_notify(${BATCH_CHANNEL}, ${notice(batchId, told)})`.execute(db);
        return;
      }
      await sql`
        WITH done AS (
          UPDATE batch_books SET status = 'done', updated_at = ${Date.now()}, png = COALESCE(${cover}, png)
          WHERE batch_id = ${batchId} AND job_key = ${key}
        )
        SELECT pg_notify(${BATCH_CHANNEL}, ${notice(batchId, told)})`.execute(db);
    },
    stop: async (batchId) => {
      await db.deleteFrom('batches').where('id', '=', batchId).execute();
    },
    takePlace: (input) => takePlace(db, input),
    dropPlaces: async (before) => {
      await db.deleteFrom('rate_calls').where('at', '<', before).execute();
    },
    holdBook: (key, locks) => holdBook(key, locks),
  };
  return repo;
}

/** BatchRepository.takePlace: one try at a place in the batch's budget, under its advisory lock. */
function takePlace(
  db: Kysely<Database>,
  input: { batchId: string; rpm: number | null; tpm: number | null; windowMs: number; tokens: number },
): Promise<number> {
  const { batchId, rpm, tpm, windowMs, tokens } = input;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`karya_budget:${batchId}`}))`.execute(trx);
    const now = Number(
      (
        await sql<{ now: string }>`SELECT floor(extract(epoch from clock_timestamp()) * 1000)::bigint AS now`.execute(
          trx,
        )
      ).rows[0]!.now,
    );
    const calls = await trx
      .selectFrom('rate_calls')
      .select(['at', 'tokens'])
      .where('budget', '=', batchId)
      .where('at', '>', now - windowMs)
      .orderBy('at')
      .execute();
    const used = calls.reduce((n, c) => n + c.tokens, 0);
    const isRpmFull = rpm !== null && calls.length >= rpm;
    const isTpmFull = tpm !== null && used + tokens > tpm;
    if (!isRpmFull && !isTpmFull) {
      await trx.insertInto('rate_calls').values({ budget: batchId, at: now, tokens }).execute();
      return 0;
    }
    // Wait until enough of the oldest calls leave the window.
    let index = 0;
    if (isRpmFull) index = Math.max(index, calls.length - rpm!);
    if (isTpmFull) {
      let freed = 0;
      let i = 0;
      while (i < calls.length && used - freed + tokens > tpm!) freed += calls[i++]!.tokens;
      index = Math.max(index, i - 1);
    }
    return Math.max(5, calls[Math.min(index, calls.length - 1)]!.at + windowMs - now + 1);
  });
}

/** BatchRepository.holdBook: the book's advisory lock on a connection of `locks`, saves not waiting for the disk. */
async function holdBook(
  key: string,
  locks: pg.Pool,
): Promise<{ db: Kysely<Database>; batches: BatchRepository; release(): Promise<void> }> {
  const lock = await locks.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext($1)), set_config('synchronous_commit', 'off', false)", [
      `karya_batch_book|${BATCH_OWNER}|${key}`,
    ]);
  } catch (error) {
    lock.release(true);
    throw error;
  }
  const held = onClient(lock);
  return {
    db: held,
    batches: postgresBatches(held, lock),
    release: () =>
      lock
        .query(
          "SELECT pg_advisory_unlock_all(), set_config('synchronous_commit', (SELECT " +
            "reset_val FROM pg_settings WHERE name = 'synchronous_commit'), false)",
        )
        .then(
          () => lock.release(),
          () => lock.release(true),
        ),
  };
}

/** Queries on one held connection (the book's lock connection), as Kysely runs them on a pool. */
function onClient(client: pg.PoolClient): Kysely<Database> {
  const held = { query: client.query.bind(client), release: () => undefined };
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => held, end: async () => undefined } as never }),
  });
}

/** A book's row failed, and its notice (when given) sent by the same statement. */
async function failRow(
  db: Kysely<Database>,
  input: { batchId: string; key: string; code: string; message: string; notice?: object },
): Promise<void> {
  const { batchId, key, code, message, notice: told } = input;
  if (!told) {
    await db
      .updateTable('batch_books')
      .set({ status: 'failed', error_code: code, message, updated_at: Date.now() })
      .where('batch_id', '=', batchId)
      .where('job_key', '=', key)
      .execute();
    return;
  }
  // As a book's end (finish): the notice is sent by the commit that fails the row, never after a reader saw the row
  // failed (the command waits for it: cli/batch/queued-ends.ts).
  const now = Date.now();
  await sql`
    WITH failed AS (
      UPDATE batch_books SET status = 'failed', error_code = ${code}, message = ${message}, updated_at = ${now}
      WHERE batch_id = ${batchId} AND job_key = ${key}
    )
    SELECT pg_notify(${BATCH_CHANNEL}, ${notice(batchId, told)})`.execute(db);
}
