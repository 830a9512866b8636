// What `karya serve` and `karya worker` print while they start, run and stop, in the writer's language (the one
// their locale names: cli/langs.ts writerLang; neither command reads a book): the words are in
// languages/<code>/cli-serve.yaml, English's too.
import { catalogue, sayer, type Lang, type Sayer } from '../engine/index.js';
import { writerLang } from './langs.js';

const WORDS = catalogue('cli-serve', [
  'portRange',
  'running',
  'database',
  'databasePostgres',
  'stepsHere',
  'stepsWorkers',
  'provider',
  'providerOffline',
  'admin',
  'adminNone',
  'mailSmtp',
  'mailOutbox',
  'stoppingNow',
  'stopping',
  'workerNoDatabase',
  'workerConcurrency',
  'workerMetricsPort',
  'workerMetricsToken',
  'workerMetricsListen',
  // A text that counts something has its form for one beside it (`<key>_one`).
  'workerRunning',
  'workerMetrics',
  'workerStopping',
  'workerStopping_one',
]);

/** A serve or worker line's words in a language (by default the writer's), with its placeholders filled. */
export const serveWord: Sayer<keyof typeof WORDS> = sayer(WORDS);

/** The language serve and worker speak: the writer's locale's (LC_ALL, LC_MESSAGES, LANG), else the table's first. */
export const serveLang = (): Lang => writerLang();
