// The answer checks as a registry (engine/session/answers/checks/): one file per check with its code, its words in
// English and Malay and its check, loaded and checked at start; a check without words for a language fails the
// load naming it. The notes on a part name an answer asked again by the registry's words, in the book's language.
import { describe, expect, it } from 'vitest';
import { ANSWER_CHECKS, answerChecks, type AnswerCheck } from '../../engine/session/answers/checks/index.js';
import { answerNotesOf, shapeOf } from '../../engine/session/answers/index.js';
import { langs, type BookSpec, type ResolvedSpec } from '../../engine/index.js';
import { RegistryWordsError } from '../../engine/registry.js';
import { repoCatalog } from '../catalog.js';

/** Every reason an answer can be asked again for (the outcomes of a judged answer, the provider's, the follow-up's). */
const CODES = [
  'refused',
  'echoed',
  'reasoning_only',
  'not_text',
  'filtered',
  'assistant_talk',
  'listed',
  'recipe',
  'outlined',
  'copied',
  'ignores_bible',
];

const fixture = (words: AnswerCheck['words']): AnswerCheck => ({
  id: 'fixture_check' as AnswerCheck['id'],
  words,
  check: () => false,
});

describe('the answer checks registry', () => {
  it('holds one check for every reason an answer is asked again, each worded in English and Malay', () => {
    expect(ANSWER_CHECKS.rules.map((c) => c.id).sort()).toEqual([...CODES].sort());
    for (const check of ANSWER_CHECKS.rules) {
      expect(check.words.en!.what.trim(), check.id).not.toBe('');
      expect(check.words.ms!.what.trim(), check.id).not.toBe('');
      expect(check.words.ms!.what, check.id).not.toBe(check.words.en!.what);
    }
  });

  it('refuses to load a check without its Malay words, naming the registry, the check and the language', () => {
    const missing = fixture({ en: { what: 'a fixture' }, ms: { what: '' } });
    let error: unknown;
    try {
      answerChecks([...ANSWER_CHECKS.rules, missing]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RegistryWordsError);
    expect((error as RegistryWordsError).params).toEqual({
      registry: 'answer checks',
      rule: 'fixture_check',
      lang: 'ms',
      key: 'what',
    });
    expect((error as Error).message).toContain('fixture_check');
  });

  it('loads a fixture registry whose every check is worded in every language of the table', () => {
    // Worded in English, Malay and Indonesian, and in any language added to the table since (by its code here).
    const added = Object.fromEntries(langs().map((l) => [l, { what: `a fixture (${l})` }]));
    const registry = answerChecks([
      fixture({
        ...added,
        en: { what: 'a fixture' },
        ms: { what: 'satu lekapan' },
        id: { what: 'sebuah perlengkapan uji' },
      }),
    ]);
    expect(registry.get('fixture_check')?.words.ms?.what).toBe('satu lekapan');
  });

  it(
    'runs each check that is decided on the text: a refusal, ' + 'the request sent back, a list where prose was asked',
    () => {
      const request = {
        system: 'You are a novelist.',
        user:
          'Write Chapter 2 of the story. The heroine returns to the ' +
          'village where she was born and finds the bakery closed.',
      };
      // A romance chapter's shape, as its generator gives it.
      const shape = shapeOf(repoCatalog().get('romance') as ResolvedSpec & BookSpec, { kind: 'chapter' })!;
      const context = { request, kind: 'prose' as const, material: () => [], shape };
      const check = (id: string) => ANSWER_CHECKS.get(id)!.check!;
      expect(check('refused')("I'm sorry, but I can't help with that request.", context)).toBe(true);
      expect(check('refused')('The bakery was closed when she came home.', context)).toBe(false);
      expect(check('echoed')(request.user, context)).toBe(true);
      expect(check('echoed')('She walked past the closed bakery and did not stop.', context)).toBe(false);
      expect(
        check('listed')(Array.from({ length: 12 }, (_, i) => `- item ${i + 1} of the list`).join('\n'), context),
      ).toBe(true);
      expect(ANSWER_CHECKS.get('filtered')!.decidedBy).toBe('provider');
    },
  );

  it("names an answer asked again in the words of its check, in the book's language", () => {
    const outcome = { answerNotes: { askedAgain: ['recipe' as const] }, continuations: 0, isComplete: true };
    expect(answerNotesOf(outcome, 'Chapter 2', 'en')[0]!.message).toBe(
      'Chapter 2: an answer was a recipe; asked again, and the new answer kept',
    );
    expect(answerNotesOf(outcome, 'Bab 2', 'ms')[0]!.message).toBe(
      'Bab 2: satu jawapan ialah resipi; diminta sekali lagi, dan jawapan baharu disimpan',
    );
  });
});
