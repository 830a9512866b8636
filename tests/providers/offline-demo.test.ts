// The first book a newcomer sees is the offline demo: it must read as written, in English and in Malay,
// for every family of generator. Generated through `karya generate` (in this process) for a book or a
// piece of each family and checked for the broken shapes a reader saw: a title with a lower-case word
// in it ("A Tale of urban Beginnings"), an article before a vague value ("the any reader"), a word
// doubled, a placeholder left, English words in a Malay demo, story titles in a cookbook. A cookbook's
// chapters are recipes (a name, ingredients with amounts, numbered steps), and the offline cover letters
// its title once: on the art (SVG text) and, on the paperback, the art's title is not lettered again.
// A long demo book does not read as a model looping: over a whole book of long chapters, no part has a
// fifth of its words inside an 8-word run the book already wrote (the share the repetition check marks ⚠),
// and the longest demo cookbook `karya generate cookbook --chapters 12` writes reports no part as repeating.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverFacts, coverSvg, renderCoverPng } from '../../engine/providers/cover.js';
import { renderWrapCover } from '../../engine/node/print/cover.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { runTool } from '../export/tools.js';
import { loadCatalog } from '../../engine/node/load.js';
import { offlineText } from '../../engine/providers/offline.js';
import { repeatedShares, REPEATS_RATIO } from '../../engine/session/reading/index.js';
import type { PromptMeta } from '../../engine/compile/prompt.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-demo-');

/**
 * One generator of each family: fiction books, non-fiction books (a cookbook among them), creative books and pieces, a
 * publishing tool.
 */
const FAMILIES = {
  fiction: ['romance', 'children'],
  nonfiction: ['self-help', 'cookbook'],
  creative: ['moral-values', 'poems'],
  publishing: ['author-name'],
} as const;
const LANGS = ['en', 'ms'] as const;

/** Common English words no Malay sentence has (outside a quoted setting value, which is the user's). */
const ENGLISH_WORDS = [
  'the',
  'and',
  'of',
  'with',
  'this',
  'is',
  'for',
  'to',
  'reader',
  'story',
  'book',
  'chapter',
  'ingredients',
  'method',
  'serves',
  'minutes',
  'title',
  'tip',
];

async function demo(id: string, lang: 'en' | 'ms'): Promise<string> {
  const out = path.join(tmp, `${id}-${lang}.md`);
  const r = await runKaryaInProcess([
    'generate',
    id,
    '--chapters',
    '2',
    '--lang',
    lang,
    '--out',
    out,
    '--state',
    path.join(tmp, 'state.sqlite'),
    '--fresh',
  ]);
  expect(r.code, r.stderr).toBe(0);
  return readFileSync(out, 'utf8');
}

/** The broken shapes of a demo text, each named with the line it is in. */
function brokenShapes(md: string, lang: 'en' | 'ms'): string[] {
  const found: string[] = [];
  for (const line of md.split('\n')) {
    const at = (what: string) => found.push(`${what}: ${line.slice(0, 120)}`);
    // A heading (the title, a part) has no lower-case word between capitalised ones but the minor words.
    if (/^#{1,3} /.test(line)) {
      const words = line
        .replace(/^#+ /, '')
        .replace(/^(Chapter|Bab) \d+: /, '')
        .split(/\s+/);
      const minor = new Set([
        'a',
        'an',
        'the',
        'of',
        'to',
        'and',
        'in',
        'on',
        'for',
        'dan',
        'di',
        'ke',
        'yang',
        'untuk',
        'dari',
      ]);
      if (words.some((w, i) => i > 0 && /^\p{Ll}/u.test(w) && !minor.has(w))) at('a lower-case word in a heading');
    }
    if (/\bof \p{Ll}+ \p{Lu}/u.test(line)) at('a lower-case word after "of" in a title');
    if (/\b(the|a|an) (any|none|all|other|random|mixed|various)\b/i.test(line)) at('an article before a vague value');
    const doubled = /\b(\p{L}+)\s+\1\b/iu.exec(line);
    if (doubled) at(`"${doubled[1]} ${doubled[1]}"`);
    if (/[{}]/.test(line)) at('a placeholder');
    if (lang === 'ms' && !/^_.*_$/.test(line)) {
      const bare = line.replace(/"[^"]*"/g, '').replace(/OPENAI_API_KEY/g, '');
      const english = ENGLISH_WORDS.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(bare));
      if (english.length) at(`English in the Malay demo (${english.join(', ')})`);
    }
  }
  return found;
}

/** Words asked for each part of the long book, and its chapters: longer than any generator's own 1,500. */
const LONG = { words: 2000, chapters: 8 };

/** The offline text of every part of a long book of generator `id` (a piece: the piece, at that length). */
function longBook(id: string, lang: 'en' | 'ms'): string[] {
  const spec = loadCatalog({ useDiskCache: true }).get(id)!;
  const steps =
    spec.kind === 'book' ? ['introduction', ...Array<string>(LONG.chapters).fill('chapter'), 'conclusion'] : ['single'];
  return steps.map((stepKind, i) => {
    const meta: PromptMeta = {
      generatorId: id,
      family: spec.family,
      kind: spec.kind,
      stepKind: stepKind as PromptMeta['stepKind'],
      stepLabel: `${stepKind} ${i}`,
      lang,
      title: spec.title[lang]!,
      settingsSummary: [{ label: lang === 'ms' ? 'Latar' : 'Setting', value: lang === 'ms' ? 'Bandar' : 'Urban' }],
      wordTarget: LONG.words,
      chapterCount: LONG.chapters,
      isFiction: spec.family === 'fiction',
      ...(spec.prompts.demo ? { demo: spec.prompts.demo } : {}),
    };
    return offlineText({
      system: `${id} system`,
      user: `${id} ${lang}: write part ${i} (${stepKind})`,
      maxTokens: LONG.words * 3,
      temperature: 0.8,
      presencePenalty: 0,
      frequencyPenalty: 0,
      meta,
    });
  });
}

describe('the offline demo reads as written', () => {
  it(
    `a long book of every family, in English and Malay, repeats ` +
      `under ${REPEATS_RATIO} of every part's words, and reads as written throughout`,
    () => {
      const over: string[] = [];
      const problems: string[] = [];
      for (const id of Object.values(FAMILIES).flat()) {
        for (const lang of LANGS) {
          const parts = longBook(id, lang);
          expect(parts.at(-1)!.split(/\s+/).length, `${id} ${lang}`).toBeGreaterThanOrEqual(LONG.words);
          repeatedShares(parts).forEach(
            (share, i) => share >= REPEATS_RATIO && over.push(`${id} ${lang} part ${i}: ${share}`),
          );
          problems.push(...brokenShapes(parts.join('\n\n'), lang).map((p) => `${id} ${lang}: ${p}`));
        }
      }
      expect(over).toEqual([]);
      expect(problems).toEqual([]);
    },
  );

  it(
    `a 12-chapter demo cookbook, in English and Malay, reports every part ` +
      `under ${REPEATS_RATIO} repeated, and every chapter holds recipes`,
    { timeout: 120_000 },
    async () => {
      for (const lang of LANGS) {
        const out = path.join(tmp, `cookbook-12-${lang}.md`);
        const r = await runKaryaInProcess([
          'generate',
          'cookbook',
          '--chapters',
          '12',
          '--lang',
          lang,
          '--json',
          '--out',
          out,
          '--state',
          path.join(tmp, 'state.sqlite'),
          '--fresh',
        ]);
        expect(r.code, r.stderr).toBe(0);
        const parts = (JSON.parse(r.stdout) as { parts: Array<{ label: string; repeated?: number }> }).parts;
        const chapters = parts.filter((p) => /^(Chapter|Bab) \d+$/.test(p.label));
        expect(
          chapters.map((p) => p.label),
          lang,
        ).toHaveLength(12);
        expect(
          parts.filter((p) => (p.repeated ?? 0) >= REPEATS_RATIO).map((p) => `${lang} ${p.label}: ${p.repeated}`),
        ).toEqual([]);
        expect(r.stderr).not.toContain('⚠');
        const md = readFileSync(out, 'utf8');
        const recipeChapters = md.split(/^## /m).filter((part) => /^(Chapter|Bab) \d+:/.test(part));
        expect(recipeChapters, lang).toHaveLength(12);
        for (const chapter of recipeChapters)
          expect(chapter).toMatch(
            new RegExp(
              /^### \S.+\n\n\S.+\n\n\*\*\S.+\*\*\n\n.+·.+\n\n\| .+ \|\n\| --- \| --- \|\n(\| .+ \|\n)+\n\*\*\S/.source +
                /.+\*\*\n\n1\. \S.+\n2\. \S.+\n3\. \S.+\n4\. \S.+\n(5\. \S.+\n)?\n\*\S+:\* \S/.source,
              'm',
            ),
          );
      }
    },
  );

  it(
    'every family, in English and Malay: no lower-case title word, no ' +
      '"the any", no doubled word or placeholder, no English in Malay',
    { timeout: 120_000 },
    async () => {
      const problems: string[] = [];
      for (const id of Object.values(FAMILIES).flat()) {
        for (const lang of LANGS)
          problems.push(...brokenShapes(await demo(id, lang), lang).map((p) => `${id} ${lang}: ${p}`));
      }
      expect(problems).toEqual([]);
    },
  );

  it(
    "a cookbook's chapters are recipes: a name, ingredients with amounts " +
      "in a table, numbered steps; its chapter titles are not a story's",
    async () => {
      for (const lang of LANGS) {
        const md = await demo('cookbook', lang);
        const words =
          lang === 'ms'
            ? { chapter: 'Bab', ingredients: 'Bahan-bahan', method: 'Cara Memasak' }
            : { chapter: 'Chapter', ingredients: 'Ingredients', method: 'Method' };
        const chapter = md.split(/^## /m).find((part) => part.startsWith(`${words.chapter} 1:`))!;
        expect(chapter, lang).toBeDefined();
        expect(chapter).toMatch(/^### \S.+$/m);
        expect(chapter).toContain(`**${words.ingredients}**`);
        expect(chapter).toMatch(/^\| .+ \| .*\d.* \|$/m);
        expect(chapter).toContain(`**${words.method}**`);
        expect(chapter).toMatch(/^1\. \S/m);
        expect(chapter).toMatch(/^2\. \S/m);
        expect(md).not.toMatch(/First Light|A Door Opens|Cahaya Pertama|Pintu Terbuka/);
      }
    },
  );

  it(
    'the offline cover letters its title once, and the paperback ' +
      "does not letter the art's title again on the front",
    async () => {
      const title = 'Hujan di Kuala Lumpur';
      const svg = coverSvg(
        { title, byline: 'by Siti Aminah', genre: 'romance', lang: 'en' },
        { width: 1600, height: 2560 },
      );
      const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
      expect(texts.join(' ').split(title).length - 1).toBe(1);

      const art = renderCoverPng({
        prompt: 'x',
        size: '1024x1792',
        meta: {
          generatorId: 'book-cover',
          family: 'covers',
          kind: 'image',
          stepKind: 'image',
          stepLabel: 'Cover',
          lang: 'en',
          title: 'Book Cover',
          settingsSummary: [{ label: 'Title', value: title, role: 'bookTitle' }],
          wordTarget: 0,
          isFiction: false,
        },
      });
      const wrap = await renderWrapCover({
        art,
        title,
        author: 'Siti Aminah',
        description: '<p>Rain over the city.</p>',
        lang: 'en',
        trim: '6x9',
        paper: 'white',
        pageCount: 40,
      });
      const file = path.join(tmp, 'wrap.pdf');
      writeFileSync(file, wrap.bytes);
      const text = (await runTool('pdftotext', [file, '-'])).stdout.replace(/\s+/g, ' ');
      // Lettered once, on the back above the description; the front's title is the art's own.
      expect(text.split(title).length - 1).toBe(1);
      expect(text).toContain('Siti Aminah');
    },
  );

  it(
    "a kids cover names the main character of the book's " +
      "Character Details line, not the line cut at the band's edge",
    () => {
      const facts = coverFacts({
        prompt: 'x',
        size: '1024x1792',
        meta: {
          generatorId: 'kids-book-cover',
          family: 'covers',
          kind: 'image',
          stepKind: 'image',
          stepLabel: 'Cover',
          lang: 'en',
          title: 'Kids Cover',
          settingsSummary: [
            { label: 'Title', value: 'Pip', role: 'bookTitle' },
            { label: 'Main Character', value: 'Aisha Rahman: the lead, 28, stubborn and kind', role: 'mainCharacter' },
          ],
          wordTarget: 0,
          isFiction: false,
        },
      });
      expect(facts.byline).toBe('featuring Aisha Rahman');
    },
  );
});
