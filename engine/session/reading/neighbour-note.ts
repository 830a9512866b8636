// The note a part gets when it uses a neighbour language's words below the refusal level (neighbourFinds): the
// neighbours named in the reader's language from the table (languageName), the words as the part wrote them. Its
// texts, in every language, are languages/<code>/neighbour-words.yaml: `cli` the command line's line after a part,
// `studio` the note under a part in the studio.
import { catalogue, languageName, sayer, type Lang } from '../../languages/index.js';

const NOTE = catalogue('neighbour-words', ['cli', 'studio']);
const say = sayer(NOTE);

/**
 * The note in `lang` for the neighbours' words a part used; `label` the part's (the command line names it).
 * @example neighbourNote('studio', 'en', { languages: ['id'], words: ['bisa', 'kamu'] }) // 'Indonesian words in this
 * part: bisa, kamu'
 */
export function neighbourNote(
  where: 'cli' | 'studio',
  lang: Lang,
  found: { languages: readonly Lang[]; words: readonly string[]; label?: string },
): string {
  const languages = found.languages.map((code) => languageName(code, lang)).join(', ');
  return say(where, lang, { languages, words: found.words.join(', '), label: found.label ?? '' });
}
