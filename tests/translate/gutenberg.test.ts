// A real novel translated as a self-publisher would: chapters of a public-domain novel of 1909 as Project Gutenberg
// ships it (tests/fixtures/gutenberg: hard-wrapped, its header and licence notice, God, American, English, October,
// Friday in its text) imported with `karya import` and made a Malay edition with `karya translate --to ms` by a
// model that writes as real ones do: a scene break kept as it is, the dictionary words as Malay writes them
// ("Inggeris", "Amerika", "Oktober", "Tuhan"), every name with its particle ("Annelah"). The edition finishes,
// every paragraph aligned, the breaks in place, no window asked twice. And a 5-chapter romance against a model that
// writes every name with -lah: every part, no window asked twice.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { glossaryOf } from '../../engine/index.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isAskedAgain, isTranslateRequest, type TranslatorOptions } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedBook, savedEdition } from './book.js';
import { tempDir } from '../temp.js';
import { epubcheck, readZip, zipText } from '../export/tools.js';

const NOVEL = path.join(import.meta.dirname, '../fixtures/gutenberg/anne-of-avonlea-xvi-xxi.txt');
/** Gutenberg's scene break, as its texts set it: indented, five stars spaced by seven blanks. */
const BREAK_LINE = '       *       *       *       *       *';
const BREAK = BREAK_LINE.trim();

let fake: FakeOpenAI | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setUp(options: TranslatorOptions) {
  const translator = fakeTranslator(options);
  fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }));
  const cwd = tempDir('karya-translate-novel-');
  dirs.push(cwd);
  const state = path.join(cwd, 'state.sqlite');
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', state], { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL } });
  const asks = () => f.generationRequests().filter((r) => isTranslateRequest(r.body ?? {}));
  return { cwd, state, karya, asks };
}

/**
 * The fixture with two scene breaks of Gutenberg's (this novel's edition has none, see the fixture's README): one
 * between two paragraphs of Chapter XVII, one closing Chapter XIX (the last paragraph of its part, where a model's
 * closing rule would be taken off).
 */
function novelWithBreaks(): string {
  const text = readFileSync(NOVEL, 'utf8');
  const inXvii = 'Anne woke three times in the night';
  const xx = '\n\n\n\n\nXX\n\nThe Way It Often Happens';
  expect(text).toContain(inXvii);
  expect(text).toContain(xx);
  return text.replace(inXvii, `${BREAK_LINE}\n\n${inXvii}`).replace(xx, `\n\n${BREAK_LINE}${xx}`);
}

describe('a public-domain novel of 1909, imported and translated into Malay', () => {
  // A model keeps the break as it is, or writes it its own way ("* * *", which an answer's closing rule looks like).
  it.each([
    ['kept as it is', undefined],
    ['rewritten as "* * *"', '* * *'],
  ])(
    'finishes with its breaks %s: every paragraph aligned, the breaks ' +
      'where they stood, no dictionary word held fast, no window asked twice',
    async (_, breakAs) => {
      const { cwd, state, karya, asks } = await setUp({
        anyText: true,
        nameEnding: 'lah',
        ...(breakAs ? { breakAs } : {}),
      });
      writeFileSync(path.join(cwd, 'anne.txt'), novelWithBreaks());
      const imported = await karya(['import', 'anne.txt', '--generator', 'romance', '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const id = (JSON.parse(imported.stdout) as { book: { id: number } }).book.id;
      const source = (await savedBook(state, id))!.state;
      const parts = source.content.map((t) =>
        t
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
      );
      expect(parts.flat().filter((p) => p === BREAK)).toHaveLength(2);

      // The glossary the book's text and bible give holds its names, never the dictionary's words.
      const terms = glossaryOf(source).map((e) => e.term);
      expect(terms).toEqual(expect.arrayContaining(['Anne', 'Davy', 'Marilla']));
      for (const word of ['English', 'American', 'October', 'Friday', 'God', 'Mrs', 'Mr', 'Miss', 'Island', 'Fourth'])
        expect(terms).not.toContain(word);
      // A whole name is one term (never "Gables" of Green Gables), its title off ("Mrs. Rachel Lynde" is no term with
      // Mrs).
      expect(terms).toContain('Green Gables');
      expect(terms).not.toContain('Gables');
      expect(terms.filter((t) => /^(?:Mrs?|Miss)\b/.test(t))).toEqual([]);

      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
      expect(r.code, r.stderr).toBe(0);
      // The writer is shown the terms held fast and how to change them.
      expect(r.stderr).toMatch(/the glossary holds these \d+ terms fast/);
      // Each with why it is held: the heroine too, whom the novel also sets in capitals.
      expect(r.stderr).toMatch(/^ {4}Anne → Anne — capitalised mid-sentence \d+×, never lowercase$/m);
      expect(r.stderr).toContain('--glossary FILE');
      const edition = (await savedEdition(state))!.state;
      expect(edition.incompleteParts).toBeUndefined();
      expect(edition.content).toHaveLength(source.content.length);
      parts.forEach((paragraphs, position) => {
        const translated = edition.content[position]!.split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean);
        expect(translated, `part ${position}`).toHaveLength(paragraphs.length);
        paragraphs.forEach((p, i) => {
          if (p === BREAK) expect(translated[i]).toBe(BREAK);
          else expect(translated[i]).not.toBe(BREAK);
        });
      });
      const text = edition.content.join('\n\n');
      for (const word of ['Inggeris', 'Amerika', 'Oktober', 'Tuhan', 'Annelah']) expect(text).toContain(word);
      expect(
        r.stderr
          .split('\n')
          .filter((l) => /… asking .* again/.test(l))
          .join('\n'),
      ).toBe('');
      expect(asks().filter((q) => isAskedAgain(q.body ?? {}))).toHaveLength(0);
    },
    180_000,
  );
});

describe('a romance whose translator writes every name with -lah', () => {
  it('finishes with every part, no window asked twice', async () => {
    const { state, karya, asks } = await setUp({ nameEnding: 'lah' });
    const id = await saveRomance(state, 'en');
    const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
    expect(r.code, r.stderr).toBe(0);
    const edition = (await savedEdition(state))!.state;
    expect(edition.incompleteParts).toBeUndefined();
    for (let n = 1; n <= CHAPTERS; n++)
      expect(edition.content[n]!.split(/\n\s*\n/)).toHaveLength(chapterParagraphs(n, 'en').length);
    expect(edition.content.join('\n\n')).toMatch(/Aishalah/);
    expect(asks().filter((q) => isAskedAgain(q.body ?? {}))).toHaveLength(0);
    const bodies = asks().map((q) => JSON.stringify(q.body?.messages));
    expect(new Set(bodies).size).toBe(bodies.length);
  }, 120_000);
});

/** The EPUB's part files' XHTML, joined. */
function epubText(file: string): string {
  const files = readZip(readFileSync(file));
  return files
    .filter((f) => f.name.endsWith('.xhtml'))
    .map((f) => zipText(files, f.name))
    .join('\n');
}

describe('the novel translated by a model with the habits that lose a book', () => {
  it(
    'keeps the source title (never the genre), names every untranslated piece, ' +
      'marks them English in the EPUB, and keeps the verse as block quotes',
    async () => {
      // A model that answers the book's title with its genre's name, leaves one chapter's title in English, cannot
      // translate one paragraph, and flattens every verse into prose.
      const leftParagraph = 'Anne woke three times in the night';
      const { cwd, state, karya } = await setUp({
        anyText: true,
        bookTitleAs: { genre: 'Romantik' },
        keepTitles: 'Happy',
        cannot: leftParagraph,
        flattenQuotes: true,
      });
      writeFileSync(path.join(cwd, 'anne.txt'), readFileSync(NOVEL, 'utf8'));
      const imported = await karya(['import', 'anne.txt', '--generator', 'romance', '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const id = (JSON.parse(imported.stdout) as { book: { id: number } }).book.id;
      const source = (await savedBook(state, id))!.state;
      const quotes = source.content
        .join('\n\n')
        .split(/\n\s*\n/)
        .filter((p) => p.trim().startsWith('>'));
      expect(quotes.length).toBeGreaterThanOrEqual(2);
      const happy = Object.entries(source.chapterTitles ?? {}).find(([, t]) => t.includes('Happy'))!;
      expect(happy, JSON.stringify(source.chapterTitles)).toBeDefined();

      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
      // Something is left: exit 1, the rest saved.
      expect(r.code, r.stderr).toBe(1);
      const lines = r.stderr.split('\n');
      // The title it chose is said at the start, before any part: the source's own kept, in English, and why.
      const titleLine = lines.findIndex((l) => l.includes("the edition's title:"));
      expect(titleLine).toBeGreaterThanOrEqual(0);
      expect(titleLine).toBeLessThan(lines.findIndex((l) => l.includes('translating ')));
      expect(lines[titleLine]).toMatch(
        new RegExp(
          /the edition's title: "Anne of Avonlea" is kept in English, marked untranslated \(the answer was/.source +
            / the name of the book's kind, not its title\)/.source,
          'i',
        ),
      );
      expect(r.stderr).not.toMatch(/Romantik/);
      // And named again at the end, with what is left.
      expect(lines.filter((l) => l.includes("the edition's title:"))).toHaveLength(2);
      // The chapter title left in English is named, and that chapter is never reported translated.
      expect(r.stderr).toContain(`its chapter title "${happy[1]}" could not be translated and is kept in English`);
      const label = (
        JSON.parse(r.stdout) as { edition: { parts: Array<{ position: number; label: string }> } }
      ).edition.parts.find((p) => p.position === Number(happy[0]))!.label;
      expect(r.stderr).not.toContain(`✓ ${label} translated`);

      const { edition } = JSON.parse(r.stdout) as {
        edition: {
          id: number;
          title: { text: string; translated: boolean; problem?: string };
          untranslated: Array<{ what: string; text?: string; paragraph?: number; position?: number }>;
        };
      };
      // (Gutenberg's own casing of the title, as the import keeps it.)
      expect(edition.title).toMatchObject({ text: 'Anne Of Avonlea', translated: false, problem: 'genre' });
      expect(edition.untranslated).toEqual(
        expect.arrayContaining([
          { what: 'title', text: 'Anne Of Avonlea' },
          expect.objectContaining({ what: 'chapter_title', position: Number(happy[0]), text: happy[1] }),
          expect.objectContaining({ what: 'paragraph' }),
        ]),
      );

      // The edition keeps the source's title, never the genre's name, and every verse as a block quote.
      const saved = (await savedEdition(state))!.state;
      const text = saved.content.join('\n\n');
      expect(text.split(/\n\s*\n/).filter((p) => p.trim().startsWith('>')).length).toBe(quotes.length);

      const out = await karya(['export', 'romance', '--book', String(edition.id), '--out', 'edisi.epub']);
      expect(out.code, out.stderr).toBe(0);
      const xhtml = epubText(path.join(cwd, 'edisi.epub'));
      expect(xhtml).toContain('<h1>Anne Of Avonlea</h1>');
      expect(xhtml).not.toContain('Romantik');
      // The untranslated paragraph and chapter title are marked English where they stand; the verse is block quotes.
      expect(xhtml).toMatch(new RegExp(`<p lang="en" xml:lang="en">${leftParagraph}`));
      expect(xhtml).toMatch(new RegExp(`<h1 lang="en" xml:lang="en">[^<]*${happy[1]}`));
      expect((xhtml.match(/<blockquote>/g) ?? []).length).toBe(quotes.length);
      // The Word file marks the same paragraph's runs English (w:lang), in a book proofed as Malay.
      const docx = await karya(['export', 'romance', '--book', String(edition.id), '--out', 'edisi.docx']);
      expect(docx.code, docx.stderr).toBe(0);
      const files = readZip(readFileSync(path.join(cwd, 'edisi.docx')));
      const body = zipText(files, 'word/document.xml');
      expect(body).toMatch(new RegExp(`<w:lang w:val="en-[A-Z]+"/>(?:(?!</w:r>).)*${leftParagraph}`, 's'));
      // A valid EPUB with its marks (lang and xml:lang on the element, as EPUB 3's XHTML has them).
      const checked = await epubcheck(path.join(cwd, 'edisi.epub'));
      expect(checked.code, checked.report).toBe(0);
    },
    240_000,
  );
});
