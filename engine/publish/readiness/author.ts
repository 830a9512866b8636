// An author name, given or chosen, never made up: the stores need one, and a package without it is not ready.
import type { ReadinessRule } from '../readiness-types.js';
import { everyChannel, failed, pass, withNote } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.author': { en: 'an author name ({how_author_given}, or chosen in the author-name step; never made up)', ms: 'nama pengarang ({how_author_given}, atau yang dipilih dalam langkah nama pengarang; tidak pernah direka)' },
  'author.none': { en: 'no author name', ms: 'tiada nama pengarang' },
  'author.none-because': { en: 'no author name: {note}', ms: 'tiada nama pengarang: {note}' },
  'author.fix': { en: '{how_author} and make the package again', ms: '{how_author} dan buat pakej sekali lagi' },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const AUTHOR = {
  id: 'author', words: WORDS, label: () => say('label.author'), appliesTo: everyChannel,
  source: (_, c) => c.sources.metadata,
  evaluate: (i) => {
    const a = i.metadata.author.trim();
    const note = i.notes?.author;
    return a ? pass(withNote(say('quoted', { text: a }), note)) : failed(note ? say('author.none-because', { note }) : say('author.none'), say('author.fix'));
  },
} satisfies ReadinessRule;
