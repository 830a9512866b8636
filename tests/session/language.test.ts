// Every answer is checked for its language: book parts, outlines, single pieces, publishing pieces, their
// continuations and length extensions. Malay is told from English and from Indonesian
// (engine/session/language.ts); an answer in the wrong language is asked again once with a firmer
// instruction in the language asked for (templates/firm-language.hbs), and a second one fails the step
// (GenerationError wrong_language, naming the language that came back): nothing of it is saved. The AI API
// is the fake server of tests/fake-openai.ts, answering per prompt.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  BookSession,
  GenerationError,
  detectLanguage,
  findLanguageDrift,
  generationMessage,
  lengthScore,
  parseSettings,
  type ProgressStore,
  type SavedBook,
  type StepResult,
} from '../../engine/index.js';
import { directPublishStep } from '../../engine/publish/index.js';
import { readSample } from '../language-sample.js';
import { countWords as countWordsOf } from '../../engine/provider.js';
import { createOfflineProvider, providerFromEnv } from '../../engine/providers/index.js';
import { offlineText } from '../../engine/providers/offline.js';
import { loadCatalog } from '../../engine/node/load.js';
import {
  fullLength,
  PROSE_BLOCK,
  PROSE_SENTENCES,
  startFakeOpenAI,
  writeProse,
  type FakeOpenAI,
} from '../fake-openai.js';
import { isMemoryRequest, userPrompt } from '../batch/helpers.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });

const MALAY = [
  'Hujan mula turun ketika Aisyah melangkah keluar dari pejabat. Dia berdiri di bawah bumbung ' +
    'kedai kopi itu sambil memerhati jalan yang semakin sesak. Dia tidak mahu pulang lagi, ' +
    'kerana dia tahu emaknya pasti akan bertanya tentang lelaki yang ditemuinya minggu lalu.',
  'Daniel muncul dari seberang jalan dengan payung biru di tangan. Dia tersenyum ' +
    'seolah-olah tiada apa yang berlaku antara mereka. Aisyah cuba berpaling, ' +
    'tetapi langkahnya terhenti apabila lelaki itu menyebut namanya dengan perlahan.',
  'Saya fikir awak sudah lupa, kata Daniel. Aisyah menggeleng. Dia faham bahawa pertemuan ini ' +
    'bukan kebetulan, dan dia juga sedar hatinya masih belum bersedia untuk mendengar penjelasan itu.',
].join('\n\n');

const INDONESIAN = [
  'Hujan mulai turun ketika Aisyah melangkah keluar dari kantor. Dia berdiri di bawah atap ' +
    'toko kopi itu sambil memperhatikan jalan yang semakin macet. Dia belum mau pulang, ' +
    'karena dia tahu ibunya pasti akan bertanya tentang pria yang ditemuinya kemarin.',
  'Daniel muncul dari seberang jalan dengan payung biru di tangan. Dia tersenyum ' +
    'seolah-olah tidak ada apa-apa yang terjadi di antara mereka. Aisyah mencoba ' +
    'berpaling, tetapi langkahnya terhenti ketika pria itu menyebut namanya dengan pelan.',
  'Aku pikir kamu sudah lupa, kata Daniel. Aisyah menggeleng. Dia paham bahwa pertemuan ini ' +
    'bukan kebetulan, dan dia juga sadar hatinya belum siap untuk mendengar penjelasan itu.',
].join('\n\n');

const ENGLISH = [
  'The rain began as Aisha stepped out of the office. She stood under the awning of ' +
    'the coffee shop and watched the road fill with cars. She did not want to go home ' +
    'yet, because she knew her mother would ask about the man she had met last week.',
  'Daniel appeared across the street with a blue umbrella in his hand. He smiled as if nothing had ' +
    'ever happened between them. Aisha tried to turn away, but she stopped when he said her name softly.',
].join('\n\n');

const MALAY_GUIDE = [
  'Pulau Pinang terkenal dengan makanan jalanannya yang pelbagai. Pelancong boleh ' +
    'menikmati char kuey teow, laksa dan nasi kandar di gerai-gerai sepanjang Lebuh ' +
    'Chulia. Harga makanan di sini agak murah, iaitu sekitar RM5 hingga RM15 sepinggan.',
  'Untuk bergerak di sekitar bandar, bas Rapid Penang ialah pilihan yang paling jimat. Teksi dan perkhidmatan ' +
    'e-hailing (Grab) juga mudah didapati, tetapi pastikan anda menyemak harga sebelum memulakan perjalanan.',
].join('\n\n');

const INDONESIAN_GUIDE = [
  'Bali terkenal dengan pantainya yang indah dan budayanya yang unik. Wisatawan bisa ' +
    'menikmati nasi campur, sate lilit dan babi guling di warung-warung sepanjang jalan. ' +
    'Harga makanan di sini cukup murah, yaitu sekitar Rp25.000 sampai Rp50.000 per porsi.',
  'Untuk berkeliling pulau, kebanyakan wisatawan menyewa mobil atau sepeda motor. Taksi online juga mudah ' +
    'ditemukan, tetapi pastikan Anda memeriksa harga sebelum memulai perjalanan karena tarifnya bisa berbeda.',
].join('\n\n');

const ENGLISH_GUIDE_OF_PENANG = [
  'Penang is famous for its street food. Visitors can enjoy char kuey teow, laksa and nasi kandar at ' +
    'the hawker stalls along Lebuh Chulia and Jalan Kimberley, where a plate costs around RM5 to RM15.',
  'To get around the island, the Rapid Penang bus is the cheapest choice. Taxis and ' +
    'Grab are easy to find, but check the price before you set off, especially at night.',
].join('\n\n');

describe('detectLanguage (word lists, per paragraph)', () => {
  it.each([
    ['a Malay story', MALAY, 'ms'],
    ['the same story in Indonesian', INDONESIAN, 'id'],
    ['the same story in English', ENGLISH, 'en'],
    ['a Malay travel guide with English and local names in it', MALAY_GUIDE, 'ms'],
    ['an Indonesian travel guide', INDONESIAN_GUIDE, 'id'],
    ['an English guide full of Malay names', ENGLISH_GUIDE_OF_PENANG, 'en'],
    ['mostly Malay with one English paragraph', `${MALAY}\n\n${ENGLISH.split('\n\n')[1]}`, 'ms'],
    ['a Malay heading over an English part', `# Bab 3\n\n${ENGLISH}`, 'en'],
  ] as const)('%s → %s', (_name, text, language) => {
    expect(detectLanguage(text).language).toBe(language);
  });

  it('gives no verdict on text too short to tell (a one-line answer, a list of names)', () => {
    expect(detectLanguage('Fake answer 1. Character Details:\n- Aisha: the lead\n\nThe end.').language).toBeNull();
    expect(detectLanguage('Tajuk: Ombak Kuantan').language).toBeNull();
    expect(findLanguageDrift('OK', 'ms')).toBeUndefined();
  });

  it('reports the drift with the share of the text in the language found', () => {
    expect(findLanguageDrift(ENGLISH, 'ms')).toEqual({ expected: 'ms', found: 'en', share: 1 });
    expect(findLanguageDrift(INDONESIAN, 'ms')).toMatchObject({ expected: 'ms', found: 'id' });
    expect(findLanguageDrift(MALAY, 'en')).toMatchObject({ expected: 'en', found: 'ms' });
    expect(findLanguageDrift(MALAY, 'ms')).toBeUndefined();
    expect(findLanguageDrift(ENGLISH, 'en')).toBeUndefined();
  });

  it("passes the offline provider's demo text in both languages", () => {
    const spec = catalog.get('romance')!;
    for (const lang of ['ms', 'en'] as const) {
      for (const stepKind of ['outline', 'introduction', 'chapter', 'conclusion'] as const) {
        const text = offlineText({
          system: 's',
          user: `${lang} ${stepKind}`,
          maxTokens: 3000,
          temperature: 0.8,
          presencePenalty: 0,
          frequencyPenalty: 0,
          meta: {
            generatorId: spec.id,
            family: 'fiction',
            kind: 'book',
            stepKind,
            stepLabel: 'x',
            lang,
            title: spec.title[lang]!,
            settingsSummary: [{ label: 'Latar', value: lang === 'ms' ? 'Bandar' : 'Urban' }],
            wordTarget: 1500,
            isFiction: true,
          },
        });
        expect(findLanguageDrift(text, lang), `${lang} ${stepKind}`).toBeUndefined();
      }
    }
  });
});

function memoryStore(): ProgressStore & { texts: () => string[] } {
  let book: SavedBook | null = null;
  return {
    load: async () => book,
    saveStep: async (_key, save) => {
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
    saveMemory: async () => undefined,
    texts: () => [...(book?.state.content ?? [])],
  };
}

const FIRM_MS = 'Jawapan anda yang sebelumnya tidak ditulis dalam Bahasa Malaysia';
const FIRM_EN = 'Your previous answer was not written in English';

describe('a part in the wrong language is written again once, and the drift is reported', () => {
  let fake: FakeOpenAI;
  /** What the fake model writes for a prompt; set per test. */
  let model: (prompt: string) => string = () => MALAY;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: fullLength((body) => model(String((body.messages as Array<{ content: string }>).at(-1)?.content ?? ''))),
    });
  });
  afterAll(() => fake.close());

  const openBook = async (lang: 'en' | 'ms') => {
    const spec = catalog.get('romance')!;
    const store = memoryStore();
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
      store,
      key: `drift-${lang}`,
      settings: parseSettings(spec, { language: lang }),
      totalChapters: 1,
      onFinished: 'restart',
      isFresh: true,
    });
    return { session, store };
  };
  const writeBook = async (session: BookSession) => {
    const results: StepResult[] = [];
    while (session.next()) results.push(await session.advance());
    return results;
  };

  it(
    'a Malay book whose first chapter comes back in English: asked again with ' +
      'the firmer Malay instruction, the Malay answer kept, the drift on the result',
    async () => {
      const { session, store } = await openBook('ms');
      model = (prompt) => (prompt.includes('Tulis Bab 1') && !prompt.includes(FIRM_MS) ? ENGLISH : MALAY);
      const before = fake.generationRequests().length;
      const results = await writeBook(session);
      const prompts = fake
        .generationRequests()
        .slice(before)
        .filter((r) => !isMemoryRequest(r))
        .map(userPrompt);
      // outline, introduction, chapter 1 twice, conclusion: one regeneration, no more.
      expect(prompts).toHaveLength(5);
      expect(prompts.filter((p) => p.includes(FIRM_MS))).toHaveLength(1);
      const again = prompts.find((p) => p.includes(FIRM_MS))!;
      expect(again).toContain('Tulis Bab 1');
      expect(again).toMatch(/bukan "karena", "bahwa", "saja"/);
      const chapter = results.find((r) => r.step.kind === 'chapter')!;
      expect(chapter.languageDrift).toEqual({ expected: 'ms', found: 'en', share: 1, isResolved: true });
      // The Malay answer is kept (made as long as asked: the fake repeats its last paragraph).
      expect(chapter.text.startsWith(MALAY)).toBe(true);
      expect(store.texts()[1]!.startsWith(MALAY)).toBe(true);
      expect(results.filter((r) => r.step.kind !== 'chapter').map((r) => r.languageDrift)).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    },
  );

  it(
    'a Malay book answered in Indonesian twice: the step fails ' +
      'naming Indonesian, nothing of it is saved, never a third call',
    async () => {
      const { session, store } = await openBook('ms');
      model = (prompt) => (prompt.includes('Tulis pengenalan') ? INDONESIAN : MALAY);
      await session.advance();
      const before = fake.generationRequests().length;
      const error = await session.advance().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GenerationError);
      expect(error).toMatchObject({ code: 'wrong_language', params: { expected: 'ms', found: 'id' } });
      expect((error as GenerationError).message).toMatch(
        /^The answer came back in Indonesian, not Bahasa Malaysia, even when asked again\. Nothing was saved/,
      );
      expect(generationMessage(error as GenerationError, 'ms')).toMatch(
        /^Jawapan diterima dalam bahasa Indonesia, bukan Bahasa Malaysia, walaupun selepas diminta sekali lagi\./,
      );
      const prompts = fake
        .generationRequests()
        .slice(before)
        .filter((r) => !isMemoryRequest(r))
        .map(userPrompt);
      expect(prompts).toHaveLength(2);
      expect(prompts[1]).toContain(FIRM_MS);
      // The outline is all the book has; the introduction is still the next step.
      expect(store.texts()).toEqual([]);
      expect(session.next()).toMatchObject({ kind: 'introduction' });
    },
  );

  it('a Malay chapter with English loan words, brand names and places is not asked again', async () => {
    const { session } = await openBook('ms');
    const loanWords = readSample('ms-mixed')
      .filter((x) => x.kind === 'fiction')
      .map((x) => x.text)
      .join('\n\n');
    model = (prompt) => (prompt.includes('Tulis Bab 1') ? loanWords : MALAY);
    const before = fake.generationRequests().length;
    const results = await writeBook(session);
    expect(
      fake
        .generationRequests()
        .slice(before)
        .filter((r) => !isMemoryRequest(r)),
    ).toHaveLength(4);
    expect(results.every((r) => r.languageDrift === undefined)).toBe(true);
  });

  it('an English book answered in Malay is asked again in English', async () => {
    const { session } = await openBook('en');
    model = (prompt) => (prompt.includes(FIRM_EN) ? ENGLISH : prompt.includes('Write Chapter 1') ? MALAY : ENGLISH);
    const results = await writeBook(session);
    const chapter = results.find((r) => r.step.kind === 'chapter')!;
    expect(chapter.languageDrift).toEqual({ expected: 'en', found: 'ms', share: 1, isResolved: true });
    expect(chapter.text.startsWith(ENGLISH)).toBe(true);
  });

  it("karya generate says so on the part's line and in --json, with words against the target and S_l", async () => {
    model = (prompt) => (prompt.includes('Tulis Bab 1') && !prompt.includes(FIRM_MS) ? ENGLISH : MALAY);
    const dir = tempDir('karya-drift-');
    const r = await runKaryaInProcess(
      ['generate', 'romance', '--lang', 'ms', '--chapters', '1', '--json', '--state', path.join(dir, 'state.sqlite')],
      { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
    );
    expect(r.code).toBe(0);
    // A Malay book's lines are in Malay (no English line in a Malay run).
    expect(r.stderr).toMatch(
      new RegExp(
        /✓ Bab 1 +\d+ perkataan +[\d.]+ s {2}sasaran 1500, S_l \d+\.\d {2}bahasa: dijawab dalam bahasa I/.source +
          /nggeris, ditulis semula dalam Bahasa Malaysia/.source,
      ),
    );
    expect(r.stderr).toMatch(/✓ Pengenalan +\d+ perkataan +[\d.]+ s {2}sasaran 1500, S_l \d+\.\d\n/);
    const summary = JSON.parse(r.stdout) as {
      score: number;
      parts: Array<{ label: string; words: number; target?: number; score?: number; languageDrift?: unknown }>;
    };
    const chapter = summary.parts.find((p) => p.label === 'Bab 1')!;
    expect(chapter.languageDrift).toEqual({ expected: 'ms', found: 'en', share: 1, isResolved: true });
    expect(summary.parts.map((p) => p.target)).toEqual([undefined, 1500, 1500, 1500]);
    // S_l of the kept answer against its 1,500 words, and the book's score is the mean.
    expect(chapter.score).toBe(lengthScore(1500, chapter.words));
    const scores = summary.parts.filter((p) => p.score !== undefined).map((p) => p.score!);
    expect(summary.score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 1);
  });

  it('short answers are never judged (no regeneration for a one-line reply)', async () => {
    const { session } = await openBook('ms');
    model = () => 'Fake answer. Character Details:\n- Aisha: the lead\n\nThe end.';
    const before = fake.generationRequests().length;
    const results = await writeBook(session);
    expect(
      fake
        .generationRequests()
        .slice(before)
        .filter((r) => !isMemoryRequest(r)),
    ).toHaveLength(4);
    expect(results.every((r) => r.languageDrift === undefined)).toBe(true);
  });
});

const MALAY_POEM = readSample('ms')
  .filter((x) => x.kind === 'verse')
  .map((x) => x.text)
  .join('\n\n');
const ENGLISH_POEM = readSample('en')
  .filter((x) => x.kind === 'verse')
  .map((x) => x.text)
  .join('\n\n');

describe('single pieces, publishing pieces and follow-ups are checked the same way', () => {
  let fake: FakeOpenAI;
  /** What the fake model writes for a request; set per test. Answers are not padded to the words asked. */
  let model: (prompt: string) => string = () => MALAY_POEM;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: (body) => model(String((body.messages as Array<{ content: string }>).at(-1)?.content ?? '')),
    });
  });
  afterAll(() => fake.close());
  const provider = () => providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL });
  const stepPrompts = (before: number) =>
    fake
      .generationRequests()
      .slice(before)
      .filter((r) => !isMemoryRequest(r))
      .map(userPrompt);
  const openPiece = async (id: string, raw: Record<string, unknown>) => {
    const spec = catalog.get(id)!;
    const store = memoryStore();
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: provider(),
      store,
      key: `${id}-piece`,
      settings: parseSettings(spec, raw),
      onFinished: 'restart',
      isFresh: true,
    });
    return { session, store };
  };

  it(
    'a Malay poem answered in English is asked again once ' + 'with the firm Malay line, and the Malay poem kept',
    async () => {
      const { session, store } = await openPiece('poems', { language: 'ms' });
      model = (prompt) => (prompt.includes(FIRM_MS) ? MALAY_POEM : ENGLISH_POEM);
      const before = fake.generationRequests().length;
      const result = await session.advance();
      const prompts = stepPrompts(before);
      expect(prompts).toHaveLength(2);
      expect(prompts[1]).toContain('Tulis semula keseluruhan bahagian ini dari awal');
      expect(result.languageDrift).toEqual({ expected: 'ms', found: 'en', share: 1, isResolved: true });
      expect(result.text).toBe(MALAY_POEM);
      expect(store.texts()).toEqual([MALAY_POEM]);
    },
  );

  it('a Malay poem answered in English twice fails naming English: nothing is saved', async () => {
    const { session, store } = await openPiece('poems', { language: 'ms' });
    model = () => ENGLISH_POEM;
    const before = fake.generationRequests().length;
    const error = await session.advance().catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'GenerationError',
      code: 'wrong_language',
      params: { expected: 'ms', found: 'en' },
    });
    expect((error as Error).message).toMatch(/^The answer came back in English, not Bahasa Malaysia/);
    expect(generationMessage(error as GenerationError, 'ms')).toMatch(
      /^Jawapan diterima dalam bahasa Inggeris, bukan Bahasa Malaysia/,
    );
    expect(stepPrompts(before)).toHaveLength(2);
    expect(store.texts()).toEqual([]);
    expect(session.isFinished).toBe(false);
  });

  it('an English poem answered in Malay is asked again in English', async () => {
    const { session } = await openPiece('poems', { language: 'en' });
    model = (prompt) => (prompt.includes(FIRM_EN) ? ENGLISH_POEM : MALAY_POEM);
    const result = await session.advance();
    expect(result.languageDrift).toMatchObject({ expected: 'en', found: 'ms', isResolved: true });
    expect(result.text).toBe(ENGLISH_POEM);
  });

  it('a piece that mixes languages on purpose (language-story: flow.languageCheck false) is not checked', async () => {
    expect(catalog.get('language-story')!.flow.languageCheck).toBe(false);
    expect(catalog.get('poems')!.flow.languageCheck).toBe(true);
    const { session } = await openPiece('language-story', { language: 'italian' });
    // An Italian story (whose "di", "dia" and "per" look like Malay function words) with English notes.
    const story = [
      'La mattina Marco va al mercato con sua madre. Compra il pane, il formaggio ' +
        'e una bottiglia di latte. Dopo la spesa, si siede al bar e ordina un caffè.',
      'Il barista gli dà un cornetto caldo. Marco è felice: il sabato mattina ' +
        'è il giorno più bello della settimana per lui e per la sua famiglia.',
      'Summary: Marco goes to the market with his mother and enjoys a coffee afterwards.',
    ].join('\n\n');
    model = () => story;
    const before = fake.generationRequests().length;
    const result = await session.advance();
    expect(stepPrompts(before)).toHaveLength(1);
    expect(result.languageDrift).toBeUndefined();
  });

  it(
    "a Malay book's Amazon description answered in English is " +
      'asked again; a second English one fails the publishing step',
    async () => {
      const spec = catalog.get('amazon-pdp')!;
      const settings = parseSettings(spec, { language: 'ms', bookTitle: 'Hujan di Kuala Lumpur' });
      const english = readSample('en')
        .filter((x) => x.kind === 'nonfiction')
        .map((x) => x.text)
        .join('\n\n');
      const malay = readSample('ms')
        .filter((x) => x.kind === 'fiction')
        .slice(0, 2)
        .map((x) => x.text)
        .join('\n\n');
      const run = directPublishStep({ renderer: catalog.renderer, provider: provider() });
      model = (prompt) => (prompt.includes(FIRM_MS) ? malay : english);
      expect((await run({ part: 'description', spec, settings, bookContext: '' })).text).toBe(malay);
      model = () => english;
      await expect(run({ part: 'description', spec, settings, bookContext: '' })).rejects.toMatchObject({
        code: 'wrong_language',
        params: { found: 'en' },
      });
    },
  );

  it(
    'a length extension is checked too: asked again from where ' +
      'the part stops, and a second English one fails the step',
    async () => {
      const spec = catalog.get('romance')!;
      const open = async () => {
        const session = await BookSession.open({
          spec,
          renderer: catalog.renderer,
          provider: provider(),
          store: memoryStore(),
          key: 'extension-drift',
          settings: parseSettings(spec, { language: 'ms' }),
          totalChapters: 1,
          onFinished: 'restart',
          isFresh: true,
        });
        model = () => `${MALAY}\n\n${MALAY}`.repeat(12);
        await session.advance(); // outline
        await session.advance(); // introduction
        return session;
      };
      const shortChapter = MALAY;
      const isExtension = (prompt: string) => prompt.includes('Sambung bahagian yang sama tepat dari titik itu');
      let session = await open();
      // The Malay extension is new prose: one that copied the introduction would be asked again as a copy.
      model = (prompt) =>
        !isExtension(prompt)
          ? shortChapter
          : prompt.includes(FIRM_MS)
            ? writeProse(600, PROSE_SENTENCES.ms, PROSE_BLOCK)
            : ENGLISH;
      let before = fake.generationRequests().length;
      const chapter = await session.advance();
      const asked = stepPrompts(before);
      const again = asked.find((p) => p.includes(FIRM_MS))!;
      expect(again).toContain('Tulis semula sambungan itu, dari tempat teks ini berhenti');
      expect(isExtension(again)).toBe(true);
      expect(chapter.languageDrift).toMatchObject({ expected: 'ms', found: 'en', isResolved: true });
      expect(findLanguageDrift(chapter.text, 'ms')).toBeUndefined();
      expect(chapter.extensions).toBeGreaterThanOrEqual(1);

      session = await open();
      model = (prompt) => (isExtension(prompt) ? ENGLISH : shortChapter);
      before = fake.generationRequests().length;
      await expect(session.advance()).rejects.toMatchObject({
        code: 'wrong_language',
        params: { expected: 'ms', found: 'en' },
      });
      expect(stepPrompts(before)).toHaveLength(3);
      expect(session.next()).toMatchObject({ kind: 'chapter', position: 1 });
    },
  );

  it(
    'karya generate: a Malay poem answered in English twice ' +
      'exits 1 with the message naming English, nothing written',
    async () => {
      model = () => ENGLISH_POEM;
      const dir = tempDir('karya-wrong-language-');
      const out = path.join(dir, 'poem.md');
      const r = await runKaryaInProcess(
        ['generate', 'poems', '--lang', 'ms', '--out', out, '--state', path.join(dir, 'state.sqlite')],
        { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
      );
      expect(r.code).toBe(1);
      // In the piece's language, naming the piece.
      expect(r.stderr).toContain(
        'karya: puisi penyembuhan: Jawapan diterima dalam bahasa Inggeris, ' +
          'bukan Bahasa Malaysia, walaupun selepas diminta sekali lagi.',
      );
      expect(existsSync(out)).toBe(false);
    },
  );
});

describe('offline demo books pass the check', () => {
  it.each([
    ['romance', { language: 'ms' }],
    ['travel-guide', { language: 'ms', destination: 'Pulau Pinang' }],
    ['romance', { language: 'en' }],
  ] as const)('%s %j: no part is written twice', async (id, raw) => {
    const spec = catalog.get(id)!;
    const offline = createOfflineProvider();
    let calls = 0;
    const provider = {
      ...offline,
      generateText: (r: Parameters<typeof offline.generateText>[0]) => (
        (calls += r.meta?.stepKind === 'memory' ? 0 : 1),
        offline.generateText(r)
      ),
    };
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: memoryStore(),
      key: 'offline',
      settings: parseSettings(spec, raw),
      totalChapters: spec.flow.sections ? undefined : 2,
      onFinished: 'restart',
    });
    let steps = 0;
    while (session.next()) {
      const result = await session.advance();
      steps++;
      expect(result.languageDrift, `${id} ${result.label}`).toBeUndefined();
    }
    expect(calls).toBe(steps);
  });
});
