// The outline as chapters: the writer edits, inserts, deletes and reorders the chapters
// of the outline before they are written and gives each a note ("what must happen here"). The edited
// outline is the one the chapters are written from (each chapter's request carries its own plan and
// note, and only its own note); the chapter count, progress, the plan of steps and the conclusion's place
// follow it; written chapters cannot be changed through it. The outline text round-trips through its
// chapter entries in English and Malay. The model is scripted in process: it records every request.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { isMemoryRequest, userPrompt } from '../batch/helpers.js';
import {
  BookSession,
  EditError,
  bookView,
  catalogueMessage,
  editOutline,
  outlineChapters,
  parseBriefMarkdown,
  parseSettings,
  stepsFor,
  stepKey,
  type BookState,
  type ProgressStore,
  type SavedBook,
} from '../../engine/index.js';
import { chapterEntriesOf, normalizeChapterEntry, parseOutline, renderOutline } from '../../engine/compile/outline.js';
import type { Provider, TextRequest } from '../../engine/provider.js';
import { loadCatalog } from '../../engine/node/load.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });
const romance = catalog.get('romance')!;

const OUTLINE_EN = [
  'Title: The Lantern Shop',
  '',
  "Premise: Aisha reopens her late father's lantern shop in Penang.",
  '',
  'Main characters:',
  '1. Aisha: a baker who inherits the shop',
  '2. Tan: the landlord',
  '',
  'Chapter 1: The Return',
  'Aisha comes home to Penang and finds the shop shuttered.',
  '',
  'Chapter 2: The Key',
  'PLAN-2 Tan refuses to hand over the key.',
  '',
  'Chapter 3: The Storm',
  'PLAN-3 A storm floods the street.',
  '',
  'Ending: Aisha lights every lantern on the harbour.',
].join('\n');

const OUTLINE_MS = [
  'Tajuk: Kedai Tanglung',
  '',
  'Premis: Aisyah membuka semula kedai tanglung arwah ayahnya di Pulau Pinang.',
  '',
  'Bab 1: Pulang',
  'Aisyah pulang ke Pulau Pinang dan mendapati kedai itu tertutup.',
  '',
  'Bab 2: Kunci',
  'RANCANGAN-2 Tan enggan menyerahkan kunci.',
  '',
  'Bab 3: Ribut',
  'RANCANGAN-3 Ribut membanjiri jalan.',
  '',
  'Pengakhiran: Aisyah menyalakan setiap tanglung di pelabuhan.',
].join('\n');

/**
 * A model that answers an outline request with the outline of the book's language and anything else with prose; every
 * request is kept.
 */
function scriptedModel() {
  const requests: string[] = [];
  const provider: Provider = {
    name: 'scripted',
    isOffline: true,
    generateText: async (request: TextRequest) => {
      const user = request.user;
      requests.push(user);
      const isMalay = /Bahasa Malaysia/.test(user);
      if (/^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user))
        return { text: isMalay ? OUTLINE_MS : OUTLINE_EN, model: 'scripted' };
      const words = (
        isMalay
          ? 'Aisyah berjalan ke pelabuhan sambil memegang tanglung itu erat-erat. '
          : 'Aisha walked to the harbour holding the lantern close. '
      ).repeat(400);
      return { text: words.trim(), model: 'scripted' };
    },
    generateImage: async () => ({ png: new Uint8Array(), model: 'scripted' }),
  };
  return { provider, requests };
}

/** A progress store in memory; `put` saves a book as an edit route does. */
function memoryStore() {
  let book: SavedBook | null = null;
  const store: ProgressStore & { put(state: BookState): void } = {
    load: async () => book,
    saveStep: async (_key, save) => {
      book = { state: save.state, isFinished: save.isFinished, updatedAt: '' };
    },
    saveMemory: async (_key, save) => {
      if (book) book = { ...book, state: { ...book.state, memory: save.memory, memoryUpTo: save.upTo } };
    },
    put: (state) => {
      book = { state, isFinished: false, updatedAt: '' };
    },
  };
  return store;
}

async function open(store: ProgressStore, provider: Provider, lang: 'en' | 'ms' = 'en') {
  // The form still says 3 chapters: an outline the writer shaped keeps its own count.
  return BookSession.open({
    spec: romance,
    renderer: catalog.renderer,
    provider,
    store,
    key: 'book',
    settings: parseSettings(romance, { language: lang }),
    totalChapters: 3,
    onFinished: 'keep',
  });
}

/** The chapter request for chapter n among the recorded requests (the last one). */
const chapterRequest = (requests: string[], n: number) =>
  requests.filter((r) => new RegExp(`^(Write Chapter ${n} of|Tulis Bab ${n} daripada)`).test(r)).at(-1) ?? '';

describe('the outline as chapter entries, and back', () => {
  for (const [lang, outline] of [
    ['en', OUTLINE_EN],
    ['ms', OUTLINE_MS],
  ] as const) {
    it(
      `${lang}: edited entries written into the outline read ` + `back the same; its title, premise and ending stay`,
      () => {
        const before = parseOutline(outline);
        const entries = [
          ...chapterEntriesOf(before, 3).slice(0, 1),
          {
            title: lang === 'ms' ? 'Pasar Malam' : 'The Night Market',
            plan:
              lang === 'ms'
                ? 'Aisyah bertemu Tan di pasar malam.\nMereka bertengkar tentang kunci.'
                : 'Aisha meets Tan at the night market.\nThey argue about the key.',
          },
          {
            title: lang === 'ms' ? 'Ribut: Malam Kedua' : 'The Storm: Second Night',
            plan: 'Chapter 9: not a chapter\nEnding: not the ending\n\nIn the end the rain stops.',
          },
          { title: '“Quoted Title.”', plan: '' },
        ];
        const text = renderOutline(outline, entries, lang);
        const after = parseOutline(text);
        expect(after.entries.map((e) => ({ title: e.title ?? '', plan: e.plan }))).toEqual(
          entries.map((e) => normalizeChapterEntry(e, lang)),
        );
        expect(after.entries.map((e) => e.number)).toEqual([1, 2, 3, 4]);
        expect({ title: after.title, premise: after.premise, ending: after.ending }).toEqual({
          title: before.title,
          premise: before.premise,
          ending: before.ending,
        });
        expect(after.characters).toBe(before.characters);
        // The plan's lines that look like structure stay in the plan; the title with a colon stays whole.
        expect(after.entries[2]!.title).toBe(lang === 'ms' ? 'Ribut: Malam Kedua' : 'The Storm: Second Night');
        expect(after.entries[2]!.plan).toContain('Chapter 9: not a chapter');
        expect(after.entries[3]!.title).toBe('Quoted Title');
        // Written again, it reads the same (one format).
        expect(
          renderOutline(
            text,
            after.entries.map((e) => ({ title: e.title ?? '', plan: e.plan })),
            lang,
          ),
        ).toBe(text);
        expect(text).toContain(lang === 'ms' ? 'Bab 2: Pasar Malam' : 'Chapter 2: The Night Market');
      },
    );

    it(`${lang}: a card saved without a title stays untitled; its plan's short first line stays in the plan`, () => {
      const plan =
        lang === 'ms' ? 'Aisyah jumpa surat\nDia menangis di kedai.' : 'Aisha finds a letter\nShe cries in the shop.';
      const entries = [
        { title: lang === 'ms' ? 'Pulang' : 'The Return', plan: 'PLAN-1' },
        { title: '', plan },
        { title: '', plan: '' },
      ];
      const text = renderOutline(outline, entries, lang);
      const after = parseOutline(text);
      expect(after.entries.map((e) => ({ title: e.title ?? '', plan: e.plan }))).toEqual([
        entries[0],
        { title: '', plan },
        { title: '', plan: '' },
      ]);
      expect(entries.map((e) => normalizeChapterEntry(e, lang))).toEqual(entries);
      // Written again (as the next save does), it reads the same.
      expect(
        renderOutline(
          text,
          after.entries.map((e) => ({ title: e.title ?? '', plan: e.plan })),
          lang,
        ),
      ).toBe(text);
    });
  }
});

describe('the edited outline drives the book', () => {
  it(
    "chapter 2's edited plan and note reach chapter 2's request, " +
      'and only it; an inserted chapter moves the conclusion',
    async () => {
      const { provider, requests } = scriptedModel();
      const store = memoryStore();
      let session = await open(store, provider);
      await session.advance();
      const cards = outlineChapters(romance, session.state);
      expect(cards.map((c) => c.title)).toEqual(['The Return', 'The Key', 'The Storm']);
      const note = "NOTE-2: Aisha must find her father's letter hidden in the lantern.";
      const edited = editOutline(romance, session.state, [
        cards[0]!,
        { title: 'The Hidden Letter', plan: 'EDITED-PLAN-2 Aisha breaks into the shop at night.', note },
        { title: 'The Landlord', plan: 'INSERTED-PLAN Tan offers to sell the shop.' },
        cards[2]!,
      ]);
      expect(edited.totalChapters).toBe(4);
      expect(stepsFor(romance, edited.totalChapters).map(stepKey)).toEqual([
        'outline',
        'introduction',
        'chapter:1',
        'chapter:2',
        'chapter:3',
        'chapter:4',
        'conclusion:5',
      ]);
      const view = bookView(romance, edited);
      expect(view.progress).toMatchObject({ total: 4 });
      expect(view.counter.total).toBe(4);
      expect(view.chapters?.map((c) => [c.number, c.title, c.note])).toEqual([
        [1, 'The Return', ''],
        [2, 'The Hidden Letter', note],
        [3, 'The Landlord', ''],
        [4, 'The Storm', ''],
      ]);
      store.put(edited);

      session = await open(store, provider);
      expect(session.state.totalChapters).toBe(4);
      for (let i = 0; i < 6; i++) await session.advance();
      expect(session.isFinished).toBe(true);
      expect(session.state.content).toHaveLength(6);
      const second = chapterRequest(requests, 2);
      expect(second).toContain('EDITED-PLAN-2 Aisha breaks into the shop at night.');
      expect(second).toContain(note);
      expect(second).toContain(`The writer's instruction for this part (this MUST happen in this part):\n${note}`);
      expect(second).not.toContain('PLAN-2 Tan refuses');
      for (const n of [1, 3, 4]) expect(chapterRequest(requests, n)).not.toContain('NOTE-2');
      expect(chapterRequest(requests, 3)).toContain('INSERTED-PLAN');
      expect(chapterRequest(requests, 4)).toContain('PLAN-3 A storm floods the street.');
      expect(chapterRequest(requests, 4)).toMatch(/^Write Chapter 4 of 4/);
    },
  );

  it('a deleted chapter: 2 chapters, the conclusion right after chapter 2', async () => {
    const { provider } = scriptedModel();
    const store = memoryStore();
    const session = await open(store, provider);
    await session.advance();
    const cards = outlineChapters(romance, session.state);
    const edited = editOutline(romance, session.state, [cards[0]!, cards[2]!]);
    expect(edited.totalChapters).toBe(2);
    expect(stepsFor(romance, 2).at(-1)).toEqual({ kind: 'conclusion', position: 3 });
    expect(outlineChapters(romance, edited).map((c) => c.title)).toEqual(['The Return', 'The Storm']);
    expect(bookView(romance, edited).steps.map((s) => s.label)).toEqual([
      'Story Outline',
      'Introduction',
      'Chapter 1',
      'Chapter 2',
      'Conclusion',
    ]);
  });

  it(
    'written chapters are locked: changing, deleting or moving one is ' +
      'refused naming it (English and Malay); unwritten ones still change',
    async () => {
      const { provider, requests } = scriptedModel();
      const store = memoryStore();
      const session = await open(store, provider, 'ms');
      await session.advance();
      await session.advance();
      await session.advance();
      expect(session.state.content).toHaveLength(2);
      const cards = outlineChapters(romance, session.state);
      expect(cards.map((c) => c.isWritten)).toEqual([true, false, false]);
      const refused = (chapters: Parameters<typeof editOutline>[2]) => {
        try {
          editOutline(romance, session.state, chapters);
        } catch (error) {
          if (error instanceof EditError) return { code: error.code, params: error.params };
          throw error;
        }
        return null;
      };
      expect(refused([{ ...cards[0]!, plan: 'Something else.' }, cards[1]!, cards[2]!])).toEqual({
        code: 'chapter_written',
        params: { chapter: 1 },
      });
      expect(refused([cards[1]!, cards[0]!, cards[2]!])).toEqual({ code: 'chapter_written', params: { chapter: 1 } });
      expect(refused([cards[1]!, cards[2]!])).toEqual({ code: 'chapter_written', params: { chapter: 1 } });
      expect(catalogueMessage('chapter_written', 'en', { chapter: '1' })).toMatch(/^Chapter 1 is written already/);
      // Bounded: at most 100 chapters, and an outline of at most 120 000 characters.
      expect(refused([cards[0]!, ...Array.from({ length: 100 }, () => ({ title: 'T', plan: 'P' }))])).toEqual({
        code: 'outline_too_long',
        params: { max: 100 },
      });
      expect(
        refused([cards[0]!, ...Array.from({ length: 40 }, () => ({ title: 'T', plan: 'word '.repeat(799) }))]),
      ).toEqual({ code: 'part_too_long', params: { max: 120_000 } });
      expect(catalogueMessage('chapter_written', 'ms', { chapter: '1' })).toMatch(/^Bab 1 sudah ditulis/);
      // A note on the written chapter is not taken; chapter 2's is, in the Malay request.
      const edited = editOutline(romance, session.state, [
        { ...cards[0]!, note: 'terlambat' },
        { ...cards[1]!, note: 'NOTA-2 Aisyah mesti menangis.' },
        cards[2]!,
      ]);
      expect(edited.chapterNotes).toEqual({ 2: 'NOTA-2 Aisyah mesti menangis.' });
      store.put(edited);
      const again = await open(store, provider, 'ms');
      await again.advance();
      const second = chapterRequest(requests, 2);
      expect(second).toContain('Arahan penulis untuk bahagian ini (ini MESTI berlaku dalam bahagian ini):');
      expect(second).toContain('NOTA-2 Aisyah mesti menangis.');
    },
  );

  it('a finished book cannot change its outline', async () => {
    const { provider } = scriptedModel();
    const session = await open(memoryStore(), provider);
    while (!session.isFinished) await session.advance();
    const cards = outlineChapters(romance, session.state);
    expect(cards.every((c) => c.isWritten)).toBe(true);
    expect(() => editOutline(romance, session.state, [...cards, { title: 'After the End', plan: 'More.' }])).toThrow(
      expect.objectContaining({ code: 'book_finished' }),
    );
    expect(editOutline(romance, session.state, cards).totalChapters).toBe(3);
  });
});

describe('chapter notes from a Markdown brief (karya generate --brief)', () => {
  it(
    '"## Chapter notes" lines reach their chapters\' requests only; ' +
      'a note for a chapter the book lacks exits 2 before any request',
    async () => {
      expect(
        parseBriefMarkdown(
          romance,
          '# Premise\nA baker.\n\n## Chapter notes\nChapter 2: Aisha ' +
            'finds the letter.\nShe hides it.\n- Bab 3 — Tan pergi.\n',
        ).chapterNotes,
      ).toEqual({ 2: 'Aisha finds the letter.\nShe hides it.', 3: 'Tan pergi.' });
      const fake = await startFakeOpenAI();
      try {
        const cwd = tempDir('karya-notes-');
        const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL };
        writeFileSync(
          path.join(cwd, 'brief.md'),
          '# Premise\nA pastry chef in Penang saves her rival bakery.\n\n## ' +
            'Chapter notes\nChapter 2: BRIEF-NOTE-2 Arjun must confess his debt.\n',
        );
        const r = await runKaryaInProcess(
          ['generate', 'romance', '--chapters', '3', '--brief', 'brief.md', '--out', 'book.md'],
          { cwd, env },
        );
        expect(r.code, r.stderr).toBe(0);
        const users = fake
          .generationRequests()
          .filter((q) => !isMemoryRequest(q))
          .map(userPrompt);
        const chapters = users.filter((u) => /^Write Chapter \d+ of 3/.test(u));
        expect(chapters).toHaveLength(3);
        expect(
          chapters.filter((u) => u.includes('BRIEF-NOTE-2')).map((u) => /^Write Chapter (\d+)/.exec(u)![1]),
        ).toEqual(['2']);
        expect(chapters[1]).toContain(
          "The writer's instruction for this part (this MUST happen " +
            'in this part):\nBRIEF-NOTE-2 Arjun must confess his debt.',
        );

        const before = fake.generationRequests().length;
        writeFileSync(path.join(cwd, 'far.md'), '## Chapter notes\nChapter 9: Too far.\n');
        const bad = await runKaryaInProcess(
          ['generate', 'romance', '--chapters', '3', '--brief', 'far.md', '--out', 'book2.md'],
          { cwd, env },
        );
        expect(bad.code).toBe(2);
        expect(bad.stderr).toContain('"Chapter 9" has a note, but the book has 3 chapters');
        expect(fake.generationRequests().length).toBe(before);
      } finally {
        await fake.close();
      }
    },
  );
});
