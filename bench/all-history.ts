// The history figures of `npm run bench:all` (all.bench.ts): 20k items of one user, searched through the
// repository and over HTTP, the event loop's delay while one user searches, and the list's payload.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';

const QUICK = process.env.BENCH_QUICK === '1';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A figure to the run's table: what was measured against its goal. */
export type Report = (row: { figure: string; measured: string; goal: string; holds: boolean }) => void;

const WORDS = (() => {
  // A vocabulary of 3000 made-up words (deterministic), so searches hit a realistic share of items.
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed / 0x7fffffff);
  const syllables = [
    'ka',
    'ri',
    'ma',
    'lo',
    'sen',
    'ta',
    'bu',
    'ngi',
    'pe',
    'ros',
    'da',
    'hu',
    'lan',
    'mi',
    'tor',
    'sa',
    'we',
    'jan',
    'ko',
    'la',
  ];
  return {
    list: Array.from({ length: 3000 }, () =>
      Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => syllables[Math.floor(rnd() * syllables.length)]).join(''),
    ),
    rnd,
  };
})();
function text(words: number): string {
  return Array.from({ length: words }, () => WORDS.list[Math.floor(WORDS.rnd() ** 2 * WORDS.list.length)]).join(' ');
}

/** A server on a fresh SQLite database, one user with 20 000 history items and another with 2 000. */
async function historyServer() {
  const { openDatabase } = await import('../server/store/sqlite/connect.js');
  const { createContext, createLogger, prepareStore } = await import('../server/start.js');
  const { configFromEnv } = await import('../server/core/config.js');
  const { createApp } = await import('../server/app.js');
  const { createOfflineProvider } = await (await import('../engine/node.js')).loadProviders();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-history-'));
  const config = configFromEnv(
    { ...process.env, OPENAI_API_KEY: '' },
    { dbFile: path.join(dir, 'k.sqlite'), adminEmail: 'admin@karya.test' },
  );
  const database = await openDatabase(config.dbFile);
  const ctx = createContext({
    config,
    database,
    provider: createOfflineProvider(),
    logger: createLogger('warn', pino.destination({ dest: '/dev/null', sync: true })),
  });
  await prepareStore(ctx);
  const server = createServer(createApp(ctx));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signUp = async (email: string) => {
    const res = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-secret' }),
    });
    return {
      cookie: res.headers.get('set-cookie')!.split(';')[0]!,
      id: ((await res.json()) as { user: { id: string } }).user.id,
    };
  };
  const alice = await signUp('alice@karya.test');
  const bob = await signUp('bob@karya.test');
  const types = ['romance', 'poem', 'amazon_pdp', 'riddles', 'self_help', 'cover', 'sci_fi', 'guide'];
  const insert = database.sqlite.prepare(
    'INSERT INTO content_history (user_id, title, content_type, ' +
      'content, generator_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  database.sqlite.transaction(() => {
    for (let i = 0; i < 22_000; i++) {
      const owner = i % 11 === 10 ? bob.id : alice.id;
      const type = types[i % types.length]!;
      insert.run(
        owner,
        `${text(4)} — Chapter ${i % 40}`,
        type,
        `# ${text(5)}\n\n${text(300)}`,
        type,
        new Date(1_700_000_000_000 + i * 1000).toISOString(),
      );
    }
  })();
  const { sqliteRepositories, Store } = await import('../server/store/sqlite/index.js');
  const repos = sqliteRepositories(new Store(database.db, database.sqlite));
  const common = WORDS.list[0]!;
  const rare = WORDS.list[2900]!;
  const searches = [
    common,
    rare,
    `${WORDS.list[3]} ${WORDS.list[10]}`,
    common.slice(0, 2),
    'nothingmatches',
    'chapter 7',
  ];

  return { database, server, url, dir, alice, repos, searches };
}

/** The event loop's delay while a client searches back to back, against the same client asking /api/health. */
async function benchStreamingDelay(
  url: string,
  cookie: string,
  searches: readonly string[],
  report: Report,
): Promise<void> {
  // Streaming delay: the event loop's delay while a client searches back to back (4 connections), vs the
  // same client asking /api/health. A streamed delta waits exactly this long for its turn. The two run in
  // alternating half-second rounds, each into its own histogram, so a change in the machine's load (other
  // processes) falls on both alike instead of on whichever ran second.
  // The delay is sampled by a 1 ms timer's lateness (what monitorEventLoopDelay does), recorded into the
  // round's own list; a histogram from monitorEventLoopDelay cannot be paused and resumed without
  // counting the pause as a delay.
  const delays = { reference: [] as number[], searching: [] as number[] };
  const requests = { reference: 0, searching: 0 };
  const cpu = { reference: 0, searching: 0 };
  let phase: keyof typeof delays | undefined;
  let sampling = true;
  const sample = () => {
    const due = performance.now() + 1;
    setTimeout(() => {
      if (phase) delays[phase].push(performance.now() - due);
      if (sampling) sample();
    }, 1);
  };
  sample();
  const hammer = async (into: keyof typeof delays, pathAndQuery: (i: number) => string, ms: number) => {
    phase = into;
    const used = process.cpuUsage();
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < until) {
          try {
            const res = await fetch(`${url}${pathAndQuery(requests[into]++)}`, { headers: { cookie: cookie } });
            await res.arrayBuffer();
          } catch {
            // A kept-alive connection closed under the client on a loaded machine: ask again.
          }
        }
      }),
    );
    phase = undefined;
    const { user, system } = process.cpuUsage(used);
    cpu[into] += (user + system) / 1000;
  };
  const seconds = QUICK ? 1500 : 3000;
  for (let round = 0; round < seconds / 500; round++) {
    await hammer('reference', () => '/api/health', 250);
    await hammer('searching', (i) => `/api/history?search=${encodeURIComponent(searches[i % searches.length]!)}`, 500);
    await hammer('reference', () => '/api/health', 250);
  }
  sampling = false;
  const summary = (k: keyof typeof delays) => {
    const xs = delays[k].sort((a, b) => a - b);
    return {
      p99: xs[Math.floor(xs.length * 0.99)] ?? 0,
      max: xs[xs.length - 1] ?? 0,
      requests: requests[k],
      cpuPerRequest: cpu[k] / Math.max(1, requests[k]),
    };
  };
  const reference = summary('reference');
  const searching = summary('searching');
  process.stdout.write(
    `  event-loop delay: searching p99 ${searching.p99.toFixed(1)} ms, max ${searching.max.toFixed(1)} ms ` +
      `(${searching.requests} searches); reference /api/health p99 ${reference.p99.toFixed(1)} ms, ` +
      `max ${reference.max.toFixed(1)} ms; CPU of this process (server and client) per request: ` +
      `search ${searching.cpuPerRequest.toFixed(2)} ms, /api/health ${reference.cpuPerRequest.toFixed(2)} ms\n`,
  );
  report({
    figure: "delay to others' streaming while one user searches",
    measured:
      `event-loop delay p99 ${searching.p99.toFixed(1)} ms vs ${reference.p99.toFixed(1)} ` +
      `ms for /api/health (${(searching.p99 / Math.max(0.001, reference.p99)).toFixed(2)}×)`,
    goal: 'no added delay (p99 within 2 ms of the reference)',
    holds: searching.p99 <= reference.p99 + 2,
  });
}

export async function benchHistory(report: Report): Promise<void> {
  process.stdout.write('\nHistory (SQLite, one user with 20 000 items, another with 2 000)\n');
  const { database, server, url, dir, alice, repos, searches } = await historyServer();
  // Reference: the old query (every row of the user scanned on the event loop, content included, 200 items).
  const old = database.sqlite
    .prepare(`SELECT id, title, content_type, content, generator_id, created_at FROM content_history WHERE user_id = ?
    AND (lower(title) LIKE ? ESCAPE '\\' OR lower(content_type) LIKE ? ESCAPE '\\') ORDER BY id DESC LIMIT 200`);
  const oldTypes = database.sqlite.prepare(
    'SELECT DISTINCT content_type FROM content_history WHERE user_id = ? ORDER BY content_type',
  );
  const time = async (fn: () => unknown, n: number) => {
    const xs: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      xs.push(performance.now() - t);
    }
    return median(xs);
  };
  const perSearchOld: number[] = [];
  const perSearchNew: number[] = [];
  for (const s of searches) {
    const pattern = `%${s.toLowerCase()}%`;
    perSearchOld.push(await time(() => (old.all(alice.id, pattern, pattern), oldTypes.all(alice.id)), 15));
    // The route's database work: one page and the types (each query runs synchronously in a turn of its
    // own; awaiting adds those turns, so this is an upper bound on the time the event loop is held).
    perSearchNew.push(
      await time(
        () =>
          Promise.all([
            repos.history.list({ userId: alice.id, search: s, limit: 50 }),
            repos.history.types({ userId: alice.id }),
          ]),
        200,
      ),
    );
  }
  const worstNew = Math.max(...perSearchNew);
  const worstOld = Math.max(...perSearchOld);
  process.stdout.write(
    `  searches ${JSON.stringify(searches)}\n  new (FTS5 page + types) ` +
      `ms: ${perSearchNew.map((x) => x.toFixed(3)).join(', ')}\n  old (LIKE ` +
      `scan) ms:         ${perSearchOld.map((x) => x.toFixed(2)).join(', ')}\n`,
  );
  // The goal is 2 ms on an idle machine, where the old scan took 25.7 ms (the figure): on a loaded
  // machine it holds when the search is at most 2/25.7 of the old scan measured in the same run.
  report({
    figure: 'history search, 20k items',
    measured:
      `worst ${worstNew.toFixed(3)} ms per search = ${(worstNew / worstOld).toFixed(4)}× ` +
      `the old full scan (${worstOld.toFixed(1)} ms) in this run`,
    goal: '≤ 2 ms (idle; loaded: ≤ 0.078× the old scan)',
    holds: worstNew <= 2 || worstNew / worstOld <= 2 / 25.7,
  });

  await benchStreamingDelay(url, alice.cookie, searches, report);

  // Payload: the studio's first page vs the old answer.
  const page = await (await fetch(`${url}/api/history?limit=30`, { headers: { cookie: alice.cookie } })).text();
  const oldPayload = JSON.stringify({
    items: old.all(alice.id, '%%', '%%'),
    types: oldTypes.all(alice.id).map((r) => (r as { content_type: string }).content_type),
  });
  report({
    figure: 'history list payload',
    measured:
      `first page ${(page.length / 1024).toFixed(1)} KiB (titles and metadata, 30 ` +
      `items, content on open) = ${(page.length / oldPayload.length).toFixed(3)}× the ` +
      `old answer (${(oldPayload.length / 1024).toFixed(0)} KiB, 200 items with content)`,
    goal: 'no content in lists',
    holds: !page.includes('"content"'),
  });
  server.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
