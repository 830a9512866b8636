// What `karya publish` says on the way (its parts, what each cost, the package's cost, its options refused), in
// every language of the table: its words are in languages/<code>/cli-publish.yaml, English's and Malay's too.
import { catalogue, sayer, type Lang, type Sayer } from '../engine/index.js';

const WORDS = catalogue('cli-publish', [
  'resumedSaved',
  'part_title',
  'part_author',
  'part_description',
  'part_keywords',
  'part_copyright',
  'part_cover',
  'skipped',
  'skip_given',
  'skip_no_author',
  'skip_own',
  'skip_typographic',
  'skip_own_cover',
  'skip_no_images',
  // A text that counts something has its form for one beside it (`<key>_one`).
  'credits',
  'credits_one',
  'cost',
  'thisRun',
  'interrupted',
  'notWhole',
  'notAge',
  'notLevel',
  'notTrim',
  'notPaper',
  'notBook',
  'asItStands',
  'bilingualNeedsBook',
]);

type Key = Exclude<keyof typeof WORDS, `${string}_one`>;

const say = sayer(WORDS);

/**
 * `karya publish`'s words for a key in a language, with its placeholders filled (a count's own form through creditsIn).
 */
export const publishWord: Sayer<Key> = say;

/** A number of credits in `lang` ("1 credit", "3 credits"). */
export function creditsIn(n: number, lang: Lang): string {
  return say(n === 1 ? 'credits_one' : 'credits', lang, { n });
}
