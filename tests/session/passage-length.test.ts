// A passage's length comes from the selection: a 9-word selection rewritten is asked for about 30 words (never the
// part's 1,500), and its request's "Write about N words" says so; an answer far longer than that (the whole part
// again, 1,526 words) is asked for again once with its length said, and kept only when the second answer fits; a
// second long answer is refused (passage_answer_too_long, said in the book's language): never offered to keep.
// English and Malay books; the provider records what it is asked and answers as a model that rewrites the whole part.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyStep,
  catalogueMessage,
  GenerationError,
  parseSettings,
  reworkPassage,
  startBook,
  type BookState,
  type Catalog,
} from '../../engine/index.js';
import type { Provider, TextRequest } from '../../engine/provider.js';
import { repoCatalog } from '../catalog.js';

let catalog: Catalog;
beforeAll(() => {
  catalog = repoCatalog();
});

const W = {
  en: {
    chapter:
      'Mara opened the shop at dawn.\n\nThe harbour was quiet and the boats ' +
      'were still tied up at the jetty.\n\nShe lit the oldest lantern.',
    passage: 'The harbour was quiet and the boats were still tied',
    sentence: 'The harbour lay still, its boats asleep against the jetty in the grey light. ',
    short: 'The harbour lay hushed, and the boats dozed at the jetty in the first grey light.',
    write: /Write about (\d+) words/,
    refused: 'words long for a selection asked to be about',
  },
  ms: {
    chapter:
      'Aisha membuka kedai pada waktu subuh.\n\nPelabuhan itu sunyi dan bot-bot ' +
      'masih terikat di jeti.\n\nDia menyalakan tanglung yang paling lama.',
    passage: 'Pelabuhan itu sunyi dan bot-bot masih terikat di jeti.',
    sentence: 'Pelabuhan itu tenang, bot-bot nelayan tidur di sisi jeti dalam cahaya kelabu. ',
    short: 'Pelabuhan itu tenang, dan bot-bot nelayan masih terlena di sisi jeti dalam cahaya subuh yang kelabu.',
    write: /Tulis kira-kira (\d+) patah perkataan/,
    refused: 'patah perkataan bagi pilihan yang diminta',
  },
};

function book(lang: 'en' | 'ms'): BookState {
  const spec = catalog.get('romance')!;
  let state = startBook({ spec, settings: parseSettings(spec, { numberOfChapters: 7, language: lang }) });
  state = applyStep(
    spec,
    state,
    { kind: 'outline' },
    lang === 'en'
      ? 'Title: The Lantern Shop\n\nChapter 1: Home\nMara comes home.'
      : 'Tajuk: Kedai Tanglung\n\nBab 1: Pulang\nAisha pulang.',
  );
  state = applyStep(
    spec,
    state,
    { kind: 'introduction', position: 0 },
    lang === 'en' ? 'A short introduction to Mara.' : 'Pengenalan yang ringkas tentang Aisha.',
  );
  return applyStep(spec, state, { kind: 'chapter', position: 1 }, W[lang].chapter);
}

/** A model that answers each request in turn from `answers` (the last one again when they run out). */
function model(answers: string[]): Provider & { asked: TextRequest[] } {
  const asked: TextRequest[] = [];
  return {
    name: 'test',
    isOffline: true,
    asked,
    generateText: async (request) => {
      asked.push(request);
      return { text: answers[Math.min(asked.length - 1, answers.length - 1)]!, model: 'test' };
    },
    generateImage: async () => {
      throw new Error('no images here');
    },
  };
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe.each(['en', 'ms'] as const)("a passage's length follows its selection (%s)", (lang) => {
  const w = W[lang];
  const spec = () => catalog.get('romance')!;
  const request = () => {
    const start = w.chapter.indexOf(w.passage);
    return { position: 1, start, end: start + w.passage.length, text: w.passage, action: 'rewrite' as const };
  };
  // The whole part written again at its length: about 1,526 words.
  const whole = w.sentence.repeat(Math.ceil(1526 / wordsOf(w.sentence)));

  it("the request asks for about twice the selection at most, never the part's length", async () => {
    const provider = model([w.short]);
    const answer = await reworkPassage({
      spec: spec(),
      renderer: catalog.renderer,
      provider,
      state: book(lang),
      request: request(),
    });
    const asked = Number(w.write.exec(provider.asked[0]!.user)?.[1]);
    expect(asked).toBeGreaterThanOrEqual(wordsOf(w.passage) / 2);
    expect(asked).toBeLessThanOrEqual(Math.max(30, 2 * wordsOf(w.passage)));
    expect(provider.asked[0]!.user).not.toMatch(/1500|1\.500|1,500/);
    expect(answer.text).toBe(w.short);
  });

  it(
    'a 1,526-word answer is asked for again with its length ' + 'said, and the short second answer is the one offered',
    async () => {
      const provider = model([whole, w.short]);
      const answer = await reworkPassage({
        spec: spec(),
        renderer: catalog.renderer,
        provider,
        state: book(lang),
        request: request(),
      });
      expect(provider.asked).toHaveLength(2);
      expect(provider.asked[1]!.user).toContain(String(wordsOf(whole.trim())));
      expect(answer.text).toBe(w.short);
    },
  );

  it("long again: refused, nothing to keep, the message in the book's language", async () => {
    const provider = model([whole]);
    const failed = await reworkPassage({
      spec: spec(),
      renderer: catalog.renderer,
      provider,
      state: book(lang),
      request: request(),
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(GenerationError);
    expect((failed as GenerationError).code).toBe('passage_answer_too_long');
    expect(provider.asked).toHaveLength(2);
    const said = catalogueMessage('passage_answer_too_long', lang, (failed as GenerationError).params);
    expect(said).toContain(w.refused);
    expect(said).toContain(String(wordsOf(whole.trim())));
  });
});
