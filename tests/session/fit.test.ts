// Fitting a book's requests in the model's window (engine/session/fit.ts): the bible's oldest
// lines go first, then the recent text, then the outline; a part too long for one story-bible update is
// read in pieces, or refused as context_too_long; the book view marks a part the bible has not taken in.
import { describe, expect, it } from 'vitest';
import { biblePieces, trimToWindow } from '../../engine/session/fit.js';
import { promptTokensOf } from '../../engine/context-window.js';
import { GenerationError } from '../../engine/errors.js';
import { bookView, startBook } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';

const bible = [
  '## Recent parts',
  ...Array.from(
    { length: 30 },
    (_, i) => `- Chapter ${i + 1}: Aisha and Daniel argued about the shop by the harbour again.`,
  ),
].join('\n');
const recent = Array.from({ length: 150 }, (_, i) => `word${i}`).join(' ');
const outline = Array.from({ length: 200 }, (_, i) => `plan${i}`).join(' ');
const request = {
  system: 'You are a novelist.',
  user: `Story so far:\n${bible}\n\nEnding:\n${recent}\n\nOutline:\n${outline}\n\nWrite about 1500 words.`,
  maxTokens: 3000,
};

describe('trimToWindow', () => {
  it('leaves a request that fits as it is', () => {
    expect(trimToWindow(request, 100_000, { bible, recent, outline })).toEqual(request);
  });

  it("drops the bible's oldest lines first, keeping its newest and the rest of the prompt", () => {
    const window = promptTokensOf(request) + 1500 - 200;
    const fitted = trimToWindow(request, window, { bible, recent, outline });
    expect(fitted.user).not.toContain('- Chapter 1:');
    expect(fitted.user).toContain('- Chapter 30:');
    expect(fitted.user).toContain('## Recent parts');
    expect(fitted.user).toContain(recent);
    expect(fitted.user).toContain(outline);
    expect(promptTokensOf(fitted) + 1500).toBeLessThanOrEqual(window);
  });

  it('then the recent text (its end kept), then the outline (its start kept)', () => {
    const fitted = trimToWindow(request, 600, { bible, recent, outline });
    expect(fitted.user).not.toContain('- Chapter 30:');
    expect(fitted.user).not.toContain('word0 ');
    expect(fitted.user).toContain('word149');
    expect(fitted.user).toContain('plan0 ');
    expect(fitted.user).not.toContain('plan199');
    expect(fitted.user).toContain('Write about 1500 words.');
  });
});

describe('biblePieces', () => {
  const part = Array.from(
    { length: 8 },
    (_, i) => `Paragraph ${i}: ${'the tide came in slowly over the rocks. '.repeat(20).trim()}`,
  ).join('\n\n');
  const render = (piece: string) => ({
    system: 'Keep the story bible.',
    user: `Bible:\n${bible}\n\nNew part:\n${piece}`,
    maxTokens: 400,
  });

  it('reads the part whole when it fits, in pieces of whole paragraphs when it does not', () => {
    expect(biblePieces(part, undefined, render, { bible })).toEqual([part]);
    expect(biblePieces(part, 100_000, render, { bible })).toEqual([part]);
    const window = Math.ceil(promptTokensOf(render(part)) * 0.6);
    const pieces = biblePieces(part, window, render, { bible });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('\n\n')).toBe(part);
    for (const piece of pieces)
      expect(promptTokensOf(trimToWindow(render(piece), window, { bible })) + 400).toBeLessThanOrEqual(window);
  });

  it('refuses an update that cannot fit even in pieces: context_too_long naming the window', () => {
    let error: unknown;
    try {
      biblePieces(part, 500, render, { bible });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).code).toBe('context_too_long');
    expect((error as GenerationError).message).toContain('context window of 500 tokens');
  });
});

describe('the book view', () => {
  it('marks bible_updated: false on a part the bible has not taken in though a later part is written', () => {
    const romance = loadCatalog({ useDiskCache: true }).get('romance')!;
    const started = startBook({ spec: romance, settings: {}, totalChapters: 3 });
    const state = {
      ...started,
      isLocked: true,
      outline: 'Outline',
      content: ['Intro', 'One', 'Two'],
      currentChapter: 2,
      memory: '## Recent parts\n- Introduction: intro',
      memoryUpTo: 0,
    };
    expect(bookView(romance, state).parts.map((p) => p.bible_updated)).toEqual([undefined, false, undefined]);
    expect(bookView(romance, { ...state, memoryUpTo: 1 }).parts.map((p) => p.bible_updated)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
