// What a command says when a file or folder cannot be written or the state file fails (cli/fs-check.ts): what
// happened and what to do, to the writer in their language (a book's, else the one their locale names). Every
// language's words, English's and Malay's too, are in languages/<code>/cli-files.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-files', [
  'EACCES',
  'EPERM',
  'ENOENT',
  'notFound',
  'ENOTDIR',
  'EISDIR',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EEXIST',
  'ENAMETOOLONG',
  'EMFILE',
  'EBUSY',
  'ELOOP',
  'stateBusy',
  'stateReadOnly',
  'stateCannotOpen',
  'stateDamaged',
  'stateFull',
  'stateIo',
  'cannotWrite',
  'fileNotFolder',
]);

export type FsWordKey = keyof typeof WORDS;

/** Whether `code` (an errno code) has its own sentence. */
export const hasErrnoWords = (code: string): code is FsWordKey => /^E[A-Z]+$/.test(code) && code in WORDS;

/** The words for a key in a language, with its placeholders filled. */
export const fsWord = sayer(WORDS);
