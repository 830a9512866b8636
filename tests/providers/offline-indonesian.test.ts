// The offline provider writes an Indonesian book from the language table's words (languages/id/offline-*.yaml),
// with the same code that writes English and Malay: a chapter of a story, an outline, an introduction with its
// character details and chapter plan, a story-bible update, a guide's chapter, a cookbook's recipes and a cover.
// Each is standard Indonesian: no Malaysian Malay word (karena, not kerana; uang, not wang), no English, and the
// language guard keeps every paragraph as Indonesian (a Malay paragraph in an Indonesian book is asked again).
// Indonesian is a draft of the table until every area has worded it: this file reads the table with drafts, so it
// runs the same before and after that line goes.
import { afterAll, describe, expect, it } from 'vitest';
import { coverFacts, coverSvg } from '../../engine/providers/cover.js';
import { offlineText } from '../../engine/providers/offline.js';
import { grammarCheck, shapedLike } from '../../engine/providers/offline-words.js';
import { findLanguageDrift } from '../../engine/session/reading/index.js';
import { isLang, setLanguageSource } from '../../engine/languages/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import type { PromptMeta } from '../../engine/compile/prompt.js';

/**
 * Malaysian Malay words an Indonesian text does not use (their Indonesian: karena, bahwa, saja, uang, kantor, mobil,
 * …).
 */
const MALAYSIAN = [
  'kerana',
  'bahawa',
  'sahaja',
  'wang',
  'pejabat',
  'kereta',
  'selepas',
  'semasa',
  'minit',
  'baharu',
  'esok',
  'awak',
  'bilik',
  'cawan',
  'sudu',
  'kasut',
  'cili',
  'kicap',
  'sos',
  'petang',
  'lapan',
  'teksi',
  'motosikal',
  'telefon',
  'kedai',
  'jiran',
  'berasa',
  'mahu',
  'fikir',
  'faham',
  'boleh',
  'tiada',
  'resipi',
  'petua',
];
/** Common English words no Indonesian sentence has (outside a quoted setting value and the API key's name). */
const ENGLISH = [
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

const withDrafts = !isLang('id');
if (withDrafts)
  setLanguageSource(() => readLanguages(languageFolders(), { ...process.env, KARYA_DRAFT_LANGUAGES: '1' }));
afterAll(() => {
  if (withDrafts) setLanguageSource(() => readLanguages());
});

function meta(over: Partial<PromptMeta>): PromptMeta {
  return {
    generatorId: 'romance',
    family: 'fiction',
    kind: 'book',
    stepKind: 'chapter',
    stepLabel: 'Bab 1',
    lang: 'id',
    title: 'Kisah Cinta',
    settingsSummary: [
      { label: 'Latar', value: 'Perkotaan' },
      { label: 'Suasana', value: 'Apa saja' },
    ],
    wordTarget: 900,
    chapterCount: 3,
    isFiction: true,
    ...over,
  };
}

function write(over: Partial<PromptMeta>, user = 'tulis bagian ini'): string {
  return offlineText({
    system: 'sistem',
    user,
    maxTokens: 4000,
    temperature: 0.8,
    presencePenalty: 0,
    frequencyPenalty: 0,
    meta: meta(over),
  });
}

/** What is wrong with an Indonesian demo text, each named with its line. */
function problems(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const bare = line.replace(/"[^"]*"/g, '').replace(/OPENAI_API_KEY/g, '');
    const malay = MALAYSIAN.filter((w) => new RegExp(`(?<![\\p{L}-])${w}(?![\\p{L}-])`, 'iu').test(bare));
    if (malay.length) found.push(`Malaysian words (${malay.join(', ')}): ${line.slice(0, 120)}`);
    const english = ENGLISH.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(bare));
    if (english.length) found.push(`English words (${english.join(', ')}): ${line.slice(0, 120)}`);
    if (/[[\]{}]/.test(bare)) found.push(`a slot or placeholder left: ${line.slice(0, 120)}`);
    const doubled = /(?<![\p{L}-])(\p{L}+)\s+\1(?![\p{L}-])/iu.exec(bare);
    if (doubled) found.push(`"${doubled[1]} ${doubled[1]}": ${line.slice(0, 120)}`);
  }
  // The guard reads a book part by part: every paragraph must be kept as Indonesian.
  for (const paragraph of text.split(/\n\s*\n/)) {
    const drift = findLanguageDrift(paragraph, 'id');
    if (drift) found.push(`the guard finds ${drift.found}: ${paragraph.slice(0, 160)}`);
  }
  return found;
}

describe('the offline provider writes Indonesian from the language table', () => {
  it('a story chapter: the demo mark in Indonesian, then prose of the length asked, every paragraph Indonesian', () => {
    const text = write({});
    expect(text.split('\n')[0]).toBe(
      '*Teks demo luring: tidak ada model AI yang menulis ini. ' +
        'Atur OPENAI_API_KEY untuk menulis dengan model sungguhan.*',
    );
    expect(text.split(/\s+/).length).toBeGreaterThanOrEqual(900);
    expect(text).toMatch(/\b(Aisha|Daniel|Bu Sumi)\b/);
    expect(problems(text)).toEqual([]);
  });

  it('an outline: "Judul:", "Premis:", one "Bab N:" entry per chapter and its ending, in Indonesian', () => {
    const text = write({ stepKind: 'outline', stepLabel: 'Kerangka' });
    expect(text).toMatch(/^Judul: .+$/m);
    expect(text).toMatch(/^Premis: .+$/m);
    expect(text.match(/^Bab \d+: \S.*$/gm)).toHaveLength(3);
    expect(text).not.toMatch(/^(Chapter|Tajuk)\b/m);
    expect(problems(text)).toEqual([]);
  });

  it(
    "an introduction lists the characters under the introduction's " +
      "Indonesian heading, and a guide's asks its chapter plan",
    () => {
      const story = write({ stepKind: 'introduction', stepLabel: 'Pendahuluan' });
      expect(story).toContain('Detail Tokoh:\n- Aisha Rahman:');
      expect(problems(story)).toEqual([]);
      const guide = write({
        generatorId: 'self-help',
        family: 'nonfiction',
        isFiction: false,
        stepKind: 'introduction',
        stepLabel: 'Pendahuluan',
        asksChapterPlan: true,
      });
      expect(guide).toMatch(/Rencana Bab:\nBab 1: \S.+\nBab 2: \S.+\nBab 3: \S.+$/);
      expect(problems(guide)).toEqual([]);
    },
  );

  it("a guide's chapters and a story's parts, twelve of each, are Indonesian throughout", () => {
    const found: string[] = [];
    for (let i = 1; i <= 12; i++) {
      found.push(
        ...problems(
          write(
            { generatorId: 'self-help', family: 'nonfiction', isFiction: false, stepLabel: `Bab ${i}` },
            `bab ${i}`,
          ),
        ),
      );
      found.push(...problems(write({ stepLabel: `Bab ${i}` }, `bab ${i}`)));
    }
    expect(found).toEqual([]);
  });

  it(
    "a cookbook's chapter is recipes: a name, a table of ingredients " +
      'with amounts, numbered steps and a tip, in Indonesian',
    () => {
      const text = write({
        generatorId: 'cookbook',
        family: 'nonfiction',
        isFiction: false,
        demo: 'recipe',
        stepLabel: 'Bab 1',
      });
      expect(text).toMatch(
        new RegExp(
          /^### \S.+\n\n\S.+\n\n\*\*Bahan-Bahan\*\*\n\n.+·.+\n\n\| .+ \|\n\| --- \| --- \|\n(\| .+ \|\n)+/.source +
            /\n\*\*Cara Membuat\*\*\n\n1\. \S.+\n2\. \S.+\n3\. \S.+\n4\. \S.+\n(5\. \S.+\n)?\n\*Kiat:\* \S/.source,
          'm',
        ),
      );
      expect(text).toMatch(/\d+ (menit|sendok makan|sendok teh|siung|g|ml)\b/);
      expect(problems(text)).toEqual([]);
    },
  );

  it('a story-bible update uses the Indonesian story bible headings and settles its choice', () => {
    const text = write({ stepKind: 'memory', stepLabel: 'Bab 2' });
    expect(text).toContain('## Tokoh');
    expect(text).toContain('- pilihan yang dibuat dalam Bab 2 | Bab 2 | selesai');
    expect(text).not.toMatch(/[{}]/);
  });

  it('a cover: an Indonesian by-line and footer, and colours from Indonesian option words', () => {
    const facts = coverFacts({
      prompt: 'x',
      size: '1024x1792',
      meta: meta({
        generatorId: 'book-cover',
        family: 'covers',
        kind: 'image',
        stepKind: 'image',
        stepLabel: 'Sampul',
        settingsSummary: [
          { label: 'Judul', value: 'Hujan di Bogor', role: 'bookTitle' },
          { label: 'Penulis', value: 'Sri Wahyuni', role: 'author' },
          { label: 'Genre', value: 'Fiksi Ilmiah', role: 'genre' },
          { label: 'Suasana', value: 'Dramatis', role: 'mood' },
        ],
      }),
    });
    expect(facts).toMatchObject({
      title: 'Hujan di Bogor',
      byline: 'oleh Sri Wahyuni',
      genre: 'scifi',
      mood: 'dramatic',
      lang: 'id',
    });
    const svg = coverSvg(facts, { width: 1024, height: 1792 });
    expect(svg).toContain('>oleh Sri Wahyuni<');
    expect(svg).toContain('Sampul demo luring · Karya');
    const untitled = coverFacts({
      prompt: 'x',
      size: '1024x1792',
      meta: meta({
        generatorId: 'book-cover',
        family: 'covers',
        kind: 'image',
        stepKind: 'image',
        stepLabel: 'Sampul',
        settingsSummary: [],
      }),
    });
    expect(untitled.title).toBe('Tanpa Judul');
  });
});

describe("a language's demo words are checked when the table is read", () => {
  it('a grammar whose frame names a slot it does not give is refused, naming the file and the slot', () => {
    const check = grammarCheck();
    expect(() =>
      check(
        { frames: ['[who] menunggu di [tempat].'], slots: { who: ['Aisha'] } },
        '',
        'languages/xx/offline-story.yaml',
      ),
    ).toThrow(/languages\/xx\/offline-story\.yaml.*slots\.tempat/);
  });

  it('fixed words missing a key the English words have are refused, naming it', () => {
    const check = shapedLike({ chapter: 'Chapter', titles: { story: ['First Light'] } });
    expect(() => check({ chapter: 'Bab', titles: {} }, '', 'languages/xx/offline-demo.yaml')).toThrow(
      /languages\/xx\/offline-demo\.yaml.*titles\.story/,
    );
    expect(() => check({ chapter: 'Bab', titles: { story: [] } }, '', 'languages/xx/offline-demo.yaml')).toThrow(
      /titles\.story/,
    );
  });
});
