// A throw-away Postgres cluster for tests: initdb in a temporary directory (as the `postgres` user when
// the tests run as root, since initdb refuses root), started by pg_ctl on a unix socket in that directory
// and a free TCP port on 127.0.0.1, fsync off. One cluster per run (tests/setup/postgres-cluster.ts), one database
// per call of `createDatabase`; a file that halts or restarts its cluster starts its own (`own`), which `stop` ends
// and deletes: a copy of the run's one initdb (`makeTemplate`), a fraction of a second where initdb takes seconds
// (1.4 s of CPU, 5 s on a loaded machine). Without the binaries the tests fail naming
// the package, unless the run is a quick one (KARYA_QUICK=1: tests/setup/tools.ts), where they are skipped.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinDir, toolSkip } from './setup/tools.js';

export interface PostgresCluster {
  /** postgres://user@host:port, without a database. */
  readonly base: string;
  /** postgres://… of a new empty database. */
  createDatabase(name?: string): Promise<string>;
  /** An outage: the postmaster stops (fast: open connections are cut), the data stays; `resume` starts it again. */
  halt(): void;
  /** Start the halted postmaster again, on the same port. */
  resume(): void;
  /** A restart: halt then resume. */
  restart(): void;
  stop(): void;
}

export { postgresBinDir } from './setup/tools.js';

/**
 * Why Postgres tests cannot run here (a quick run, KARYA_QUICK=1), or null when they can; otherwise missing binaries
 * fail the file.
 */
export function postgresUnavailable(): string | null {
  return toolSkip('postgres');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const isRoot = process.getuid?.() === 0;

function run(bin: string, args: string[], opts: { allowFail?: boolean } = {}): void {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  if (result.status !== 0 && !opts.allowFail)
    throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
}

let counter = 0;

/** A folder owned by the `postgres` user when the tests run as root (initdb and pg_ctl run as that user). */
function postgresDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-pg-'));
  if (isRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  return dir;
}

const initdb = (bin: string, data: string) =>
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'karya', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);

/**
 * The run's initdb, made once (tests/setup/postgres-cluster.ts) and never started: each cluster of the run is a
 * copy of it (`cp -a`, as the postgres user), made in a fraction of the time initdb takes.
 */
export function makeTemplate(): { data: string; remove(): void } {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no Postgres binaries (postgresUnavailable() says why)');
  const dir = postgresDir();
  const data = path.join(dir, 'data');
  initdb(bin, data);
  return { data, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The run's template (makeTemplate) when this is a test file of a run that made one, else null. */
async function runTemplate(): Promise<string | null> {
  try {
    const data = (await import('vitest')).inject('karyaPostgresTemplate');
    return data && existsSync(data) ? data : null;
  } catch {
    return null;
  }
}

/**
 * The run's shared cluster (tests/setup/postgres-cluster.ts), where there is one: databases of its own for each
 * caller; it is never stopped or restarted by a test file.
 */
async function sharedCluster(): Promise<PostgresCluster | null> {
  let base = '';
  try {
    base = (await import('vitest')).inject('karyaPostgres');
  } catch {
    return null;
  }
  if (!base) return null;
  const refuse = () => {
    throw new Error(
      "the run's shared Postgres cluster is never stopped by a test: startPostgres({ own: true }) for an outage",
    );
  };
  return {
    base,
    createDatabase: (name) => createDatabase(base, name),
    halt: refuse,
    resume: refuse,
    restart: refuse,
    stop: () => undefined,
  };
}

async function createDatabase(base: string, name?: string): Promise<string> {
  counter += 1;
  const database = name ?? `karya_${process.pid}_${counter}`;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return `${base}/${database}`;
}

/**
 * A cluster for a test file: a database in the run's shared cluster by default; `own` (a file that halts or
 * restarts it) or `fsync` (benchmarks measure with it on) start one of its own (a copy of `template`, else of the run's
 * initdb, else initdb; then pg_ctl start), fsync off unless asked.
 */
export async function startPostgres(
  opts: { fsync?: boolean; own?: boolean; template?: string } = {},
): Promise<PostgresCluster> {
  if (!opts.own && !opts.fsync) {
    const shared = await sharedCluster();
    if (shared) return shared;
  }
  const bin = postgresBinDir();
  if (!bin) throw new Error('no Postgres binaries (postgresUnavailable() says why)');
  const dir = postgresDir();
  const data = path.join(dir, 'data');
  const template = opts.template ?? (await runTemplate());
  if (template) run('/bin/cp', ['-a', template, data]);
  else initdb(bin, data);
  let port = 0;
  let options = '';
  const durability = opts.fsync
    ? '-c fsync=on -c synchronous_commit=on'
    : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const pgStart = () =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    options =
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${durability} ` +
      `-c max_connections=300 -c shared_buffers=16MB`;
    try {
      pgStart();
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
  let isStopped = false;
  const stop = () => {
    if (isStopped) return;
    isStopped = true;
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { allowFail: true });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const base = `postgres://karya@127.0.0.1:${port}`;
  const halt = () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  return {
    base,
    createDatabase: (name) => createDatabase(base, name),
    halt,
    resume: pgStart,
    restart() {
      halt();
      pgStart();
    },
    stop,
  };
}
