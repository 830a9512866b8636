// echoed: the answer is the request sent back (its start, a long run of its own words, or for prose two of its
// headings as the answer's own), less the material the answer may rightly repeat.
import { RUN_WORDS, eachRun, wordsOf, type Runs } from '../../runs.js';
import { readingOf } from '../../reading/index.js';
import type { AnswerCheck, CheckContext } from './types.js';

/** A text's 8-word runs, as its reading holds them (read once for every check). */
const runsIn = (text: string): Runs => readingOf(text).runs;

/**
 * Words in a run of the request that an echo is matched on (runs.ts: the words read as the repeat measure reads them).
 */
const ECHO_RUN = RUN_WORDS;
/** An echo that starts where a message of the request starts, this long, is the request sent back. */
const ECHO_FROM_START = 12;
/**
 * Any run of the request's own words this long in the answer is an echo. Shorter runs are the wording a piece is
 * told to use (a copyright page's rights notice, 30–40 words, copied as asked).
 */
const ECHO_ANYWHERE = 60;

/** The heading lines of a text ("## Characters" → "characters"). */
function headingsOf(text: string): string[] {
  if (!text.includes('#')) return [];
  return [...text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((m) => wordsOf(m[1]!).join(' ')).filter(Boolean);
}

/** Material shorter than this is looked for run by run (isOwn), not cut out of the request first. */
const CUT_MATERIAL_CHARS = 200;

/**
 * A message less the material it holds word for word (the earlier parts, the bible, a part being updated or
 * rewritten), as the stretches of its own text between them: most of a request is its material, and none of it can
 * be an echo. A material text that is not in the message as it stands (the previous part's ending, cut to its last
 * words) stays: its runs are told apart run by run.
 */
function ownStretches(message: string, material: readonly string[]): Array<{ at: number; text: string }> {
  const cuts: Array<[number, number]> = [];
  for (const text of material) {
    if (text.length < CUT_MATERIAL_CHARS) continue;
    for (let at = message.indexOf(text); at >= 0; at = message.indexOf(text, at + text.length))
      cuts.push([at, at + text.length]);
  }
  if (!cuts.length) return [{ at: 0, text: message }];
  cuts.sort((a, b) => a[0] - b[0]);
  const out: Array<{ at: number; text: string }> = [];
  let from = 0;
  for (const [start, end] of cuts) {
    if (start > from) out.push({ at: from, text: message.slice(from, start) });
    from = Math.max(from, end);
  }
  if (from < message.length) out.push({ at: from, text: message.slice(from) });
  return out;
}

/**
 * Whether the answer is the request's own text (its system and user messages less the material the answer
 * may repeat): `echoed` when it sends back the start of a message or a long run of it; or, for prose, two or
 * more of the request's headings (the story bible's sections) as its own.
 */
export function isEcho(
  answer: string,
  request: CheckContext['request'],
  expect: Pick<CheckContext, 'kind' | 'material' | 'ownMaterial'>,
): boolean {
  const answerRuns = readingOf(answer).runs;
  // The material in two reads: the book's own texts first (cheap to list, most of a request), then all of it.
  let own: readonly string[] | undefined;
  const ownOf = () => (own ??= (expect.ownMaterial ?? expect.material)());
  let material: readonly string[] | undefined;
  const materialOf = () => (material ??= expect.material());
  // The request's runs the answer has too (usually none), each marked at its first place in the answer: each message
  // is read less the material it holds word for word (ownStretches), its runs looked up in the answer's table as they
  // are read, a paragraph at a time, its paragraphs' words kept (eachRun): nothing the size of the request is made,
  // only its new paragraphs are read, and a run is a place in the answer, never a number kept in a set.
  const { keys } = answerRuns;
  let asked: Uint8Array | undefined;
  // Where each message starts, as its first run's place in the answer (a message whose first run the answer lacks,
  // or shorter than a run, has no start an answer could send back).
  const starts: number[] = [];
  for (const message of [request.system, request.user]) {
    const stretches =
      message.length >= CUT_MATERIAL_CHARS ? ownStretches(message, ownOf()) : [{ at: 0, text: message }];
    // A message that opens on its material has no start of its own: an answer that sends it back sends the material.
    let start = -1;
    for (const { at, text } of stretches) {
      let isFirst = at === 0;
      eachRun(text, answerRuns, (place) => {
        if (isFirst) {
          isFirst = false;
          start = place;
        }
        if (place >= 0) (asked ??= new Uint8Array(keys.length))[place] = 1;
      });
    }
    if (start >= 0) starts.push(start);
  }
  let longest = 0;
  let isFromStart = false;
  if (asked) {
    // The material left in the request (cut, or rendered otherwise) is read only now, and only for the runs the
    // answer shares, each of its texts read once (its reading's runs): whether each such run (at its first place) is
    // the request's own.
    let ownRuns: Runs[] | undefined;
    let materialRuns: Runs[] | undefined;
    const isOwnAt = new Int8Array(keys.length);
    const isOwn = (first: number) => {
      if (!asked![first]) return false;
      if (isOwnAt[first] === 0) {
        const key = keys[first]!;
        const isMaterial =
          (ownRuns ??= ownOf().map(runsIn)).some((m) => m.has(key)) ||
          (materialRuns ??= materialOf().map(runsIn)).some((m) => m.has(key));
        isOwnAt[first] = isMaterial ? -1 : 1;
      }
      return isOwnAt[first] === 1;
    };
    let run = 0;
    for (let i = 0; i < keys.length; i++) {
      const first = answerRuns.firstOf(i);
      if (!isOwn(first)) {
        run = 0;
        continue;
      }
      if (run === 0 && starts.includes(first)) isFromStart = true;
      run = run === 0 ? ECHO_RUN : run + 1;
      longest = Math.max(longest, run);
    }
  }
  // How much of the answer the request's words cover says nothing alone: a short piece told what to say (a
  // copyright page's notice and disclaimer) is mostly them, and rightly.
  if ((isFromStart && longest >= ECHO_FROM_START) || longest >= ECHO_ANYWHERE) return true;
  if (expect.kind !== 'prose') return false;
  // Two of the answer's headings the request has: the answer's are read first (a chapter seldom has two).
  const answerHeadings = headingsOf(answer);
  if (answerHeadings.length < 2) return false;
  const askedHeadings = new Set(headingsOf(request.user));
  const echoed = answerHeadings.filter((h) => askedHeadings.has(h));
  if (echoed.length < 2) return false;
  const materialHeadings = new Set(materialOf().flatMap(headingsOf));
  return echoed.filter((h) => !materialHeadings.has(h)).length >= 2;
}

export const ECHOED: AnswerCheck = {
  id: 'echoed',
  words: {},
  check: (text, context) => isEcho(text, context.request, context),
};
