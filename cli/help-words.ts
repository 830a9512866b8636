// karya's --help in the writer's language: every command's and option's description is a key of the `cli-help`
// catalogue (cli/main.ts names the keys; the words, English's too, are in languages/<code>/cli-help.yaml), with the
// help's headings and the example's title. The help is said in the language --lang asks for, else the one the
// writer's locale names (askedLang), as a refusal of the command line is.
import { catalogue, sayer, type Lang } from '../engine/index.js';

const WORDS = catalogue('cli-help', [
  'heading.usage', 'extra.default', 'usage.options', 'usage.command', 'heading.options', 'heading.commands', 'heading.arguments', 'heading.globalOptions',
  'heading.example', 'common.help', 'common.helpCommand', 'command.karya', 'karya.version', 'command.list',
  'common.jsonPlain', 'command.show', 'command.validate', 'validate.templates', 'command.generate', 'common.set',
  'common.brief', 'common.lang', 'common.chapters', 'generate.out', 'common.format', 'common.withOutline',
  'common.withBible', 'common.author', 'common.state', 'generate.book', 'generate.conclusion', 'common.fresh',
  'generate.continuity', 'generate.series', 'generate.voice', 'generate.avoid', 'common.maxCalls',
  'common.jsonSummary', 'command.voice', 'voice.lang', 'voice.state', 'voice.json', 'command.export', 'common.book',
  'common.setAsGenerate', 'common.chaptersAsGenerate', 'export.out', 'export.bilingual', 'export.layout',
  'command.books', 'books.series', 'books.json', 'command.map', 'map.asOf', 'map.json', 'command.source',
  'source.publicDomain', 'source.noPublicDomain', 'source.firstPublished', 'common.originalAuthor', 'source.json',
  'command.series', 'command.seriesList', 'seriesList.json', 'command.seriesShow', 'seriesShow.json',
  'command.import', 'import.lang', 'import.split', 'import.generator', 'import.chapters', 'import.set',
  'import.voice', 'import.dryRun', 'import.publicDomain', 'import.noPublicDomain', 'import.firstPublished',
  'import.maxCalls', 'import.json', 'command.translate', 'translate.book', 'translate.to', 'translate.glossary',
  'translate.title', 'translate.noBible', 'translate.json', 'command.rewrite', 'rewrite.part', 'rewrite.book',
  'rewrite.note', 'rewrite.towardVoice', 'rewrite.brief', 'command.prompts', 'prompts.step', 'prompts.state',
  'prompts.json', 'command.publish', 'publish.out', 'publish.title', 'publish.subtitle', 'publish.author',
  'publish.publisher', 'publish.edition', 'publish.series', 'publish.seriesNumber', 'publish.readingAge',
  'publish.aiText', 'publish.trim', 'publish.paper', 'publish.cover', 'publish.closeThreshold', 'publish.book',
  'publish.conclusion', 'publish.bilingual', 'command.batch', 'batch.concurrency', 'batch.rpm', 'batch.tpm',
  'batch.out', 'batch.json', 'batch.dryRun', 'batch.latency', 'batch.queue', 'batch.closeThreshold', 'batch.publish',
  'batch.perDay', 'batch.author', 'batch.publisher', 'batch.maxCalls', 'batch.lang', 'command.testAi', 'testAi.timeout',
  'command.serve', 'serve.port', 'serve.noWorker', 'command.worker', 'worker.concurrency', 'worker.metricsPort',
  'command.audiobook', 'audiobook.book', 'audiobook.out', 'audiobook.maxCalls', 'audiobook.json',
]);

/** The help's words for a key in a language. */
export const helpWord = sayer(WORDS);

/** Whether a description is a key of the help's words (a command a test makes may describe itself in words). */
export const isHelpKey = (text: string): text is keyof typeof WORDS & string => Object.hasOwn(WORDS, text);

/** A description in `lang`: its words when it is a key, else as written. */
export const helpText = (text: string, lang: Lang): string => (isHelpKey(text) ? helpWord(text, lang) : text);
