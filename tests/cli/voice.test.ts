// The writer's voice on the command line: `karya voice FILE` prints a sample's fingerprint (two
// samples that differ as they should, in English and Malay) and refuses what cannot be measured, naming the
// limit; `karya generate --voice FILE` with a model that writes a novel's long sentences marks every prose part
// of a book with the terse voice as drifting (named statistics in --json and on the CLI line) and none with the
// long voice; its requests carry the voice guidance and an exemplar of the sample, and fit the model's window;
// `karya rewrite --toward-voice` sends the guidance with what drifted and keeps the old text as a version;
// `--avoid` puts the writer's phrase in the prompt and names it on a part that uses it anyway.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess, type InProcessRun } from '../karya-in-process.js';
import {
  askedWordsOf,
  asksCharacterDetails,
  characterDetailsBlock,
  PROSE_BLOCK,
  PROSE_SENTENCES,
  startFakeOpenAI,
  userMessageOf,
  writeProse,
  type FakeOpenAI,
} from '../fake-openai.js';
import { tempDir } from '../temp.js';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'voice');
const fixture = (name: string) => path.join(FIXTURES, name);
const lastJson = (r: InProcessRun) => JSON.parse(r.stdout.trim().split('\n').at(-1)!);
/**
 * A novel's long sentences, as a model writes them in that voice: 300 sentences of six or seven clauses each, the
 * clauses of the long samples (one sentence a paragraph) and of third-person fiction drawn in a seeded order, so no two
 * answers are the same.
 */
function novelSentences(lang: 'en' | 'ms'): string[] {
  // The long sample's clauses, and the third-person fiction of the language check's sample (tests/fixtures/language/),
  // for variety.
  const fiction = readFileSync(path.join(FIXTURES, '..', 'language', `${lang}.txt`), 'utf8')
    .split(/^### /m)
    .filter((s) => s.startsWith('fiction'))
    .map((s) => s.replace(/^fiction\n/, ''));
  const text = [readFileSync(fixture(`${lang}-long.txt`), 'utf8'), ...fiction].join(' ').replace(/["“”]/g, '');
  const clauses = text
    .replace(/\s+/g, ' ')
    .split(/[,;] |[.!?] /)
    .map((c) => c.replace(/[.!?]$/, '').trim())
    .filter((c) => c.split(' ').length >= 3);
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: 300 }, () => {
    const picked = Array.from({ length: 6 + Math.floor(next() * 2) }, () =>
      clauses[Math.floor(next() * clauses.length)]!.toLowerCase(),
    );
    const text = picked.join(', ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  });
}
const NOVEL = { en: novelSentences('en'), ms: novelSentences('ms') };

describe('karya voice FILE', () => {
  const voice = async (...args: string[]) => runKaryaInProcess(['voice', ...args]);

  it.each([['en'], ['ms']] as const)(
    '%s: the terse sample and the novel differ in sentence and paragraph length, point of view and tense',
    async (lang) => {
      const terse = await voice(fixture(`${lang}-terse.txt`), '--json');
      const long = await voice(fixture(`${lang}-long.txt`), '--json');
      expect(terse.code, terse.stderr).toBe(0);
      const [t, l] = [JSON.parse(terse.stdout), JSON.parse(long.stdout)];
      expect(t).toMatchObject({ lang, pointOfView: 'first', tense: lang === 'en' ? 'present' : null });
      expect(l).toMatchObject({ lang, pointOfView: 'third', tense: lang === 'en' ? 'past' : null });
      expect(t.sentenceWords.mean).toBeLessThan(8);
      expect(l.sentenceWords.mean).toBeGreaterThan(40);
      expect(t.paragraphWords).toBeLessThan(20);
      expect(l.paragraphWords).toBeGreaterThan(60);
      expect(t.dialogueShare).toBeGreaterThan(0.15);
      for (const key of [
        'sentenceWords',
        'paragraphWords',
        'dialogueShare',
        'diversity',
        'openers',
        'pointOfView',
        'tense',
        'overusedPerThousand',
      ])
        expect(t).toHaveProperty(key);
    },
  );

  it('prints the fingerprint in plain words, in Malay for a Malay sample', async () => {
    const en = await voice(fixture('en-terse.txt'));
    expect(en.stdout).toMatch(/sentences +5(\.\d)? words on average/);
    expect(en.stdout).toMatch(/point of view +first person/);
    const ms = await voice(fixture('ms-long.txt'));
    expect(ms.stdout).toMatch(/^Suara .*Bahasa Malaysia/);
    expect(ms.stdout).toMatch(/sudut pandangan +orang ketiga/);
  });

  it(
    'says the range a part may take before it drifts: a ' + "novel's own chapters, or a short sample's wide bands",
    async () => {
      const novel = await voice(fixture('pride-sample.txt'));
      expect(novel.code, novel.stderr).toBe(0);
      expect(novel.stdout).toMatch(
        new RegExp(
          /a part drifts outside the range of your sample's 8 slices .*: sentences 9\.7–36\.0 words, parag/.source +
            /raphs 12–208 words, MTLD 65–168, dialogue 0–100 %; dialogue alone never counts/.source,
        ),
      );
      const json = JSON.parse((await voice(fixture('pride-sample.txt'), '--json')).stdout);
      expect(json.bounds).toMatchObject({
        slices: 8,
        sentenceWords: [9.74, 35.99],
        pointsOfView: ['third'],
        tenses: ['past'],
      });
      const short = await voice(fixture('ms-terse.txt'));
      expect(short.stdout).toMatch(/sampel pendek \(kurang daripada tiga bab atau 3,000 patah perkataan\)/);
    },
  );

  it(
    'refuses a sample too short, in the other language or not ' +
      'text, naming the limit; measures a long one on an even sample',
    async () => {
      const dir = tempDir('karya-voice-');
      writeFileSync(path.join(dir, 'short.txt'), 'I walk to the market. She waits. '.repeat(20));
      writeFileSync(path.join(dir, 'long.txt'), `${readFileSync(fixture('en-long.txt'), 'utf8')}\n\n`.repeat(25));
      writeFileSync(path.join(dir, 'image.txt'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
      const short = await voice(path.join(dir, 'short.txt'));
      expect(short.code).toBe(2);
      expect(short.stderr).toMatch(/the sample has 1\d\d words; give at least 300 words/);
      // A sample over 10,000 words is measured on an even sample of it, and says so.
      const long = await voice(path.join(dir, 'long.txt'));
      expect(long.code, long.stderr).toBe(0);
      expect(long.stdout).toMatch(/measured on [\d,]+ words taken evenly across its [\d,]+/);
      const other = await voice(fixture('ms-terse.txt'), '--lang', 'en');
      expect(other.code).toBe(2);
      expect(other.stderr).toContain('the sample is in Bahasa Malaysia, and this book is in English');
      const image = await voice(path.join(dir, 'image.txt'));
      expect(image.code).toBe(2);
      expect(image.stderr).toMatch(/image\.txt/);
      const missing = await voice(path.join(dir, 'nope.txt'));
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/no such file/);
    },
  );
});

describe.each([['en'], ['ms']] as const)(
  "a %s book with a voice, the model writing a novel's long sentences",
  (lang) => {
    let fake: FakeOpenAI;
    let cwd: string;
    const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    const run = (args: string[]) => runKaryaInProcess(args, { cwd, env: env() });
    let terse: InProcessRun;
    let long: InProcessRun;
    let terseRequests: Array<{ user: string; tokens: number; max: number }>;
    const WINDOW = 8192;

    beforeAll(async () => {
      fake = await startFakeOpenAI({ writeRatio: 1, sentences: NOVEL, contextTokens: WINDOW });
      cwd = tempDir('karya-voice-book-');
      terse = await run([
        'generate',
        'romance',
        '--lang',
        lang,
        '--chapters',
        '2',
        '--voice',
        fixture(`${lang}-terse.txt`),
        '--json',
        '--out',
        'terse.md',
      ]);
      terseRequests = fake.generationRequests().map((r) => ({
        user: userMessageOf(r.body ?? {}),
        tokens: r.promptTokens ?? 0,
        max: Number(r.body?.max_tokens ?? 0),
      }));
      long = await run([
        'generate',
        'romance',
        '--lang',
        lang,
        '--chapters',
        '2',
        '--set',
        'workingTitle=Second',
        '--voice',
        fixture(`${lang}-long.txt`),
        '--json',
        '--out',
        'long.md',
      ]);
    });
    afterAll(() => fake.close());

    const prose = (r: InProcessRun) => lastJson(r).parts.filter((p: { target?: number }) => p.target);

    it(
      'marks every prose part of the terse voice as drifting, ' +
        'naming the statistics, in --json and on the CLI line',
      () => {
        expect(terse.code, terse.stderr).toBe(0);
        const parts = prose(terse);
        expect(parts.length).toBe(4);
        for (const p of parts) {
          expect(p.voice.drifts).toEqual(expect.arrayContaining(['sentenceWords', 'dialogueShare', 'pointOfView']));
          expect(p.voice.distance).toBeGreaterThan(1);
        }
        const marked =
          lang === 'en'
            ? /⚠ Chapter 1 .*drifts from your voice: sentences \d+(\.\d)?× longer.*no dialogue/
            : /⚠ Bab 1 .*menyimpang daripada suara anda: ayat \d+(\.\d)?× lebih panjang.*tiada dialog/;
        expect(terse.stderr).toMatch(marked);
        expect(terse.stderr).not.toMatch(/✓ (Chapter|Bab) 1/);
      },
    );

    it('marks none of the long voice', () => {
      expect(long.code, long.stderr).toBe(0);
      for (const p of prose(long)) expect(p.voice.drifts, JSON.stringify(p.voice)).toEqual([]);
      expect(long.stderr).not.toMatch(/drifts from your voice|menyimpang daripada suara/);
    });

    it('sends the voice guidance and an exemplar of the sample with every prose request, within the window', () => {
      const paragraphs = readFileSync(fixture(`${lang}-terse.txt`), 'utf8')
        .split(/\n\s*\n/)
        .map((p) => p.trim());
      const chapters = terseRequests.filter((r) => /^(Write Chapter|Tulis Bab) \d/.test(r.user));
      expect(chapters.length).toBe(2);
      for (const r of chapters) {
        expect(r.user).toContain(
          lang === 'en' ? "Write in the writer's own voice" : 'Tulis dengan suara penulis sendiri',
        );
        expect(r.user).toContain(
          lang === 'en' ? 'first-person narration, in the present tense' : 'penceritaan orang pertama',
        );
        expect(paragraphs.some((p) => p.split(/\s+/).length >= 12 && r.user.includes(p))).toBe(true);
      }
      for (const r of terseRequests) expect(r.tokens + r.max).toBeLessThanOrEqual(WINDOW);
    });

    it(
      '"rewrite toward my voice" sends the guidance with ' + 'what drifted and keeps the old text as a version',
      async () => {
        const books = JSON.parse((await run(['books', '--json'])).stdout).books as Array<{ id: number; title: string }>;
        const id = String(books.find((b) => !/Second/.test(b.title))!.id);
        const from = fake.generationRequests().length;
        const r = await run(['rewrite', '--book', id, '--part', 'chapter:1', '--toward-voice', '--json']);
        expect(r.code, r.stderr).toBe(0);
        const ask = fake
          .generationRequests()
          .slice(from)
          .map((q) => userMessageOf(q.body ?? {}))
          .find((u) => /^(Write Chapter 1|Tulis Bab 1)/.test(u))!;
        expect(ask).toContain(
          lang === 'en'
            ? "Write this part again in the writer's own voice"
            : 'Tulis semula bahagian ini dengan suara penulis sendiri',
        );
        expect(ask).toMatch(
          lang === 'en' ? /It drifts from that voice: sentences \d/ : /Ia menyimpang daripada suara itu: ayat \d/,
        );
        expect(ask).toContain(lang === 'en' ? "Write in the writer's own voice" : 'Tulis dengan suara penulis sendiri');
        expect(lastJson(r)).toMatchObject({ towardVoice: true });
        const db = new Database(path.join(cwd, '.karya', 'state.sqlite'), { readonly: true });
        const versions = db.prepare('SELECT COUNT(*) AS n FROM part_versions WHERE book_id = ?').get(Number(id)) as {
          n: number;
        };
        db.close();
        expect(versions.n).toBe(1);
      },
    );
  },
);

describe("overused phrases and the writer's own", () => {
  let fake: FakeOpenAI;
  let cwd: string;
  let r: InProcessRun;
  let prompts: string[];
  const SLOP = [
    'It was a testament to her patience that the shop still stood after the storm of that long winter.',
    'The harbour lay quiet under the crimson dawn while the boats came in slowly one after another.',
    'Aisha counted the jars on the shelf and wrote the prices on the board in her careful hand again.',
    'Her aunt spoke of the market, the rain and the neighbours who had moved away to the city last year.',
    'They ate rice and fish at the long table and nobody mentioned the letter that had come that morning.',
    'A wave of relief washed over her when the door opened and her brother walked in from the rain at last.',
  ];

  /** `words` words (none: an outline) of the overused sentences, each followed by a sentence of new prose. */
  const slopAnswer = (words: number, index: number, withCharacters: boolean) => {
    if (!words) return 'Title: Market Days\n\nChapter 1: Rain\nAisha opens the shop in the rain.';
    const fresh = writeProse(words, PROSE_SENTENCES.en, (index + 1) * PROSE_BLOCK).split(/(?<=\.)\s+/);
    const sentences: string[] = [];
    for (let k = 0, n = 0; n < words; k++) {
      const sentence = k % 2 ? fresh[(k >> 1) % fresh.length]! : SLOP[(k >> 1) % SLOP.length]!;
      sentences.push(`${sentence}${k % 8 === 7 ? '\n\n' : ' '}`);
      n += sentence.split(' ').length;
    }
    return `${sentences.join('').trim()}${withCharacters ? `\n\n${characterDetailsBlock('en')}` : ''}`;
  };

  beforeAll(async () => {
    // Every part its own: the overused sentences between new ones (a part that copied another would be asked again).
    fake = await startFakeOpenAI({
      writeRatio: 1,
      answer: (body, i) => slopAnswer(askedWordsOf(body), i, asksCharacterDetails(body)),
    });
    cwd = tempDir('karya-avoid-');
    r = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '1', '--avoid', 'crimson dawn', '--json', '--out', 'b.md'],
      { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } },
    );
    prompts = fake.generationRequests().map((q) => userMessageOf(q.body ?? {}));
  });
  afterAll(() => fake.close());

  it("puts the writer's phrase in every prose prompt, first among the phrases to avoid", () => {
    expect(r.code, r.stderr).toBe(0);
    const chapter = prompts.find((p) => /^Write Chapter 1/.test(p))!;
    expect(chapter).toMatch(/Avoid these overused phrases: "crimson dawn", /);
  });

  it("marks a part over the band and names the phrases, the writer's own among them", () => {
    const parts = lastJson(r).parts.filter((p: { target?: number }) => p.target);
    for (const p of parts) {
      expect(p.overused.marked).toBe(true);
      expect(p.overused.perThousand).toBeGreaterThan(5);
      expect(p.overused.phrases).toEqual(expect.arrayContaining(['crimson dawn', 'a testament to', 'a wave of']));
      expect(p.overused.avoided).toEqual(['crimson dawn']);
    }
    expect(r.stderr).toMatch(/⚠ Chapter 1 .*overused phrases: \d+\.\d per 1,000 words \("crimson dawn"/);
  });
});

describe('a series keeps its voice', () => {
  let fake: FakeOpenAI;
  afterAll(() => fake.close());

  it("book 2 of a series, given no voice, is written and measured in book 1's", async () => {
    fake = await startFakeOpenAI({ writeRatio: 1, sentences: NOVEL });
    const cwd = tempDir('karya-voice-series-');
    const run = (args: string[]) =>
      runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
    const one = await run([
      'generate',
      'romance',
      '--chapters',
      '1',
      '--series',
      'Market Days',
      '--voice',
      fixture('en-terse.txt'),
      '--out',
      'one.md',
    ]);
    expect(one.code, one.stderr).toBe(0);
    const from = fake.generationRequests().length;
    const two = await run([
      'generate',
      'romance',
      '--chapters',
      '1',
      '--series',
      'Market Days',
      '--json',
      '--out',
      'two.md',
    ]);
    expect(two.code, two.stderr).toBe(0);
    const chapter = fake
      .generationRequests()
      .slice(from)
      .map((q) => userMessageOf(q.body ?? {}))
      .find((p) => p.startsWith('Write Chapter 1'))!;
    expect(chapter).toContain('first-person narration, in the present tense');
    for (const p of lastJson(two).parts.filter((x: { target?: number }) => x.target))
      expect(p.voice.drifts).toContain('pointOfView');
  });
});

describe('a saved book as the sample', () => {
  it(
    'karya voice book:ID measures an imported manuscript, and ' +
      'generate --voice book:ID gives its voice to a new book',
    async () => {
      const fake = await startFakeOpenAI({ writeRatio: 1, sentences: NOVEL });
      try {
        const cwd = tempDir('karya-voice-book-sample-');
        const run = (args: string[]) =>
          runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
        // A manuscript of the writer's own: the terse sample twice as two chapters.
        const terse = readFileSync(fixture('en-terse.txt'), 'utf8');
        writeFileSync(path.join(cwd, 'mine.md'), `# Chapter 1\n\n${terse}\n\n# Chapter 2\n\n${terse}\n`);
        const imported = await run(['import', 'mine.md', '--generator', 'romance', '--chapters', '3', '--json']);
        expect(imported.code, imported.stderr).toBe(0);
        const id = String(lastJson(imported).book.id);
        const measured = await run(['voice', `book:${id}`, '--json']);
        expect(measured.code, measured.stderr).toBe(0);
        expect(JSON.parse(measured.stdout)).toMatchObject({ pointOfView: 'first', tense: 'present' });
        const from = fake.generationRequests().length;
        const book = await run(['generate', 'romance', '--chapters', '1', '--voice', `book:${id}`, '--out', 'new.md']);
        expect(book.code, book.stderr).toBe(0);
        const chapter = fake
          .generationRequests()
          .slice(from)
          .map((q) => userMessageOf(q.body ?? {}))
          .find((p) => p.startsWith('Write Chapter 1'))!;
        expect(chapter).toContain('first-person narration, in the present tense');
        const missing = await run(['voice', 'book:999']);
        expect(missing.code).toBe(2);
        expect(missing.stderr).toMatch(/book:999: no such book/);
      } finally {
        await fake.close();
      }
    },
  );
});
