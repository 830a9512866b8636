// The dual-language book sets its second language apart: `karya export --bilingual` of the Malay edition of an
// English romance. In the alternating PDF (the default) and in the columns PDF, each Malay paragraph is set in an
// italic face (pdffonts lists one; poppler's pdftohtml -xml names the face of each line), each English paragraph in
// the upright one, and each is a marked span with its own language tag (/Lang en, /Lang ms); the EPUB's Malay
// paragraphs carry their own language (lang, xml:lang) and a style that sets them
// in italic.
import { readFileSync, rmSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { chapterParagraphs, saveRomance, savedBook } from '../translate/book.js';
import { readZip, runTool, zipText } from './tools.js';
import { tempDir } from '../temp.js';

/**
 * Each text line of a PDF with the face it is set in: pdftohtml -xml names each line's font by its subset tag and
 * family ("DZZZZZ+DejaVuSerif"), pdffonts the whole name of the font with that tag ("DZZZZZ+DejaVuSerif-Italic").
 */
async function linesWithFaces(file: string): Promise<Array<{ text: string; family: string }>> {
  const fonts = await runTool('pdffonts', [file]);
  const faces = new Map(
    fonts.stdout.split('\n').flatMap((l) => {
      const name = /^([A-Z]{6})\+(\S+)/.exec(l);
      return name ? [[name[1]!, name[2]!]] : [];
    }),
  );
  const run = await runTool('pdftohtml', ['-xml', '-i', '-stdout', '-q', file]);
  expect(run.code, run.stderr).toBe(0);
  const families = new Map(
    [...run.stdout.matchAll(/<fontspec id="(\d+)"[^>]*family="([^"]+)"/g)].map((m) => [
      m[1]!,
      faces.get(m[2]!.split('+')[0]!) ?? m[2]!,
    ]),
  );
  return [...run.stdout.matchAll(/<text [^>]*font="(\d+)"[^>]*>(.*?)<\/text>/g)].map((m) => ({
    family: families.get(m[1]!) ?? '',
    text: m[2]!
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#34;|&quot;/g, '"')
      .replace(/&#39;/g, "'"),
  }));
}

const firstWords = (text: string, n: number) => text.split(/\s+/).slice(0, n).join(' ');

/** The languages a PDF's page content marks its spans with (/Span <</Lang (ms)>> BDC), its streams inflated. */
function markedLangs(file: string): Set<string> {
  const bytes = readFileSync(file);
  const found = new Set<string>();
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream', at);
    if (start < 0) break;
    const body = start + (bytes[start + 6] === 0x0d ? 8 : 7);
    const end = bytes.indexOf('endstream', body);
    if (end < 0) break;
    let text = '';
    try {
      text = inflateSync(bytes.subarray(body, end)).toString('latin1');
    } catch {
      text = bytes.subarray(body, end).toString('latin1');
    }
    for (const m of text.matchAll(/\/Lang\s*\(([^)]*)\)/g)) found.add(m[1]!);
    at = end + 9;
  }
  return found;
}

describe('karya export --bilingual sets the second language apart', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  let state: string;
  let edition: number;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  const malayOf = async (n: number) =>
    (await savedBook(state, edition))!.state.content[n]!.split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
    cwd = tempDir('karya-bilingual-faces-');
    state = path.join(cwd, 'state.sqlite');
    const source = await saveRomance(state, 'en', { isWhole: true });
    const made = await runKaryaInProcess(
      ['translate', '--book', String(source), '--to', 'ms', '--json', '--state', state],
      { cwd, env: env() },
    );
    expect(made.code, made.stderr).toBe(0);
    edition = (JSON.parse(made.stdout) as { edition: { id: number } }).edition.id;
  }, 120_000);
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it.each([
    ['alternating', []],
    ['columns', ['--layout', 'columns']],
  ] as const)('the %s PDF sets each Malay paragraph in italic and its English one upright', async (layout, extra) => {
    const out = await runKaryaInProcess(
      [
        'export',
        '--book',
        String(edition),
        '--bilingual',
        '--format',
        'pdf',
        ...extra,
        '--out',
        `${layout}.pdf`,
        '--state',
        state,
      ],
      { cwd, env: env() },
    );
    expect(out.code, out.stderr).toBe(0);
    const file = path.join(cwd, `${layout}.pdf`);
    const fonts = await runTool('pdffonts', [file]);
    expect(fonts.stdout).toMatch(/Italic/);
    // Each language's text marked with its own language tag.
    expect([...markedLangs(file)].sort()).toEqual(['en', 'ms']);
    const lines = await linesWithFaces(file);
    const malay = await malayOf(1);
    chapterParagraphs(1, 'en').forEach((en, i) => {
      const english = lines.find((l) => l.text.trimStart().startsWith(firstWords(en, 3)));
      const translated = lines.find((l) => l.text.trimStart().startsWith(firstWords(malay[i]!, 2)));
      expect(english, `English paragraph ${i + 1}`).toBeDefined();
      expect(translated, `Malay paragraph ${i + 1}`).toBeDefined();
      expect(english!.family).not.toMatch(/Italic|Oblique/);
      expect(translated!.family).toMatch(/Italic|Oblique/);
    });
  });

  it('the EPUB gives each Malay paragraph its language and an italic style', async () => {
    const out = await runKaryaInProcess(
      ['export', '--book', String(edition), '--bilingual', '--format', 'epub', '--out', 'dual.epub', '--state', state],
      { cwd, env: env() },
    );
    expect(out.code, out.stderr).toBe(0);
    const files = readZip(readFileSync(path.join(cwd, 'dual.epub')));
    const chapter = zipText(
      files,
      files
        .filter((f) => /part-\d+\.xhtml$/.test(f.name))
        .map((f) => f.name)
        .sort()[1]!,
    );
    const malay = [...chapter.matchAll(/<p ([^>]*)>/g)].map((m) => m[1]!).filter((a) => /lang="ms"/.test(a));
    expect(malay.length).toBeGreaterThan(0);
    for (const attrs of malay) expect(attrs).toMatch(/xml:lang="ms" lang="ms" class="translation"/);
    const css = files
      .filter((f) => f.name.endsWith('.css'))
      .map((f) => zipText(files, f.name))
      .join('\n');
    expect(css).toMatch(/\.translation\s*\{[^}]*font-style:\s*italic/);
  });
});
