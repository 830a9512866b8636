// What every karya command shares on its command line: an example closing its --help, and a usage error said as
// one line pointing to that --help (exit 2, by cli/main.ts's exit override); a required option left out is said
// in the writer's language.
import type { Command } from 'commander';
import { askedLang } from './langs.js';
import { optionWord } from './option-words.js';
import { helpWord } from './help-words.js';
import { helpLang } from './lang-help.js';
import { toolWord } from './tools-words.js';

/** An example for each command's --help (clig.dev: lead with examples). */
const EXAMPLES: Readonly<Record<string, string>> = {
  karya: 'karya generate romance --chapters 6 --out book.epub',
  list: 'karya list --json',
  show: 'karya show romance',
  validate: 'karya validate generators/',
  generate: 'karya generate romance --chapters 6 --lang ms --set heatLevel=sweet --out book.epub',
  export: 'karya export romance --format epub > book.epub',
  books: 'karya books --json',
  map: 'karya map --book 3 --as-of 2',
  source: 'karya source --book 3 --public-domain --first-published 1909',
  series: 'karya series show "Penang Bakery"',
  import: 'karya import novel.txt --dry-run',
  voice: 'karya voice my-chapter.txt --json',
  rewrite: 'karya rewrite romance --part chapter:2 --note "more dialogue"',
  translate: 'karya translate --book 3 --to ms --glossary names.yaml',
  audiobook: 'karya audiobook --book 3 --out audio/',
  prompts: 'karya prompts romance --step chapter:1',
  publish: 'karya publish romance --chapters 12 --author "Siti Aminah" --paper cream --out package/',
  batch: 'karya batch jobs.yaml --concurrency 4 --rpm 60',
  'test-ai': 'karya test-ai --timeout 10000',
  serve: 'karya serve --port 3000',
  worker: 'karya worker --concurrency 8',
};

/**
 * Every command's help ends with an example; a usage error (unknown option, missing argument) is one
 * line that points to the command's --help, and exits 2. A required option left out is said in the writer's
 * language (requiredOptionLine): commander's line is held until its error's code is known, then said or replaced.
 */
export function withConventions(command: Command, path: string): void {
  const example = EXAMPLES[command.name()];
  if (example) command.addHelpText('after', () => `\n${helpWord('heading.example', helpLang())}\n  $ ${example}\n`);
  let held: { text: string; write: (text: string) => void } | undefined;
  command.configureOutput({ outputError: (text, write) => void (held = { text, write }) });
  const refused = heardRefusals(command);
  command.exitOverride((error) => {
    const said = held;
    held = undefined;
    const refusal = refused.last;
    refused.last = undefined;
    if (said)
      said.write(
        error.code === 'commander.missingMandatoryOptionValue'
          ? (requiredOptionLine(command, path) ?? usageLine(said.text, path))
          : (refusalLine(command, path, refusal, said.text) ?? usageLine(said.text, path)),
      );
    throw error;
  });
  for (const sub of command.commands) withConventions(sub, `${path} ${sub.name()}`);
}

/** What commander refused of a command line, as it told its refusal methods (their words are English: not read). */
type Refusal =
  | { kind: 'unknownOption'; option: string }
  | { kind: 'missingArgument'; argument: string }
  | { kind: 'optionMissingArgument'; option: string }
  | { kind: 'excessArguments'; expected: number; received: string[] }
  | { kind: 'unknownCommand'; name: string };

/** Commander's refusal methods (kept out of its typings), each heard with what it refuses before it says it. */
interface Refusing {
  unknownOption(flag: string): void;
  missingArgument(name: string): void;
  optionMissingArgument(option: { long?: string; flags: string }): void;
  _excessArguments(received: string[]): void;
  unknownCommand(): void;
}

function heardRefusals(command: Command): { last?: Refusal } {
  const heard: { last?: Refusal } = {};
  const c = command as unknown as Refusing;
  const { unknownOption, missingArgument, optionMissingArgument, _excessArguments: excess, unknownCommand } = c;
  // Only a refusal that is said is kept (commander asks unknownOption of options it lets through too).
  c.unknownOption = (flag) => {
    heard.last = { kind: 'unknownOption', option: flag };
    unknownOption.call(command, flag);
    heard.last = undefined;
  };
  c.missingArgument = (name) => {
    heard.last = { kind: 'missingArgument', argument: name };
    missingArgument.call(command, name);
  };
  c.optionMissingArgument = (option) => {
    heard.last = { kind: 'optionMissingArgument', option: option.long ?? option.flags };
    optionMissingArgument.call(command, option);
  };
  c.unknownCommand = () => {
    heard.last = { kind: 'unknownCommand', name: String(command.args[0] ?? '') };
    unknownCommand.call(command);
  };
  c._excessArguments = (received) => {
    heard.last = { kind: 'excessArguments', expected: command.registeredArguments.length, received };
    excess.call(command, received);
    heard.last = undefined;
  };
  return heard;
}

/**
 * A usage error commander refused, said in the writer's language (--lang's, else the locale's) with its pointer to
 * --help; undefined for one not heard (commander's own line is said then). An unknown option's suggestion is the
 * long option commander's line names, one of this command's.
 */
function refusalLine(command: Command, path: string, refusal: Refusal | undefined, text: string): string | undefined {
  if (!refusal) return undefined;
  const lang = askedLang(command.getOptionValue('lang') as string | undefined);
  const help = `${path} --help`;
  const say = (line: string) => `karya: ${line}\n`;
  switch (refusal.kind) {
    case 'unknownOption': {
      const longs = command.options.map((o) => o.long).filter((l): l is string => l !== undefined);
      const like = (text.match(/--[A-Za-z][\w-]*/g) ?? []).find((f) => f !== refusal.option && longs.includes(f));
      return say(
        like
          ? optionWord('unknownOptionLike', lang, { option: refusal.option, like, help })
          : optionWord('unknownOption', lang, { option: refusal.option, help }),
      );
    }
    case 'missingArgument':
      return say(optionWord('missingArgument', lang, { argument: refusal.argument, help }));
    case 'optionMissingArgument':
      return say(optionWord('optionMissingArgument', lang, { option: refusal.option, help }));
    case 'excessArguments':
      return say(
        optionWord('excessArguments', lang, {
          expected: refusal.expected,
          received: refusal.received.length,
          args: refusal.received.join(', '),
          help,
        }),
      );
    case 'unknownCommand': {
      // Commander's suggestion (a command of this program's), kept; its English around it is not.
      const like = text.match(/Did you mean (\S+?)\?/)?.[1];
      const named = { command: refusal.name, help };
      return say(
        like ? optionWord('unknownCommandLike', lang, { ...named, like }) : optionWord('unknownCommand', lang, named),
      );
    }
  }
}

/** Commander's usage error as karya says it: one line pointing to the command's --help. */
const usageLine = (text: string, path: string) =>
  `karya: ${text.replace(/^error: /, '').trimEnd()} (${toolWord('seeHelp', helpLang(), { command: path })})\n`;

/**
 * The required option `command` was given without, in the language --lang asks for, else the one the writer's
 * locale names (no book is read yet); undefined when none is missing (commander's own line is said then).
 */
function requiredOptionLine(command: Command, path: string): string | undefined {
  const missing = command.options.find((o) => o.mandatory && command.getOptionValue(o.attributeName()) === undefined);
  if (!missing) return undefined;
  const lang = askedLang(command.getOptionValue('lang') as string | undefined);
  const option = missing.long ?? missing.flags;
  return `karya: ${optionWord('requiredOption', lang, { option, help: `${path} --help` })}\n`;
}
