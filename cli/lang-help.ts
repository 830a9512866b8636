// The language table in the commands' help (the codes a --lang takes, the pairs translate makes), filled in when a
// help is shown: every run builds the whole program, and a batch or a book's run should not wait for the table to
// load (and a list joined in the writer's language) before it starts on work that reads the table later.
import { Help, type Command } from 'commander';
import { canTranslate, langs } from '../engine/index.js';
import { langList } from './langs.js';

/** In a description: the table's codes joined as the writer's language joins choices (langList). */
export const LANGS = '{langs}';
/** In a description: the pairs the table translates between (translatedPairs). */
export const PAIRS = '{pairs}';

/** The pairs the table translates between, in its order: `en ↔ ms` both ways, `en → xx` one way only. */
function translatedPairs(): string {
  const codes = langs();
  const pairs = codes.flatMap((a, i) => codes.slice(i + 1).flatMap((b) => {
    const there = canTranslate(a, b);
    const back = canTranslate(b, a);
    if (there && back) return [`${a} ↔ ${b}`];
    return there ? [`${a} → ${b}`] : back ? [`${b} → ${a}`] : [];
  }));
  return pairs.join(', ');
}

const filled = (text: string): string => text.replaceAll(LANGS, () => langList()).replaceAll(PAIRS, translatedPairs);

/** `program`'s help (and its commands' made after this) says LANGS and PAIRS as the table has them. */
export function withLangHelp(program: Command): Command {
  return program.configureHelp({
    commandDescription: (cmd) => filled(Help.prototype.commandDescription.call(undefined, cmd)),
    subcommandDescription: (cmd) => filled(Help.prototype.subcommandDescription.call(undefined, cmd)),
    optionDescription(option) {
      return filled(Help.prototype.optionDescription.call(this, option));
    },
  });
}
