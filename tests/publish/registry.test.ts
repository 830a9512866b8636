// A registry of rules refuses to load when a rule lacks a text in a language Karya speaks, and its error
// names the registry, the rule, the language and the key, in English and in Malay.
import { describe, expect, it } from 'vitest';
import { defineRegistry, RegistryWordsError } from '../../engine/registry.js';

interface Fixture { id: string; words: { en?: Record<string, string>; ms?: Record<string, string> } }
// The two languages the fixtures are worded in: the registry's check, not the table's languages, is what is tested.
const make = (rules: Fixture[]) => () => defineRegistry({ name: 'fixture', langs: ['en', 'ms'], rules, wordsOf: (r) => r.words });

function thrown(load: () => unknown): RegistryWordsError {
  try { load(); } catch (error) { if (error instanceof RegistryWordsError) return error; throw error; }
  throw new Error('the registry loaded');
}

describe('defineRegistry', () => {
  it('loads rules worded in every language, each found by its id', () => {
    const registry = make([{ id: 'a', words: { en: { label: 'A' }, ms: { label: 'A ms' } } }])();
    expect(registry.rules.map((r) => r.id)).toEqual(['a']);
    expect(registry.get('a')?.words.ms?.label).toBe('A ms');
  });

  it('fails naming the rule, the language and the key when a key has no Malay text', () => {
    const error = thrown(make([
      { id: 'fine', words: { en: { label: 'Fine' }, ms: { label: 'Baik' } } },
      { id: 'half', words: { en: { label: 'Half', fix: 'Do it' }, ms: { label: 'Separuh', fix: ' ' } } },
    ]));
    expect(error.params).toEqual({ registry: 'fixture', rule: 'half', lang: 'ms', key: 'fix' });
    expect(error.messageIn('en')).toBe('fixture registry: rule "half" has no ms text for "fix"; every rule is worded in every language Karya speaks.');
    expect(error.messageIn('ms')).toContain('peraturan "half" tiada teks ms untuk "fix"');
  });

  it('fails when a rule has no words at all in a language', () => {
    expect(thrown(make([{ id: 'english-only', words: { en: { label: 'Only' } } }])).params).toEqual({ registry: 'fixture', rule: 'english-only', lang: 'ms', key: 'label' });
    expect(thrown(make([{ id: 'mute', words: {} }])).params).toMatchObject({ rule: 'mute', key: '*' });
  });
});
