// `karya`: list, show, validate and generate books from the YAML generators (commander).
// Exit codes: 0 done, 1 failure (generation or invalid spec files), 2 bad input. runKarya() returns the
// code instead of exiting, so the tests run the command in their own process; bin/karya.js exits.
import { Command } from 'commander';
import { EXIT, CliExit } from './util.js';
import { thrownExitCode } from './errors.js';
import { isPlainFsError, plainFsError } from './fs-check.js';
import { addTranslateCommand } from './translate-program.js';
import { addAudiobookCommand } from './audiobook-program.js';
import { writerLang } from './langs.js';
import { LANGS, withLangHelp } from './lang-help.js';
import { withConventions } from './program-conventions.js';

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
export function buildProgram(): Command {
  const program = withLangHelp(new Command());
  program
    .name('karya')
    .description('Karya: write books, stories and publishing material with AI, from one YAML file per generator.')
    .option('-V, --version', 'print the version')
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
    .description('write a whole book (or a single output) as Markdown, EPUB, DOCX or PDF; resumes an interrupted book')
    .option('--set <name=value>', 'a setting (repeatable); flags take a comma list', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'a Markdown brief: its headings (# Premise, # Main Characters, # Working Title…) name settings, the text under each is the value; --set wins')
    .option('--lang <lang>', `output language: ${LANGS}`)
    .option('--chapters <n>', 'number of chapters, a whole number from 1 to 100 (from 2 where the conclusion is the last chapter: horror, sci-fi…); overrides the setting')
    .option('--out <file>', 'write the result here instead of stdout: .md, .epub, .docx or .pdf (covers: .png, .jpg or .jpeg)')
    .option('--format <format>', 'md, epub, docx or pdf (default: from the --out extension)')
    .option('--with-outline', 'include the outline in the book')
    .option('--with-bible', 'include the story bible (premise, planned ending, characters, open threads, facts) after the outline')
    .option('--author <name>', "the author name in the export's title page, copyright page and metadata (EPUB, DOCX, PDF)")
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--book <id>', 'continue the saved book with this id (karya books lists them; an imported book too) with its own settings')
    .option('--conclusion', "a book with the writer's own chapters (an import): write its conclusion too (without it, --chapters N writes chapters up to N and stops)")
    .option('--fresh', 'start the book again instead of resuming saved progress')
    .option('--continuity <mode>', "checks (the story bible's own checks, the default) or audit (also one model call a chapter that checks it against the bible; the generator's flow may turn it on)")
    .option('--series <name>', "write the series' next book (the series is made on first use; its brief is filled from the books before it), or go on with its book still being written")
    .option('--voice <file>', 'a sample of your own prose (300 to 10,000 words: .txt, .md, .docx or .epub; or book:ID, a saved book\'s first 10,000 words: an imported manuscript, a series\' first book): every writing step is told its voice and every part measured against it (karya voice FILE shows it)')
    .option('--avoid <phrase>', 'a phrase to keep out of the book (repeatable; also a "# Avoid" section in the brief): asked for in every writing step, named on a part that uses it', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--max-calls <n>', 'stop once this many model calls are made (by default 3 for each call planned, and 8; the plan and its bound are printed at the start)')
    .option('--json', 'print a JSON summary on stdout')
    .action(generateCommand);
}

/** The commands that read what is saved or given, calling no model: voice, export, books, series. */
function addReadingCommands(program: Command): void {
  program
    .command('voice <file>')
    .description("measure a sample of your prose as a voice: sentence and paragraph length, dialogue, vocabulary (MTLD), openers, point of view, tense, overused phrases; saves nothing")
    .option('--lang <lang>', `the sample's language: ${LANGS} (default: the sample's own)`)
    .option('--state <path>', 'local state database, for FILE given as book:ID (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--json', 'print {sentenceWords: {mean, spread}, paragraphWords, dialogueShare, diversity, openers, pointOfView, tense, overusedPerThousand, words}')
    .action(voiceCommand);

  program
    .command('export [id]')
    .description('write a saved book as md, epub, docx or pdf, without calling the model: --book ID (karya books lists them), else the one generate\'s settings options find, else the generator\'s latest')
    .option('--book <id>', 'the saved book with this id (karya books lists them)')
    .option('--set <name=value>', 'a setting (repeatable), as given to karya generate', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'a Markdown brief: its headings (# Premise, # Main Characters, # Working Title…) name settings, the text under each is the value; --set wins')
    .option('--lang <lang>', `output language: ${LANGS}`)
    .option('--chapters <n>', 'number of chapters, as given to karya generate')
    .option('--out <file>', 'the file to write: .md, .epub, .docx or .pdf (default: stdout; an EPUB, DOCX or PDF only to a pipe or a file)')
    .option('--format <format>', 'md, epub, docx or pdf (default: from the --out extension)')
    .option('--with-outline', 'include the outline in the book')
    .option('--with-bible', 'include the story bible (premise, planned ending, characters, open threads, facts) after the outline')
    .option('--author <name>', "the author name in the export's title page, copyright page and metadata (EPUB, DOCX, PDF)")
    .option('--bilingual', 'an edition (karya translate) with its source: each source paragraph followed by its translation, each in its language')
    .option('--layout <layout>', 'a --bilingual PDF: alternating (each paragraph then its translation, the default) or columns (the two languages facing)')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .action(exportCommand);

  program
    .command('books')
    .description('list the books saved in the state file: id, generator, title, words, chapters, language, last change, finished')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--series <name>', 'only the books of this series, in their order')
    .option('--json', 'print {books: [{id, generator, title, words, chapters: {written, total}, lang, updatedAt, finished, current}]}')
    .action(booksCommand);

  program
    .command('map')
    .description("a saved book's story map, from its story bible and continuity findings: a column per part, a row per character (first appearance to last, state changes, dead or absent), thread (opened, due, overdue, resolved) and fact, the relations, the findings by part and what the part changed")
    .requiredOption('--book <id>', 'the saved book with this id (karya books lists them)')
    .option('--as-of <n>', 'the map as part N knew it: 0 the introduction, N chapter N')
    .option('--json', 'print the map: {title, lang, as_of, parts, characters, threads, facts, relations, findings, changes}')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .action(mapCommand);

  program
    .command('source')
    .description("a saved book's source text: public domain or not, first published, the original author (read at import); with an option, set as you say it, which its copyright page and KDP's public-domain readiness follow")
    .requiredOption('--book <id>', 'the saved book with this id (karya books lists them)')
    .option('--public-domain', 'the text is in the public domain (you confirm it)')
    .option('--no-public-domain', 'the text is not in the public domain: your own, or under copyright')
    .option('--first-published <year>', 'the year the text was first published (1909)')
    .option('--original-author <name>', "the original text's author, as its copyright page names them")
    .option('--json', 'print {book, source: {publicDomain, firstPublished, originalAuthor, from, confirmed}}')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .action(sourceCommand);

  const series = program.command('series').description("a series' books in order and its story bible as of each book's end (karya generate <id> --series NAME writes its next book)");
  series
    .command('list')
    .description('list your series: name, language, books')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--json', 'print {series: [{name, lang, books}]}')
    .action(seriesListCommand);
  series
    .command('show <name>')
    .description("show a series: each book in order with its id, title and state, what changed for it since it was written, the series' bible as of its end, and what the series leaves open")
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--json', 'print {name, lang, books: [{number, id, generator, title, finished, chapters, changes, bible, characters, threads, facts}], open}')
    .action(seriesShowCommand);
}

/** The commands that bring a book in or change it: import, translate, rewrite, prompts (what a step would send). */
function addEditingCommands(program: Command): void {
  program
    .command('import <file>')
    .description('import a manuscript (.txt in UTF-8, UTF-16 or Latin-1, .md, .docx or .epub) as a book to continue: --generator ID saves it and builds its story bible (resumable); --dry-run prints each chapter\'s number, title, words and first line and saves nothing')
    .option('--lang <lang>', `the language of the messages and the manuscript: ${LANGS}`)
    .option('--split <pattern>', 'a regular expression for a chapter heading line, when the headings are not found by themselves')
    .option('--generator <id>', 'save it as a book of this generator (romance, mystery-thriller, guide…), then build its story bible from it')
    .option('--chapters <n>', 'the chapters the book will have, the imported ones included (default: as many as were imported)')
    .option('--set <name=value>', 'a setting of the generator (repeatable), as given to karya generate', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--voice <file>', "the book's voice: by default the manuscript's own prose (every new chapter measured against it); none for no voice, or a sample file as karya generate --voice takes")
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--dry-run', 'show the chapters found and save nothing')
    .option('--public-domain', 'the text is in the public domain (confirms or overrides what its licence or statement says)')
    .option('--no-public-domain', 'the text is not in the public domain, whatever it says of itself')
    .option('--first-published <year>', 'the year the text was first published, when it does not say (1909)')
    .option('--original-author <name>', "the original text's author, as its copyright page names them")
    .option('--max-calls <n>', "stop the story bible's reading once this many model calls are made (by default 3 for each part to read, and 8; the plan and its bound are printed before)")
    .option('--json', 'print {"chapters": [{kind, number, title, words, firstLine}], …} (with --dry-run), else {"book": {id, generator, title, lang, words, chapters, calls}, "progress": {done, planned, calls, tokens, credits, elapsedSeconds, etaSeconds}}')
    .action(importCommand);
  addTranslateCommand(program);
  addAudiobookCommand(program);

  program
    .command('rewrite [id]')
    .description("write one part of a saved book again, with a note or none; the previous text is kept as a version, the story bible brought up to date")
    .requiredOption('--part <part>', 'introduction, chapter:N or conclusion')
    .option('--book <id>', 'the saved book with this id (karya books lists them); else the one the settings find, else the generator\'s latest')
    .option('--note <text>', 'what the new text must do differently ("make the ending darker", "more dialogue")')
    .option('--toward-voice', "write it again toward the book's voice (karya generate --voice): the voice guidance, with what drifted named")
    .option('--set <name=value>', 'a setting (repeatable), as given to karya generate', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'the Markdown brief given to karya generate')
    .option('--lang <lang>', `output language: ${LANGS}`)
    .option('--chapters <n>', 'number of chapters, as given to karya generate')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--json', 'print a JSON summary on stdout')
    .action(rewriteCommand);

  program
    .command('prompts <id>')
    .description("print the exact messages a step would send (system and user, with the bible and the plan as they would be), without calling the model")
    .option('--set <name=value>', 'a setting (repeatable), as given to karya generate', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--brief <file>', 'a Markdown brief: its headings (# Premise, # Main Characters, # Working Title…) name settings, the text under each is the value; --set wins')
    .option('--lang <lang>', `output language: ${LANGS}`)
    .option('--chapters <n>', 'number of chapters, as given to karya generate')
    .option('--step <step>', 'outline, introduction, chapter:N or conclusion (default: the saved book\'s next step, else the first)')
    .option('--state <path>', 'local state database, read if it exists (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--json', 'print {messages: [{role, content}], max_tokens, temperature, …}')
    .action(promptsCommand);
}

/** `karya publish`: a book written (or finished) and its KDP package. */
function addPublishCommand(program: Command): void {
  program
    .command('publish <id>')
    .description('write a book (resuming it like generate) and a KDP package for it: manuscript.epub and .docx, paperback-interior.pdf, paperback-cover.pdf, cover.jpg, description, keywords, metadata, readiness')
    .option('--set <name=value>', 'a setting (repeatable); flags take a comma list', (v: string, acc: string[]) => [...acc, v], [] as string[])
    .option('--max-calls <n>', 'stop once this many model calls are made (by default 3 for each call planned, and 8; the plan and its bound are printed at the start)')
    .option('--brief <file>', 'a Markdown brief: its headings (# Premise, # Main Characters, # Working Title…) name settings, the text under each is the value; --set wins')
    .option('--lang <lang>', `output language: ${LANGS}`)
    .option('--chapters <n>', 'number of chapters, a whole number from 1 to 100 (from 2 where the conclusion is the last chapter: horror, sci-fi…); overrides the setting')
    .requiredOption('--out <dir>', 'the folder to write the package into')
    .option('--title <title>', "the book's title (default: the book's own, else the book-title generator's)")
    .option('--subtitle <subtitle>', "the book's subtitle")
    .option('--author <name>', 'the author name (default: a pen name from the author-name generator; never made up from other text)')
    .option('--publisher <name>', 'the imprint for metadata.json (default none: published under the author name)')
    .option('--edition <n>', 'the edition number for metadata.json (default 1)')
    .option('--series <name>', 'the series the book belongs to, for metadata.json')
    .option('--series-number <n>', "the book's number in its series")
    .option('--reading-age <age>', 'reading age for metadata.json, e.g. 8-12 (children\'s books)')
    .option('--ai-text <level>', "correct the AI disclosure's text level derived from who wrote each part: none, some, most or entirely (metadata.json keeps the derived one beside it)")
    .option('--trim <size>', "the paperback trim size: 6x9, 5.5x8.5 or 5x8 (default 6x9; 5.5x8.5 for a children's book)")
    .option('--paper <paper>', "the paperback's paper: white (default) or cream (a thicker spine)")
    .option('--cover <file|typographic>', 'your own cover picture (JPEG, PNG or TIFF; at least 1000 x 1600 px, ideally 1600 x 2560, 1.6:1), or typographic: the title, author and series lettered on a palette of the genre (also the cover when the model server draws no pictures)')
    .option('--close-threshold <share>', 'fail readiness when at least this share of the book is in another of your books: 0.01 to 1, or 1% to 100% (default 0.15)')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--book <id>', 'package the saved book with this id (karya books lists them; an imported book too), finishing it first with its own settings')
    .option('--conclusion', "write the book's conclusion first when it ends with your own last part (an imported novel): without it such a book is packaged as it stands, with no part written by the model")
    .option('--bilingual', 'with --book EDITION (karya translate): the package is the dual-language book, each source paragraph followed by its translation')
    .option('--fresh', 'start the book again instead of resuming saved progress')
    .option('--json', 'print a JSON summary on stdout')
    .action(publishCommand);
}

/** The commands that run many books or a service: batch, test-ai, serve, worker. */
function addRunCommands(program: Command): void {
  program
    .command('batch <jobs-file>')
    .description('write many books from a jobs file (YAML list or JSON Lines) in parallel within rate limits; resumable')
    .option('--concurrency <n>', 'calls in flight at once (default 4)')
    .option('--rpm <n>', 'requests per minute at most')
    .option('--tpm <n>', 'tokens per minute at most, counted as prompt + max_tokens')
    .option('--out <dir>', 'folder for the books (default books/)')
    .option('--json', 'print NDJSON events on stdout')
    .option('--dry-run', 'print the plan (books, calls, tokens, lower-bound time) and call nothing')
    .option('--latency <seconds>', 'seconds per call the dry-run estimate assumes (default 20)')
    .option('--queue', 'with KARYA_DATABASE_URL: queue every step for `karya worker` processes (any number, any machines) under one shared --rpm/--tpm budget; this command shows progress and writes the books')
    .option('--close-threshold <share>', 'mark a book too close to another of yours when at least this share of its text is in it: 0.01 to 1, or 1% to 100% (default 0.15)')
    .option('--state <path>', 'local state database (default .karya/state.sqlite; with KARYA_DATABASE_URL set, that Postgres database)')
    .option('--publish', "then write each finished book's publishing package (as karya publish does) in --out, dated by the release plan, and schedule.csv")
    .option('--per-day <n>', 'with --publish: new titles a day per store account, 1 to 50 (default 3, KDP\'s limit)')
    .option('--author <name>', "the author every book is signed with (its files and its package); a job's own author: wins")
    .option('--publisher <name>', "with --publish: the imprint every package names; a job's own publisher: wins")
    .option('--max-calls <n>', "each book's bound on model calls (by default 3 for each call planned, and 8: its steps and story-bible updates); a job's own max_calls: wins")
    .action(batchCommand);

  program
    .command('test-ai')
    .description('check every AI provider config with a 1-token call: name, model, latency, ok/error; exit 1 if none works')
    .option('--timeout <ms>', 'time-out of each check in ms (default 30000)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean; timeout?: string }) => (await import('./commands/test-ai.js')).testAiCommand(opts));

  program
    .command('serve')
    .description('start the server: the studio and the JSON API under /api (docs/api.md)')
    .option('--port <n>', 'port to listen on (default PORT or 3000; 0 picks a free port)')
    .option('--no-worker', 'with KARYA_DATABASE_URL: do not run queued generation steps in this process (leave them to `karya worker`)')
    .action(serveCommand);

  program
    .command('worker')
    .description('run generation steps from the Postgres job queue (needs KARYA_DATABASE_URL); any number of workers share the work')
    .option('--concurrency <n>', 'steps run at once (default KARYA_WORKER_CONCURRENCY or 4)')
    .option('--metrics-port <port>', 'serve this worker\'s GET /metrics (its credits charged and refunded) on this port, behind KARYA_METRICS_TOKEN')
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
    await buildProgram().parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    // A file system or SQLite failure says what to do instead of a raw errno.
    if (!(error instanceof CliExit) && isPlainFsError(error)) {
      const file = (error as NodeJS.ErrnoException).path;
      process.stderr.write(`karya: ${file ? `${file}: ` : ''}${plainFsError(error, writerLang())}\n`);
      return EXIT.failed;
    }
    return thrownExitCode(error);
  }
}
