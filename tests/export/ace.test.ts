// DAISY's Ace, the accessibility checker retailers and distributors run on e-books sold in the EU, run for real
// (headless on Debian's Chromium) on every kind of EPUB Karya writes: a 3-chapter book's export, the KDP package's
// manuscript.epub (through `karya publish`'s readiness, where its verdict is the accessibility check of each eBook
// channel), a bilingual edition and an imported public-domain novel. Each has no serious or critical violation and
// still passes epubcheck; a book's EPUB given a fault in one page warns, naming it. Ace takes ~2-5 s an EPUB: five runs
// in all (the package's once, in readiness). The suite turns Ace off (vitest.config.ts, KARYA_ACE=off); this file turns
// it on for its own runs and puts it back.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAce } from '../../engine/node/ace.js';
import { readinessText } from '../../engine/publish/index.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { saveRomance } from '../translate/book.js';
import { toolSkip } from '../setup/tools.js';
import { epubcheck } from './tools.js';
import { tempDir } from '../temp.js';

const FRANKENSTEIN = path.join(import.meta.dirname, '../fixtures/gutenberg/frankenstein-84-letters-chapters-1-3.txt');
const skip = toolSkip('chromium');
const ACE_RUN = 240_000;

type Check = { id: string; status: string; detail?: string };
type ReadinessJson = { channels: Record<string, { checks: Check[] }> };

describe.skipIf(skip !== null)('DAISY Ace on every kind of EPUB', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  let state: string;
  const before = process.env.KARYA_ACE;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, KARYA_ACE: 'on' });
  const karya = (args: string[]) => runKaryaInProcess([...args, '--state', state], { cwd, env: env() });

  beforeAll(async () => {
    process.env.KARYA_ACE = 'on';
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
    cwd = tempDir('karya-ace-');
    state = path.join(cwd, 'state.sqlite');
  }, 60_000);
  afterAll(async () => {
    if (before === undefined) delete process.env.KARYA_ACE;
    else process.env.KARYA_ACE = before;
    await fake?.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  /** Ace's verdict (0 serious or critical: pass or warn) and epubcheck's on one file. */
  async function expectAccessible(file: string) {
    const [ace, check] = [await runAce(file), await epubcheck(file)];
    expect(ace.counts, JSON.stringify(ace.detail)).toMatchObject({ critical: 0, serious: 0 });
    // With the metadata and roles every Karya EPUB carries, Ace has not even advice left.
    expect(ace.status, JSON.stringify(ace.detail)).toBe('pass');
    expect(check.report).toMatch(/0 fatals \/ 0 errors \/ 0 warnings/);
  }

  it(
    'a 3-chapter English book exported as EPUB, and its Malay edition as a bilingual EPUB',
    async () => {
      const source = await saveRomance(state, 'en', { isWhole: true });
      const book = await karya(['export', '--book', String(source), '--format', 'epub', '--out', 'book.epub']);
      expect(book.code, book.stderr).toBe(0);
      await expectAccessible(path.join(cwd, 'book.epub'));
      const made = await karya(['translate', '--book', String(source), '--to', 'ms', '--json']);
      expect(made.code, made.stderr).toBe(0);
      const edition = (JSON.parse(made.stdout) as { edition: { id: number } }).edition.id;
      const dual = await karya([
        'export',
        '--book',
        String(edition),
        '--bilingual',
        '--format',
        'epub',
        '--out',
        'dual.epub',
      ]);
      expect(dual.code, dual.stderr).toBe(0);
      await expectAccessible(path.join(cwd, 'dual.epub'));
    },
    2 * ACE_RUN,
  );

  it(
    "a page's own fault is found: a book's EPUB with a heading level skipped in one chapter warns, naming that chapter",
    async () => {
      // Ace puts axe and its own scripts into every page (engine/node/ace-server.cjs): a fault only axe can see in a
      // page shows that they ran there, and that the verdict is still the page's.
      const source = await saveRomance(state, 'en', { isWhole: true });
      const made = await karya(['export', '--book', String(source), '--format', 'epub', '--out', 'plain.epub']);
      expect(made.code, made.stderr).toBe(0);
      const files = unzipSync(readFileSync(path.join(cwd, 'plain.epub')));
      const pages = Object.keys(files).filter((name) => name.endsWith('.xhtml'));
      const chapter = pages.find((name) => /<h1>Chapter 2\b/.test(strFromU8(files[name]!)))!;
      expect(chapter).toBeDefined();
      files[chapter] = strToU8(strFromU8(files[chapter]!).replace(/<\/h1>/, '</h1>\n<h4>A note</h4>'));
      const { mimetype, ...rest } = files;
      const skipped = path.join(cwd, 'skipped.epub');
      writeFileSync(skipped, zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest }));
      const ace = await runAce(skipped);
      expect(ace.counts).toEqual({ critical: 0, serious: 0, moderate: 1, minor: 0 });
      expect(ace.status).toBe('warn');
      expect(readinessText(ace.detail, 'en')).toBe(
        `Ace: 0 critical, 0 serious, 1 moderate, 0 minor: heading-order (moderate, ${path.basename(chapter)})`,
      );
    },
    ACE_RUN,
  );

  it(
    'an imported public-domain novel (Frankenstein: four letters, then chapters) exported as EPUB',
    async () => {
      copyFileSync(FRANKENSTEIN, path.join(cwd, 'frankenstein.txt'));
      const r = await karya([
        'import',
        'frankenstein.txt',
        '--generator',
        'romance',
        '--chapters',
        '8',
        '--voice',
        'none',
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const { book } = JSON.parse(r.stdout) as { book: { id: number } };
      const e = await karya([
        'export',
        'romance',
        '--book',
        String(book.id),
        '--format',
        'epub',
        '--out',
        'frankenstein.epub',
      ]);
      expect(e.code, e.stderr).toBe(0);
      await expectAccessible(path.join(cwd, 'frankenstein.epub'));
    },
    ACE_RUN,
  );

  it(
    "the KDP package's manuscript.epub: readiness lists Ace's verdict as each eBook channel's accessibility check",
    async () => {
      // The offline demo writes and packages a 3-chapter book (its text is the demo's: the offline-text check fails,
      // not Ace's).
      const r = await runKaryaInProcess(
        ['publish', 'romance', '--chapters', '3', '--out', 'pkg', '--state', path.join(cwd, 'demo.sqlite')],
        { cwd, env: { KARYA_ACE: 'on' } },
      );
      expect(r.stderr).toMatch(/DAISY Ace/);
      const readiness = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'readiness.json'), 'utf8')) as ReadinessJson;
      const ebooks = Object.entries(readiness.channels).filter(([, c]) => c.checks.some((k) => k.id === 'epubcheck'));
      expect(ebooks.length).toBeGreaterThanOrEqual(3);
      for (const [id, channel] of ebooks) {
        const check = channel.checks.find((k) => k.id === 'accessibility');
        expect(check, id).toMatchObject({ status: 'pass', detail: 'Ace: 0 critical, 0 serious, 0 moderate, 0 minor' });
      }
      // The paperback sells no EPUB: no accessibility check there.
      const paperbacks = Object.entries(readiness.channels).filter(
        ([, c]) => !c.checks.some((k) => k.id === 'epubcheck'),
      );
      for (const [, channel] of paperbacks) expect(channel.checks.map((k) => k.id)).not.toContain('accessibility');
      // epubcheck still passes it (readiness ran it on the same file).
      for (const [id, channel] of ebooks)
        expect(channel.checks.find((k) => k.id === 'epubcheck')?.status, id).toBe('pass');
    },
    2 * ACE_RUN,
  );
});
