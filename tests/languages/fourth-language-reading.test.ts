// A fourth language with words of its own (Swahili's, a family of its own) is read as the three are: its outline
// plans every chapter, its story bible keeps its characters and resolves its promises, a text with its chapter
// headings imports as chapters. Nothing here names a word: the outline, the update and the manuscript are written
// from the fourth language's own files (its `reading`, `import-headings`, `book` and `story-bible` words), and the
// same texts read with the repository's languages alone find nothing, so it is the table that reads them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLanguages, LanguageWordsError, setLanguageSource } from '../../engine/index.js';
import {
  applyBibleUpdate,
  EMPTY_BIBLE,
  parseBible,
  parseBibleUpdate,
  renderBible,
} from '../../engine/session/index.js';
import { parseOutline } from '../../engine/compile/outline-parse.js';
import { outlineFromJson } from '../../engine/session/outline/shape.js';
import { splitManuscript } from '../../engine/import/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { fullYaml } from '../../engine/yaml.js';
import type { Lang } from '../../engine/spec/types.js';
import { fourthLanguage } from './fourth-language.js';
import { repoCatalog } from '../catalog.js';

const XX = 'xx' as Lang;

/** The fourth language's own words: its reading section, its import headings, its book and story-bible words. */
const READING = `
parts: {
    chapter: 'sura(?:\\s+ya)?', plural: 'sura', section: 'sehemu', part: 'onyesho', book: 'kitabu',
    introduction: 'utangulizi', conclusion: 'hitimisho', prologue: 'dibaji', epilogue: 'neno la mwisho'
  }
numbers:
  words: {
      moja: 1, mbili: 2, tatu: 3, nne: 4, tano: 5, sita: 6, saba: 7, nane: 8, tisa: 9, kumi: 10,
      kumi na moja: 11, kumi na mbili: 12, kwanza: 1, pili: 2
    }
  plusTen: []
  timesTen: []
  ordinalPrefix: []
  scales: {}
  joiners: []
  articles: []
outline:
  title: 'kichwa(?:\\s+cha\\s+kitabu)?'
  premise: 'wazo\\s+kuu|muhtasari'
  characters: 'wahusika(?:\\s+wakuu)?'
  ending: 'mwisho(?:\\s+wa\\s+hadithi)?'
  entries: 'mpango\\s+wa\\s+sura|sura\\s+zote'
  other: 'mandhari|dhamira|ahadi'
  chapterTitle: 'kichwa(?:\\s+cha\\s+sura)?'
  planColumn: 'muhtasari|mpango'
  wordUnit: 'maneno'
  noun: 'mpango|rasimu'
  chatter: 'niambie|natumaini'
  interjection: 'sawa|bila\\s+shaka'
  announcer: 'huu\\s+hapa|hapa\\s+chini'
  endingPhrase: 'hatimaye\\b|mwishoni\\s+mwa\\s+hadithi'
  json: {
      title: 'kichwa', premise: 'muhtasari', characters: 'wahusika', chapters: 'sura', threads: 'ahadi',
      ending: 'mwisho', chapterTitle: 'kichwa', chapterPlan: 'mpango|muhtasari', characterName: 'jina',
      characterRole: 'nafasi', thread: 'ahadi', opened: 'ilifunguliwa', due: 'inatarajiwa'
    }
bible:
  premise: 'wazo kuu'
  ending: 'mwisho uliopangwa|mwisho'
  chapters: 'sura hadi sasa'
  arcs: 'safu za awali'
  chapter: 'sura hii|sura'
  arc: 'safu'
  characters: 'wahusika'
  threads: 'ahadi zilizo wazi|ahadi'
  facts: 'ukweli uliowekwa|ukweli'
  replaced: 'imebadilika'
  summary: 'muhtasari'
  open: 'wazi'
  advanced: 'imesonga'
  resolved: 'imetimizwa|imekamilika'
  dropped: 'imeachwa'
  at: 'katika'
  opened: 'ilifunguliwa(?:\\s+katika)?'
  since: 'tangu'
  due: 'inatarajiwa'
  copula: 'ni|iko|yuko|ana|anaishi'
brief: {
    chapterNotes: 'maelezo ya sura', avoid: 'epuka', title: 'kichwa', characters: 'wahusika',
    pointOfView: 'mtazamo'
  }
headings: {
    characterDetails: 'maelezo\\s+ya\\s+wahusika', characterList: 'wahusika\\s+wakuu',
    chapterPlan: 'mpango\\s+wa\\s+sura'
  }
front: 'jalada|yaliyomo|haki miliki'
`;
const IMPORT_HEADINGS = `
chapter: 'sura(?:\\s+ya)?'
part: 'kitabu'
letter: 'barua'
prologue: 'dibaji'
epilogue: 'neno la mwisho'
introduction: 'utangulizi'
preface: 'dibaji ya mwandishi'
foreword: 'neno la awali'
authorsNote: 'maelezo ya mwandishi'
dedication: 'tabaruku'
epigraph: 'nukuu'
acknowledgements: 'shukrani'
contents: 'yaliyomo'
byline: 'na'
subtitle: 'au'
dedicatedTo: 'kwa'
dedicated: 'imetabarukiwa'
titleLabel: 'kichwa'
authorLabel: 'mwandishi'
`;
const BOOK =
  `chapter: Sura\nchapters: Sura\nbook: Kitabu\nsince: ` + `tangu\ndue: inatarajiwa\ngone: 'amekufa|amekwenda mbali'\n`;
const STORY_BIBLE = {
  premise: 'Wazo kuu',
  ending: 'Mwisho uliopangwa',
  chapters: 'Sura hadi sasa',
  arcs: 'Safu za awali',
  characters: 'Wahusika',
  threads: 'Ahadi zilizo wazi',
  facts: 'Ukweli uliowekwa',
  replaced: 'Imebadilika',
  open: 'wazi',
  advanced: 'imesonga',
  resolved: 'imetimizwa',
  dropped: 'imeachwa',
  character: 'mhusika',
  fact: 'ukweli',
  thread: 'ahadi',
  changeGone: 'haipo tena',
  changeAdded: 'mpya',
  dueIn: '- {thread} (inatarajiwa {at})',
  wasDueIn: '- {thread} (ilitarajiwa {at})',
  storyBible: 'Daftari la Hadithi',
};

function swahiliLike(): string {
  const dir = fourthLanguage();
  writeFileSync(path.join(dir, 'xx/reading.yaml'), READING);
  writeFileSync(path.join(dir, 'xx/import-headings.yaml'), IMPORT_HEADINGS);
  writeFileSync(path.join(dir, 'xx/book.yaml'), BOOK);
  writeFileSync(path.join(dir, 'xx/story-bible.yaml'), fullYaml().stringify(STORY_BIBLE));
  return dir;
}

type Words<K extends string> = Readonly<Record<K, string>>;
interface Reading {
  parts: Words<'chapter'>;
  numbers: { words: Record<string, number> };
  outline: Words<'title' | 'premise' | 'characters' | 'ending'> & {
    json: Words<'title' | 'chapters' | 'chapterTitle' | 'chapterPlan'>;
  };
  bible: Words<'premise' | 'chapter' | 'characters' | 'threads' | 'facts' | 'open' | 'resolved' | 'at'>;
}
const dir = swahiliLike();
const words = fullYaml().parse(readFileSync(path.join(dir, 'xx/reading.yaml'), 'utf8')) as Reading;
const book = fullYaml().parse(readFileSync(path.join(dir, 'xx/book.yaml'), 'utf8')) as Words<'chapter' | 'due'>;

/** The plain first wording of a key ("sura hii|sura" → "Sura hii"), optional parts left out. */
const first = (pattern: string) => {
  const w = pattern
    .split('|')[0]!
    .replace(/\(\?:[^)]*\)\?/g, '')
    .replace(/\\s\+/g, ' ')
    .replace(/\\b/g, '')
    .trim();
  return w.charAt(0).toUpperCase() + w.slice(1);
};
/** The number word of `n` in the fourth language, the longest wording first ("kumi na mbili" for 12). */
const numberWord = (n: number) =>
  first(
    Object.entries(words.numbers.words)
      .filter(([, v]) => v === n)
      .sort((a, b) => b[0].length - a[0].length)[0]![0],
  );

const withFourth = () => {
  setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
  ensureLanguages();
};
const withoutFourth = () => {
  setLanguageSource(() => readLanguages());
  ensureLanguages();
};
afterAll(() => {
  withoutFourth();
  repoCatalog();
});

const CHAPTERS = 12;
/** An outline as a model answers one in the fourth language: its labels, its chapter word, some numbers written out. */
function outlineText(): string {
  const chapter = first(words.parts.chapter);
  const entries = Array.from({ length: CHAPTERS }, (_, k) => {
    const n = k + 1;
    const number = n % 3 === 0 ? numberWord(n) : String(n);
    return `${chapter} ${number}: Jina la ${n}\nAmani anafanya jambo la ${n}.`;
  });
  return [
    `${first(words.outline.title)}: Ziwa la Jioni`,
    `${first(words.outline.premise)}: Amani anarudi kijijini kwa bibi yake.`,
    `${first(words.outline.characters)}:\n- Amani: msichana wa mjini\n- Baraka: rafiki wa utotoni`,
    ...entries,
    `${first(words.outline.ending)}: Amani anabaki kijijini.`,
  ].join('\n\n');
}

describe('a fourth language with words of its own', () => {
  it(
    'its outline plans every chapter, chapter numbers written out in ' +
      'its words included; the three languages alone plan none of them',
    () => {
      withoutFourth();
      expect(parseOutline(outlineText()).entries).toEqual([]);
      withFourth();
      const parsed = parseOutline(outlineText());
      expect(parsed.entries.map((e) => e.number)).toEqual(Array.from({ length: CHAPTERS }, (_, k) => k + 1));
      expect(parsed.entries.every((e) => e.title?.startsWith('Jina la') && e.plan.startsWith('Amani'))).toBe(true);
      expect(parsed.title).toBe('Ziwa la Jioni');
      expect(parsed.characters).toContain('Baraka');
      expect(parsed.ending).toContain('anabaki');
      // Answered as JSON under its own keys, the outline is read into its lines and plans every chapter too.
      const key = (pattern: string) => pattern.split('|')[0]!;
      const { json } = words.outline;
      const answer = JSON.stringify({
        [key(json.title)]: 'Ziwa la Jioni',
        [key(json.chapters)]: Array.from({ length: CHAPTERS }, (_, k) => ({
          [key(json.chapterTitle)]: `Jina la ${k + 1}`,
          [key(json.chapterPlan)]: `Amani anafanya jambo la ${k + 1}.`,
        })),
      });
      expect(parseOutline(outlineFromJson(answer, XX)).entries.map((e) => e.title)).toEqual(
        Array.from({ length: CHAPTERS }, (_, k) => `Jina la ${k + 1}`),
      );
    },
  );

  it(
    'its story bible keeps the characters an update names under ' +
      'its headings, and resolves a promise by its status word',
    () => {
      withFourth();
      const label = (n: number) => `${book.chapter} ${n}`;
      const b = words.bible;
      const update1 = [
        `## ${first(b.chapter)}`,
        'Amani anafika kijijini na kupata barua ya bibi.',
        `## ${first(b.characters)}`,
        `- Amani | msichana wa mjini | amefika kijijini | ${label(1)}`,
        `- Baraka | rafiki | anamsubiri | ${label(1)}`,
        `## ${first(b.threads)}`,
        `- barua ya bibi | ${label(1)} | ${first(b.open)} | ${book.due} ${label(3)}`,
        `## ${first(b.facts)}`,
        '- Kijiji kiko kando ya ziwa.',
      ].join('\n');
      const parsed1 = parseBibleUpdate(update1, label(1))!;
      expect(parsed1.characters?.map((c) => c.name)).toEqual(['Amani', 'Baraka']);
      let bible = applyBibleUpdate(EMPTY_BIBLE, parsed1, { label: label(1), lang: XX });
      expect(bible.threads.map((t) => [t.thread, t.isResolved])).toEqual([['barua ya bibi', false]]);
      const update2 = [
        `## ${first(b.chapter)}`,
        'Amani anasoma barua na kuelewa siri ya bibi.',
        `## ${first(b.threads)}`,
        `- barua ya bibi | ${label(1)} ` +
          `| ${first(b.resolved).toLowerCase()} ${first(b.at).toLowerCase()} ${label(2)} ` +
          `| ${book.due} ${label(3)}`,
      ].join('\n');
      bible = applyBibleUpdate(bible, parseBibleUpdate(update2, label(2))!, { label: label(2), lang: XX });
      expect(bible.threads).toHaveLength(1);
      expect(bible.threads[0]!.isResolved).toBe(true);
      expect(bible.threads[0]!.changed).toBe(label(2));
      // Written in its own words and read back: the characters and the promise's state stay.
      const back = parseBible(renderBible(bible, XX));
      expect(back.characters.map((c) => c.name)).toEqual(['Amani', 'Baraka']);
      expect(back.threads.map((t) => t.isResolved)).toEqual([true]);
      expect(back.chapters.map((c) => c.label)).toEqual([label(1), label(2)]);
    },
  );

  it('a manuscript with its chapter headings imports as chapters; the three languages alone find one part', () => {
    const chapter = first(words.parts.chapter.replace('(?:\\s+ya)?', ''));
    const headings = fullYaml().parse(IMPORT_HEADINGS) as Words<'chapter' | 'prologue'>;
    const prose = (n: number) =>
      Array.from(
        { length: 6 },
        (_, k) =>
          `Aya ya ${k + 1} ya sehemu ya ${n}: Amani anatembea kando ya ziwa, akifikiri juu ya barua ya bibi ` +
          `yake na kile ambacho kijiji kimebadilika tangu alipoondoka.`,
      ).join('\n\n');
    // "Sura ya Kwanza", "Sura ya Pili", "Sura 3": its chapter word, with and without its optional link word, numbers in
    // its words.
    const link = /\(\?:\\s\+(\w+)\)\?/.exec(headings.chapter)![1]!;
    const text = [
      `${first(headings.prologue)}\n\n${prose(0)}`,
      `${chapter} ${link} ${numberWord(1)}\n\n${prose(1)}`,
      `${chapter} ${link} ${numberWord(2)}\n\n${prose(2)}`,
      `${chapter} 3\n\n${prose(3)}`,
      `${chapter} ${numberWord(4)}\n\n${prose(4)}`,
    ].join('\n\n');
    withoutFourth();
    expect(splitManuscript(text).parts.filter((p) => p.kind === 'chapter')).toHaveLength(1);
    withFourth();
    const parts = splitManuscript(text).parts;
    expect(parts.filter((p) => p.kind === 'chapter').map((p) => p.number)).toEqual([1, 2, 3, 4]);
    expect(parts[0]!.kind).not.toBe('chapter');
  });

  it(
    "a premise labelled with its premise word in a manuscript's notes " +
      "is the split's premise; the three languages alone read none",
    () => {
      const chapter = first(words.parts.chapter);
      const premise = 'Amani anarudi kijijini kwa bibi yake na kugundua siri ya ziwa.';
      const body = (n: number) =>
        Array.from(
          { length: 6 },
          (_, k) =>
            `Amani alitembea kando ya ziwa mara ya ${n + k} jioni ` +
            `ile, na Baraka alimsubiri karibu na mtumbwi wa zamani.`,
        ).join(' ');
      const text = [
        '# Ziwa la Jioni',
        '',
        '## Maelezo',
        '',
        `**${first(words.bible.premise)}:** ${premise}`,
        '',
        `# ${chapter} 1`,
        '',
        body(1),
        '',
        `# ${chapter} 2`,
        '',
        body(7),
      ].join('\n');
      withoutFourth();
      expect(splitManuscript(text).premise).toBeUndefined();
      withFourth();
      expect(splitManuscript(text).premise).toBe(premise);
    },
  );

  it('is refused when its reading section lacks a key, or is missing, naming the file and the key', () => {
    // The fixture's own file, edited and put back.
    const file = path.join(dir, 'xx/reading.yaml');
    const whole = readFileSync(file, 'utf8');
    const refusal = (edit: (file: string) => void): LanguageWordsError => {
      edit(file);
      try {
        withFourth();
      } catch (e) {
        return e as LanguageWordsError;
      } finally {
        writeFileSync(file, whole);
      }
      throw new Error('the table was read');
    };
    const lacking = refusal((file) =>
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^  endingPhrase: .*\n/m, '')),
    );
    expect(lacking).toBeInstanceOf(LanguageWordsError);
    expect(lacking.message).toContain('languages/xx/reading.yaml: outline.endingPhrase');
    const badNumber = refusal((file) =>
      writeFileSync(file, readFileSync(file, 'utf8').replace('moja: 1,', 'moja: one,')),
    );
    expect(badNumber.message).toContain('languages/xx/reading.yaml: numbers.words.moja');
    const missing = refusal((file) => rmSync(file));
    expect(missing.message).toContain('languages/xx/reading.yaml: *');
    withFourth();
  });
});
