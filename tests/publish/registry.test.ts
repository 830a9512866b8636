// A registry of rules refuses to load when a rule lacks a text in a language Karya speaks, and its error
// names the registry, the rule, the language and the key, in English and in Malay.
import { describe, expect, it } from 'vitest';
import { defineRegistry, registryGaps, RegistryWordsError } from '../../engine/registry.js';
import { langs, setLanguageSource } from '../../engine/index.js';
import { readLanguages } from '../../engine/node/languages.js';

interface Fixture {
  id: string;
  words: { en?: Record<string, string>; ms?: Record<string, string> };
}
// The two languages the fixtures are worded in: the registry's check, not the table's languages, is what is tested.
const make = (rules: Fixture[]) => () =>
  defineRegistry({ name: 'fixture', langs: ['en', 'ms'], rules, wordsOf: (r) => r.words });

function thrown(load: () => unknown): RegistryWordsError {
  try {
    load();
  } catch (error) {
    if (error instanceof RegistryWordsError) return error;
    throw error;
  }
  throw new Error('the registry loaded');
}

describe('defineRegistry', () => {
  it('loads rules worded in every language, each found by its id', () => {
    const registry = make([{ id: 'a', words: { en: { label: 'A' }, ms: { label: 'A ms' } } }])();
    expect(registry.rules.map((r) => r.id)).toEqual(['a']);
    expect(registry.get('a')?.words.ms?.label).toBe('A ms');
  });

  it('fails naming the rule, the language and the key when a key has no Malay text', () => {
    const error = thrown(
      make([
        { id: 'fine', words: { en: { label: 'Fine' }, ms: { label: 'Baik' } } },
        { id: 'half', words: { en: { label: 'Half', fix: 'Do it' }, ms: { label: 'Separuh', fix: ' ' } } },
      ]),
    );
    expect(error.params).toEqual({ registry: 'fixture', rule: 'half', lang: 'ms', key: 'fix' });
    expect(error.messageIn('en')).toBe(
      'fixture registry: rule "half" has no ms text for "fix"; every rule is worded in every language Karya speaks.',
    );
    expect(error.messageIn('ms')).toContain('peraturan "half" tiada teks ms untuk "fix"');
  });

  it('fails when a rule has no words at all in a language', () => {
    expect(thrown(make([{ id: 'english-only', words: { en: { label: 'Only' } } }])).params).toEqual({
      registry: 'fixture',
      rule: 'english-only',
      lang: 'ms',
      key: 'label',
    });
    expect(thrown(make([{ id: 'mute', words: {} }])).params).toMatchObject({ rule: 'mute', key: '*' });
  });

  it(
    "refused for a missing word over the table's languages, stays " +
      'refused: the table read again later does not fail for it',
    () => {
      // One process, several books: a registry a maintainer's rule made fail at its definition is not kept, so the next
      // read of the table (its order or its languages changed) fails for nothing, and no gap is listed for it.
      const refused = () =>
        defineRegistry({
          name: 'refused fixture',
          rules: [{ id: 'no-malay', words: { en: { label: 'Only English' }, ms: { label: '' } } }],
          wordsOf: (r) => r.words,
        });
      expect(thrown(refused).params).toEqual({
        registry: 'refused fixture',
        rule: 'no-malay',
        lang: 'ms',
        key: 'label',
      });
      setLanguageSource(() => readLanguages());
      expect(() => langs()).not.toThrow();
      expect(registryGaps(['ms']).filter((g) => g.registry === 'refused fixture')).toEqual([]);
    },
  );
});
