// `karya`: list, show, validate and generate books from the YAML generators (commander).
// Exit codes: 0 done, 1 failure (generation or invalid spec files), 2 bad input. runKarya() returns the
// code instead of exiting, so the tests run the command in their own process; bin/karya.js exits.
import { Command } from 'commander';
import { EXIT, CliExit } from './util.js';
import { thrownExitCode } from './errors.js';
import { isPlainFsError, plainFsError } from './fs-check.js';
import { addTranslateCommand } from './translate-program.js';
import { addAudiobookCommand } from './audiobook-program.js';
import { askedLang, writerLang } from './langs.js';
import { withLangHelp } from './lang-help.js';
import { withConventions } from './program-conventions.js';
import { whileWordsUnchecked } from '../engine/index.js';

// Commands load their modules on use, so `karya list` does not pay for the SDK, SQLite or resvg.
const lazy =
  <A extends unknown[]>(load: () => Promise<(...args: A) => unknown>) =>
  async (...args: A): Promise<void> => {
    await (await load())(...args);
  };
const listCommand = lazy(async () => (await import('./commands/info.js')).listCommand);
const showCommand = lazy(async () => (await import('./commands/info.js')).showCommand);
const validateCommand = lazy(async () => (await import('./commands/validate.js')).validateCommand);
const generateCommand = lazy(async () => (await import('./commands/generate.js')).generateCommand);
const exportCommand = lazy(async () => (await import('./commands/export.js')).exportCommand);
const batchCommand = lazy(async () => (await import('./commands/batch.js')).batchCommand);
const publishCommand = lazy(async () => (await import('./commands/publish.js')).publishCommand);
const serveCommand = lazy(async () => (await import('./commands/serve.js')).serveCommand);
const promptsCommand = lazy(async () => (await import('./commands/prompts.js')).promptsCommand);
const rewriteCommand = lazy(async () => (await import('./commands/rewrite.js')).rewriteCommand);
const booksCommand = lazy(async () => (await import('./commands/books.js')).booksCommand);
const mapCommand = lazy(async () => (await import('./commands/map.js')).mapCommand);
const sourceCommand = lazy(async () => (await import('./commands/source.js')).sourceCommand);
const importCommand = lazy(async () => (await import('./commands/import.js')).importCommand);
const voiceCommand = lazy(async () => (await import('./commands/voice.js')).voiceCommand);
const seriesListCommand = lazy(async () => (await import('./commands/series.js')).seriesListCommand);
const seriesShowCommand = lazy(async () => (await import('./commands/series.js')).seriesShowCommand);

/** A new program per run: commander keeps the parsed options on the command objects (tests read its commands and options). */
export function buildProgram(argv: readonly string[]): Command {
  const program = withLangHelp(new Command(), argv);
  program
    .name('karya')
    .description('command.karya')
    .option('-V, --version', 'karya.version')
    .exitOverride();

  program
    .command('list')
    .description('command.list')
    .option('--json', 'common.jsonPlain')
    .action(listCommand);

  program
    .command('show <id>')
    .description('command.show')
    .option('--json', 'common.jsonPlain')
    .action(showCommand);

  program
    .command('validate [dir]')
    .description('command.validate')
    .option('--templates <dir>', 'validate.templates')
    .action(validateCommand);

  addBookCommands(program);
  addRunCommands(program);
  withConventions(program, 'karya');
  return program;
}

/** The commands on one book: generate, export, books, rewrite, prompts, publish. */
function addBookCommands(program: Command): void {
  addGenerateCommand(program);
  addReadingCommands(program);
  addEditingCommands(program);
  addPublishCommand(program);
}

/** `karya generate`: a whole book (or a single output) written, resumed when interrupted. */
function addGenerateCommand(program: Command): void {
  program
    .command('generate <id>')
    .description('command.generate')
    .option('--set <name=value>', 'common.set', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'common.brief')
    .option('--lang <lang>', 'common.lang')
    .option('--chapters <n>', 'common.chapters')
    .option('--out <file>', 'generate.out')
    .option('--format <format>', 'common.format')
    .option('--with-outline', 'common.withOutline')
    .option('--with-bible', 'common.withBible')
    .option('--author <name>', 'common.author')
    .option('--state <path>', 'common.state')
    .option('--book <id>', 'generate.book')
    .option('--conclusion', 'generate.conclusion')
    .option('--fresh', 'common.fresh')
    .option('--continuity <mode>', 'generate.continuity')
    .option('--series <name>', 'generate.series')
    .option('--voice <file>', 'generate.voice')
    .option('--avoid <phrase>', 'generate.avoid', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--max-calls <n>', 'common.maxCalls')
    .option('--json', 'common.jsonSummary')
    .action(generateCommand);
}

/** The commands that read what is saved or given, calling no model: voice, export, books, series. */
function addReadingCommands(program: Command): void {
  program
    .command('voice <file>')
    .description('command.voice')
    .option('--lang <lang>', 'voice.lang')
    .option('--state <path>', 'voice.state')
    .option('--json', 'voice.json')
    .action(voiceCommand);

  program
    .command('export [id]')
    .description('command.export')
    .option('--book <id>', 'common.book')
    .option('--set <name=value>', 'common.setAsGenerate', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'common.brief')
    .option('--lang <lang>', 'common.lang')
    .option('--chapters <n>', 'common.chaptersAsGenerate')
    .option('--out <file>', 'export.out')
    .option('--format <format>', 'common.format')
    .option('--with-outline', 'common.withOutline')
    .option('--with-bible', 'common.withBible')
    .option('--author <name>', 'common.author')
    .option('--bilingual', 'export.bilingual')
    .option('--layout <layout>', 'export.layout')
    .option('--state <path>', 'common.state')
    .action(exportCommand);

  program
    .command('books')
    .description('command.books')
    .option('--state <path>', 'common.state')
    .option('--series <name>', 'books.series')
    .option('--json', 'books.json')
    .action(booksCommand);

  program
    .command('map')
    .description('command.map')
    .requiredOption('--book <id>', 'common.book')
    .option('--as-of <n>', 'map.asOf')
    .option('--json', 'map.json')
    .option('--state <path>', 'common.state')
    .action(mapCommand);

  program
    .command('source')
    .description('command.source')
    .requiredOption('--book <id>', 'common.book')
    .option('--public-domain', 'source.publicDomain')
    .option('--no-public-domain', 'source.noPublicDomain')
    .option('--first-published <year>', 'source.firstPublished')
    .option('--original-author <name>', 'common.originalAuthor')
    .option('--json', 'source.json')
    .option('--state <path>', 'common.state')
    .action(sourceCommand);

  const series = program.command('series').description('command.series');
  series
    .command('list')
    .description('command.seriesList')
    .option('--state <path>', 'common.state')
    .option('--json', 'seriesList.json')
    .action(seriesListCommand);
  series
    .command('show <name>')
    .description('command.seriesShow')
    .option('--state <path>', 'common.state')
    .option('--json', 'seriesShow.json')
    .action(seriesShowCommand);
}

/** The commands that bring a book in or change it: import, translate, rewrite, prompts (what a step would send). */
function addEditingCommands(program: Command): void {
  program
    .command('import <file>')
    .description('command.import')
    .option('--lang <lang>', 'import.lang')
    .option('--split <pattern>', 'import.split')
    .option('--generator <id>', 'import.generator')
    .option('--chapters <n>', 'import.chapters')
    .option('--set <name=value>', 'import.set', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--voice <file>', 'import.voice')
    .option('--state <path>', 'common.state')
    .option('--dry-run', 'import.dryRun')
    .option('--public-domain', 'import.publicDomain')
    .option('--no-public-domain', 'import.noPublicDomain')
    .option('--first-published <year>', 'import.firstPublished')
    .option('--original-author <name>', 'common.originalAuthor')
    .option('--max-calls <n>', 'import.maxCalls')
    .option('--json', 'import.json')
    .action(importCommand);
  addTranslateCommand(program);
  addAudiobookCommand(program);

  program
    .command('rewrite [id]')
    .description('command.rewrite')
    .requiredOption('--part <part>', 'rewrite.part')
    .option('--book <id>', 'rewrite.book')
    .option('--note <text>', 'rewrite.note')
    .option('--toward-voice', 'rewrite.towardVoice')
    .option('--set <name=value>', 'common.setAsGenerate', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'rewrite.brief')
    .option('--lang <lang>', 'common.lang')
    .option('--chapters <n>', 'common.chaptersAsGenerate')
    .option('--state <path>', 'common.state')
    .option('--json', 'common.jsonSummary')
    .action(rewriteCommand);

  program
    .command('prompts <id>')
    .description('command.prompts')
    .option('--set <name=value>', 'common.setAsGenerate', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'common.brief')
    .option('--lang <lang>', 'common.lang')
    .option('--chapters <n>', 'common.chaptersAsGenerate')
    .option('--step <step>', 'prompts.step')
    .option('--state <path>', 'prompts.state')
    .option('--json', 'prompts.json')
    .action(promptsCommand);
}

/** `karya publish`: a book written (or finished) and its KDP package. */
function addPublishCommand(program: Command): void {
  program
    .command('publish <id>')
    .description('command.publish')
    .option('--set <name=value>', 'common.set', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--max-calls <n>', 'common.maxCalls')
    .option('--brief <file>', 'common.brief')
    .option('--lang <lang>', 'common.lang')
    .option('--chapters <n>', 'common.chapters')
    .requiredOption('--out <dir>', 'publish.out')
    .option('--title <title>', 'publish.title')
    .option('--subtitle <subtitle>', 'publish.subtitle')
    .option('--author <name>', 'publish.author')
    .option('--publisher <name>', 'publish.publisher')
    .option('--edition <n>', 'publish.edition')
    .option('--series <name>', 'publish.series')
    .option('--series-number <n>', 'publish.seriesNumber')
    .option('--reading-age <age>', 'publish.readingAge')
    .option('--ai-text <level>', 'publish.aiText')
    .option('--trim <size>', 'publish.trim')
    .option('--paper <paper>', 'publish.paper')
    .option('--cover <file|typographic>', 'publish.cover')
    .option('--close-threshold <share>', 'publish.closeThreshold')
    .option('--state <path>', 'common.state')
    .option('--book <id>', 'publish.book')
    .option('--conclusion', 'publish.conclusion')
    .option('--bilingual', 'publish.bilingual')
    .option('--fresh', 'common.fresh')
    .option('--json', 'common.jsonSummary')
    .action(publishCommand);
}

/** The commands that run many books or a service: batch, test-ai, serve, worker. */
function addRunCommands(program: Command): void {
  program
    .command('batch <jobs-file>')
    .description('command.batch')
    .option('--concurrency <n>', 'batch.concurrency')
    .option('--rpm <n>', 'batch.rpm')
    .option('--tpm <n>', 'batch.tpm')
    .option('--out <dir>', 'batch.out')
    .option('--json', 'batch.json')
    .option('--dry-run', 'batch.dryRun')
    .option('--latency <seconds>', 'batch.latency')
    .option('--queue', 'batch.queue')
    .option('--close-threshold <share>', 'batch.closeThreshold')
    .option('--state <path>', 'common.state')
    .option('--publish', 'batch.publish')
    .option('--per-day <n>', 'batch.perDay')
    .option('--author <name>', 'batch.author')
    .option('--publisher <name>', 'batch.publisher')
    .option('--max-calls <n>', 'batch.maxCalls')
    .option('--lang <lang>', 'batch.lang')
    .action(batchCommand);

  program
    .command('test-ai')
    .description('command.testAi')
    .option('--timeout <ms>', 'testAi.timeout')
    .option('--json', 'common.jsonPlain')
    .action(async (opts: { json?: boolean; timeout?: string }) => (await import('./commands/test-ai.js')).testAiCommand(opts));

  program
    .command('serve')
    .description('command.serve')
    .option('--port <n>', 'serve.port')
    .option('--no-worker', 'serve.noWorker')
    .action(serveCommand);

  program
    .command('worker')
    .description('command.worker')
    .option('--concurrency <n>', 'worker.concurrency')
    .option('--metrics-port <port>', 'worker.metricsPort')
    .action(async (opts: { concurrency?: string; metricsPort?: string }) => (await import('./commands/worker.js')).workerCommand(opts));
}

/** The version of karya (package.json), read only when asked. */
async function printVersion(): Promise<number> {
  const { packageVersion } = await import('../engine/node.js');
  process.stdout.write(`karya ${packageVersion()}\n`);
  return EXIT.ok;
}

/**
 * Run `karya <argv…>` (the words after `karya`) and return its exit code; output goes to process.stdout
 * and process.stderr. Never exits the process.
 * @example process.exitCode = await runKarya(['list', '--json']);
 */
export async function runKarya(argv: readonly string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) return printVersion();
  try {
    const run = () => buildProgram(argv).parseAsync([...argv], { from: 'user' });
    // `karya validate` names every text a language lacks: the table is read without stopping at the first (validate.ts).
    await (argv[0] === 'validate' ? whileWordsUnchecked(run) : run());
    return EXIT.ok;
  } catch (error) {
    // A file system or SQLite failure says what to do instead of a raw errno.
    if (!(error instanceof CliExit) && isPlainFsError(error)) {
      const file = (error as NodeJS.ErrnoException).path;
      process.stderr.write(`karya: ${file ? `${file}: ` : ''}${plainFsError(error, writerLang())}\n`);
      return EXIT.failed;
    }
    // Said in the language asked for (--lang), else the writer's locale's.
    const at = argv.indexOf('--lang');
    const asked = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length);
    return thrownExitCode(error, askedLang(asked));
  }
}
