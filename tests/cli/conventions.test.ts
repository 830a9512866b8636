// The command line by clig.dev: a usage error (unknown option, missing argument) exits 2 with
// one line that points to the command's --help; `karya --version` prints the version; every command's
// --help ends with an example; `karya export` writes the book to stdout when it is piped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { ROOT } from '../../engine/node/load.js';
import { KARYA, cleanEnv } from './run-cli.js';
import { spawn } from 'node:child_process';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-conventions-');

/** Stdout of a real `karya` process as bytes, as `| wc -c` would count them. */
function runToPipe(args: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const child = spawn(process.execPath, [KARYA, ...args], {
    cwd: tmp,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr })));
}

describe('usage errors', () => {
  it.each([
    { args: ['generate', 'romance', '--nope'], says: "unknown option '--nope'", help: 'karya generate --help' },
    { args: ['generate'], says: "missing required argument 'id'", help: 'karya generate --help' },
    { args: ['publish', 'romance'], says: "required option '--out' not specified", help: 'karya publish --help' },
    { args: ['--nope'], says: "unknown option '--nope'", help: 'karya --help' },
  ])('karya $args.0 …: exit 2, one line pointing to --help', async ({ args, says, help }) => {
    const r = await runKaryaInProcess(args, { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toContain(says);
    expect(lines[0]).toContain(help);
    expect(r.stderr).not.toContain('Usage:');
  });
});

describe('--version and --help', () => {
  it('karya --version prints the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runKaryaInProcess(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `karya ${version}\n`, stderr: '' });
    expect((await runKaryaInProcess(['-V'])).stdout).toBe(`karya ${version}\n`);
  });

  it("every command's --help ends with an example of that command", async () => {
    const top = await runKaryaInProcess(['--help']);
    expect(top.stdout).toMatch(/Example:\n {2}\$ karya /);
    const commands = [...top.stdout.split('Commands:')[1]!.matchAll(/^ {2}([a-z-]+)/gm)]
      .map((m) => m[1]!)
      .filter((c) => c !== 'help');
    expect(commands).toEqual(expect.arrayContaining(['generate', 'export', 'publish', 'batch', 'serve', 'worker']));
    for (const command of commands) {
      const r = await runKaryaInProcess([command, '--help']);
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toMatch(new RegExp(`Example:\\n {2}\\$ karya ${command}\\b`));
    }
  });
});

describe('karya export to a pipe', () => {
  it('without --out, the EPUB goes to stdout (`karya export romance --format epub | wc -c`)', async () => {
    const state = path.join(tmp, 'state.sqlite');
    const made = await runKaryaInProcess(['generate', 'romance', '--chapters', '2', '--state', state], { cwd: tmp });
    expect(made.code, made.stderr).toBe(0);
    const r = await runToPipe(['export', 'romance', '--chapters', '2', '--state', state, '--format', 'epub']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(1000);
    // A ZIP whose first entry is the EPUB's mimetype, stored.
    expect(r.stdout.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(r.stdout.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');
  }, 60_000);
});

describe('the chapter rule of books whose conclusion is the last chapter', () => {
  it('the command says it before it starts, and writes chapters 1 to N - 1 then the conclusion', async () => {
    const state = path.join(tmp, 'horror.sqlite');
    const r = await runKaryaInProcess(['generate', 'horror', '--chapters', '3', '--state', state], { cwd: tmp });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'horror ends on its conclusion as chapter 3: the introduction, chapters 1 to 2, then the conclusion',
    );
    expect(r.stdout).toMatch(/## Chapter 2\b/);
    expect(r.stdout).not.toMatch(/## Chapter 3\b/);
    const romance = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '2', '--state', path.join(tmp, 'romance.sqlite')],
      { cwd: tmp },
    );
    expect(romance.stderr).not.toContain('ends on its conclusion');
  });

  it.each([
    {
      lang: 'en',
      first: 'of 4 chapters: Chapters 1 to 3, then the conclusion as chapter 4.',
      list: 'Chapter 1 to Chapter 3,',
    },
    {
      lang: 'ms',
      first: 'sebanyak 4 bab: Bab 1 hingga Bab 3, kemudian kesimpulan sebagai bab ke-4.',
      list: 'Bab 1 hingga Bab 3,',
    },
  ])(
    'the outline prompt ($lang) gives the same numbers in its first line and its list',
    async ({ lang, first, list }) => {
      const r = await runKaryaInProcess(
        ['prompts', 'horror', '--chapters', '4', '--lang', lang, '--step', 'outline', '--json'],
        { cwd: tmp },
      );
      expect(r.code, r.stderr).toBe(0);
      const user = (JSON.parse(r.stdout) as { messages: Array<{ role: string; content: string }> }).messages.find(
        (m) => m.role === 'user',
      )!.content;
      expect(user.split('\n')[0]).toContain(first);
      expect(user).toContain(list);
    },
  );

  it(
    "the README's --chapters range is the code's: 1 to " + '100, and 2 to 100 for exactly the generators it names',
    async () => {
      const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
      expect(readme).toContain('`--chapters N` accepts any whole number from 1 to 100');
      const named =
        /Where the conclusion is the last chapter \(([^)]+)\) N counts it: 2 to 100/.exec(readme)?.[1]?.split(', ') ??
        [];
      const list = JSON.parse((await runKaryaInProcess(['list', '--json'])).stdout) as Array<{
        id: string;
        kind: string;
      }>;
      const refusesOne: string[] = [];
      for (const { id, kind } of list.filter((g) => g.kind === 'book')) {
        const r = await runKaryaInProcess(['prompts', id, '--chapters', '1'], { cwd: tmp });
        // (Some generators also need a setting given; only the --chapters answer counts here.)
        if (r.stderr.includes('--chapters:')) {
          expect(r.stderr, id).toContain('from 2 to 100');
          refusesOne.push(id);
        }
      }
      expect(refusesOne.sort()).toEqual([...named].sort());
      expect((await runKaryaInProcess(['prompts', 'romance', '--chapters', '101'], { cwd: tmp })).stderr).toContain(
        'from 1 to 100',
      );
    },
    120_000,
  );
});
