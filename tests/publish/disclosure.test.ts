// KDP's AI disclosure derived from provenance: a book whose chapters the author brought and two of
// whose passages the model rewrote says "some" with the share of the model's words; one the model wrote whole
// says "entirely"; the writer's own book "none". The readiness list says how it was derived, in English and Malay.
import { describe, expect, it } from 'vitest';
import {
  countWords,
  editPart,
  importedBook,
  parseSettings,
  startBook,
  applyStep,
  nextStep,
  type BookState,
} from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import {
  aiTextLevel,
  disclosureOutcome,
  packageMetadataOf,
  readinessText,
  type PackageParts,
} from '../../engine/publish/index.js';

const catalog = loadCatalog({ useDiskCache: false });
const romance = catalog.get('romance')!;
const settings = parseSettings(romance, { numberOfChapters: 3, language: 'en' });

const para = (who: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${who} walked along the harbour wall in the evening light, counting boats number ${i}.`,
  ).join(' ');
const PARTS: PackageParts = {
  title: 'Harbour Lights',
  subtitle: '',
  author: 'Siti Aminah',
  description: '<p>A story.</p>',
  keywords: [],
  copyright: '',
  cover: { png: new Uint8Array(), size: { width: 1600, height: 2560 } },
  categories: [],
  notes: {},
  given: {},
  steps: [],
  cost: 0,
};

/** A part of a read manuscript, as engine/import/chapters.ts gives it. */
const part = (kind: 'introduction' | 'chapter' | 'conclusion', title: string, text: string) => ({
  kind,
  title,
  text,
  words: countWords(text),
  firstLine: text.slice(0, 40),
});

function authorsBook(): BookState {
  return importedBook({
    spec: romance,
    settings,
    file: 'book.md',
    manuscript: {
      parts: [
        part('introduction', '', para('Aisha', 10)),
        part('chapter', 'One', para('Daniel', 20)),
        part('chapter', 'Two', para('Mak Cik', 20)),
        part('chapter', 'Three', para('Aunt Rosnah', 20)),
        part('conclusion', '', para('Everyone', 10)),
      ],
    },
  });
}

/** The book with the passage `old` of chapter `n` replaced by the model's `text` (a passage tool's Keep). */
function keptPassage(state: BookState, n: number, old: string, text: string): BookState {
  const part = state.content[n]!;
  const start = part.indexOf(old);
  return editPart(
    romance,
    state,
    { kind: 'chapter', position: n },
    `${part.slice(0, start)}${text}${part.slice(start + old.length)}`,
    { kind: 'passage', words: countWords(text) },
  ).state;
}

describe('the AI disclosure from provenance', () => {
  it(
    "the author's chapters with two passages the model rewrote: " +
      "some sections, the share of the model's words, said how",
    () => {
      let state = authorsBook();
      const first = 'Mak Cik walked along the harbour wall in the evening light, counting boats number 3.';
      const second = 'Aunt Rosnah walked along the harbour wall in the evening light, counting boats number 7.';
      const one =
        'The rain came in sideways off the strait, and Mak Cik ' +
        'pulled her shawl tighter as she counted the last boats home.';
      const two =
        'Aunt Rosnah stopped at the lamp post, listening to the ' +
        'engines, certain one of them was her brother coming back.';
      state = keptPassage(state, 2, first, one);
      state = keptPassage(state, 3, second, two);
      const metadata = packageMetadataOf(romance, state, PARTS);
      const total = state.content.reduce((n, t) => n + countWords(t), 0);
      const model = countWords(one) + countWords(two);
      expect(metadata.aiContent).toMatchObject({
        text: 'some',
        textShare: Math.round((1000 * model) / total) / 1000,
        images: 'ai-generated',
        translations: 'none',
      });
      expect(metadata.aiContent.textDerivation).toMatchObject({
        words: total,
        modelWords: model,
        parts: 5,
        authorParts: 5,
        modelParts: 0,
        passages: 2,
      });
      const said = disclosureOutcome(metadata.aiContent);
      expect(said.status).toBe('pass');
      const percent = Math.round((100 * model) / total);
      expect(readinessText(said.detail, 'en')).toBe(
        `Text: some sections AI-generated (${percent} % of words (${model} ` +
          `of ${total}): 5 of 5 parts the author's own, 2 passages rewritten by ` +
          `the model); images: the cover AI-generated; translation: none`,
      );
      expect(readinessText(said.detail, 'ms')).toBe(
        `Teks: sebahagian bahagian dijana AI (${percent} % perkataan (${model} ` +
          `daripada ${total}): 5 daripada 5 bahagian tulisan pengarang sendiri, 2 petikan ditulis ` +
          `semula oleh model); imej: kulit buku dijana AI; terjemahan: tiada`,
      );
    },
  );

  it(
    "a book the model wrote whole says entirely; the author's alone " +
      "none; a hand edit of the model's text is still the model's",
    () => {
      let state = startBook({ spec: romance, settings });
      for (let step = nextStep(romance, state); step; step = nextStep(romance, state))
        state = applyStep(
          romance,
          state,
          step,
          step.kind === 'outline'
            ? 'Title: Harbour Lights\nChapter 1: One\nChapter 2: Two\nChapter 3: Three'
            : para('Aisha', 5),
        );
      expect(packageMetadataOf(romance, state, PARTS).aiContent).toMatchObject({ text: 'entirely', textShare: 1 });
      const edited = editPart(
        romance,
        state,
        { kind: 'chapter', position: 1 },
        `${state.content[1]} She smiled.`,
      ).state;
      expect(edited.provenance?.[1]).toEqual({ origin: 'hand' });
      expect(packageMetadataOf(romance, edited, PARTS).aiContent.text).toBe('entirely');
      // Typed over: the writer's own text in place of the model's.
      const typed = editPart(
        romance,
        state,
        { kind: 'chapter', position: 2 },
        Array.from(
          { length: 40 },
          (_, i) => `Grandmother Halimah kept the recipe book ${i} in a tin under her bed.`,
        ).join(' '),
      ).state;
      expect(typed.provenance?.[2]).toEqual({ origin: 'author' });
      // Its 560 words of the book's 840 are the writer's: the model wrote a third, some sections.
      expect(packageMetadataOf(romance, typed, PARTS).aiContent.text).toBe('some');
      expect(packageMetadataOf(romance, authorsBook(), PARTS).aiContent).toMatchObject({ text: 'none', textShare: 0 });
    },
  );

  it('the levels: none at 0, some under half, most from half, entirely at every word', () => {
    expect([
      aiTextLevel(0, 100),
      aiTextLevel(1, 100),
      aiTextLevel(49, 100),
      aiTextLevel(50, 100),
      aiTextLevel(99, 100),
      aiTextLevel(100, 100),
    ]).toEqual(['none', 'some', 'some', 'most', 'most', 'entirely']);
  });
});
