// The `karya` command as a user runs it: list, show, validate, generate, exit codes and resume. The
// command runs in the test's process, except for the installed launcher and the run killed with SIGKILL.
import { readFileSync, cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { KARYA, cleanEnv, runCli, startCli } from './run-cli.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { ROOT } from '../../engine/node/load.js';
import { langs } from '../../engine/index.js';
import { OLD_NODE, toolSkip } from '../setup/tools.js';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest } from '../batch/helpers.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-cli-');
const state = path.join(tmp, 'state.sqlite');

describe('the installed command', () => {
  it(
    'bin/karya.js (package.json "bin", what `npx karya` runs) ' + "prints to a pipe and exits with the command's code",
    async () => {
      const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
      expect(path.join(ROOT, pkg.bin.karya!)).toBe(KARYA);
      const [list, unknown] = await Promise.all([runCli(['list', '--json']), runCli(['show', 'nope'])]);
      expect(list.code).toBe(0);
      expect((JSON.parse(list.stdout) as unknown[]).length).toBeGreaterThan(40);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('unknown generator "nope"');
    },
  );
});

/** A Node older than 22 on this machine (its own, outside the PATH the tests run with), or undefined. */
/** Debian's nodejs (Node 20 on these machines), or the reason this test is skipped in a quick run without it. */
const OLD_NODE_SKIP = toolSkip('old-node');

describe('the installed command on an older Node', () => {
  it.skipIf(OLD_NODE_SKIP !== null)(
    'says in English and Malay that Karya needs Node 22.14 or later and how to install Node 24, and exits 1 (no crash)',
    () => {
      const r = spawnSync(OLD_NODE, [KARYA, 'generate', 'poems', '--state', path.join(tmp, 'old-node.sqlite')], {
        cwd: tmp,
        env: cleanEnv(),
        encoding: 'utf8',
      });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('Karya needs Node 22.14 or later (Node 24 LTS recommended)');
      expect(r.stderr).toContain('Karya memerlukan Node 22.14 atau lebih baharu (disyorkan Node 24 LTS)');
      expect(r.stderr).toMatch(/npm install --prefix ~\/\.cache\/karya\/node\/24 node-\w+-\w+@24/);
    },
  );

  // Node 22.12 and 22.13 load the CLI but crash (SIGSEGV) at the first state file: better-sqlite3 13 is built for
  // Node-API 10, which Node 22 has from 22.14. This Node, told it is 22.13.1 before the launcher runs, is refused.
  it('refuses Node 22.13 before anything opens a state file: the same words, exit 1, no crash', () => {
    const preload = path.join(tmp, 'as-node-22.13.mjs');
    writeFileSync(
      preload,
      "Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '22.13.1' } });\n",
    );
    const r = spawnSync(
      process.execPath,
      ['--import', preload, KARYA, 'books', '--state', path.join(tmp, 'node-22.13.sqlite')],
      { cwd: tmp, env: cleanEnv(), encoding: 'utf8' },
    );
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Karya needs Node 22.14 or later (Node 24 LTS recommended); this is Node 22.13.1.');
    expect(r.stderr).toContain(
      'Karya memerlukan Node 22.14 atau lebih baharu (disyorkan Node 24 LTS); ini Node 22.13.1.',
    );
  });
});

describe('karya list / show / validate', () => {
  it('list --json lists every generator with id, family, kind and title', async () => {
    const r = await runKaryaInProcess(['list', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{
      id: string;
      family: string;
      kind: string;
      title: { en: string; ms: string };
    }>;
    expect(rows.map((x) => x.id)).toEqual(expect.arrayContaining(['romance', 'travel-guide', 'poems']));
    expect(rows.find((x) => x.id === 'romance')).toMatchObject({
      family: 'fiction',
      kind: 'book',
      title: { en: expect.any(String), ms: expect.any(String) },
    });
  });

  it('show romance --json prints the contract shape', async () => {
    const r = await runKaryaInProcess(['show', 'romance', '--json']);
    expect(r.code).toBe(0);
    const g = JSON.parse(r.stdout);
    expect(g).toMatchObject({
      id: 'romance',
      route: '/romance',
      family: 'fiction',
      kind: 'book',
      bookType: 'romance',
      cost: 1,
    });
    expect(g.model).toEqual({ tokens: 3000, temperature: 0.8, presencePenalty: 0.3, frequencyPenalty: 0.3 });
    expect(g.flow).toMatchObject({
      outline: true,
      conclusion: 'after-last',
      progressDenominator: 'total',
      savesProgress: true,
      characterDetails: true,
    });
    const heat = g.fields.find((f: { name: string }) => f.name === 'heatLevel');
    expect(heat).toMatchObject({ name: 'heatLevel', type: 'select', required: false, default: 'sweet' });
    // A label in every language of the table.
    expect(heat.options[0]).toEqual({
      value: 'sweet',
      label: Object.fromEntries(langs().map((code) => [code, expect.any(String)])),
    });
    const chapters = g.fields.find((f: { name: string }) => f.name === 'numberOfChapters');
    expect(chapters.options.map((o: { value: number }) => o.value)).toEqual([7, 10, 12, 15, 18, 20]);
    expect(chapters.default).toBe(12);
  });

  it('show of an unknown generator exits 2 and says how to list them', async () => {
    const r = await runKaryaInProcess(['show', 'nope', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown generator "nope"');
  });

  it('validate exits 0 on the repository', async () => {
    const r = await runKaryaInProcess(['validate']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok: \d+ generators valid/);
  });

  it('validate exits 1 with file: path: message lines on a broken copy', async () => {
    const dir = path.join(tmp, 'broken');
    cpSync(path.join(ROOT, 'generators'), dir, { recursive: true });
    const file = path.join(dir, 'romance.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace('default: 12', 'default: 13')
        .replace(/(- \{ value: steamy,[^\n]*\})/, '$1\n    default: hot'),
    );
    const r = await runKaryaInProcess(['validate', dir]);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toContain(`${file}: fields.heatLevel.default: "hot" is not one of sweet, mild, moderate, steamy`);
    expect(lines).toContain(`${file}: fields.numberOfChapters.default: 13 is not one of 7, 10, 12, 15, 18, 20`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('karya generate (offline)', () => {
  it('writes a title, Introduction, Chapters 1-3 and a Conclusion', async () => {
    const out = path.join(tmp, 'book.md');
    const r = await runKaryaInProcess(['generate', 'romance', '--chapters', '3', '--out', out, '--state', state]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('offline provider');
    const md = readFileSync(out, 'utf8');
    const headings = md.match(/^#{1,2} .*/gm)!;
    // The book is titled by its outline's working title (the offline outline gives one), never "Romance Story Creator".
    expect(headings[0]).toMatch(/^# A Tale of .+ Beginnings$/);
    // The outline's chapter titles head the chapters (the offline outline titles them First Light, A Door Opens…).
    expect(headings.slice(1)).toEqual([
      '## Introduction',
      '## Chapter 1: First Light',
      '## Chapter 2: A Door Opens',
      '## Chapter 3: The Long Road',
      '## Conclusion',
    ]);
    expect(md).toContain('Offline demo text');
    expect(r.stderr).toMatch(/Chapter 2\s+\d+ words\s+[\d.]+ s/);
  });

  it('in Malay the headings are Pengenalan, Bab 1-3, Kesimpulan', async () => {
    const out = path.join(tmp, 'buku.md');
    const r = await runKaryaInProcess([
      'generate',
      'romance',
      '--chapters',
      '3',
      '--lang',
      'ms',
      '--out',
      out,
      '--state',
      state,
    ]);
    expect(r.code).toBe(0);
    const md = readFileSync(out, 'utf8');
    expect(md.match(/^## .*/gm)).toEqual([
      '## Pengenalan',
      '## Bab 1: Cahaya Pertama',
      '## Bab 2: Pintu Terbuka',
      '## Bab 3: Jalan Panjang',
      '## Kesimpulan',
    ]);
    expect(md).toContain('Teks demo luar talian');
  });

  it('--with-outline keeps the outline in the book', async () => {
    const r = await runKaryaInProcess([
      'generate',
      'romance',
      '--chapters',
      '1',
      '--with-outline',
      '--state',
      state,
      '--fresh',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('## Story Outline');
  });

  it('a single-shot generator writes one output to stdout', async () => {
    const r = await runKaryaInProcess(['generate', 'poems', '--set', 'tone=hopeful', '--state', state]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^# Healing Poem Creator/);
    expect(r.stdout).toContain('Hopeful');
  });

  it.each([
    [
      ['generate', 'romance', '--set', 'heatLevel=scorching'],
      'heatLevel: "scorching" is not one of sweet, mild, moderate, steamy',
    ],
    [['generate', 'romance', '--set', 'heatlevel=mild'], 'heatlevel: is not a setting of romance'],
    [['generate', 'romance', '--lang', 'fr'], '--lang: "fr" is not one of en, ms'],
    [['generate', 'romance', '--chapters', 'zero'], '--chapters: "zero" must be a whole number from 1 to 100'],
    [['generate', 'travel-guide'], 'destination: is required: give it with --set destination=…'],
    [['generate', 'travel-guide', '--lang', 'ms'], 'destination: diperlukan: berikan dengan --set destination=…'],
    [['generate', 'nope'], 'unknown generator "nope"'],
  ])('bad input exits 2 and names the field: %j', async (args, message) => {
    const r = await runKaryaInProcess([...args, '--state', state]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('--json prints a summary with the parts', async () => {
    const r = await runKaryaInProcess([
      'generate',
      'travel-guide',
      '--set',
      'destination=Melaka',
      '--json',
      '--state',
      state,
      '--fresh',
    ]);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.parts.map((p: { label: string }) => p.label)).toEqual([
      'Guide Outline',
      'Introduction',
      'Cultural Highlights & History',
      'Must-See Attractions',
      'Food & Dining Guide',
      'Accommodation Guide',
      'Transportation & Getting Around',
      'Shopping & Entertainment',
      'Local Tips & Safety',
      'Conclusion',
    ]);
    expect(summary.markdown).toContain('Melaka');
  });
});

describe('karya generate resumes after being killed', () => {
  let fake: FakeOpenAI;
  // The first run's third request is never answered, so the kill lands with exactly two parts written; the second run's
  // are.
  let holding = true;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      reply: () => (holding && fake.generationRequests().length >= 3 ? { hang: true } : undefined),
      answer: fullLength(
        (_b, i) => `Answer ${i}. Character Details:\n- Aisha: lead\n\nMore of the story, as long as asked.`,
      ),
    });
  });
  afterAll(() => fake.close());

  it('SIGKILL after the second part, then the same command generates only the missing parts', async () => {
    const env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL };
    const out = path.join(tmp, 'resumed.md');
    const args = ['generate', 'romance', '--chapters', '5', '--out', out, '--state', path.join(tmp, 'resume.sqlite')];
    const first = startCli(args, { env });
    while (fake.generationRequests().length < 3) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    holding = false;
    // Steps only: memory updates (the story so far) are not parts of the book.
    const steps = () =>
      fake
        .generationRequests()
        .filter((r) => !isMemoryRequest(r))
        .map((r) => JSON.stringify(r.body));
    const firstRun = steps();
    const finished = firstRun.slice(0, 2);

    // The resume reads the state file the killed process left: the same command in this process does.
    const second = await runKaryaInProcess(args, { env });
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/resuming romance: 1 of 7 parts already written/);
    const secondRun = steps().slice(firstRun.length);
    for (const prompt of finished) expect(secondRun).not.toContain(prompt);
    expect(secondRun.length).toBe(6);
    const md = readFileSync(out, 'utf8');
    expect(md.match(/^## .*/gm)).toEqual([
      '## Introduction',
      '## Chapter 1',
      '## Chapter 2',
      '## Chapter 3',
      '## Chapter 4',
      '## Chapter 5',
      '## Conclusion',
    ]);
  });
});
