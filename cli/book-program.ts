// The commands on one book (generate, voice, export, books, map, source, series, import, translate, audiobook,
// rewrite, prompts, publish), registered on the program by cli/main.ts; each command's module loads on use.
import type { Command } from 'commander';
import { lazyCommand as lazy } from './lazy-command.js';
import { addTranslateCommand } from './translate-program.js';
import { addAudiobookCommand } from './audiobook-program.js';

const generateCommand = lazy(async () => (await import('./commands/generate.js')).generateCommand);
const exportCommand = lazy(async () => (await import('./commands/export.js')).exportCommand);
const publishCommand = lazy(async () => (await import('./commands/publish.js')).publishCommand);
const promptsCommand = lazy(async () => (await import('./commands/prompts.js')).promptsCommand);
const rewriteCommand = lazy(async () => (await import('./commands/rewrite.js')).rewriteCommand);
const booksCommand = lazy(async () => (await import('./commands/books.js')).booksCommand);
const mapCommand = lazy(async () => (await import('./commands/map.js')).mapCommand);
const sourceCommand = lazy(async () => (await import('./commands/source.js')).sourceCommand);
const importCommand = lazy(async () => (await import('./commands/import.js')).importCommand);
const voiceCommand = lazy(async () => (await import('./commands/voice.js')).voiceCommand);
const seriesListCommand = lazy(async () => (await import('./commands/series.js')).seriesListCommand);
const seriesShowCommand = lazy(async () => (await import('./commands/series.js')).seriesShowCommand);

/** The commands on one book: generate, export, books, rewrite, prompts, publish. */
export function addBookCommands(program: Command): void {
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
