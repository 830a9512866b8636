// What `karya prompts` notes on stderr (where the prompt it prints was rendered from) and its refusal of a step
// the book has not got, in the writer's language: the words are in languages/<code>/cli-prompts.yaml, English's too.
import { catalogue, sayer, type Sayer } from '../engine/index.js';

const WORDS = catalogue('cli-prompts', [
  'noBible',
  'bibleUpTo',
  'partN',
  'savedIn',
  'bibleLags',
  'nextStep',
  'nextIs',
  'finished',
  'finishedRestart',
  // A text that counts something has its form for one beside it (`<key>_one`).
  'before',
  'beforeOutline',
  'asItStands',
  'asItStands_one',
  'partsBefore',
  'partsBeforeLater',
  'scripted',
  'notBookStep',
  'notOutputStep',
]);

/** A note of `karya prompts` in a language, with its placeholders filled. */
export const promptsWord: Sayer<keyof typeof WORDS> = sayer(WORDS);
