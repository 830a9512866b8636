// Passage tools ask like every other call: the passage request of chapter 3 is sent the story bible as it
// stood before chapter 3 (nothing a later chapter established), and an answer cut at the token limit is
// continued once and joined, as a part's is. The provider is a small object that records the requests.
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../engine/node/load.js';
import {
  applyBibleUpdate,
  applyStep,
  EMPTY_BIBLE,
  parseBibleUpdate,
  parseSettings,
  renderBible,
  reworkPassage,
  startBook,
  type BookState,
} from '../../engine/index.js';
import type { Provider, TextRequest, TextResult } from '../../engine/provider.js';

const catalog = loadCatalog({ useDiskCache: true });
const CHAPTER =
  'Aisha opened the shop at dawn.\n\nThe harbour was quiet and the ' +
  'boats were still tied to the pier.\n\nShe lit the oldest lantern.';

/** A 7-chapter book (5 written) whose bible records one fact per chapter ("Marker k"). */
function bookWithBible(): BookState {
  const spec = catalog.get('romance')!;
  let state = startBook({ spec, settings: parseSettings(spec, { numberOfChapters: 7, language: 'en' }) });
  state = applyStep(spec, state, { kind: 'outline' }, 'Title: Lanterns\n\nChapter 1: Home\nAisha comes home.');
  let bible = EMPTY_BIBLE;
  for (let k = 0; k <= 5; k++) {
    state = applyStep(
      spec,
      state,
      k === 0 ? { kind: 'introduction', position: 0 } : { kind: 'chapter', position: k },
      k === 3 ? CHAPTER : `Part ${k} of the book, where Aisha walks by the sea.`,
    );
    const facts = Array.from({ length: k + 1 }, (_, i) => `- Marker ${i}: token ${i}`).join('\n');
    bible = applyBibleUpdate(
      bible,
      parseBibleUpdate(`## Chapter\nEvents of part ${k}.\n## Established facts\n${facts}`)!,
      { label: k === 0 ? 'Introduction' : `Chapter ${k}`, lang: 'en' },
    );
  }
  return { ...state, memory: renderBible(bible, 'en', { omit: ['premise', 'ending'] }), memoryUpTo: 5 };
}

function recorder(answers: TextResult[]): Provider & { asked: TextRequest[] } {
  const asked: TextRequest[] = [];
  return {
    name: 'test',
    isOffline: true,
    asked,
    generateText: async (request) => {
      asked.push(request);
      return answers[Math.min(asked.length - 1, answers.length - 1)]!;
    },
    generateImage: async () => {
      throw new Error('no images here');
    },
  };
}

describe('a passage request', () => {
  const passage = 'The harbour was quiet and the boats were still tied to the pier.';
  const start = CHAPTER.indexOf(passage);
  const request = { position: 3, start, end: start + passage.length, text: passage, action: 'expand' as const };

  it('carries the bible as of chapter 2: no fact chapters 3 to 5 established', async () => {
    const provider = recorder([
      {
        text: 'The harbour lay quiet under the grey sky, and the boats were still tied to the old pier.',
        model: 'test',
      },
    ]);
    await reworkPassage({
      spec: catalog.get('romance')!,
      renderer: catalog.renderer,
      provider,
      state: bookWithBible(),
      request,
    });
    const user = provider.asked[0]!.user;
    expect(user).toContain('Marker 2');
    expect(user).not.toMatch(/Marker [345]\b/);
  });

  it('an answer cut at the token limit is continued once and joined', async () => {
    const provider = recorder([
      { text: 'The harbour lay quiet under the grey sky, and the boats', model: 'test', finishReason: 'length' },
      {
        text: 'were still tied to the old pier, rocking gently in the morning tide.',
        model: 'test',
        finishReason: 'length',
      },
    ]);
    const answer = await reworkPassage({
      spec: catalog.get('romance')!,
      renderer: catalog.renderer,
      provider,
      state: bookWithBible(),
      request,
    });
    expect(provider.asked).toHaveLength(2);
    expect(provider.asked[1]!.user).toContain('Your previous answer was cut off by the length limit');
    expect(answer.text).toBe(
      'The harbour lay quiet under the grey sky, and the boats were ' +
        'still tied to the old pier, rocking gently in the morning tide.',
    );
  });
});
