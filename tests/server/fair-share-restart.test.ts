// A writer's fair share after the server is killed (docs/api.md "Fair shares"): a SQLite server killed with SIGKILL
// while the writer has two costly requests under way (two manuscripts still being uploaded for a preview), started
// again on the same file, serves the writer's next costly request at once. The requests it held ended with it; the
// writer is not refused with 429 too_many_at_once until their leases would have expired (30 s).
import type { ChildProcess } from 'node:child_process';
import { request, type ClientRequest } from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { json, killAll, spawnKarya } from '../karya-process.js';
import { tempDir } from '../temp.js';

const children: ChildProcess[] = [];
afterAll(() => killAll(children));

const RUNNING = /running at (http:\/\/\S+)/;
const TEXT = 'Chapter 1\n\nIt was late when the ferry came in, and the harbour lights were already out.\n';

/** A preview upload whose body is still coming: its first bytes sent, the rest of the declared 100 KB never. */
function heldPreview(url: string, cookie: string): ClientRequest {
  const req = request(new URL(`${url}/api/books/import/preview?file=book.txt`), {
    method: 'POST',
    headers: { cookie, 'content-type': 'text/plain', 'content-length': String(100 * 1024) },
  });
  req.on('error', () => undefined);
  req.write(TEXT);
  return req;
}

/** A whole preview of the manuscript, as a writer's browser sends it. */
async function preview(url: string, cookie: string): Promise<{ status: number; body: { error?: { code?: string } } }> {
  const headers = { cookie, 'content-type': 'text/plain' };
  const res = await fetch(`${url}/api/books/import/preview?file=book.txt`, { method: 'POST', headers, body: TEXT });
  return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
}

describe('a SQLite server killed while a writer has costly requests under way', () => {
  it("started again on the same file, serves the writer's next costly request at once", async () => {
    const dbFile = path.join(tempDir('karya-share-restart-'), 'karya.sqlite');
    const env: NodeJS.ProcessEnv = { ...process.env, KARYA_DB: dbFile, KARYA_SCRYPT_LOG_N: '4' };
    env.KARYA_LOG_LEVEL = 'warn';
    env.OPENAI_API_KEY = '';
    const serve = () => spawnKarya(['serve', '--port', '0'], RUNNING, { env, timeoutMs: 30_000, children });
    const first = await serve();
    const url = first.match[1]!;
    const account = { email: 'writer@karya.test', password: 'karya-secret1' };
    const { cookie } = await json(`${url}/api/auth/sign-up/email`, { method: 'POST', body: account });

    const held = [heldPreview(url, cookie!), heldPreview(url, cookie!)];
    // Both under way (their leases kept in the file), so a third is refused: the writer's share is two.
    const file = new SQLite(dbFile, { readonly: true });
    try {
      const leases = () => file.prepare('SELECT count(*) AS n FROM share_leases').get();
      await vi.waitFor(() => expect(leases()).toEqual({ n: 2 }), { timeout: 10_000, interval: 50 });
    } finally {
      file.close();
    }
    const third = await preview(url, cookie!);
    expect([third.status, third.body.error?.code]).toEqual([429, 'too_many_at_once']);

    first.child.kill('SIGKILL');
    const { child } = first;
    const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
    await new Promise((r) => (hasEnded() ? r(undefined) : child.once('exit', r)));
    for (const req of held) req.destroy();

    const second = await serve();
    const again = await preview(second.match[1]!, cookie!);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  }, 60_000);
});
