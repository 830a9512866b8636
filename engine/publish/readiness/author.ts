// An author name, given or chosen, never made up: the stores need one, and a package without it is not ready.
import type { ReadinessRule } from '../readiness-types.js';
import { everyChannel, failed, pass, withNote } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.author': {},
  'author.none': {},
  'author.none-because': {},
  'author.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const AUTHOR = {
  id: 'author',
  words: WORDS,
  label: () => say('label.author'),
  appliesTo: everyChannel,
  source: (_, c) => c.sources.metadata,
  evaluate: (i) => {
    const a = i.metadata.author.trim();
    const note = i.notes?.author;
    return a
      ? pass(withNote(say('quoted', { text: a }), note))
      : failed(note ? say('author.none-because', { note }) : say('author.none'), say('author.fix'));
  },
} satisfies ReadinessRule;
