// A server killed (SIGKILL) while it makes an edition, on SQLite: the writer's resume on the restarted server starts
// at once (the dead process's lease is not waited for), the part the killed run had charged and not delivered is
// given back, and the edition is finished paying each part once. A real process, since SIGKILL is the point.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventStream, json, killAll, spawnKarya } from '../karya-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { CHAPTERS, romanceSaves } from '../translate/book.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { hashPassword } from '../../server/auth/password.js';
import { tempDir } from '../temp.js';

const children: ChildProcess[] = [];
const dir = tempDir('karya-edition-crash-');
let fake: FakeOpenAI | undefined;
afterAll(async () => {
  killAll(children);
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const EMAIL = 'translator@karya.test';
const PASSWORD = 'karya-secret1';
const CREDITS = 20;

/** The writer and their 5-chapter romance saved in the database file before any server opens it. */
async function seed(dbFile: string): Promise<{ userId: string; bookId: number }> {
  const database = await openDatabase(dbFile);
  try {
    const repos = sqliteRepositories(new Store(database.db, database.sqlite));
    const user = (await repos.users.create({
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD, 4),
      role: 'free',
    }))!;
    await database.db.updateTable('users').set({ credits_available: CREDITS }).where('id', '=', user.id).execute();
    const bookId = await repos.books.saveImport({ userId: user.id, key: 'romance', saves: romanceSaves('en') });
    return { userId: user.id, bookId };
  } finally {
    await database.close();
  }
}

/** The writer's ledger as the database keeps it: charges and refunds. */
async function ledgerOf(dbFile: string, userId: string) {
  const database = await openDatabase(dbFile);
  try {
    const rows = await database.db
      .selectFrom('credit_transactions')
      .select(['type', 'amount', 'reason'])
      .where('user_id', '=', userId)
      .execute();
    return {
      charged: rows.filter((r) => r.type === 'charge').length,
      refunded: rows.filter((r) => r.type === 'refund').length,
      rows,
    };
  } finally {
    await database.close();
  }
}

describe('a server killed mid-edition (SQLite)', () => {
  it(
    'lets the writer resume at once on the restarted server, ' + 'the killed part refunded and each part paid once',
    async () => {
      const translator = fakeTranslator();
      // After the first part, the model stops answering: the run is killed with the second part charged and under way.
      let isHanging = false;
      fake = await startFakeOpenAI({
        reply: (body) => (isTranslateRequest(body) && isHanging ? { hang: true } : translator.reply(body)),
      });
      const dbFile = path.join(dir, 'karya.sqlite');
      const { userId, bookId } = await seed(dbFile);
      const env = {
        ...process.env,
        KARYA_DB: dbFile,
        KARYA_SCRYPT_LOG_N: '4',
        KARYA_LOG_LEVEL: 'warn',
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.baseURL,
      };
      const serve = () =>
        spawnKarya(['serve', '--port', '0'], /running at (http:\/\/\S+)/, { env, timeoutMs: 60_000, children });

      const first = await serve();
      const url = first.match[1]!;
      const signedIn = await json(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        body: { email: EMAIL, password: PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.cookie!;
      const started = await fetch(`${url}/api/books/${bookId}/editions`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: url },
        body: JSON.stringify({ to: 'ms' }),
      });
      expect(started.status).toBe(200);
      const events = eventStream(started);
      await events.waitFor('event: part');
      isHanging = true;
      const seen = fake.chatRequests().length;
      await fake.waitForChatRequests(seen + 1);
      first.child.kill('SIGKILL');
      await new Promise((resolve) =>
        first.child.exitCode !== null || first.child.signalCode !== null
          ? resolve(undefined)
          : first.child.once('exit', resolve),
      );
      // Killed: the first part paid and delivered, the second charged and never delivered.
      expect((await ledgerOf(dbFile, userId)).charged).toBe(2);

      isHanging = false;
      const second = await serve();
      const again = second.match[1]!;
      const resumed = await json(`${again}/api/books/${bookId}/editions`, {
        method: 'POST',
        cookie,
        body: { to: 'ms' },
      });
      // At once: no 409 edition_running for the dead process's lease.
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.edition).toMatchObject({ lang: 'ms', parts_done: CHAPTERS });
      expect(resumed.body.credits_charged).toBe(CHAPTERS - 1);
      expect(resumed.body.credits_available).toBe(CREDITS - CHAPTERS);
      // Charged = delivered: the killed part's charge came back, each part was paid once.
      const ledger = await ledgerOf(dbFile, userId);
      expect(ledger.charged - ledger.refunded).toBe(CHAPTERS);
      expect(ledger.rows.filter((r) => r.type === 'refund')).toEqual([expect.objectContaining({ amount: 1 })]);
    },
    180_000,
  );
});
