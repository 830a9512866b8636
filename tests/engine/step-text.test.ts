// The numbered step the API's progress (stepText) and the studio's Writing Progress both show, counted
// the same way: outline, introduction, the chapters as one step, conclusion ("Step 2 of 4" after the
// outline of a romance, never a "Step 2/3" of its own), in the book's language.
import { describe, expect, it } from 'vitest';
import { applyStep, bookView, nextStep, startBook } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { processStepText } from '../../studio/src/generator/parts.js';

const romance = loadCatalog({ useDiskCache: true }).get('romance')!;

describe('stepText', () => {
  it('counts outline, introduction, chapters and conclusion as four steps, as the studio does', () => {
    let state = startBook({ spec: romance, settings: {}, totalChapters: 3 });
    const seen: string[] = [];
    for (;;) {
      const view = bookView(romance, state);
      seen.push(view.progress!.stepText);
      expect(processStepText(romance, view, 'en')).toBe(view.progress!.stepText);
      const step = nextStep(romance, state);
      if (!step) break;
      state = applyStep(
        romance,
        state,
        step,
        step.kind === 'outline' ? 'Title: X\n\nChapter 1: A\nChapter 2: B\nChapter 3: C' : 'Text.',
      );
    }
    expect([...new Set(seen)]).toEqual([
      'Step 1 of 4: Generate the outline',
      'Step 2 of 4: Generate the introduction',
      'Step 3 of 4: Generate the next sections',
      'Step 4 of 4: Generate the conclusion to complete your book',
      'Your book is complete.',
    ]);
  });

  it('in Malay for a Malay book', () => {
    const state = startBook({ spec: romance, settings: { language: 'ms' }, totalChapters: 3 });
    const outlined = applyStep(romance, state, { kind: 'outline' }, 'Tajuk: X');
    expect(bookView(romance, outlined).progress!.stepText).toBe('Langkah 2 daripada 4: Jana pengenalan');
  });
});
