// A language of another script with words of its own (Russian's, in Cyrillic, tests/languages/other-script.ts) is
// read as the three Latin-script languages are: its outline plans every chapter, its story bible keeps its
// characters and resolves its promises, a manuscript and a pandoc EPUB headed "Глава первая", "ГЛАВА II", "Пролог"
// import as chapters with their front matter, the guard keeps its prose and refuses English and Malay in its books,
// its counted texts take its plural forms, and its demo text fails the readiness check. JavaScript's `\b` is
// ASCII's, so each of these failed on a Cyrillic word before the readers built their patterns with word-edges.ts.
// A second script (Greek) checks the same readers are not Russian-shaped.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLanguages, LanguageWordsError, setLanguageSource } from '../../engine/index.js';
import {
  applyBibleUpdate,
  EMPTY_BIBLE,
  findLanguageDrift,
  parseBible,
  parseBibleUpdate,
  renderBible,
} from '../../engine/session/index.js';
import { parseOutline } from '../../engine/compile/outline-parse.js';
import { extractCharacterDetails } from '../../engine/compile/character-details.js';
import { splitManuscript } from '../../engine/import/index.js';
import { isGoneInAnyLanguage } from '../../engine/book-words.js';
import { isNotPresent } from '../../engine/session/continuity/words.js';
import { OFFLINE_TEXT } from '../../engine/publish/readiness/offline-text.js';
import type { ReadinessInput } from '../../engine/publish/readiness-types.js';
import { countWords } from '../../engine/words.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { fingerprintLines } from '../../cli/commands/voice.js';
import type { VoiceFingerprint } from '../../engine/index.js';
import type { Lang } from '../../engine/spec/types.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { readManuscriptFile } from '../../engine/node/import/index.js';
import { fullYaml } from '../../engine/yaml.js';
import { pandoc } from '../import/hostile-files.js';
import { otherScriptLanguage } from './other-script.js';
import { repoCatalog } from '../catalog.js';

const XX = 'xx' as Lang;
const dir = otherScriptLanguage();
const withIt = (folder = dir) => {
  setLanguageSource(() => readLanguages([...languageFolders({}), folder], {}));
  ensureLanguages();
};
const withoutIt = () => {
  setLanguageSource(() => readLanguages());
  ensureLanguages();
};
beforeAll(() => withIt());
afterAll(() => {
  withoutIt();
  repoCatalog();
});

const prose = (n: number) =>
  Array.from(
    { length: 6 },
    (_, k) =>
      `Абзац ${k + 1} части ${n}: Анна шла вдоль озера, думая о письме бабушки и о том, как изменилась деревня ` +
      'с тех пор, как она уехала. «Всё будет хорошо», — сказала она себе.',
  ).join('\n\n');

describe('a language of another script (Cyrillic) with words of its own', () => {
  it('its outline plans every chapter: "Глава 1", numbers written out, a heading in capitals, chatter', () => {
    const entries = [
      'Глава 1: Приезд\nАнна приезжает в деревню.',
      'Глава вторая: Письмо\nАнна находит письмо бабушки.',
      '**Глава 3: Озеро**\nБорис ведёт Анну к озеру.',
      'ГЛАВА 4: ТАЙНА\nАнна узнаёт тайну бабушки.',
    ];
    const outline = [
      'Конечно! Вот план вашей книги:',
      'Название: Вечернее озеро',
      'Завязка: Анна возвращается в деревню к бабушке.',
      'Персонажи:\n- Анна: городская девушка\n- Борис: друг детства',
      ...entries,
      'Финал: Анна остаётся в деревне.',
      'Надеюсь, вам понравится!',
    ].join('\n\n');
    withoutIt();
    expect(parseOutline(outline).entries).toEqual([]);
    withIt();
    const parsed = parseOutline(outline);
    expect(parsed.entries.map((e) => [e.number, e.title])).toEqual([
      [1, 'Приезд'],
      [2, 'Письмо'],
      [3, 'Озеро'],
      [4, 'ТАЙНА'],
    ]);
    expect(parsed.title).toBe('Вечернее озеро');
    expect(parsed.characters).toContain('Борис');
    expect(parsed.ending).toBe('Анна остаётся в деревне.');
    // An introduction's character list under its heading is kept apart from the text.
    expect(extractCharacterDetails('Вступление.\n\nО персонажах:\n- Анна: девушка\n- Борис: друг\n\nДальше.')).toBe(
      '- Анна: девушка\n- Борис: друг',
    );
  });

  it('its story bible keeps the characters an update names and resolves a promise by its status word', () => {
    const update1 = [
      '## Эта глава',
      'Анна приезжает в деревню и находит письмо бабушки.',
      '## Персонажи',
      '- Анна | городская девушка | приехала | Глава 1',
      '- Борис | друг | ждёт её | Глава 1',
      '## Открытые линии',
      '- письмо бабушки | Глава 1 | открыта | срок Глава 3',
    ].join('\n');
    let bible = applyBibleUpdate(EMPTY_BIBLE, parseBibleUpdate(update1, 'Глава 1')!, { label: 'Глава 1', lang: XX });
    expect(bible.characters.map((c) => c.name)).toEqual(['Анна', 'Борис']);
    const update2 = [
      '## Эта глава',
      'Анна читает письмо.',
      '## Открытые линии',
      '- письмо бабушки | Глава 1 | решена в Глава 2 | срок Глава 3',
    ];
    bible = applyBibleUpdate(bible, parseBibleUpdate(update2.join('\n'), 'Глава 2')!, { label: 'Глава 2', lang: XX });
    expect(bible.threads.map((t) => [t.thread, t.isResolved, t.changed])).toEqual([
      ['письмо бабушки', true, 'Глава 2'],
    ]);
    const back = parseBible(renderBible(bible, XX));
    expect(back.characters.map((c) => c.name)).toEqual(['Анна', 'Борис']);
    expect(back.threads.map((t) => t.isResolved)).toEqual([true]);
    expect(back.chapters.map((c) => c.label)).toEqual(['Глава 1', 'Глава 2']);
    // The continuity checks read its words: a character gone, a sentence that is a memory.
    expect(isGoneInAnyLanguage('умер в Главе 3')).toBe(true);
    expect(isNotPresent('Анна вспомнила бабушку.')).toBe(true);
  });

  it('a manuscript headed "Пролог", "Глава первая", "ГЛАВА II" imports as its chapters, with its dedication', () => {
    const text = [
      'ВЕЧЕРНЕЕ ОЗЕРО',
      'Или Письмо бабушки',
      'Автор Анна Петрова',
      'Посвящается моей бабушке',
      'Пролог',
      prose(0),
      'ЧАСТЬ ПЕРВАЯ',
      'Глава первая',
      prose(1),
      'ГЛАВА II',
      prose(2),
      'Глава 3',
      prose(3),
      'Эпилог',
      prose(4),
      'КОНЕЦ',
    ].join('\n\n');
    const split = splitManuscript(text);
    expect(split.parts.map((p) => [p.kind, p.number])).toEqual([
      ['introduction', undefined],
      ['chapter', 1],
      ['chapter', 2],
      ['chapter', 3],
      ['conclusion', undefined],
    ]);
    expect(split.parts.map((p) => p.words)).toEqual([0, 1, 2, 3, 4].map((n) => countWords(prose(n))));
    expect(split.frontMatter?.map((f) => [f.kind, f.text])).toEqual([['dedication', 'Посвящается моей бабушке']]);
    expect(split.title).toBe('ВЕЧЕРНЕЕ ОЗЕРО');
  });

  it("pandoc's EPUB of it imports as its chapters: a part's heading with no text is no chapter", async () => {
    const novel = ['# Пролог', prose(0), '# Часть первая', '# Глава первая', prose(1), '# Глава вторая', prose(2)];
    const read = await readManuscriptFile('ozero.epub', pandoc(novel.join('\n\n'), 'epub', 'Вечернее озеро'));
    expect(read.title).toBe('Вечернее озеро');
    expect(read.unwrittenLanguage).toBeUndefined();
    expect(read.parts.map((p) => [p.kind, p.number])).toEqual([
      ['introduction', undefined],
      ['chapter', 1],
      ['chapter', 2],
    ]);
  });

  it('the guard keeps its prose in its books, refuses English and Malay there, and names it in an English book', () => {
    // Its own samples (news in its words) are kept in its books and named as it in an English book.
    const { guard: samples } = fullYaml().parse(readFileSync(path.join(dir, 'xx/samples.yaml'), 'utf8')) as {
      guard: string[];
    };
    expect(samples.filter((s) => findLanguageDrift(s, XX) === undefined)).toHaveLength(20);
    expect(samples.filter((s) => findLanguageDrift(s, 'en' as Lang)?.found === XX)).toHaveLength(20);
    const russian = prose(1);
    expect(findLanguageDrift(russian, XX)).toBeUndefined();
    const english =
      'Anna walked along the lake and thought about the letter. She did not know what was waiting for her in the ' +
      'village, but she was sure that her grandmother would explain it all to her when she came.';
    const malay =
      'Anna berjalan di tepi tasik dan memikirkan surat itu. Dia tidak tahu apa yang menantinya di kampung, tetapi ' +
      'dia yakin bahawa neneknya akan menerangkan semuanya kepadanya.';
    expect(findLanguageDrift(`${english} ${english}`, XX)?.found).toBe('en');
    expect(findLanguageDrift(`${malay} ${malay}`, XX)?.found).toBe('ms');
    expect(findLanguageDrift(russian, 'en' as Lang)?.found).toBe(XX);
  });

  it('counts its words, says them in its plural forms, and its demo text is not ready for a store', () => {
    expect(countWords('«Всё будет хорошо», — сказала она себе.')).toBe(7);
    const fp = { sentenceWords: { mean: 10, spread: 2 }, diversity: 80, openers: [], pointOfView: 'third' };
    const said = [1, 3, 5, 22, 25].map((n) => {
      const print = { ...fp, paragraphWords: n, dialogueShare: 0.2, tense: 'past', overusedPerThousand: 0 };
      return fingerprintLines(print as unknown as VoiceFingerprint, XX)[1]!
        .trim()
        .replace(/^\S+\s+/, '');
    });
    expect(said).toEqual(['1 слово', '3 слова', '5 слов', '22 слова', '25 слов']);
    const mark = /^mark: "(.*)"$/m.exec(readFileSync(path.join(dir, 'xx/offline-demo.yaml'), 'utf8'))![1]!;
    const metadata = { title: 'Вечернее озеро', subtitle: '', description: 'Роман.', keywords: [] };
    const outcome = (manuscriptText: string) =>
      OFFLINE_TEXT.evaluate({ manuscriptText, metadata } as unknown as ReadinessInput);
    expect(outcome(`${mark}\n\n${prose(1)}`).status).toBe('fail');
    expect(outcome(prose(1)).status).toBe('pass');
  });

  it('karya validate passes with it, and a table naming no Unicode script is refused naming the key', async () => {
    const run = await runKaryaInProcess(['validate'], { env: { KARYA_LANGUAGES: dir } });
    expect(run.code, run.stderr).toBe(0);
    const table = path.join(dir, 'xx.yaml');
    const whole = readFileSync(table, 'utf8');
    writeFileSync(table, whole.replace(/^script: .*$/m, 'script: kyrillisch'));
    try {
      expect(() => withIt()).toThrow(LanguageWordsError);
      expect(() => withIt()).toThrow(/xx\.yaml.*script/);
    } finally {
      writeFileSync(table, whole);
      withIt();
    }
  });
});

describe('a second script (Greek)', () => {
  it('its chapter words are words: an outline plans its chapters, a manuscript imports them, its prose is kept', () => {
    const greek = otherScriptLanguage();
    const edit = (name: string, change: (t: string) => string) =>
      writeFileSync(path.join(greek, name), change(readFileSync(path.join(greek, name), 'utf8')));
    edit('xx.yaml', (t) => t.replace(/^script: .*$/m, 'script: greek'));
    // Greek capitals drop the accent ("ΚΕΦΑΛΑΙΟ"): the table lists both spellings (docs/add-a-language.md).
    edit('xx/reading.yaml', (t) =>
      t
        .replace("chapter: 'глава|гл\\.'", "chapter: 'κεφάλαιο|κεφαλαιο'")
        .replace('words: {', 'words: { πρώτο: 1, πρωτο: 1, δεύτερο: 2, δευτερο: 2, τρίτο: 3,'),
    );
    edit('xx/import-headings.yaml', (t) => t.replace("chapter: 'глава'", "chapter: 'κεφάλαιο|κεφαλαιο'"));
    withIt(greek);
    try {
      const outline = ['Κεφάλαιο 1: Το λιμάνι\nΗ Ελένη φτάνει.', 'Κεφάλαιο δεύτερο: Το γράμμα\nΗ Ελένη διαβάζει.'];
      expect(parseOutline(outline.join('\n\n')).entries.map((e) => [e.number, e.title])).toEqual([
        [1, 'Το λιμάνι'],
        [2, 'Το γράμμα'],
      ]);
      const body = (n: number) =>
        Array.from(
          { length: 6 },
          () => `Η Ελένη περπατούσε στο λιμάνι ${n} και σκεφτόταν το γράμμα της γιαγιάς της.`,
        ).join('\n\n');
      const text = ['ΚΕΦΑΛΑΙΟ ΠΡΩΤΟ', body(1), 'Κεφάλαιο δεύτερο', body(2), 'Κεφάλαιο 3', body(3)].join('\n\n');
      expect(splitManuscript(text).parts.map((p) => p.number)).toEqual([1, 2, 3]);
      expect(findLanguageDrift(body(1), XX)).toBeUndefined();
      expect(findLanguageDrift(body(1), 'en' as Lang)?.found).toBe(XX);
    } finally {
      withIt();
    }
  });
});
