// `karya`: list, show, validate and generate books from the YAML generators (commander).
// Exit codes: 0 done, 1 failure (generation or invalid spec files), 2 bad input.
import { Command, CommanderError } from 'commander';
import { listCommand, showCommand } from './commands/info.js';
import { validateCommand } from './commands/validate.js';
import { generateCommand } from './commands/generate.js';
import { EXIT, CliExit } from './util.js';

const program = new Command();
program
  .name('karya')
  .description('Karya: write books, stories and publishing material with AI, from one YAML file per generator.')
  .showHelpAfterError()
  .exitOverride();

program
  .command('list')
  .description('list every generator (id, family, kind, title)')
  .option('--json', 'print JSON')
  .action(listCommand);

program
  .command('show <id>')
  .description('show a compiled generator: fields, options, defaults, flow, cost, model')
  .option('--json', 'print JSON')
  .action(showCommand);

program
  .command('validate [dir]')
  .description('validate generator files (default: generators/); exit 1 with "file: path: message" lines')
  .option('--templates <dir>', 'templates folder (default: templates/)')
  .action(validateCommand);

program
  .command('generate <id>')
  .description('write a whole book (or a single output) as Markdown; resumes an interrupted book')
  .option('--set <name=value>', 'a setting (repeatable); flags take a comma list', (v: string, acc: string[]) => [...acc, v], [] as string[])
  .option('--lang <lang>', 'output language: en or ms')
  .option('--chapters <n>', 'number of chapters (any whole number from 1 to 100; overrides the setting)')
  .option('--out <file>', 'write the result here (Markdown, or PNG for covers) instead of stdout')
  .option('--with-outline', 'include the outline in the book')
  .option('--state <path>', 'local state database (default .karya/state.sqlite)')
  .option('--fresh', 'start the book again instead of resuming saved progress')
  .option('--json', 'print a JSON summary on stdout')
  .action(generateCommand);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CliExit) process.exitCode = error.code;
  else if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : EXIT.badInput;
  else {
    process.stderr.write(`karya: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = EXIT.failed;
  }
}
