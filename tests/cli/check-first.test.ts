// The command line checks before it spends. Output paths that cannot be written (a path
// under /proc, under a file, a publish folder that is a file) exit 2 with a plain message before any model
// call; a jobs file is bounded (an alias bomb, a job writing outside --out); numbers are plain decimal
// integers; file system and SQLite failures read as sentences that say what to do. And item 1 on the
// command line: `karya export` of a chapter that is one 59,000-character word ends (made or refused with
// a plain message) within 60 s.
import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { plainFsError } from '../../cli/fs-check.js';
import { runCli } from './run-cli.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI;
let dir: string;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  dir = tempDir('karya-check-first-');
});
afterAll(() => fake?.close());

/** A run against the fake model, which must not be called. */
const karya = (args: string[], env: Record<string, string> = {}) =>
  runKaryaInProcess(args, { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, ...env }, cwd: dir });

function expectNoModelCall(): void {
  expect(fake.requests.filter((r) => r.path.includes('/chat/') || r.path.includes('/images/'))).toEqual([]);
}

/** A run refused before it spends: exit 2, `message` on stderr, and no model call. */
async function expectRefusedFirst(args: string[], message: string): Promise<Awaited<ReturnType<typeof karya>>> {
  const r = await karya(args);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(message);
  expectNoModelCall();
  return r;
}

describe('unwritable output paths exit 2 before any model call', () => {
  // Refused before any model call is what the user sees; a run that waited or spun (as --state under /proc once did)
  // is caught by the test's own time limit, as in the case below, not by a wall-clock bound a busy machine can break.
  it('karya generate --out /proc/x.epub', async () => {
    const r = await expectRefusedFirst(
      ['generate', 'romance', '--chapters', '3', '--out', '/proc/x.epub', '--state', path.join(dir, 'a.sqlite')],
      '--out /proc/x.epub: cannot write there',
    );
    expect(r.stderr).not.toMatch(/ENOENT|EACCES|errno/);
  });

  it('the real command (bin/karya.js) exits 2 at once for /proc paths, in a process of its own', async () => {
    const started = performance.now();
    const r = await runCli(
      ['generate', 'romance', '--chapters', '3', '--out', '/proc/x.epub', '--state', '/proc/karya/state.sqlite'],
      { cwd: dir, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
    );
    expect({ code: r.code, signal: r.signal }).toEqual({ code: 2, signal: null });
    expect(r.stderr).toContain('--out /proc/x.epub: cannot write there');
    expect(performance.now() - started).toBeLessThan(30_000);
    expectNoModelCall();
  }, 40_000);

  it('karya generate --state under /proc fails at once (it once spun forever in mkdir)', async () => {
    await expectRefusedFirst(
      [
        'generate',
        'romance',
        '--chapters',
        '3',
        '--out',
        path.join(dir, 'b.md'),
        '--state',
        '/proc/karya/state.sqlite',
      ],
      '--state /proc/karya/state.sqlite: cannot write there',
    );
  });

  it('karya serve with KARYA_DB under /proc stops at once with the path (it once spun forever in mkdir)', async () => {
    const r = await runCli(['serve', '--port', '0'], {
      cwd: dir,
      env: { KARYA_DB: '/proc/karya/karya.sqlite', OPENAI_API_KEY: '' },
    });
    expect({ code: r.code, signal: r.signal }).toEqual({ code: 1, signal: null });
    expect(r.stderr).toContain('/proc/karya: no such file or folder, and it cannot be created there');
  }, 40_000);

  it('karya generate --out under a file', async () => {
    const file = path.join(dir, 'plain-file');
    writeFileSync(file, 'x');
    await expectRefusedFirst(
      [
        'generate',
        'romance',
        '--chapters',
        '3',
        '--out',
        path.join(file, 'book.md'),
        '--state',
        path.join(dir, 'a.sqlite'),
      ],
      'a part of this path is a file, not a folder',
    );
  });

  it('karya publish --out <a file>', async () => {
    const file = path.join(dir, 'not-a-folder.txt');
    writeFileSync(file, 'x');
    await expectRefusedFirst(
      ['publish', 'romance', '--chapters', '3', '--out', file, '--state', path.join(dir, 'a.sqlite')],
      `--out ${file}: cannot write there: this is a file, not a folder`,
    );
    expect(readFileSync(file, 'utf8')).toBe('x');
  });

  it('karya publish --out under /proc', async () => {
    await expectRefusedFirst(
      ['publish', 'romance', '--chapters', '3', '--out', '/proc/karya-package', '--state', path.join(dir, 'a.sqlite')],
      'cannot write there',
    );
  });

  it('karya batch --out <a file>', async () => {
    const jobs = path.join(dir, 'ok.yaml');
    writeFileSync(jobs, '- generator: romance\n  chapters: 3\n');
    const file = path.join(dir, 'books-is-a-file');
    writeFileSync(file, 'x');
    await expectRefusedFirst(
      ['batch', jobs, '--out', file, '--state', path.join(dir, 'a.sqlite')],
      'this is a file, not a folder',
    );
  });

  it('karya export --out a folder', async () => {
    // A saved book first (the offline provider, no model), then an export onto a folder.
    const state = path.join(dir, 'offline.sqlite');
    const made = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '1', '--out', path.join(dir, 'offline.md'), '--state', state],
      { cwd: dir },
    );
    expect(made.code, made.stderr).toBe(0);
    mkdirSync(path.join(dir, 'a-folder.pdf'), { recursive: true });
    const r = await runKaryaInProcess(
      ['export', 'romance', '--chapters', '1', '--out', path.join(dir, 'a-folder.pdf'), '--state', state],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('this is a folder; name a file inside it');
  });
});

describe('numbers are plain decimal whole numbers', () => {
  it.each(['0x3', '1e1', ' 3', '3.0', '+3', ''])('--chapters %j is refused naming the flag', async (value) => {
    const r = await expectRefusedFirst(
      [
        'generate',
        'romance',
        '--chapters',
        value,
        '--out',
        path.join(dir, 'n.md'),
        '--state',
        path.join(dir, 'n.sqlite'),
      ],
      '--chapters',
    );
    expect(r.stderr).toContain('whole number');
    expect(r.stderr).toContain('plain digits');
  });

  it.each([
    ['--concurrency', '0x4'],
    ['--rpm', '1e2'],
    ['--tpm', '5.0'],
  ])('batch %s %j is refused naming the flag', async (flag, value) => {
    const jobs = path.join(dir, 'ok.yaml');
    writeFileSync(jobs, '- generator: romance\n  chapters: 3\n');
    const r = await karya(['batch', jobs, flag, value, '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${flag}: "${value}" must be a whole number above 0`);
  });

  it('a job\'s chapters: "0x3" is refused', async () => {
    const jobs = path.join(dir, 'hex.yaml');
    writeFileSync(jobs, '- generator: romance\n  chapters: "0x3"\n');
    const r = await karya(['batch', jobs, '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('chapters: "0x3" must be a whole number');
  });
});

describe('a jobs file is bounded', () => {
  it('the 402-byte alias bomb is refused before it is expanded', async () => {
    const names = 'abcdefghi';
    let bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n';
    for (let i = 1; i < names.length; i++)
      bomb += `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]\n`;
    expect(bomb.length).toBeLessThan(450);
    const jobs = path.join(dir, 'bomb.yaml');
    writeFileSync(
      jobs,
      `- generator: romance\n  settings:\n${bomb
        .split('\n')
        .filter(Boolean)
        .map((l) => `    ${l}`)
        .join('\n')}\n`,
    );
    // Expanded, the bomb is 9^9 (387 million) strings: no run could hold them, nor finish within the test's time. The
    // refusal is the alias count's (the yaml library's, checked as each alias is resolved), so it came before that.
    const r = await karya([
      'batch',
      jobs,
      '--out',
      path.join(dir, 'bomb-books'),
      '--state',
      path.join(dir, 'bomb.sqlite'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('too many YAML aliases');
    expectNoModelCall();
  });

  it('a few aliases are still fine', async () => {
    const jobs = path.join(dir, 'alias.yaml');
    writeFileSync(
      jobs,
      '- generator: romance\n  settings: &s {heatLevel: mild}\n  chapters: ' +
        '3\n- generator: romance\n  id: second\n  settings: *s\n  chapters: 3\n',
    );
    const r = await karya(['batch', jobs, '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
  });

  it.each(['../x.md', '/tmp/karya-absolute.md', 'sub/../../x.md'])(
    'a job writing at %j (outside --out) is refused',
    async (out) => {
      const jobs = path.join(dir, 'escape.yaml');
      writeFileSync(jobs, `- generator: romance\n  chapters: 3\n  out: ${out}\n`);
      await expectRefusedFirst(
        ['batch', jobs, '--out', path.join(dir, 'escape-books'), '--state', path.join(dir, 'escape.sqlite')],
        'must be a file name inside the --out folder',
      );
      expect(existsSync(path.join(dir, 'x.md'))).toBe(false);
    },
  );

  it('a job writing into a folder inside --out is fine', async () => {
    const jobs = path.join(dir, 'inside.yaml');
    writeFileSync(jobs, '- generator: romance\n  chapters: 3\n  out: romance/kl.md\n');
    const r = await karya(['batch', jobs, '--dry-run', '--out', path.join(dir, 'inside-books')]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('a YAML error still names its line', async () => {
    const jobs = path.join(dir, 'broken.yaml');
    writeFileSync(jobs, '- generator: romance\n  chapters: 3\n- generator: [unclosed\n');
    const r = await karya(['batch', jobs, '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.yaml:\d+: /);
  });
});

describe('file system and SQLite failures in words', () => {
  it.each([
    ['EACCES', /permission denied.*choose a folder you own/],
    ['ENOENT', /no such file or folder/],
    ['ENOTDIR', /a part of this path is a file/],
    ['EISDIR', /this is a folder/],
    ['EROFS', /read-only.*writable disk/],
    ['ENOSPC', /disk is full.*free some space/],
  ])('%s', (code, sentence) => {
    expect(plainFsError(Object.assign(new Error(`${code}: x`), { code }), 'en')).toMatch(sentence);
  });
  it.each([
    ['SQLITE_BUSY', 'database is locked', /in use by another karya command/],
    ['SQLITE_READONLY', 'attempt to write a readonly database', /read-only/],
    ['SQLITE_CANTOPEN', 'unable to open database file', /cannot be opened/],
    ['SQLITE_CORRUPT', 'database disk image is malformed', /damaged/],
  ])('%s', (code, message, sentence) => {
    expect(plainFsError(Object.assign(new Error(message), { code }), 'en')).toMatch(sentence);
  });

  it('a state file that is not a database: a plain sentence, exit 1', async () => {
    const state = path.join(dir, 'garbage.sqlite');
    writeFileSync(
      state,
      'this is not a database, just some text that is long enough to be read as a header.'.repeat(20),
    );
    const r = await runKaryaInProcess(
      ['export', 'romance', '--chapters', '3', '--out', path.join(dir, 'g.md'), '--state', state],
      { cwd: dir },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the state file is damaged or is not a karya state file');
  });
});

describe('karya export of a 59,000-character word', () => {
  it('writes the PDF or stops with a plain message within 60 s', async () => {
    const state = path.join(dir, 'long.sqlite');
    const made = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '1', '--out', path.join(dir, 'long.md'), '--state', state],
      { cwd: dir },
    );
    expect(made.code, made.stderr).toBe(0);
    const db = new Database(state);
    expect(db.prepare("UPDATE book_parts SET text = ? WHERE step = 'chapter:1'").run('a'.repeat(59_000)).changes).toBe(
      1,
    );
    db.close();

    let maxGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      maxGap = Math.max(maxGap, performance.now() - last);
      last = performance.now();
    }, 100);
    let maxRss = 0;
    const sampler = setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage().rss)), 250);
    const started = performance.now();
    const out = path.join(dir, 'long.pdf');
    const r = await runKaryaInProcess(['export', 'romance', '--chapters', '1', '--out', out, '--state', state], {
      cwd: dir,
      env: { KARYA_EXPORT_TIMEOUT_MS: '10000' },
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(ticker);
    clearInterval(sampler);

    expect(seconds).toBeLessThan(60);
    expect(maxRss).toBeLessThan(1.5 * 1024 ** 3);
    // The layout runs in a worker thread: this process's event loop went on.
    expect(maxGap).toBeLessThan(1000);
    if (r.code === 0) {
      expect(readFileSync(out).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } else {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/karya: the PDF file was stopped (after \d+ seconds|: it needed more than \d+ MB)/);
      expect(existsSync(out)).toBe(false);
    }
  }, 90_000);
});
