// A registry of rules that each carry their own words: made once when its module loads, and refused
// then (not when a writer first meets the rule) if any rule lacks a text in a language Karya speaks.
// A Malay writer must never see an English fallback or an empty line because one rule forgot its Malay.
import type { Lang } from './spec/types.js';
import { KaryaError } from './karya-error.js';
import {
  checkOnce,
  checkedLangs,
  ensureLanguages,
  hasLanguageSource,
  onLanguagesLoaded,
  wordsBesideCode,
  wordsChecked,
  type LanguageSource,
} from './languages/index.js';

/**
 * A rule's texts per language (language code → key → text, each language keyed the same way), from the table's files or
 * beside the rule.
 */
export type RuleWords = Readonly<Partial<Record<Lang, Readonly<Record<string, string | undefined>>>>>;

export interface RegistrySpec<Rule extends { readonly id: string }> {
  /** What the registry holds, as a reader of the error would know it: `readiness`, `answer checks`. */
  name: string;
  /**
   * Every language each rule must be worded in: the table's (LANGS, the default, checked again whenever the table
   * is read); a test may pass a list of its own. A language whose words are not beside the rule gives them in its
   * folder: languages/<code>/<name>.yaml, rule id → key → text.
   */
  langs?: readonly Lang[];
  rules: readonly Rule[];
  /** The rule's texts per language; every key one language has, every language must have, non-empty. */
  wordsOf: (rule: Rule) => RuleWords;
}

export interface Registry<Rule extends { readonly id: string }> {
  readonly name: string;
  /** The rules in the order given. */
  readonly rules: readonly Rule[];
  get(id: string): Rule | undefined;
}

/** A rule is missing its text for a language: nothing that uses the registry may start. */
export class RegistryWordsError extends KaryaError {
  readonly code = 'registry_words_missing';
  override readonly params: { registry: string; rule: string; lang: Lang; key: string };
  constructor(params: { registry: string; rule: string; lang: Lang; key: string }) {
    super(`${params.registry} registry: rule "${params.rule}" has no ${params.lang} text for "${params.key}"`);
    this.name = 'RegistryWordsError';
    this.params = params;
  }
}

/**
 * The first text a rule lacks: a language with no words at all is missing its first key (or `*` when no language has
 * any).
 */
function firstGap(words: RuleWords, langs: readonly Lang[]): { lang: Lang; key: string } | undefined {
  const keys = [...new Set(langs.flatMap((lang) => Object.keys(words[lang] ?? {})))];
  for (const lang of langs) {
    if (!keys.length) return { lang, key: '*' };
    const key = keys.find((k) => !words[lang]?.[k]?.trim());
    if (key !== undefined) return { lang, key };
  }
  return undefined;
}

/**
 * The rules as a registry, after checking that every rule has every text in every language.
 * @throws RegistryWordsError naming the registry, the rule, the language and the key, for the first gap found.
 * @example export const RULES = defineRegistry({ name: 'readiness', langs: LANGS, rules: [cover, title], wordsOf: (r)
 * => r.words });
 */
export function defineRegistry<Rule extends { readonly id: string }>(spec: RegistrySpec<Rule>): Registry<Rule> {
  const checkAll = (sources: readonly LanguageSource[]) => {
    const worded = spec.rules.map((rule) => ({
      rule,
      words: withTableWords(spec.wordsOf(rule), rule.id, spec.name, sources),
    }));
    const check = () => {
      for (const { rule, words } of worded) {
        const gap = firstGap(words, spec.langs ?? checkedLangs());
        if (gap) throw new RegistryWordsError({ registry: spec.name, rule: rule.id, ...gap });
      }
    };
    // Not checked while `karya validate` lists every gap (registryGaps); it reads the table whole after. The table's
    // registries are checked once for the same files by the same code (checkOnce: named by their rules, as two
    // registries may share a name).
    if (spec.langs) check();
    else if (wordsChecked()) checkOnce(`registry ${spec.name}: ${spec.rules.map((r) => r.id).join(', ')}`, check);
  };
  if (spec.langs) checkAll([]);
  else {
    // Where the table can be read already, a rule lacking words fails as it is defined, not at some later read.
    if (hasLanguageSource()) ensureLanguages();
    onLanguagesLoaded(checkAll);
    // Listed once it has loaded: a registry refused above is not one a maintainer still has words to write for.
    defined.push(spec as unknown as RegistrySpec<{ readonly id: string }>);
  }
  const byId = new Map(spec.rules.map((r) => [r.id, r]));
  return { name: spec.name, rules: spec.rules, get: (id) => byId.get(id) };
}

const defined: RegistrySpec<{ readonly id: string }>[] = [];

/**
 * Every rule's text missing in the given languages (a draft's too): what a maintainer still has to word. The
 * table's own words are in each rule's words once the table has been read.
 * @example registryGaps(['id']) // [{ registry: 'readiness', rule: 'cover', lang: 'id', key: 'label' }]
 */
export function registryGaps(langs: readonly Lang[]): { registry: string; rule: string; lang: Lang; key: string }[] {
  return defined.flatMap((spec) =>
    spec.rules.flatMap((rule) => {
      const words = spec.wordsOf(rule);
      const keys = [...new Set(Object.values(words).flatMap((w) => Object.keys(w ?? {})))];
      return langs.flatMap((lang) =>
        keys.filter((k) => !words[lang]?.[k]?.trim()).map((key) => ({ registry: spec.name, rule: rule.id, lang, key })),
      );
    }),
  );
}

/**
 * A rule's words with those the table's folders give it (languages/<code>/<registry>.yaml: rule id → key → text)
 * put into its words object, so the rule reads every language the same way, English and Malay included: a language
 * the rule words beside its code keeps those. What an earlier read of the table put in is taken out first, so a text
 * a file no longer gives is missing (and the start fails naming it), not kept from before.
 */
function withTableWords(
  words: RuleWords,
  ruleId: string,
  registry: string,
  sources: readonly LanguageSource[],
): RuleWords {
  const mutable = words as Record<Lang, Readonly<Record<string, string | undefined>>>;
  const earlier = taken.get(mutable);
  for (const lang of earlier ?? []) delete mutable[lang];
  const now = new Set<Lang>();
  for (const src of sources) {
    const code = (src.data as { code?: string } | undefined)?.code;
    // (The studio's bundle places a registry's words beside the code that defines it:
    // studio/scripts/language-table.ts.)
    const file = registry.replace(/\s+/g, '-');
    const beside = code ? (wordsBesideCode(file, code) as Record<string, unknown> | undefined) : undefined;
    const given = (src.words[file] ?? beside)?.[ruleId];
    if (!code || !given || typeof given !== 'object' || mutable[code] !== undefined) continue;
    mutable[code] = given as Record<string, string>;
    now.add(code);
  }
  taken.set(mutable, now);
  return mutable;
}

/** The languages each rule's words object was given from the table's files (taken out again before the next read). */
const taken = new WeakMap<object, Set<Lang>>();
