// Sentences the offline demo composes from a small grammar: a frame with [slot]s, each slot filled from
// its list of short phrases (a phrase may hold slots of its own). With a few words between slots and
// many phrases a slot, any run of eight words is rare, so a long demo book does not read as a model
// looping on a few sentences (the repetition check of engine/session counts such runs).

/** Frames of sentences and the phrases of each slot ([who], [when]…) in one language. */
export interface Grammar {
  frames: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
}

/** A pick from a list with the seeded random numbers of one paragraph. */
export type Pick = <T>(list: readonly T[]) => T;

export function picker(rand: () => number): Pick {
  return (list) => list[Math.floor(rand() * list.length)]!;
}

/** Whether a character code is one of \w's: a letter or digit of ASCII, or "_". */
const isWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * `text` with each `[name]` of a slot replaced by a phrase picked for it, left to right, as
 * `text.replace(/\[(\w+)\]/g, …)` does (the same matches, picked in the same order), without a regular expression and
 * a call back a slot: the offline provider fills a few slots in every sentence of its books.
 */
function fillSlots(text: string, slots: Grammar['slots'], pick: Pick): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf('['); open !== -1; open = text.indexOf('[', open + 1)) {
    let end = open + 1;
    while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
    // Not a slot's name ("[" then no word, or a word and no "]"): the search goes on after this "[".
    if (end === open + 1 || text.charCodeAt(end) !== 93) continue;
    const phrases = slots[text.slice(open + 1, end)];
    if (phrases) {
      out += text.slice(from, open) + pick(phrases);
      from = end + 1;
    }
    open = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** `frame` with its slots filled (nested slots too), its first letter a capital. */
export function fillFrame(frame: string, slots: Grammar['slots'], pick: Pick): string {
  let text = frame;
  for (let depth = 0; depth < 4 && text.includes('['); depth++) text = fillSlots(text, slots, pick);
  // A slot left empty leaves no double space or space before punctuation.
  return withArticles(
    text
      .replace(/ {2,}/g, ' ')
      .replace(/ ([,.;])/g, '$1')
      .trim(),
  ).replace(/^\P{L}*\p{Ll}/u, (c) => c.toUpperCase());
}

/** English "a" before a vowel made "an" ("an urban street"); Malay has no such word, so it is left as it is. */
export function withArticles(text: string): string {
  return text.replace(/\b([Aa]) (?=[aeiouAEIOU])/g, '$1n ');
}

/**
 * A paragraph of `count` sentences, each from a different frame of the grammar.
 * @example composeParagraph({ frames: ['[who] waits.'], slots: { who: ['Aisha'] } }, 1, picker(Math.random)) // 'Aisha
 * waits.'
 */
export function composeParagraph(grammar: Grammar, count: number, pick: Pick): string[] {
  const frames = [...grammar.frames];
  const out: string[] = [];
  for (let i = 0; i < count && frames.length; i++) {
    const frame = pick(frames);
    frames.splice(frames.indexOf(frame), 1);
    out.push(fillFrame(frame, grammar.slots, pick));
  }
  return out;
}
