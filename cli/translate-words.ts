// What `karya translate` says on the way (progress, cost, the end), in every language of the table:
// its words are in languages/<code>/cli-translate.yaml, English's and Malay's too.
import { catalogue, sayer, type Lang } from '../engine/index.js';

const WORDS = catalogue('cli-translate', [
  'needsBook',
  'needsModel',
  'costBefore',
  'glossaryHeld',
  'glossaryNone',
  'glossaryHow',
  'female',
  'male',
  'unknown',
  'badRendering',
  'badGender',
  'tooLong',
  'window',
  'askedAgain',
  // A text that counts something has its form for one beside it (`<key>_one`), chosen by the number in {credits}.
  'partDone',
  'partDone_one',
  'stopped',
  'providerStopped',
  'bible',
  'bibleStopped',
  'done',
  'windowPiece',
  'askedAgainPiece',
  'partLeft',
  'left',
  'titleTranslated',
  'titleWriters',
  'titleKept',
  'title_failed',
  'title_talk',
  'title_lines',
  'title_sentence',
  'title_long',
  'title_genre',
  'title_unchanged',
  'title_language',
  'title_glossary',
  'title_none',
  'partTitleLeft',
  'why_character',
  'why_fact',
  'why_text',
  'why_writer',
  'neverLowercase',
  'lowercaseTimes',
  'noFile',
  'line',
  'notMap',
  'leftRerun',
]);

type Key = Exclude<keyof typeof WORDS, `${string}_one`>;
/** The number a counted text's form follows. */
const COUNTED_BY: Partial<Record<Key, string>> = { partDone: 'credits' };
const say = sayer(WORDS);

/**
 * A line of `karya translate` in the writer's language; a counted one in its form for the number (the language code is
 * its locale).
 */
export function translateWord(key: Key, lang: Lang, vars: Record<string, string | number> = {}): string {
  const by = COUNTED_BY[key];
  const one = `${key}_one` as keyof typeof WORDS;
  const form = by && Object.hasOwn(WORDS, one) ? new Intl.PluralRules(lang).select(Number(vars[by])) : 'other';
  return say(form === 'one' ? one : key, lang, vars);
}
