// What a long command's progress line says (parts done, time left, calls, tokens and credits so far), in English
// and Malay beside the code and in every other language of the table in languages/<code>/cli-progress.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-progress', {
  parts: { en: '{done} of {planned} parts', ms: '{done} daripada {planned} bahagian' },
  left: { en: 'about {time} left', ms: 'kira-kira {time} lagi' },
  leftUnknown: { en: 'time left once a part is done', ms: 'baki masa diketahui selepas satu bahagian siap' },
  allDone: { en: 'all done in {time}', ms: 'semua siap dalam {time}' },
  spent: { en: 'so far: calls {calls}, tokens {tokens}', ms: 'setakat ini: panggilan {calls}, token {tokens}' },
  spentCredits: { en: 'so far: calls {calls}, tokens {tokens}, credits {credits}', ms: 'setakat ini: panggilan {calls}, token {tokens}, kredit {credits}' },
});

/** A progress word in a language, with its placeholders filled. */
export const progressWord = sayer(WORDS);
