// What karya generate, export and rewrite say of an option given wrongly (--format, --out, --author, --continuity,
// --series, --voice book:ID, --book, --note, --json) to the writer of a book, in the book's language (or, before a
// book is known, the one --lang asks for, else the one their locale names): every language's words, English's and
// Malay's
// too, in languages/<code>/cli-options.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-options', [
  'formatImage',
  'formatUnknown',
  'formatNeedsOut',
  'formatNeedsPipe',
  'outUnknown',
  'authorLong',
  'continuityUnknown',
  'seriesOrBook',
  'seriesPiece',
  'seriesFresh',
  'voiceNoBook',
  'voiceNoParts',
  'voiceChapters',
  'bookOwnSettings',
  'bookId',
  // Commander's own refusal of a command line without one of its required options, said in the writer's words.
  'requiredOption',
  // Commander's other refusals of a command line (cli/program-conventions.ts), in the writer's words too.
  'unknownOption',
  'unknownOptionLike',
  'missingArgument',
  'optionMissingArgument',
  'excessArguments',
  'unknownCommand',
  'unknownCommandLike',
  'bookNotFound',
  'idOrBook',
  'unknownGenerator',
  'generatorNotBook',
  'rewritePiece',
  'noteLong',
  'imageNeedsOut',
  'imageExtension',
  'imageJson',
]);

/** The option's words for a key in a language, with its placeholders filled. */
export const optionWord = sayer(WORDS);
