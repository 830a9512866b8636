// The book session (engine/session): the one step loop, seen through its progress port. Expectations
// come from the guides-and-fiction requirements, §4 (steps, labels, settings locked by the introduction, character
// details) and from the rules: a step saves its own part only; only an interrupted book resumes.
import { describe, expect, it } from 'vitest';
import {
  BookSession,
  GenerationError,
  SessionError,
  conclusionPosition,
  extractTitle,
  parseSettings,
  parseStepKey,
  stepsFor,
  renderPrompt,
  stepKey,
  stepRef,
  type ProgressStore,
  type SavedBook,
  type StepSave,
} from '../../engine/index.js';
import { createOfflineProvider } from '../../engine/providers/index.js';
import type { Provider } from '../../engine/provider.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const romance = catalog.get('romance')!;

/** A progress store in memory that keeps what each save was given. */
function memoryStore() {
  const books = new Map<string, SavedBook>();
  const saves: Array<{ key: string; save: StepSave }> = [];
  const memories: Array<{ key: string; memory: string; upTo: number }> = [];
  const store: ProgressStore = {
    load: async (key) => books.get(key) ?? null,
    saveMemory: async (key, save) => {
      memories.push({ key, ...save });
      const book = books.get(key);
      if (book) books.set(key, { ...book, state: { ...book.state, memory: save.memory, memoryUpTo: save.upTo } });
    },
    saveStep: async (key, save) => {
      saves.push({ key, save });
      if (save.keepsProgress)
        books.set(key, { state: save.state, isFinished: save.isFinished, updatedAt: new Date().toISOString() });
    },
  };
  return { store, saves, books, memories };
}

/** The offline provider, counting step calls, with text that says which call wrote it. */
function countingProvider() {
  const offline = createOfflineProvider();
  let calls = 0;
  const provider: Provider = {
    ...offline,
    generateText: async (request) => {
      // Memory updates (the story so far) are not steps: pass them through uncounted.
      if (request.meta?.stepKind === 'memory') return offline.generateText(request);
      calls++;
      const result = await offline.generateText(request);
      return { ...result, text: `Call ${calls}. ${result.text}` };
    },
  };
  return { provider, calls: () => calls };
}

async function open(
  store: ProgressStore,
  provider: Provider,
  opts: { onFinished?: 'restart' | 'keep'; chapters?: number; lang?: 'en' | 'ms' } = {},
) {
  return BookSession.open({
    spec: romance,
    renderer: catalog.renderer,
    provider,
    store,
    key: 'book',
    settings: parseSettings(romance, { language: opts.lang ?? 'en' }),
    totalChapters: opts.chapters ?? 2,
    onFinished: opts.onFinished ?? 'restart',
  });
}

describe('step identity', () => {
  it('every step of every generator has a key that reads back as the same step', () => {
    for (const spec of catalog.specs) {
      for (const step of stepsFor(spec, 5)) {
        const key = stepKey(step);
        expect(parseStepKey(key), `${spec.id} ${key}`).toEqual(stepRef(step));
        expect(stepKey(parseStepKey(key)!)).toBe(key);
      }
    }
    expect(stepsFor(romance, 2).map(stepKey)).toEqual([
      'outline',
      'introduction',
      'chapter:1',
      'chapter:2',
      'conclusion:3',
    ]);
    expect(['chapter', 'chapter:x', 'outline:1', 'introduction:2', 'nope', 'chapter:1:2'].map(parseStepKey)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('BookSession', () => {
  it('writes a romance step by step; each save carries only its own part and the small header', async () => {
    const { store, saves } = memoryStore();
    const { provider } = countingProvider();
    const session = await open(store, provider);
    expect(session.resumedParts).toBeNull();
    const labels: string[] = [];
    while (session.next()) labels.push((await session.advance()).label);
    expect(labels).toEqual(['Story Outline', 'Introduction', 'Chapter 1', 'Chapter 2', 'Conclusion']);
    expect(saves.map((s) => [s.save.stepKey, s.save.position, s.save.isFirst, s.save.isFinished])).toEqual([
      ['outline', -1, true, false],
      ['introduction', 0, false, false],
      ['chapter:1', 1, false, false],
      ['chapter:2', 2, false, false],
      ['conclusion:3', 3, false, true],
    ]);
    // Each save holds the text of its own call, not the book so far.
    saves.forEach(({ save }, i) => expect(save.text.startsWith(`Call ${i + 1}.`)).toBe(true));
    // The introduction locks the settings and keeps the character details for later chapters.
    expect(saves[1]!.save.state.isLocked).toBe(true);
    expect(session.isFinished).toBe(true);
    expect(session.assemble().match(/^## .*/gm)).toEqual([
      '## Introduction',
      '## Chapter 1: First Light',
      '## Chapter 2: A Door Opens',
      '## Conclusion',
    ]);
  });

  it(
    'an interrupted book resumes with only the missing parts; ' +
      'a finished one is written anew (restart) or kept (keep)',
    async () => {
      const { store, saves } = memoryStore();
      const counter = countingProvider();
      const first = await open(store, counter.provider);
      await first.advance();
      await first.advance();
      const resumed = await open(store, counter.provider);
      expect(resumed.resumedParts).toBe(2);
      expect(resumed.next()).toEqual({ kind: 'chapter', position: 1 });
      while (resumed.next()) await resumed.advance();
      expect(counter.calls()).toBe(5);

      const kept = await open(store, counter.provider, { onFinished: 'keep' });
      expect(kept.next()).toBeNull();
      await expect(kept.advance()).rejects.toEqual(new SessionError('book_complete'));

      const again = await open(store, counter.provider, { onFinished: 'restart' });
      expect(again.resumedParts).toBeNull();
      expect(again.next()).toEqual({ kind: 'outline' });
      await again.advance();
      expect(saves.at(-1)!.save).toMatchObject({ stepKey: 'outline', isFirst: true });
      expect(counter.calls()).toBe(6);
    },
  );

  it('refuses a step that is not the next one, and saves nothing for a step aborted before it finished', async () => {
    const { store, saves } = memoryStore();
    const session = await open(store, createOfflineProvider());
    await expect(session.advance({ expected: { kind: 'chapter', position: 1 } })).rejects.toMatchObject({
      code: 'step_not_allowed',
    });
    const controller = new AbortController();
    controller.abort();
    await expect(session.advance({ signal: controller.signal })).rejects.toBeInstanceOf(GenerationError);
    expect(saves).toEqual([]);
    expect(session.next()).toEqual({ kind: 'outline' });
  });

  it("the reader's view after each step names what comes next in the book's language", async () => {
    const { store } = memoryStore();
    const session = await open(store, createOfflineProvider(), { lang: 'ms', chapters: 1 });
    expect(session.view().next).toMatchObject({
      kind: 'outline',
      label: 'Rangka Cerita',
      button: 'Jana Rangka Cerita',
    });
    await session.advance();
    await session.advance();
    const view = session.view();
    expect(view).toMatchObject({
      is_locked: true,
      is_finished: false,
      counter: { current: 1, total: 1 },
      parts: [{ kind: 'introduction', position: 0, label: 'Pengenalan' }],
    });
    expect(view.next).toMatchObject({ kind: 'chapter', position: 1, label: 'Bab 1', button: 'Jana Bab 1' });
    expect(view.steps.map((p) => [p.label, p.is_done])).toEqual([
      ['Rangka Cerita', true],
      ['Pengenalan', true],
      ['Bab 1', false],
      ['Kesimpulan', false],
    ]);
  });

  it('a chapter count the flow cannot reach is refused before anything is written', async () => {
    const { store } = memoryStore();
    await expect(open(store, createOfflineProvider(), { chapters: 0 })).rejects.toMatchObject({
      code: 'invalid_chapters',
    });
  });
});

describe('a real book', () => {
  it.each([
    ['Title: Hujan di Kuala Lumpur\n\n1. Chapter 1', 'Hujan di Kuala Lumpur'],
    ['**Working Title:** "The Last Monsoon"\nPremise: …', 'The Last Monsoon'],
    ['# Tajuk: Kisah Permulaan Bandar\n', 'Kisah Permulaan Bandar'],
    ['Tajuk kerja: Rumah di Bukit', 'Rumah di Bukit'],
    ['Premise: no title here', undefined],
  ])('the outline %j gives the title %j', (outline, title) => {
    expect(extractTitle(outline)).toBe(title);
  });

  it(
    "is titled by its outline, not by the generator; the user's " +
      'chapter titles head their chapters and survive resume',
    async () => {
      const { store } = memoryStore();
      const provider = createOfflineProvider();
      const session = await open(store, provider, { chapters: 2 });
      await session.advance();
      await session.advance();
      await session.advance({ chapterTitle: 'The Meeting' });
      const resumed = await open(store, provider, { chapters: 2 });
      expect(resumed.state.chapterTitles).toEqual({ 1: 'The Meeting' });
      while (resumed.next()) await resumed.advance();
      const markdown = resumed.assemble();
      const heading = markdown.split('\n')[0]!;
      expect(heading).not.toBe(`# ${romance.title.en}`);
      expect(heading).toBe(`# ${extractTitle(resumed.state.outline)}`);
      // Chapter 1 keeps the user's title; chapter 2 takes its outline entry's.
      expect(markdown.match(/^## .*/gm)).toEqual([
        '## Introduction',
        '## Chapter 1: The Meeting',
        '## Chapter 2: A Door Opens',
        '## Conclusion',
      ]);
      expect(resumed.view().parts[1]).toMatchObject({ label: 'Chapter 1', title: 'The Meeting' });
    },
  );
});

describe('a book without an outline step', () => {
  it('takes its chapter plan from the introduction: kept for later chapters, left out of the book', async () => {
    const spec = catalog.get('mental-health')!;
    expect(spec.flow.outline).toBe('none');
    const { store } = memoryStore();
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: createOfflineProvider(),
      store,
      key: 'mh',
      settings: parseSettings(spec, {}),
      totalChapters: 3,
      onFinished: 'restart',
    });
    expect(session.next()).toEqual({ kind: 'introduction', position: 0 });
    await session.advance();
    // One line per chapter actually written (the conclusion may take the last chapter's place).
    const plan = session.state.outline!.split('\n');
    expect(plan).toHaveLength(conclusionPosition(spec.flow, 3) - 1);
    plan.forEach((line, i) => expect(line).toMatch(new RegExp(`^Chapter ${i + 1}: .+`)));
    const chapterPrompt = renderPrompt({
      spec,
      renderer: catalog.renderer,
      state: session.state,
      step: session.next()!,
    });
    expect(chapterPrompt.user).toContain(
      `What the outline plans for this part:\n${session.state.outline!.split('\n')[0]}`,
    );
    while (session.next()) await session.advance();
    expect(session.assemble()).not.toMatch(/Chapter Plan:/);
    // A resumed book finds its plan again in the saved introduction.
    const resumed = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: createOfflineProvider(),
      store,
      key: 'mh',
      settings: parseSettings(spec, {}),
      totalChapters: 3,
      onFinished: 'keep',
    });
    expect(resumed.state.outline).toBe(session.state.outline);
  });
});
