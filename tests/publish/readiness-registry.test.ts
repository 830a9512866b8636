// The readiness rules are a registry: each rule carries its words in every language Karya speaks, and a rule
// without its Malay (or any language's) text fails the load, naming the rule, the language and the text.
import { describe, expect, it } from 'vitest';
import { READINESS_RULES, READINESS_WORDS, readinessRegistry } from '../../engine/publish/readiness/index.js';
import type { ReadinessRule } from '../../engine/publish/readiness-types.js';
import { RegistryWordsError } from '../../engine/registry.js';
import { LANGS, ensureLanguages } from '../../engine/languages/index.js';

/** A rule of a fixture list: a cover check whose fix has no Malay yet. */
function fixtureRule(id: string, words: ReadinessRule['words']): ReadinessRule {
  return {
    id,
    words,
    label: () => ({ code: 'label.fixture' }),
    appliesTo: () => true,
    source: () => 'Karya',
    evaluate: () => ({ status: 'fail', detail: { code: 'label.fixture' }, fix: { code: 'fixture.fix' } }),
  };
}
/**
 * The languages the fixture rules are worded in, given to their registries: a registry made for the table's languages
 * is checked again at every later read of the table in this worker, where a language added by another test (a fourth
 * one) would find the fixtures unworded.
 */
const FIXTURE_LANGS = ['en', 'ms', 'id'] as const;
const worded = fixtureRule('fixture-worded', {
  'label.fixture': { en: 'the cover is a JPEG', ms: 'kulit buku ialah JPEG', id: 'sampul buku berupa JPEG' },
});

function loadError(rules: readonly ReadinessRule[]): RegistryWordsError {
  // A registry checks its words against the table as it is read: read it first, so the check runs at once.
  ensureLanguages();
  try {
    readinessRegistry(rules, FIXTURE_LANGS);
  } catch (error) {
    if (error instanceof RegistryWordsError) return error;
    throw error;
  }
  throw new Error('the registry loaded');
}

describe('the readiness registry', () => {
  it('fails the load when a rule has no Malay for one of its texts, naming the rule, the language and the text', () => {
    const halfWorded = fixtureRule('fixture-cover', {
      'label.fixture': { en: 'the cover is a JPEG', ms: 'kulit buku ialah JPEG', id: 'sampul buku berupa JPEG' },
      'fixture.fix': { en: 'make the cover again' },
    });
    const error = loadError([worded, halfWorded]);
    expect(error.code).toBe('registry_words_missing');
    expect(error.params).toEqual({ registry: 'readiness', rule: 'fixture-cover', lang: 'ms', key: 'fixture.fix' });
    expect(error.messageIn('en')).toBe(
      'readiness registry: rule "fixture-cover" has no ms text for ' +
        '"fixture.fix"; every rule is worded in every language Karya speaks.',
    );
    expect(error.messageIn('ms')).toBe(
      'Daftar readiness: peraturan "fixture-cover" tiada teks ms untuk "fixture.fix"; ' +
        'setiap peraturan mesti ditulis dalam setiap bahasa yang dituturkan Karya.',
    );
  });

  it('an empty or blank Malay text counts as missing', () => {
    const blank = fixtureRule('fixture-blank', { 'label.fixture': { en: 'the cover is a JPEG', ms: '  ' } });
    expect(loadError([blank]).params).toEqual({
      registry: 'readiness',
      rule: 'fixture-blank',
      lang: 'ms',
      key: 'label.fixture',
    });
  });

  it("fails the load when a rule's studio words lack a language, naming them as the studio's", () => {
    const studio = {
      ...worded,
      id: 'fixture-studio',
      studioWords: { 'label.fixture': { en: 'the eBook cover is a JPEG' } },
    };
    expect(loadError([studio]).params).toEqual({
      registry: 'readiness',
      rule: 'fixture-studio',
      lang: 'ms',
      key: 'studio label.fixture',
    });
  });

  it('loads a fixture list worded in every language, in its order', () => {
    const other = fixtureRule('fixture-other', {
      'label.fixture': { en: 'another check', ms: 'semakan lain', id: 'pemeriksaan lain' },
    });
    expect(readinessRegistry([worded, other], FIXTURE_LANGS).rules.map((r) => r.id)).toEqual([
      'fixture-worded',
      'fixture-other',
    ]);
  });

  it('the real rules each word every text they say in every language, and no two rules word the same code', () => {
    expect(READINESS_RULES.length).toBeGreaterThanOrEqual(28);
    const codes = READINESS_RULES.flatMap((r) => Object.keys(r.words));
    expect(new Set(codes).size).toBe(codes.length);
    for (const rule of READINESS_RULES) {
      expect(Object.keys(rule.words).length, rule.id).toBeGreaterThan(0);
      for (const [code, text] of Object.entries(rule.words))
        for (const lang of LANGS) expect(text[lang]?.trim(), `${rule.id} ${code} ${lang}`).toBeTruthy();
    }
    // The studio's words are another wording of the rule's own texts, never of a code it does not say.
    for (const rule of READINESS_RULES)
      for (const code of Object.keys(rule.studioWords ?? {})) expect(Object.keys(rule.words), rule.id).toContain(code);
    for (const [code, text] of Object.entries(READINESS_WORDS))
      for (const lang of LANGS) expect(text[lang]?.trim(), `${code} ${lang}`).toBeTruthy();
  });
});
