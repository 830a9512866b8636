// `karya`: list, show, validate and generate books from the YAML generators (commander).
// Exit codes: 0 done, 1 failure (generation or invalid spec files), 2 bad input. runKarya() returns the
// code instead of exiting, so the tests run the command in their own process; bin/karya.js exits.
import { Command } from 'commander';
import { EXIT, CliExit } from './util.js';
import { thrownExitCode } from './errors.js';
import { isPlainFsError, plainFsError } from './fs-check.js';
import { askedLang, writerLang } from './langs.js';
import { withLangHelp } from './lang-help.js';
import { withConventions } from './program-conventions.js';
import { whileWordsUnchecked } from '../engine/index.js';
import { lazyCommand as lazy } from './lazy-command.js';
import { addBookCommands } from './book-program.js';

// Commands load their modules on use, so `karya list` does not pay for the SDK, SQLite or resvg; the commands on
// one book are registered by book-program.ts.
const listCommand = lazy(async () => (await import('./commands/info.js')).listCommand);
const showCommand = lazy(async () => (await import('./commands/info.js')).showCommand);
const validateCommand = lazy(async () => (await import('./commands/validate.js')).validateCommand);
const batchCommand = lazy(async () => (await import('./commands/batch.js')).batchCommand);
const serveCommand = lazy(async () => (await import('./commands/serve.js')).serveCommand);

/**
 * A new program per run: commander keeps the parsed options on the command objects (tests read its commands and
 * options).
 */
export function buildProgram(argv: readonly string[]): Command {
  const program = withLangHelp(new Command(), argv);
  program.name('karya').description('command.karya').option('-V, --version', 'karya.version').exitOverride();

  program.command('list').description('command.list').option('--json', 'common.jsonPlain').action(listCommand);

  program.command('show <id>').description('command.show').option('--json', 'common.jsonPlain').action(showCommand);

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
    .action(async (opts: { json?: boolean; timeout?: string }) =>
      (await import('./commands/test-ai.js')).testAiCommand(opts),
    );

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
    .action(async (opts: { concurrency?: string; metricsPort?: string }) =>
      (await import('./commands/worker.js')).workerCommand(opts),
    );
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
    // `karya validate` names every text a language lacks: the table is read without stopping at the first
    // (validate.ts).
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
