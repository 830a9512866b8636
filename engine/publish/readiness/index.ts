// The readiness rules as a registry: one file per rule (its id, its words in every language, its check), listed
// here in the order each channel lists its checks. Loading this module checks that every rule, and the shared
// pieces, has every text in every language Karya speaks (LANGS): a rule without its Malay fails the server's and
// the command line's start, naming the rule, the language and the code, instead of a Malay writer meeting it.
import { type Bilingual, type Lang } from '../../spec/types.js';
import {
  LANGS,
  LanguageWordsError,
  checkOnce,
  checkedLangs,
  onLanguagesLoaded,
  wordsBesideCode,
  wordsChecked,
  type LanguageSource,
} from '../../languages/index.js';
import { defineRegistry, type Registry, type RuleWords } from '../../registry.js';
import type { ReadinessRule } from '../readiness-types.js';
import { SHARED_WORDS } from './shared-words.js';
import type { SharedCode } from './text.js';
import { AI_DISCLOSURE } from './ai-disclosure.js';
import { PUBLIC_DOMAIN } from './public-domain.js';
import { BOOK_COMPLETE } from './book-complete.js';
import { MODEL_PARTS } from './model-parts.js';
import { OFFLINE_TEXT } from './offline-text.js';
import { NOT_TOO_CLOSE } from './not-too-close.js';
import { REUSED_PASSAGES } from './reused-passages.js';
import { AUTHOR } from './author.js';
import { SERIES } from './series.js';
import { TITLE } from './title.js';
import { TITLE_CASE_RULE } from './title-case.js';
import { RELEASE_DATE } from './release-date.js';
import { CONTINUITY } from './continuity.js';
import { TITLE_MATCH } from './title-match.js';
import { METADATA_STUFFING } from './metadata-stuffing.js';
import { COVER_SIDES } from './cover-sides.js';
import { IDENTIFIER } from './identifier.js';
import { EISBN_PAGES } from './eisbn-pages.js';
import { BILINGUAL_LANGUAGE } from './bilingual-language.js';
import { LANGUAGE } from './language.js';
import { MANUSCRIPT_EPUB } from './manuscript-epub.js';
import { EPUBCHECK } from './epubcheck.js';
import { ACCESSIBILITY } from './accessibility.js';
import { MANUSCRIPT_DOCX } from './manuscript-docx.js';
import { EBOOK_COVER_RULE } from './ebook-cover.js';
import { DESCRIPTION } from './description.js';
import { KEYWORDS } from './keywords.js';
import { CATEGORIES } from './categories.js';
import { PAPERBACK_INTERIOR } from './paperback-interior.js';
import { PAPERBACK_COVER } from './paperback-cover.js';
import { PAGE_COUNT } from './page-count.js';

/** Every rule, in the order each channel lists its checks. */
const RULES = [
  AI_DISCLOSURE,
  PUBLIC_DOMAIN,
  BOOK_COMPLETE,
  MODEL_PARTS,
  OFFLINE_TEXT,
  NOT_TOO_CLOSE,
  REUSED_PASSAGES,
  AUTHOR,
  SERIES,
  TITLE,
  TITLE_CASE_RULE,
  RELEASE_DATE,
  CONTINUITY,
  TITLE_MATCH,
  METADATA_STUFFING,
  COVER_SIDES,
  IDENTIFIER,
  EISBN_PAGES,
  BILINGUAL_LANGUAGE,
  LANGUAGE,
  MANUSCRIPT_EPUB,
  EPUBCHECK,
  ACCESSIBILITY,
  MANUSCRIPT_DOCX,
  EBOOK_COVER_RULE,
  DESCRIPTION,
  KEYWORDS,
  CATEGORIES,
  PAPERBACK_INTERIOR,
  PAPERBACK_COVER,
  PAGE_COUNT,
] as const;

/** A rule's words turned from code → language → text into language → code → text, as the registry checks them. */
function byLanguage(words: ReadinessRule['words'], langs: readonly Lang[]): RuleWords {
  const said: Partial<Record<Lang, Record<string, string | undefined>>> = {};
  for (const lang of langs)
    said[lang] = Object.fromEntries(Object.entries(words).map(([code, text]) => [code, text[lang]]));
  return said;
}

/** A rule's studio words keyed apart from its own (`studio label.epubcheck`), so that each is checked and named. */
const studioKeys = (words: ReadinessRule['studioWords']): ReadinessRule['words'] =>
  Object.fromEntries(Object.entries(words ?? {}).map(([code, text]) => [`studio ${code}`, text]));

/**
 * Readiness rules as a registry, checked for every text in every language of `langs`.
 * @throws RegistryWordsError naming the rule, the language and the code of the first text missing.
 */
export function readinessRegistry(rules: readonly ReadinessRule[], langs?: readonly Lang[]): Registry<ReadinessRule> {
  return defineRegistry({
    name: 'readiness',
    ...(langs ? { langs } : {}),
    rules,
    wordsOf: (rule) => byLanguage({ ...rule.words, ...studioKeys(rule.studioWords) }, langs ?? LANGS),
  });
}

/**
 * Every language's words (languages/<code>/readiness.yaml, English's and Malay's as every other's: rule id → code →
 * text, `shared words` for the shared pieces, `studio <code>` for a rule's studio words) put into each code's entry,
 * so the code names keys only. A rule id or code the file names that no rule has is refused, naming it; a code a
 * language (not a draft) does not word fails the start, naming the language, the file and the key.
 */
function takeTableWords(sources: readonly LanguageSource[]): void {
  for (const [entry, lang] of taken.splice(0)) delete entry[lang];
  for (const src of sources) {
    const lang = (src.data as { code?: unknown } | undefined)?.code;
    if (typeof lang !== 'string') continue;
    // (The studio's bundle places the file beside this code: studio/scripts/language-table.ts.)
    const file = (src.words.readiness ?? wordsBesideCode('readiness', lang)) as Record<string, unknown> | undefined;
    if (!file) continue;
    for (const [ruleId, words] of Object.entries(file)) {
      const rule =
        ruleId === 'shared words'
          ? { words: SHARED_WORDS as ReadinessRule['words'], studioWords: undefined }
          : RULES.find((r) => r.id === ruleId);
      for (const [key, text] of Object.entries((words ?? {}) as Record<string, unknown>)) {
        const studio = /^studio (.+)$/.exec(key)?.[1];
        const entry = (
          studio
            ? (rule as ReadinessRule | undefined)?.studioWords?.[studio]
            : rule?.words[key as keyof typeof rule.words]
        ) as Record<Lang, string> | undefined;
        if (!entry)
          throw new LanguageWordsError(
            { language: lang, catalogue: 'readiness', key: `${ruleId}: ${key}` },
            `languages/${lang}/readiness.yaml: "${ruleId}" has no text "${key}"`,
          );
        if (typeof text === 'string' && entry[lang] === undefined) {
          entry[lang] = text;
          taken.push([entry, lang]);
        }
      }
    }
  }
  // Passed before on the same files by the same code, it is not run again (checkOnce).
  if (wordsChecked()) checkOnce('readiness words', () => checkedLangs().forEach(checkWorded));
}

/**
 * The texts taken from the files, taken out again before the table is read anew (a text a file no longer gives is
 * missing).
 */
const taken: [Record<Lang, string>, Lang][] = [];

/**
 * Every code of every rule, and the shared pieces, has its text in `lang`, or the start fails naming the file and the
 * key.
 */
function checkWorded(lang: Lang): void {
  const groups: [string, ReadinessRule['words'] | undefined][] = [
    ['shared words', SHARED_WORDS],
    ...RULES.flatMap((r): [string, ReadinessRule['words'] | undefined][] => [
      [r.id, r.words],
      [r.id, studioKeys((r as ReadinessRule).studioWords)],
    ]),
  ];
  for (const [ruleId, words] of groups) {
    for (const [key, entry] of Object.entries(words ?? {})) {
      if (!entry[lang]?.trim())
        throw new LanguageWordsError(
          { language: lang, catalogue: 'readiness', key: `${ruleId}: ${key}` },
          `languages/${lang}/readiness.yaml: "${ruleId}" has no text "${key}"`,
        );
    }
  }
}
// Before the registries below: their check reads the words the files give.
onLanguagesLoaded(takeTableWords);

export const READINESS_REGISTRY = readinessRegistry(RULES);
/** Every rule, in the order each channel lists its checks. */
export const READINESS_RULES: readonly ReadinessRule[] = READINESS_REGISTRY.rules;
// The pieces no one rule owns are checked the same way.
defineRegistry({
  name: 'readiness',
  rules: [{ id: 'shared words', words: SHARED_WORDS }],
  wordsOf: (r) => byLanguage(r.words, LANGS),
});

type CodeOf<R> = R extends { readonly words: infer W } ? keyof W & string : never;
/** Every code a readiness text can have: the shared pieces' and every rule's. */
export type ReadinessCode = SharedCode | CodeOf<(typeof RULES)[number]>;

/** Every readiness text in every language, by code: the shared pieces and every rule's words. */
export const READINESS_WORDS: Readonly<Record<ReadinessCode, Bilingual>> = Object.assign(
  {},
  SHARED_WORDS,
  ...RULES.map((r) => r.words),
);
/** The studio's publish panel's own words for some codes (audience 'studio'), by code: every rule's studioWords. */
export const STUDIO_WORDS: Readonly<Partial<Record<ReadinessCode, Bilingual>>> = Object.assign(
  {},
  ...RULES.map((r) => ('studioWords' in r ? r.studioWords : {})),
);
