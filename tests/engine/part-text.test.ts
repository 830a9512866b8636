// A part's text as the writer sees, selects and edits it: the introduction's prose without the blocks
// the book never prints (its character list; a guide's chapter plan), an edit of that prose putting them back
// as they were, the character list and the plan edited on their own, and the hash an edit names its text by.
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  applyStep,
  bookView,
  editCharacterDetails,
  editPart,
  extendPart,
  nextStep,
  type Provider,
  parseMarkdownPlaced,
  parseSettings,
  partHash,
  startBook,
  textHash,
  type BookState,
  type Catalog,
  type ResolvedSpec,
} from '../../engine/index.js';
import { repoCatalog } from '../catalog.js';

let catalog: Catalog;
beforeAll(() => {
  catalog = repoCatalog();
});

const PROSE = 'Aisha came home to Penang in the rain.\n\nThe shop was dark.';
const LIST = '- Jonah Pike: harbour master, 55, shrewd\n- Aisha Rahman: the lead';
const PLAN = '1. The archive\n2. The march\n3. The vote';

function bookWithIntro(
  spec: ResolvedSpec,
  intro: string,
  settings: Record<string, unknown> = { numberOfChapters: 7 },
): BookState {
  let state = startBook({ spec, settings: parseSettings(spec, settings) });
  if (nextStep(spec, state)!.kind === 'outline')
    state = applyStep(spec, state, { kind: 'outline' }, 'Title: T\n\nChapter 1: One\nChapter 2: Two\nChapter 3: Three');
  return applyStep(spec, state, nextStep(spec, state)!, intro);
}

describe("the introduction's text and its hidden blocks", () => {
  it(
    'a novel: the view gives the prose only and the list apart; a ' +
      'sentence typed at the end is the last sentence and the list stays',
    () => {
      const spec = catalog.get('romance')!;
      const state = bookWithIntro(spec, `${PROSE}\n\nCharacter Details:\n${LIST}`);
      const view = bookView(spec, state);
      expect(view.parts[0]!.text).toBe(PROSE);
      expect(view.parts[0]!.hash).toBe(textHash(PROSE));
      expect(view.character_details).toBe(LIST);
      const edit = editPart(
        spec,
        state,
        { kind: 'introduction', position: 0 },
        `${PROSE} The lanterns burned all night.`,
      );
      expect(bookView(spec, edit.state).parts[0]!.text).toBe(`${PROSE} The lanterns burned all night.`);
      expect(edit.state.characterDetails).toBe(LIST);
      expect(edit.text).toBe(`${PROSE} The lanterns burned all night.\n\nCharacter Details:\n${LIST}`);
      // The list edited on its own: the prose and its hash stay.
      const cast = editCharacterDetails(spec, edit.state, 'Mei Ling: violinist\n\n- Jonah Pike: harbour master');
      expect(cast.state.characterDetails).toBe('- Mei Ling: violinist\n- Jonah Pike: harbour master');
      expect(partHash(spec, cast.state, 0)).toBe(partHash(spec, edit.state, 0));
      // No list at all: none kept, and nothing of the old one comes back into the prose.
      const none = editCharacterDetails(spec, cast.state, '  ');
      expect(none.state.characterDetails).toBeUndefined();
      expect(bookView(spec, none.state).parts[0]!.text).toBe(`${PROSE} The lanterns burned all night.`);
    },
  );

  it(
    'a guide without an outline step: its chapter plan stays ' + 'out of the introduction and is edited as its outline',
    () => {
      const spec = catalog.get('black-history')!;
      const state = bookWithIntro(spec, `${PROSE}\n\nChapter Plan:\n${PLAN}`, {
        personName: 'Rosa Parks',
        numberOfChapters: 5,
      });
      expect(state.outline).toBe(PLAN);
      expect(bookView(spec, state).parts[0]!.text).toBe(PROSE);
      const edit = editPart(spec, state, { kind: 'introduction', position: 0 }, `${PROSE} A closing line.`);
      expect(edit.state.outline).toBe(PLAN);
      expect(edit.text.endsWith(`Chapter Plan:\n${PLAN}`)).toBe(true);
      const plan = editPart(spec, edit.state, { kind: 'outline' }, '1. The archive\n2. The vote');
      expect(plan).toMatchObject({ position: -1, savedAt: 0 });
      expect(plan.state.outline).toBe('1. The archive\n2. The vote');
      expect(bookView(spec, plan.state).parts[0]!.text).toBe(`${PROSE} A closing line.`);
    },
  );
});

describe('write more on an introduction', () => {
  it('grows its prose, the character list kept after it', async () => {
    const spec = catalog.get('romance')!;
    const state = bookWithIntro(spec, `${PROSE}\n\nCharacter Details:\n${LIST}`);
    const provider: Provider = {
      name: 'scripted',
      isOffline: true,
      generateText: async () => ({
        text: 'The bell over the door rang once, and she turned to see who had come in from the rain.',
        model: 'scripted',
      }),
      generateImage: async () => {
        throw new Error('no images');
      },
    };
    const more = await extendPart({ spec, renderer: catalog.renderer, provider, state, position: 0 });
    expect(more.text).toBe(
      `${PROSE}\n\nThe bell over the door rang once, and she turned to ` +
        `see who had come in from the rain.\n\nCharacter Details:\n${LIST}`,
    );
    const edit = editPart(spec, state, { kind: 'introduction', position: 0 }, more.text, { kind: 'more', words: 18 });
    expect(edit.state.characterDetails).toBe(LIST);
    expect(bookView(spec, edit.state).parts[0]!.text.endsWith('in from the rain.')).toBe(true);
  });
});

describe('the hash and the places of rendered blocks', () => {
  it('textHash is the first 16 hex digits of SHA-256 (UTF-8)', () => {
    for (const text of ['', 'Bab 3 — “hujan”', 'x'.repeat(70_000)])
      expect(textHash(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16));
  });

  it('each block is placed in the text it came from, CRLF and "•" bullets included', () => {
    const text = 'One.\r\n\r\n•   first\r\n• second\r\n\r\nEnd &amp; more.';
    expect(parseMarkdownPlaced(text).map((b) => text.slice(b.start, b.end).trim())).toEqual([
      'One.',
      '•   first\r\n• second',
      'End &amp; more.',
    ]);
  });
});
