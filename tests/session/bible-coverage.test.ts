// A bible that loses nothing: whatever shape a model gives the one line its story-bible update writes for a
// part ("Chapter 1: …", "Bab 1: …", "Pengenalan: …", numbered, bulleted, bold, under a "## Chapter 1"
// heading), a whole 7-chapter book ends with a bible that holds every part it took in (the introduction, every
// chapter and the conclusion: a finished book's ending is what a series' next book is told): a line of its own in
// "Chapters
// so far", or an "Earlier arcs" line whose label names it. The scripted models also fill in cells that name
// parts not written yet (a character "last seen" in Chapter 2 when the introduction is read, a thread opened
// in Chapter 1), as real models do. Each book runs through BookSession against the fake OpenAI server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookSession, bookView, inMemoryProgressStore, parseSettings } from '../../engine/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { isMalayRequest, startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import {
  ARC_LINES,
  BIBLE_LINE_FORMATS,
  bibleLineOf,
  chapterOfRequest,
  underWriter,
  type BibleLineFormat,
  type ScriptedModel,
} from '../scripted-models.js';
import { coverageOf, partNames, type Lang } from '../bible-coverage.js';

const catalog = loadCatalog({ useDiskCache: true });
const CHAPTERS = 7;
/** A finished book's parts: the introduction, its chapters and its conclusion, as the bible labels them. */
const bookParts = (lang: Lang) => [...partNames(CHAPTERS, lang), lang === 'ms' ? 'Kesimpulan' : 'Conclusion'];

/** One scripted model per line format, picked by the model name the provider sends (KARYA_MODEL). */
const models = new Map<string, ScriptedModel>(
  [...BIBLE_LINE_FORMATS, 'none' as const].map((f) => [f, underWriter(1, { bibleLine: f })]),
);

describe('a 7-chapter book keeps a line (or an arc naming it) for every part, whatever the line looks like', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: (body, i) => models.get(String(body.model))!(body, i) });
  });
  afterAll(() => fake.close());

  /** A whole romance of CHAPTERS chapters in `lang`, written by the model whose bible lines are `format`. */
  async function writeBook(lang: Lang, format: BibleLineFormat) {
    const spec = catalog.get('romance')!;
    const provider = providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_MODEL: format });
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider,
      store: inMemoryProgressStore(),
      key: `${lang}-${format}`,
      settings: parseSettings(spec, { language: lang }),
      totalChapters: CHAPTERS,
      onFinished: 'restart',
    });
    while (!session.isFinished) {
      await session.advance();
      if (session.needsMemory) await session.remember();
    }
    return { spec, session };
  }

  const cases = (['en', 'ms'] as const).flatMap((lang) =>
    BIBLE_LINE_FORMATS.map((format) => [lang, format] as [Lang, BibleLineFormat]),
  );
  it.each(cases)('%s, lines written %s', async (lang, format) => {
    const { spec, session } = await writeBook(lang, format);
    const names = bookParts(lang);
    const bible = session.bible();
    const covered = coverageOf(bible, names, lang);
    expect(covered.missing, bible).toEqual([]);
    // Seven lines fold three at a time past six: the introduction and chapters 1–2 are one arc, named so,
    // in the model's words without the chapter numbers it wrongly counted ("Chapters 1–3:").
    const arc = lang === 'ms' ? 'Pengenalan – Bab 2' : 'Introduction – Chapter 2';
    expect(Object.fromEntries(covered.arcs)).toEqual(Object.fromEntries(names.slice(0, 3).map((n) => [n, arc])));
    expect(bible).toContain(`- ${arc}: ${ARC_LINES[lang]}`);
    // Chapters 3–7 and the conclusion each keep the model's own line, without the label it wrote in front of it.
    expect([...covered.lines].slice(0, CHAPTERS - 2)).toEqual(
      names.slice(3, CHAPTERS + 1).map((n, i) => [n, bibleLineOf(i + 3, lang)]),
    );
    expect([...covered.lines.keys()].at(-1)).toBe(names.at(-1));
    expect(covered.lines.get(names.at(-1)!), bible).not.toMatch(/^\W*(Conclusion|Kesimpulan)\b/);
    // As it was written: the request for each chapter from the second on carried the line of the chapter before it.
    const asked = fake
      .generationRequests()
      .filter((r) => r.body?.model === format && isMalayRequest(r.body) === (lang === 'ms'))
      .map((r) => userMessageOf(r.body!));
    for (let k = 2; k <= CHAPTERS; k++)
      expect(
        asked.find((u) => chapterOfRequest(u) === k),
        `chapter ${k}`,
      ).toContain(bibleLineOf(k - 1, lang));
    // The book view says which parts the bible covers.
    expect(bookView(spec, session.state).bible_covers).toEqual({
      positions: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      label: lang === 'ms' ? 'Pengenalan, Bab 1–7, Kesimpulan' : 'Introduction, Chapters 1–7, Conclusion',
    });
  });

  it.each(['en', 'ms'] as const)(
    "%s, a model that writes no line for the part: the part's opening words stand for it",
    async (lang) => {
      const { session } = await writeBook(lang, 'none');
      const names = bookParts(lang);
      const bible = session.bible();
      const covered = coverageOf(bible, names, lang);
      expect(covered.missing, bible).toEqual([]);
      const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
      for (const [name, line] of covered.lines) {
        const text = flat(session.state.content[names.indexOf(name)]!);
        expect(text.startsWith(line.replace(/ …$/, '')), `${name}: ${line}`).toBe(true);
      }
    },
  );
});
