// A start judged however short (answers/shape.ts judgeShape with isStart): a step's first answer, an extension or
// write-more's answer is what a continuation or an extension would grow, so a few lines of the wrong kind are told
// apart: a recipe by three measure lines, an outline by three chapter-title lines, a list by three items where the
// part is prose. A short prose start with a line or two of dashed dialogue, and a guide's start on its steps, are
// the part; a continuation of a few sentences (no isStart) is never judged on its lines.
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeShape, shapeOf, stepsFor, type Catalog } from '../../engine/index.js';
import { SHORT_RECIPE, cutRecipe } from '../wrong-kind.js';
import { repoCatalog } from '../catalog.js';

let catalog: Catalog;
beforeAll(() => {
  catalog = repoCatalog();
});

/** The shape of a generator's first chapter. */
function chapterShape(id: string) {
  const spec = catalog.get(id)!;
  return shapeOf(
    spec,
    stepsFor(spec, 5).find((s) => s.kind === 'chapter')!,
  )!;
}

const SHORT_OUTLINE = 'Chapter 1: Dawn\nChapter 2: Rain\nChapter 3: Night';
const SHORT_BULLETS = '- Aisha opens the shop at dawn.\n- Daniel brings the bread.\n- A letter comes from the bank.';
const SHORT_PROSE =
  'Rain fell on the harbour. Aisha turned the sign on the door and ' +
  'waited.\n\n- Are you open? Daniel asked.\n\nShe smiled and let him in.';
const GUIDE_START = "1. Clear the bed of weeds.\n2. Turn the soil to a spade's depth.\n3. Rake in a layer of compost.";

describe('a short start of a romance chapter', () => {
  it.each([
    ['a recipe of a few lines (en)', SHORT_RECIPE.en, 'recipe'],
    ['a recipe of a few lines (ms)', SHORT_RECIPE.ms, 'recipe'],
    ["a recipe's first lines, cut (en)", cutRecipe('en'), 'recipe'],
    ["a recipe's first lines, cut (ms)", cutRecipe('ms'), 'recipe'],
    ['three chapter titles', SHORT_OUTLINE, 'outlined'],
    ['three bullets', SHORT_BULLETS, 'listed'],
  ] as const)('%s is not the part', (_name, text, outcome) => {
    expect(text.split(/\s+/).length).toBeLessThan(chapterShape('romance').minWords);
    expect(judgeShape(text, chapterShape('romance'), { isStart: true })).toBe(outcome);
  });

  it('short prose with a line of dashed dialogue is the part', () => {
    expect(judgeShape(SHORT_PROSE, chapterShape('romance'), { isStart: true })).toBeUndefined();
  });

  it('the same few lines as a continuation are not judged', () => {
    for (const text of [SHORT_RECIPE.en, SHORT_OUTLINE, SHORT_BULLETS])
      expect(judgeShape(text, chapterShape('romance'))).toBeUndefined();
  });
});

describe('a short start of a guide chapter', () => {
  it('its numbered steps are the part (a guide may start on a list)', () => {
    expect(judgeShape(GUIDE_START, chapterShape('guide'), { isStart: true })).toBeUndefined();
  });

  it('a list of chapter titles is not', () => {
    expect(judgeShape(SHORT_OUTLINE, chapterShape('guide'), { isStart: true })).toBe('outlined');
  });
});
