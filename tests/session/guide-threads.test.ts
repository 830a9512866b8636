// A guide's outline asks for the promises the book makes its reader ("Threads:" / "Janji:", one line each
// with the chapter that keeps it), and a guide whose outline gives one carries it like a story does: in the
// due chapter's request as due, never in a chapter's plan, and overdue in the book's threads when no chapter
// keeps it. English and Malay; the AI API is the fake server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fullLength,
  startFakeOpenAI,
  userMessageOf,
  writeProse,
  PROSE_SENTENCES,
  type FakeOpenAI,
} from '../fake-openai.js';
import { BookSession, inMemoryProgressStore, parseSettings } from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const W = {
  en: {
    asksOutline: /^Create a detailed outline/,
    asksThreads: 'Threads: one line for each promise the book makes its reader',
    ch: 'Chapter',
    block: 'Threads:',
    promise: 'a full watering plan',
    due: 'due',
    write: (n: number) => new RegExp(`^Write Chapter ${n} of`),
    dueLine: '- a full watering plan (due in Chapter 3)',
  },
  ms: {
    asksOutline: /^Hasilkan rangka terperinci/,
    asksThreads: 'Janji: satu baris bagi setiap janji buku kepada pembacanya',
    ch: 'Bab',
    block: 'Janji:',
    promise: 'pelan penyiraman lengkap',
    due: 'sasaran',
    write: (n: number) => new RegExp(`^Tulis Bab ${n} daripada`),
    dueLine: '- pelan penyiraman lengkap (sasaran Bab 3)',
  },
};

describe.each(['en', 'ms'] as const)("a guide's promises (%s)", (lang) => {
  let fake: FakeOpenAI;
  let session: BookSession;
  const w = W[lang];
  const outline = [
    lang === 'ms' ? 'Tajuk: Taman Kecil' : 'Title: A Small Garden',
    lang === 'ms' ? 'Premis: Untuk pemula.' : 'Premise: For beginners.',
    '',
    ...[1, 2, 3, 4, 5].flatMap((k) => [
      `${w.ch} ${k}: ${lang === 'ms' ? 'Langkah' : 'Step'} ${k}`,
      lang === 'ms' ? `Isi penting langkah ${k} untuk pekebun baharu di rumah.` : `Key points of step ${k}.`,
      '',
    ]),
    w.block,
    `- ${w.promise} | ${w.ch} 1 | ${w.due} ${w.ch} 3`,
    '',
    lang === 'ms' ? 'Kesimpulan: Rumusan.' : 'Conclusion: A summary.',
  ].join('\n');
  beforeAll(async () => {
    const prose = fullLength(() => writeProse(400, PROSE_SENTENCES[lang]));
    fake = await startFakeOpenAI({
      props: true,
      contextTokens: 32_768,
      answer: (body, i) => (w.asksOutline.test(userMessageOf(body)) ? outline : prose(body, i)),
    });
    const spec = catalog.get('guide')!;
    const provider = providerFromEnv({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
    session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: inMemoryProgressStore(),
      key: 'g',
      settings: parseSettings(spec, { language: lang, topic: 'Home gardening' }),
      totalChapters: 5,
      onFinished: 'keep',
    });
    while (!session.isFinished) {
      await session.advance();
      if (session.needsMemory) await session.remember();
    }
  });
  afterAll(() => fake.close());

  it('the outline request asks for the promises to the reader', () => {
    expect(
      fake
        .generationRequests()
        .map((r) => userMessageOf(r.body ?? {}))
        .find((u) => w.asksOutline.test(u)),
    ).toContain(w.asksThreads);
  });

  it(
    "the promise is in chapter 3's request as due, in no " +
      "chapter's plan, and overdue at the end when nothing keeps it",
    () => {
      const requestOf = (n: number) =>
        fake
          .generationRequests()
          .map((r) => userMessageOf(r.body ?? {}))
          .find((u) => w.write(n).test(u))!;
      expect(requestOf(3)).toContain(w.dueLine);
      expect(requestOf(2)).not.toContain(w.dueLine);
      expect(session.view().chapters?.find((c) => c.number === 5)?.plan).not.toContain(w.promise);
      expect(session.view().threads).toContainEqual(
        expect.objectContaining({ thread: w.promise, due: `${w.ch} 3`, is_overdue: true }),
      );
    },
  );
});
