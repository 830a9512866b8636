// Passage tools in the engine: a Malay book's passage is asked for in Malay with the
// tone named in Malay and the words around it; the answer comes back as the text only ("Here is…", quotes
// and fences taken off); Keep puts it exactly in place of the passage and refuses a passage the part no
// longer holds. No network: the provider is a small object that records the request.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyStep,
  cleanPassage,
  keepPassage,
  parseSettings,
  reworkPassage,
  startBook,
  EditError,
  type BookState,
  type Catalog,
} from '../../engine/index.js';
import type { Provider, TextRequest } from '../../engine/provider.js';
import { repoCatalog } from '../catalog.js';

let catalog: Catalog;
beforeAll(() => {
  catalog = repoCatalog();
});

const CHAPTER =
  'Aisha membuka tingkap kedai pada waktu subuh.\n\nPelabuhan itu sunyi dan ' +
  'bot-bot masih terikat di jeti.\n\nDia menyalakan tanglung yang paling lama.';

function malayBook(): BookState {
  const spec = catalog.get('romance')!;
  let state = startBook({ spec, settings: parseSettings(spec, { numberOfChapters: 7, language: 'ms' }) });
  state = applyStep(
    spec,
    state,
    { kind: 'outline' },
    'Tajuk: Kedai Tanglung\n\nBab 1: Pulang\nPELAN-1 Aisha pulang ke kedai ayahnya.',
  );
  state = applyStep(spec, state, { kind: 'introduction', position: 0 }, 'Pengenalan yang ringkas tentang Aisha.');
  return applyStep(spec, state, { kind: 'chapter', position: 1 }, CHAPTER);
}

function recorder(answer: string): Provider & { asked: TextRequest[] } {
  const asked: TextRequest[] = [];
  return {
    name: 'test',
    isOffline: true,
    asked,
    generateText: async (request) => {
      asked.push(request);
      return { text: answer, model: 'test' };
    },
    generateImage: async () => {
      throw new Error('no images here');
    },
  };
}

describe('passage tools in the engine', () => {
  it(
    'a Malay passage rewritten in a warmer tone: asked in ' +
      'Malay with the words around it; the answer kept in place',
    async () => {
      const spec = catalog.get('romance')!;
      const state = malayBook();
      expect(state.lang).toBe('ms');
      const passage = 'Pelabuhan itu sunyi dan bot-bot masih terikat di jeti.';
      const start = CHAPTER.indexOf(passage);
      const provider = recorder(
        'Berikut ialah petikan itu:\n\n"Pelabuhan itu tenang dan mesra, bot-bot ' +
          'nelayan masih terikat di jeti sambil menunggu para nelayan yang belum bangun."',
      );
      const answer = await reworkPassage({
        spec,
        renderer: catalog.renderer,
        provider,
        state,
        request: {
          position: 1,
          start,
          end: start + passage.length,
          text: passage,
          action: 'rewrite',
          tone: 'warmer',
          note: 'Lebih banyak bunyi laut',
        },
      });
      const user = provider.asked[0]!.user;
      expect(user).toContain('PELAN-1');
      expect(user).toContain('ditulis semula dengan nada lebih mesra');
      expect(user).toContain('Nota penulis: Lebih banyak bunyi laut');
      expect(user).toContain('Aisha membuka tingkap kedai');
      expect(user).toContain('Dia menyalakan tanglung');
      expect(answer.text).toBe(
        'Pelabuhan itu tenang dan mesra, bot-bot nelayan masih terikat ' +
          'di jeti sambil menunggu para nelayan yang belum bangun.',
      );
      const kept = keepPassage(
        spec,
        state,
        { position: 1, start, end: start + passage.length, text: passage },
        answer.text,
      );
      expect(kept).toBe(CHAPTER.replace(passage, answer.text));
      expect(() =>
        keepPassage(
          spec,
          { ...state, content: state.content.map((t, i) => (i === 1 ? 'Edited since.' : t)) },
          { position: 1, start, end: start + passage.length, text: passage },
          answer.text,
        ),
      ).toThrow(EditError);
    },
  );

  it('cleans an answer to the text only', () => {
    expect(cleanPassage('```\nThe sea was calm.\n```')).toBe('The sea was calm.');
    expect(cleanPassage("Here's the expanded passage:\n\nThe sea was calm.")).toBe('The sea was calm.');
    expect(cleanPassage('"""\nThe sea was calm.\n"""')).toBe('The sea was calm.');
    expect(cleanPassage('She said "yes" and left.')).toBe('She said "yes" and left.');
  });

  it(
    'an answer in English for a Malay book is asked again once in ' +
      'Malay, like every answer; a refusal twice fails as refused',
    async () => {
      const spec = catalog.get('romance')!;
      const state = malayBook();
      const passage = 'Pelabuhan itu sunyi dan bot-bot masih terikat di jeti.';
      const start = CHAPTER.indexOf(passage);
      const request = { position: 1, start, end: start + passage.length, text: passage, action: 'expand' as const };
      const english =
        'The harbour was quiet and the boats were still tied at the ' +
        'jetty, waiting for the fishermen who had not yet woken up.';
      const malay =
        'Pelabuhan itu sunyi sepi dan bot-bot nelayan masih terikat di ' +
        'jeti, menunggu para nelayan yang belum bangun daripada tidur.';
      const answers = [english, malay];
      const asked: TextRequest[] = [];
      const provider: Provider = {
        name: 'test',
        isOffline: true,
        generateText: async (r) => (asked.push(r), { text: answers.shift()!, model: 'test' }),
        generateImage: async () => {
          throw new Error('no images');
        },
      };
      const answer = await reworkPassage({ spec, renderer: catalog.renderer, provider, state, request });
      expect(answer.text).toBe(malay);
      expect(asked).toHaveLength(2);
      expect(asked[1]!.user).toContain('Bahasa Malaysia baku');
      const refusing = recorder('Maaf, saya tidak dapat membantu dengan permintaan itu.');
      await expect(
        reworkPassage({ spec, renderer: catalog.renderer, provider: refusing, state, request }),
      ).rejects.toMatchObject({ code: 'refused' });
      expect(refusing.asked).toHaveLength(2);
    },
  );
});
