// Tokens per word are a language's own (languages/<code>.yaml tokensPerWord): a step that asks for words is given
// max_tokens from its language's rate (Indonesian's measured 1.8, no longer Malay's 1.9; English and Malay as before),
// and a language added without the key fails the start naming it, as any missing key of the table does.
import { afterEach, describe, expect, it } from 'vitest';
import { applyStep, nextStep, parseSettings, renderPrompt, startBook, type Lang } from '../../engine/index.js';
import {
  ensureLanguages,
  LanguageWordsError,
  setLanguageSource,
  type LanguageSource,
} from '../../engine/languages/index.js';
import { readLanguages } from '../../engine/node/languages.js';
import { repoCatalog } from '../catalog.js';

afterEach(() => setLanguageSource(() => readLanguages()));

/** The max_tokens a romance's Chapter 1 (about 1,500 words) is asked with in `lang`. */
function chapterMaxTokens(lang: Lang): number {
  const catalog = repoCatalog();
  const spec = catalog.get('romance')!;
  let state = startBook({ spec, settings: parseSettings(spec, { language: lang }) });
  for (let step = nextStep(spec, state); step; step = nextStep(spec, state)) {
    if (step.kind === 'chapter') return renderPrompt({ spec, renderer: catalog.renderer, state, step }).maxTokens;
    state = applyStep(spec, state, step, `Text of ${step.kind}.`);
  }
  throw new Error('romance has no chapter');
}

describe("a language's tokens per word", () => {
  it.each([
    // 1,500 words x the rate x 1.25 headroom + 60, rounded up to 50, never below the chapter preset of 3,000
    // (generators/_shared.yaml budgets): English's 2,800 is raised to it.
    ['en', 3000],
    ['ms', 3650],
    ['id', 3450],
  ] as const)('a %s chapter of 1,500 words is asked with max_tokens %i', (lang, maxTokens) => {
    expect(chapterMaxTokens(lang)).toBe(maxTokens);
  });

  it('a fourth language without tokensPerWord fails the start naming the key and its file', () => {
    const sources = readLanguages();
    const en = sources.find((s) => (s.data as { code: string }).code === 'en')!;
    const { tokensPerWord: _left, ...table } = en.data as Record<string, unknown>;
    const fourth: LanguageSource = {
      ...en,
      file: 'languages/xx.yaml',
      data: { ...table, code: 'xx', order: 9, autonym: 'Xx' },
    };
    setLanguageSource(() => [...sources, fourth]);
    let failure: unknown;
    try {
      ensureLanguages();
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(LanguageWordsError);
    expect((failure as LanguageWordsError).params).toEqual({
      language: 'languages/xx.yaml',
      catalogue: 'languages',
      key: 'tokensPerWord',
    });
    expect((failure as Error).message).toBe(
      'languages/xx.yaml: "tokensPerWord" must be a number of tokens per word above 0 (1.45 for English)',
    );
  });
});
