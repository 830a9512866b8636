// A stopped part finished in the book session: BookSession.finishDraft takes the text a
// writer stopped as the next step's draft and keeps it as the part (no model call), continues it from where
// it stops ("write more"'s request) or rewrites it with a note (the rewrite's request with the draft as the
// current text); the result is saved as the next step, as advance saves one.
import { describe, expect, it } from 'vitest';
import {
  BookSession,
  inMemoryProgressStore,
  parseSettings,
  type ProgressStore,
  type StepSave,
} from '../../engine/index.js';
import type { Provider, TextRequest } from '../../engine/provider.js';
import { createOfflineProvider } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';

const catalog = loadCatalog({ useDiskCache: true });
const romance = catalog.get('romance')!;
const DRAFT = 'Aisha unlocked the shop at dawn. The lanterns hung dark above the counter, and she';

/** The engine's in-memory progress store, recording the steps it saves. */
function memoryStore() {
  const saves: StepSave[] = [];
  const inner = inMemoryProgressStore();
  const store: ProgressStore = {
    ...inner,
    saveStep: async (key, save) => {
      saves.push(save);
      await inner.saveStep(key, save);
    },
  };
  return { store, saves };
}

/** The offline provider, recording the step requests it was sent. */
function recordingProvider() {
  const offline = createOfflineProvider();
  const asked: TextRequest[] = [];
  const provider: Provider = {
    ...offline,
    generateText: async (request) => {
      if (request.meta?.stepKind !== 'memory') asked.push(request);
      return offline.generateText(request);
    },
  };
  return { provider, asked };
}

/** A romance book of 2 chapters with its outline written: the introduction is next. */
async function bookAtIntroduction() {
  const { store, saves } = memoryStore();
  const { provider, asked } = recordingProvider();
  const open = () =>
    BookSession.open({
      spec: romance,
      renderer: catalog.renderer,
      provider,
      store,
      key: 'book',
      settings: parseSettings(romance, { language: 'en' }),
      totalChapters: 2,
      onFinished: 'keep',
    });
  await (await open()).advance();
  asked.length = 0;
  return { session: await open(), saves, asked };
}

describe('BookSession.finishDraft', () => {
  it('keep: the draft becomes the introduction with no model call, saved as the next step', async () => {
    const { session, saves, asked } = await bookAtIntroduction();
    const result = await session.finishDraft(DRAFT, { how: 'keep', expected: { kind: 'introduction', position: 0 } });
    expect(asked).toEqual([]);
    expect(result.text).toBe(DRAFT);
    expect(saves.at(-1)).toMatchObject({ stepKey: 'introduction', position: 0, text: DRAFT });
    expect(session.state.content).toEqual([DRAFT]);
    expect(session.next()).toMatchObject({ kind: 'chapter', position: 1 });
  });

  it('continue: one "write more" request from the draft’s end; the part starts with the draft', async () => {
    const { session, saves, asked } = await bookAtIntroduction();
    const result = await session.finishDraft(DRAFT, { how: 'continue' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.user).toMatch(/Write about [\d,]+ more words/);
    expect(asked[0]!.user).toContain('and she');
    expect(result.text.startsWith(DRAFT)).toBe(true);
    expect(result.text.length).toBeGreaterThan(DRAFT.length);
    expect(saves.at(-1)).toMatchObject({ stepKey: 'introduction', text: result.text });
  });

  it('rewrite: the introduction request carries the draft as the current text and the note', async () => {
    const { session, asked } = await bookAtIntroduction();
    await session.finishDraft(DRAFT, { how: 'rewrite', note: 'Open on the night market.' });
    expect(asked[0]!.user).toContain('Open on the night market.');
    expect(asked[0]!.user).toContain(DRAFT);
    expect(session.state.content).toHaveLength(1);
  });

  it('refuses a draft of another step, and an empty draft', async () => {
    const { session } = await bookAtIntroduction();
    await expect(
      session.finishDraft(DRAFT, { how: 'keep', expected: { kind: 'chapter', position: 1 } }),
    ).rejects.toMatchObject({ code: 'step_not_allowed' });
    await expect(session.finishDraft('   ', { how: 'keep' })).rejects.toMatchObject({ code: 'part_empty' });
  });
});
