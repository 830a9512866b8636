// What `karya test-ai` and `karya validate` print, an export stopped by its limits, and the pointer to a command's
// help, in the writer's language: the words are in languages/<code>/cli-tools.yaml, English's too.
import { catalogue, sayer, type Sayer } from '../engine/index.js';

const WORDS = catalogue('cli-tools', [
  'aiFailed',
  'aiOk',
  'aiError',
  'aiHead',
  'aiContext',
  'aiTimeout',
  'aiNone',
  // A text that counts something has its form for one beside it (`<key>_one`).
  'aiChecking',
  'aiChecking_one',
  'aiWorking',
  'gapCatalogue',
  'gapRules',
  'gapStudio',
  'gapsMissing',
  'gapsMissing_one',
  'gapGenerator',
  'gapGeneratorNone',
  'coverUnreadable',
  'coverNoText',
  'coverNoDefault',
  'coverUnknownKey',
  'coverColour',
  'coverOneOf',
  'coverInvalid',
  'coverMissing',
  'coverText',
  'coverMap',
  'coverList',
  'coverNumber',
  'coverTrueFalse',
  'coverEmpty',
  'coverBadKey',
  'validOk',
  'exportTooSlow',
  'exportTooLarge',
  'exportBusy',
  'seeHelp',
]);

/** A tool's line in a language, with its placeholders filled. */
export const toolWord: Sayer<keyof typeof WORDS> = sayer(WORDS);
