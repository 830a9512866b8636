// The guides are true, short and name their tests: every folder guide (a README.md below the root) ends with a
// "Tests" section naming tests that exist, has at most 80 lines (its detail in a doc it links, which links back),
// and every repository file or folder a guide or its doc of detail names is there.
// And comments cite the code or a published source, never a spec document or an issue number a reader of
// the repository cannot open (the checks themselves are in guides.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { citingComments, linkedDocs, missingPaths, namedPaths } from './guides.js';
import { sourceFiles } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Names of files that a command, a writer or another program makes, which guides name but the repository
 * does not hold: the provider config a writer writes, the files `karya publish` and `npm run eval` write,
 * the built studio's asset folder, the e2e screenshots, and the EPUBs as Debian's calibre package names them.
 */
const OUTSIDE = new Set([
  'karya.config.yaml',
  'book.epub',
  'metadata.json',
  'manuscript.epub',
  'manuscript.docx',
  'description.html',
  'keywords.txt',
  'readiness.json',
  'assets',
  'test-results/e2e',
  'eng.epub',
  'deu.epub',
]);

const guides = execFileSync('git', ['ls-files', '*README.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.startsWith('node_modules/'));
const folderGuides = guides.filter((g) => g.includes('/'));
/** The most lines a folder guide has: a short map of its folder. The root README, the front door, is exempt. */
const MAX_GUIDE_LINES = 80;
const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
/** Each folder guide with the docs that hold its detail: the docs it links that link back to it. */
const details = folderGuides.flatMap((guide) =>
  linkedDocs(guide, readFileSync(path.join(ROOT, guide), 'utf8'))
    .filter((doc, i, all) => all.indexOf(doc) === i)
    .filter((doc) => readFileSync(path.join(ROOT, doc), 'utf8').includes(`](../${guide})`))
    .map((doc) => ({ guide, doc })),
);

describe('the guides', () => {
  it('are found, the root README and one per main folder', () => {
    expect(guides).toContain('README.md');
    expect(folderGuides).toEqual(
      expect.arrayContaining([
        'engine/README.md',
        'engine/session/README.md',
        'generators/README.md',
        'studio/README.md',
      ]),
    );
  });

  it.each(guides)('%s names only files and folders the repository has', (guide) => {
    expect(missingPaths(ROOT, guide, OUTSIDE)).toEqual([]);
  });

  it(`are at most ${MAX_GUIDE_LINES} lines each, below the root`, () => {
    const long = folderGuides
      .map((guide) => ({ guide, lines: linesOf(readFileSync(path.join(ROOT, guide), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_GUIDE_LINES)
      .map(({ guide, lines }) => `${guide}: ${lines} lines`);
    expect(long, 'move the detail to a doc in docs/ the guide links (and that links back)').toEqual([]);
  });

  it('hold their detail in docs that link back', () => {
    const docs = ['docs/generators.md', 'docs/session.md', 'docs/store.md', 'docs/studio.md', 'docs/translate.md'];
    expect(details.map(({ doc }) => doc)).toEqual(expect.arrayContaining(docs));
  });

  it.each(details)('$doc, the detail of $guide, names only files and folders the repository has', ({ guide, doc }) => {
    expect(missingPaths(ROOT, guide, OUTSIDE, doc)).toEqual([]);
  });

  it.each(folderGuides)('%s ends with a Tests section that names tests', (guide) => {
    const text = readFileSync(path.join(ROOT, guide), 'utf8');
    const headings = [...text.matchAll(/^(?:#{1,6} (.+)|\*\*(.+?)\.?\*\*)\s*$/gm)].map((m) => (m[1] ?? m[2])!.trim());
    expect(headings.at(-1), 'the last heading').toMatch(/^Tests\.?$/);
    const section = text.slice(text.lastIndexOf(headings.at(-1)!));
    expect(
      namedPaths(section).some(({ word, folder }) => /^tests\//.test(folder ?? word)),
      'a path under tests/',
    ).toBe(true);
  });
});

describe('the check of named paths', () => {
  it('finds a guide naming a file that is not there, and reads a bare name in the folder named before it', () => {
    const named = namedPaths(
      '- `tests/session/`: `bible.test.ts` and `gone.test.ts`; see ' +
        '`engine/nowhere.ts` and `templates/`.\n```\nskipped/inside.ts\n```',
    );
    expect(named).toEqual([
      { word: 'tests/session/' },
      { word: 'bible.test.ts', folder: 'tests/session/' },
      { word: 'gone.test.ts', folder: 'tests/session/' },
      { word: 'engine/nowhere.ts', folder: 'tests/session/' },
      { word: 'templates/', folder: 'tests/session/' },
    ]);
  });
});

describe('comments', () => {
  it('cite no spec document and no issue number', () => {
    const files = sourceFiles(ROOT, [
      'engine',
      'server',
      'cli',
      'studio/src',
      'migrations',
      'tests',
      'bench',
      'scripts',
    ]);
    const found = files.flatMap((f) =>
      citingComments(readFileSync(path.join(ROOT, f), 'utf8')).map((c) => `${f}:${c.line}: ${c.text.trim()}`),
    );
    expect(files.length).toBeGreaterThan(300);
    expect(found, 'cite the code (a file, a function) or a published source instead').toEqual([]);
  });

  it('a citation is found in a comment, never in a string or a quoted title', () => {
    const source = [
      '// The release rules (issue 53): three a day.',
      "const s = 'issue 12 and spec/platform.md';",
      '/* see spec/platform.md §9 */',
      '// a title like "Romance #1" is refused',
      'const n = 1; // fixed in #41',
    ].join('\n');
    expect(citingComments(source).map((c) => c.line)).toEqual([1, 3, 5]);
  });
});
