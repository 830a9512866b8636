// One writer of a SQLite file: a second server started on the file while the first drains after SIGTERM waits for it
// (its log names the file and the first one's process), and never refunds or ends the first one's running work: the
// chapter the first was streaming is saved and charged once, and the second starts once the first has let go. A start
// told to wait no longer (KARYA_DB_WAIT_MS=0) refuses, naming the file and the process that holds it. Real
// processes: SIGTERM and two servers on one file are the point.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, killAll, spawnKarya } from '../karya-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { tempDir } from '../temp.js';

const children: ChildProcess[] = [];
const dir = tempDir('karya-second-server-');
let fake: FakeOpenAI | undefined;
afterAll(async () => {
  killAll(children);
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.exitCode)
      : child.once('exit', (code) => resolve(code)),
  );

describe("a second server on a draining server's SQLite file", () => {
  it(
    'waits for the first, whose chapter is saved and charged once; ' +
      'told not to wait, it refuses naming the file and the process',
    async () => {
      // A model that writes each word after `pauseMs` (read before each word: a stream going on feels a change).
      let pauseMs = 0;
      fake = await startFakeOpenAI(underWriter(1).fakeOptions({ streamDelayMs: () => pauseMs }));
      const dbFile = path.join(dir, 'karya.sqlite');
      const env = {
        ...process.env,
        KARYA_DB: dbFile,
        KARYA_SCRYPT_LOG_N: '4',
        KARYA_LOG_LEVEL: 'warn',
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.baseURL,
      };
      const first = await spawnKarya(['serve', '--port', '0'], /running at (http:\/\/\S+)/, {
        env,
        timeoutMs: 60_000,
        children,
      });
      const url = first.match[1]!;
      const writer = await json(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        body: { email: 'writer@karya.test', password: 'karya-secret1' },
      });
      const cookie = writer.cookie!;
      const userId = (writer.body.user as { id: string }).id;
      const step = () =>
        fetch(`${url}/api/generators/romance/generate`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: url },
          body: JSON.stringify({ settings: { numberOfChapters: 3 } }),
        });
      // The outline and the introduction, then Chapter 1 streamed slowly.
      for (let i = 0; i < 2; i++)
        expect((await step().then((r) => r.text())).trim().split('\n\n').at(-1)).toMatch(/^event: done/);
      pauseMs = 40;
      const chapter = await step();
      expect(chapter.status).toBe(200);
      const reader = chapter.body!.getReader();
      let streamed = '';
      const readUntil = async (needle: string) => {
        while (!streamed.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended: ${streamed.slice(-400)}`);
          streamed += new TextDecoder().decode(value);
        }
      };
      await readUntil('event: delta');

      // SIGTERM: the first drains (its chapter goes on); a second start on the file waits, naming who holds it.
      first.child.kill('SIGTERM');
      const pid = String(first.child.pid);
      const second = await spawnKarya(['serve', '--port', '0'], /waiting for it to stop/, {
        env,
        timeoutMs: 60_000,
        children,
      });
      expect(second.output()).toContain(dbFile);
      expect(second.output()).toContain(`process ${pid}`);
      // Told not to wait, a third refuses at once, naming the file and the process.
      await expect(
        spawnKarya(['serve', '--port', '0'], /running at/, {
          env: { ...env, KARYA_DB_WAIT_MS: '0' },
          timeoutMs: 60_000,
          children,
        }),
      ).rejects.toThrow(
        new RegExp(
          `exited with 1: [\\s\\S]*${dbFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ` +
            `is in use by another Karya server \\(process ${pid} on `,
        ),
      );
      expect(second.child.exitCode).toBeNull();

      // The chapter finishes on the first server, which then lets go of the file; the second starts.
      pauseMs = 0;
      await readUntil('event: done');
      expect(streamed).not.toContain('event: error');
      const done = JSON.parse(/event: done\ndata: (.*)\n/.exec(streamed)![1]!) as {
        generation_id: string;
        label: string;
      };
      expect(await exited(first.child)).toBe(0);
      const running = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the second server did not start: ${second.output()}`)),
          60_000,
        );
        const poll = setInterval(() => {
          const found = /running at (http:\/\/\S+)/.exec(second.output());
          if (!found) return;
          clearTimeout(timer);
          clearInterval(poll);
          resolve(found[1]!);
        }, 50);
      });
      // On the second server the chapter is there, written.
      const progress = await json(`${running}/api/progress/romance`, { cookie });
      expect(progress.body.book.parts.filter((p: { kind: string }) => p.kind === 'chapter').length).toBe(1);

      // Charged once, never refunded: the generation succeeded.
      second.child.kill('SIGTERM');
      await exited(second.child);
      const database = await openDatabase(dbFile);
      try {
        const rows = await database.db
          .selectFrom('credit_transactions')
          .select(['type', 'reference'])
          .where('user_id', '=', userId)
          .execute();
        expect(rows.filter((r) => r.reference === done.generation_id).map((r) => r.type)).toEqual(['charge']);
        expect(rows.filter((r) => r.type === 'refund')).toEqual([]);
        const generation = await database.db
          .selectFrom('generations')
          .select('status')
          .where('id', '=', done.generation_id)
          .executeTakeFirst();
        expect(generation?.status).toBe('succeeded');
      } finally {
        await database.close();
      }
    },
    180_000,
  );
});
