// The engine's pieces of the book page: a book's cost from its flow (every step at the generator's cost),
// a part edited by hand (what later steps read follows it; the story memory is marked for a rebuild when
// it had read the old text), and the studio's streamed-Markdown closer.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyStep,
  bookCost,
  buildContext,
  editPart,
  EditError,
  MAX_PART_CHARS,
  nextStep,
  parseSettings,
  startBook,
  type BookState,
  type Catalog,
} from '../../engine/index.js';
import { closeOpenMarkdown } from '../../studio/src/generator/streaming.js';
import { repoCatalog } from '../catalog.js';

let catalog: Catalog;
beforeAll(() => {
  catalog = repoCatalog();
});

describe('bookCost: what a whole book costs before its first step', () => {
  // Steps per the guides-and-fiction requirements (§4): outline, introduction, chapters 1..N-1 or N, conclusion.
  const cases: Array<{ id: string; settings: Record<string, unknown>; total: number }> = [
    { id: 'romance', settings: {}, total: 15 }, // 12 chapters (default): outline + intro + 12 + conclusion
    { id: 'romance', settings: { numberOfChapters: 7 }, total: 10 },
    { id: 'horror', settings: { numberOfChapters: 7 }, total: 9 }, // the conclusion is the chapter before the total
    { id: 'travel-guide', settings: { destination: 'Melaka' }, total: 10 }, // 7 sections
    { id: 'poems', settings: {}, total: 1 },
  ];
  it.each(cases)('$id $settings: $total credits', ({ id, settings, total }) => {
    const spec = catalog.get(id)!;
    const state = startBook({ spec, settings: parseSettings(spec, settings) });
    expect(bookCost(spec, state)).toEqual({ step: spec.cost, total, remaining: total });
  });

  it('goes down by one step per step written', () => {
    const spec = catalog.get('romance')!;
    let state = startBook({ spec, settings: parseSettings(spec, { numberOfChapters: 7 }) });
    for (let left = 10; left > 0; left--) {
      expect(bookCost(spec, state).remaining).toBe(left);
      state = applyStep(spec, state, nextStep(spec, state)!, 'text');
    }
    expect(nextStep(spec, state)).toBeNull();
    expect(bookCost(spec, state)).toEqual({ step: 1, total: 10, remaining: 0 });
  });
});

describe('editPart: a written part edited by hand', () => {
  const written = (): BookState => {
    const spec = catalog.get('romance')!;
    let state = startBook({ spec, settings: parseSettings(spec, { numberOfChapters: 7 }) });
    state = applyStep(spec, state, { kind: 'outline' }, 'Outline');
    state = applyStep(
      spec,
      state,
      { kind: 'introduction', position: 0 },
      'Intro.\n\nCharacter Details:\n- Aisha: a chef\n\nOn we go.',
    );
    state = applyStep(spec, state, { kind: 'chapter', position: 1 }, 'Chapter one ends at the old jetty.');
    return { ...state, memory: 'Aisha cooks; chapter one at the jetty.', memoryUpTo: 1, incompleteParts: [1] };
  };

  it(
    'later steps read the edited text; the story bible stays in ' +
      'force, marked to read the part again; the part is complete',
    () => {
      const spec = catalog.get('romance')!;
      const before = written();
      const edit = editPart(
        spec,
        before,
        { kind: 'chapter', position: 1 },
        '\r\nChapter one ends in the night market.\r\n',
      );
      expect(edit).toMatchObject({ position: 1, text: 'Chapter one ends in the night market.', isMemoryReset: true });
      // Never emptied: what it knew stays until the part is read again (BookSession.remember).
      expect(edit.state.memory).toBe(before.memory);
      expect(edit.state.memoryUpTo).toBe(0);
      expect(edit.state.incompleteParts).toBeUndefined();
      const ctx = buildContext({ spec, state: edit.state, step: nextStep(spec, edit.state)! });
      expect(ctx.previousEnding).toContain('night market');
    },
  );

  it('the introduction edited: character details read again; a part the memory has not read keeps it', () => {
    const spec = catalog.get('romance')!;
    const state = { ...written(), memoryUpTo: 0 };
    expect(editPart(spec, state, { kind: 'chapter', position: 1 }, 'New one.').isMemoryReset).toBe(false);
    const intro = editPart(
      spec,
      state,
      { kind: 'introduction', position: 0 },
      'Intro.\n\nCharacter Details:\n- Mei Ling: a violinist\n\nGo.',
    );
    expect(intro.state.characterDetails).toContain('Mei Ling: a violinist');
    expect(intro.isMemoryReset).toBe(true);
    expect(editPart(spec, state, { kind: 'outline' }, 'Better outline').state.outline).toBe('Better outline');
  });

  const refusals: Array<[string, { kind: string; position?: number }, string, string]> = [
    ['empty', { kind: 'chapter', position: 1 }, '  \n ', 'part_empty'],
    ['too long', { kind: 'chapter', position: 1 }, 'a'.repeat(MAX_PART_CHARS + 1), 'part_too_long'],
    ['not written yet', { kind: 'chapter', position: 2 }, 'x', 'part_not_found'],
    ['wrong kind at the position', { kind: 'conclusion', position: 1 }, 'x', 'part_not_found'],
  ];
  it.each(refusals)('refuses %s', (_name, part, text, code) => {
    const spec = catalog.get('romance')!;
    expect(() => editPart(spec, written(), part as never, text)).toThrow(EditError);
    try {
      editPart(spec, written(), part as never, text);
    } catch (e) {
      expect((e as EditError).code).toBe(code);
    }
  });
});

describe('closeOpenMarkdown: streamed Markdown with no raw markers', () => {
  const cases: Array<[string, string]> = [
    ['She said **never', 'She said **never**'],
    ['She said **never**', 'She said **never**'],
    ['a *soft', 'a *soft*'],
    ['Text\n\n##', 'Text\n\n'],
    ['Text and **', 'Text and '],
    ['- one\n- ', '- one\n'],
    ['* item one', '* item one'],
    ['`code', '`code`'],
    ['**one** and **two', '**one** and **two**'],
  ];
  it.each(cases)('%j → %j', (input, expected) => {
    expect(closeOpenMarkdown(input)).toBe(expected);
  });
});
