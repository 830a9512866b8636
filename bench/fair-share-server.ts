// The server `npm run bench:fair-share` measures (bench/fair-share.bench.ts), in a child process: startServer with
// SQLite in a new folder, logging at info level to /dev/null, its model a fake that translates
// (tests/fake-translator.ts). The parent starts it (startChild) and, over IPC, has a writer's book saved in its store
// and asks its event loop's delays; this file run with `--child` is the child.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const SELF = fileURLToPath(import.meta.url);
export const ADMIN = { email: 'bench-admin@karya.test', password: 'bench-admin-secret' };

/** The child: the server, and the book of a writer the parent names (`seed`) saved in its store. */
export async function serveChild(): Promise<void> {
  const [{ startFakeOpenAI }, { fakeTranslator }, { underWriter }, { romanceSaves }, { startServer }] =
    await Promise.all([
      import('../tests/fake-openai.js'),
      import('../tests/fake-translator.js'),
      import('../tests/scripted-models.js'),
      import('../tests/translate/book.js'),
      import('../server/index.js'),
    ]);
  const translator = fakeTranslator();
  const fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }));
  // The provider is read from the process's environment.
  Object.assign(process.env, { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseURL });
  const running = await startServer({ port: 0 });
  process.send!({ url: running.url.replace('localhost', '127.0.0.1') });
  // The event loop's delays (how long a request that arrived had to wait for the loop), phase by phase.
  const delays = monitorEventLoopDelay({ resolution: 5 });
  delays.enable();
  process.on('message', (message: { seed: string } | { delays: true } | { stop: true }) => {
    // A stop that lets `--cpu-prof` (BENCH_CPU_PROF) write its profile.
    if ('stop' in message) return void running.close().then(() => process.exit(0));
    if ('delays' in message) {
      process.send!({ max: delays.max / 1e6, p99: delays.percentile(99) / 1e6 });
      return void delays.reset();
    }
    void (async () => {
      await running.ctx.repos.credits.setBalance({ userId: message.seed, credits: 1000, reason: 'bench' });
      const saves = romanceSaves('en');
      const bookId = await running.ctx.repos.books.saveImport({ userId: message.seed, key: 'romance', saves });
      process.send!({ bookId });
    })();
  });
}

export /** The running child's handle: its URL, a writer's book seeded, its event loop's delays since the last asked. */
interface Child {
  child: ChildProcess;
  url: string;
  seed(userId: string): Promise<number>;
  delays(): Promise<{ max: number; p99: number }>;
}

/** The server started in a child process (this file, `--child`), once it listens. */
export function startChild(): Promise<Child> {
  const dir = mkdtempSync(path.join(tmpdir(), 'karya-fair-share-'));
  // BENCH_CPU_PROF=<folder>: the server's CPU profile, written there when the bench ends (chrome://inspect, or
  // speedscope).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SELF, '--child'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      KARYA_DB: path.join(dir, 'karya.sqlite'),
      KARYA_ADMIN_EMAIL: ADMIN.email,
      KARYA_ADMIN_PASSWORD: ADMIN.password,
      KARYA_LOG_LEVEL: process.env.KARYA_LOG_LEVEL ?? 'info',
    },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the server exited with ${code}`));
      child.once('exit', exited);
      child.once('message', (m) => {
        child.off('exit', exited);
        resolve(m as T);
      });
    });
  return next<{ url: string }>().then(({ url }) => ({
    child,
    url,
    seed: async (userId) => {
      const answer = next<{ bookId: number }>();
      child.send({ seed: userId });
      return (await answer).bookId;
    },
    delays: async () => {
      const answer = next<{ max: number; p99: number }>();
      child.send({ delays: true });
      return answer;
    },
  }));
}

if (process.argv.includes('--child')) await serveChild();
