// A server killed (SIGKILL) while it builds an imported book's story bible: the credits held for the bible stay
// held, the part cut off goes back to the hold, and the next start goes on with the build where it stopped. In
// the end the credits charged are the parts built, each once (balance before − balance after = parts × cost),
// and every part is in the bible. A real `karya serve` process on a SQLite file; the model is the fake OpenAI
// server in this process, which holds the third bible request of the first server unanswered until the kill.
import type { ChildProcess } from 'node:child_process';

import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { json, killAll, spawnKarya } from '../karya-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { malayManuscript } from '../import/manuscript.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { Store } from '../../server/store/sqlite/index.js';
import { tempDir } from '../temp.js';

const children: ChildProcess[] = [];
let fake: FakeOpenAI | undefined;
afterAll(async () => {
  killAll(children);
  await fake?.close();
});

/** Five Malay chapters as a romance (its conclusion still to write): five parts for the bible, a credit each. */
const PARTS = 5;
const COST = 1;

const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve),
  );

describe("SIGKILL while an imported book's story bible is built", () => {
  it('the next start finishes the build, charged once for each part it read', async () => {
    let isFirstLife = true;
    let bibleAsks = 0;
    let cutOff!: () => void;
    const isCutOff = new Promise<void>((resolve) => (cutOff = resolve));
    fake = await startFakeOpenAI(
      underWriter(1).fakeOptions({
        reply: (body) => {
          if (!isBibleRequest(userOf(body))) return undefined;
          bibleAsks++;
          if (!isFirstLife || bibleAsks < 3) return undefined;
          // The first server's third bible request: held until the server is killed.
          cutOff();
          return { hang: true };
        },
      }),
    );
    const dbFile = path.join(tempDir('karya-import-crash-'), 'karya.sqlite');
    const env = {
      ...process.env,
      KARYA_DB: dbFile,
      KARYA_SCRYPT_LOG_N: '4',
      KARYA_LOG_LEVEL: 'warn',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseURL,
      KARYA_GENERATION_BURST: '100000',
      KARYA_GENERATION_PER_MINUTE: '100000',
    };
    const serve = () =>
      spawnKarya(['serve', '--port', '0'], /running at (http:\/\/\S+)/, { env, timeoutMs: 30_000, children });

    const first = await serve();
    let url = first.match[1]!;
    const writer = await json(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      body: { email: 'writer@karya.test', password: 'karya-secret1' },
    });
    const userId = (writer.body.user as { id: string }).id;
    const balance = async () =>
      (await json(`${url}/api/me`, { cookie: writer.cookie! })).body.credits_available as number;
    const before = await balance();
    const imported = await fetch(`${url}/api/books/import?file=bab.txt&generator=romance`, {
      method: 'POST',
      headers: { cookie: writer.cookie!, 'content-type': 'application/octet-stream' },
      body: malayManuscript(PARTS, 'roman'),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ cost: { credits: PARTS * COST, parts: PARTS } });
    await isCutOff;
    first.child.kill('SIGKILL');
    await exited(first.child);
    isFirstLife = false;

    const second = await serve();
    url = second.match[1]!;
    // The build goes on by itself at the start (nothing is asked of the book meanwhile).
    await vi.waitFor(() => expect(bibleAsks).toBe(PARTS + 1), { timeout: 30_000, interval: 50 });
    const book = await vi.waitFor(
      async () => {
        const saved = (await json(`${url}/api/progress/romance`, { cookie: writer.cookie! })).body.book as {
          bible_updating?: boolean;
          bible_lacking?: unknown;
          bible_notes: string;
          parts: Array<{ label: string; bible_updated?: false }>;
        };
        expect(saved.bible_updating).toBeUndefined();
        return saved;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(book.bible_lacking).toBeUndefined();
    expect(book.parts.map((p) => p.label)).toEqual(['Bab 1', 'Bab 2', 'Bab 3', 'Bab 4', 'Bab 5']);
    expect(book.parts.every((p) => p.bible_updated !== false)).toBe(true);
    expect(book.bible_notes).not.toBe('');
    expect(before - (await balance())).toBe(PARTS * COST);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const database = await openDatabase(dbFile);
    try {
      const store = new Store(database.db, database.sqlite);
      // Every part in the bible; each charged once: the held row only, nothing given back, one paid generation a part.
      expect(
        store.first(store.db.selectFrom('books').select('memory_up_to').where('owner', '=', userId))?.memory_up_to,
      ).toBe(PARTS);
      const ledger = store.all(
        store.db
          .selectFrom('credit_transactions')
          .select(['type', 'amount'])
          .where('user_id', '=', userId)
          .orderBy('id'),
      );
      expect(ledger.slice(1).map((r) => [r.type, r.amount])).toEqual([['charge', -PARTS * COST]]);
      const parts = store.all(
        store.db
          .selectFrom('generations')
          .select(['step', 'status', 'credits_charged'])
          .where('user_id', '=', userId)
          .orderBy('created_at'),
      );
      expect(
        parts
          .filter((g) => g.status === 'succeeded')
          .map((g) => g.step)
          .sort(),
      ).toEqual(['import:1', 'import:2', 'import:3', 'import:4', 'import:5']);
      expect(parts.filter((g) => g.status === 'succeeded').reduce((sum, g) => sum + g.credits_charged, 0)).toBe(
        PARTS * COST,
      );
      // The part cut off went back to the hold (no ledger row: the balance never had it back).
      expect(parts.filter((g) => g.status !== 'succeeded')).toEqual([
        { step: 'import:3', status: 'refunded', credits_charged: COST },
      ]);
    } finally {
      await database.close();
    }
  }, 90_000);
});
