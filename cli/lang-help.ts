// The language table in the commands' help (the codes a --lang takes, the pairs translate makes), filled in when a
// help is shown: every run builds the whole program, and a batch or a book's run should not wait for the table to
// load (and a list joined in the writer's language) before it starts on work that reads the table later.
import { Help, type Command } from 'commander';
import { canTranslate, langs, type Lang } from '../engine/index.js';
import { askedLang, langList } from './langs.js';
import { helpText, helpWord } from './help-words.js';

/** In a description: the table's codes joined as the writer's language joins choices (langList). */
export const LANGS = '{langs}';
/** In a description: the pairs the table translates between (translatedPairs). */
export const PAIRS = '{pairs}';

/** The pairs the table translates between, in its order: `en ↔ ms` both ways, `en → xx` one way only. */
function translatedPairs(): string {
  const codes = langs();
  const pairs = codes.flatMap((a, i) =>
    codes.slice(i + 1).flatMap((b) => {
      const there = canTranslate(a, b);
      const back = canTranslate(b, a);
      if (there && back) return [`${a} ↔ ${b}`];
      return there ? [`${a} → ${b}`] : back ? [`${b} → ${a}`] : [];
    }),
  );
  return pairs.join(', ');
}

const filled = (text: string): string =>
  text.replaceAll(LANGS, () => langList(helpLang())).replaceAll(PAIRS, translatedPairs);

/** The --lang a command line gives (`--lang id`, `--lang=id`), read before commander parses it: the help's language. */
let askedOnLine: string | undefined;

/**
 * The language a help is said in: --lang's when the command line gives one of the table's, else the writer's locale's.
 */
export const helpLang = (): Lang => askedLang(askedOnLine);

/** commander's headings, each a key of the help's words (cli-help). */
const HEADINGS: Readonly<Record<string, Parameters<typeof helpWord>[0]>> = {
  'Usage:': 'heading.usage',
  'Options:': 'heading.options',
  'Commands:': 'heading.commands',
  'Arguments:': 'heading.arguments',
  'Global Options:': 'heading.globalOptions',
};

/** commander's `[options]` and `[command]` in a usage line, in the help's language. */
function usageSaid(usage: string): string {
  const lang = helpLang();
  return usage
    .replace('[options]', `[${helpWord('usage.options', lang)}]`)
    .replace('[command]', `[${helpWord('usage.command', lang)}]`);
}

/** A description in the help's language (helpText), LANGS and PAIRS filled in. */
const said = (text: string): string => filled(helpText(text, helpLang()));

/**
 * `program`'s help (and its commands' made after this) in the help's language (helpLang, from `argv`): each
 * description is a key of the help's words, LANGS and PAIRS said as the table has them, and commander's own words
 * (its headings, its help option and command, a default shown) in the same language.
 */
export function withLangHelp(program: Command, argv: readonly string[] = []): Command {
  const at = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  askedOnLine = at < 0 ? undefined : argv[at]!.startsWith('--lang=') ? argv[at]!.slice('--lang='.length) : argv[at + 1];
  return program.configureHelp({
    commandDescription: (cmd) => said(Help.prototype.commandDescription.call(undefined, cmd)),
    subcommandDescription(cmd) {
      const text = Help.prototype.subcommandDescription.call(this, cmd);
      return cmd.name() === 'help' && text === helpWord('common.helpCommand', 'en')
        ? helpWord('common.helpCommand', helpLang())
        : said(text);
    },
    optionDescription(option) {
      const lang = helpLang();
      const description = option.long === '--help' ? helpWord('common.help', lang) : said(option.description);
      const text = Help.prototype.optionDescription.call(
        this,
        Object.assign(Object.create(option) as typeof option, { description }),
      );
      return text.replace(/\((default): /g, `(${helpWord('extra.default', lang)}: `);
    },
    commandUsage(cmd) {
      return usageSaid(Help.prototype.commandUsage.call(this, cmd));
    },
    subcommandTerm(cmd) {
      return usageSaid(Help.prototype.subcommandTerm.call(this, cmd));
    },
    styleTitle: (title) => (Object.hasOwn(HEADINGS, title) ? helpWord(HEADINGS[title]!, helpLang()) : title),
  });
}
