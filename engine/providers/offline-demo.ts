// The fixed words of the offline demo (offline.ts), per shape of book: a story, a guide, or recipes (a
// cookbook's chapters); its prose and recipes are composed (offline-compose.ts). Every language writes them in
// languages/<code>/offline-demo.yaml (the keys of SHAPE below). A setting's value only
// ever stands in a slot that takes any value (in quotes after its label, or title-cased in a title), so the
// demo stays grammatical whatever was chosen.
import type { Lang } from '../spec/types.js';
import { demoSection, shapedLike } from './offline-words.js';

/** What the demo writes for a book's chapters (a generator's prompts.demo; stories and guides by family). */
export type DemoShape = 'story' | 'guide' | 'recipe';

/** The fixed words of the demo in one language. */
export interface DemoWords {
  /** The line that opens every demo text, so no reader takes it for a model's. */
  mark: string;
  /** Setting values that say nothing about the book ("Any"): never put in a demo sentence. */
  vague: readonly string[];
  /** The language writes "a" as "an" before a vowel (English's indefinite article). */
  articles: boolean;
  /** The word before a chapter's number in an outline or a plan. */
  chapter: string;
  characterDetails: string;
  chapterPlan: string;
  /** The setting a demo sentence names when the book has none worth naming. */
  fallback: { label: string; value: string };
  kind: { book: string; single: string };
  settingLines: Record<'story' | 'guide', readonly string[]>;
  titleLine: Record<DemoShape, string>;
  premise: string;
  ending: string;
  entry: Record<DemoShape, string>;
  titles: Record<DemoShape, readonly string[]>;
  characters: readonly string[];
  memory: readonly string[];
}

/**
 * The shape every language's words must have (the same keys, texts where texts are, non-empty lists): no words of its
 * own.
 */
const SHAPE: DemoWords = {
  mark: '',
  vague: [''],
  articles: false,
  chapter: '',
  characterDetails: '',
  chapterPlan: '',
  fallback: { label: '', value: '' },
  kind: { book: '', single: '' },
  settingLines: { story: [''], guide: [''] },
  titleLine: { story: '', guide: '', recipe: '' },
  premise: '',
  ending: '',
  entry: { story: '', guide: '', recipe: '' },
  titles: { story: [''], guide: [''], recipe: [''] },
  characters: [''],
  memory: [''],
};

/** The demo's fixed words in every language: languages/<code>/offline-demo.yaml, English's and Malay's too. */
export const DEMO = demoSection('offline-demo', shapedLike(SHAPE));

/** The line that opens the demo text in a language. */
export const offlineMark = (lang: Lang): string => DEMO.words(lang).mark;
