// Every request of a book within the model's context window: the bible's oldest lines, the
// recent text and the outline in a rendered prompt are trimmed until the prompt leaves room for an answer
// (the provider then lowers max_tokens to what is left: engine/providers/context.ts), and a part too long
// for one story-bible update is read in pieces. A request that still cannot fit is refused unsent
// (`context_too_long`).
import { countWords, lastWords } from '../words.js';
import { countedIn, counterOf, type Provider, type TextRequest } from '../provider.js';
import { contextTooLong, fitsWindow } from '../context-window.js';
import { withoutExemplars } from './voice/index.js';

/**
 * Texts of a prompt that may be trimmed, in the order they are: the voice's exemplars, the story bible, the recent
 * text, the outline.
 */
export interface Trimmable {
  bible?: string;
  recent?: string;
  outline?: string;
  /** The writer's voice guidance (its exemplars go first). */
  voice?: string;
}

/**
 * The answer room a trimmed prompt keeps: its max_tokens, but at most half the window (longer answers come in pieces).
 */
function wantedRoom(request: Pick<TextRequest, 'maxTokens'>, window: number): number {
  return Math.min(request.maxTokens, Math.floor(window / 2));
}

/** A story bible without the oldest `share` (0–1) of its lines ("- …" items); its headings stay. */
export function withoutOldestLines(bible: string, share: number): string {
  const lines = bible.split('\n');
  const items = lines.flatMap((line, i) => (/^\s*- /.test(line) ? [i] : []));
  const dropped = new Set(items.slice(0, Math.ceil(items.length * share)));
  return lines.filter((_, i) => !dropped.has(i)).join('\n');
}

/** The text itself when it has at most `n` words, else its last `n` words after an ellipsis. */
const lastOf = (text: string, n: number) => (countWords(text) > n ? lastWords(text, n) : text);
/** The first `share` of a text's words (whitespace kept), after 40 words. */
const leadingShare = (text: string, share: number) => {
  const words = text.split(/(?<=\s)/);
  return words.length > 40
    ? `${words
        .slice(0, Math.ceil(words.length * share))
        .join('')
        .trimEnd()}…`
    : text;
};

/** The trims, mildest first: what each makes of the text it trims. */
const TRIMS: ReadonlyArray<[keyof Trimmable, (text: string) => string]> = [
  ['voice', withoutExemplars],
  ['bible', (t) => withoutOldestLines(t, 1 / 3)],
  ['bible', (t) => withoutOldestLines(t, 2 / 3)],
  ['bible', (t) => withoutOldestLines(t, 1)],
  ['recent', (t) => lastOf(t, 60)],
  ['outline', (t) => leadingShare(t, 1 / 2)],
  ['outline', (t) => leadingShare(t, 1 / 4)],
];

/**
 * The request trimmed (TRIMS in order, each applied where its text appears in the user message) until
 * its prompt leaves the wanted answer room in `window`; the most trimmed one when none does.
 */
export function trimToWindow<R extends Pick<TextRequest, 'system' | 'user' | 'maxTokens'>>(
  request: R,
  window: number,
  trimmable: Trimmable,
): R {
  const want = wantedRoom(request, window);
  const current: Trimmable = { ...trimmable };
  let fitted = request;
  for (const [key, trim] of TRIMS) {
    if (fitsWindow(fitted, want, window)) break;
    const text = current[key];
    if (!text || !fitted.user.includes(text)) continue;
    const shorter = trim(text);
    fitted = { ...fitted, user: fitted.user.split(text).join(shorter) };
    current[key] = shorter;
  }
  return fitted;
}

/** The provider's window, when it has one. */
export async function windowOf(provider: Provider): Promise<number | undefined> {
  return provider.contextWindow ? provider.contextWindow() : undefined;
}

/**
 * The provider whose every request is first trimmed to its window (trimToWindow with these texts). A
 * provider without a window is returned as it is.
 */
export function fitting(provider: Provider, trimmable: Trimmable): Provider {
  if (!provider.contextWindow) return provider;
  const fitted: Provider = {
    ...provider,
    generateImage: (request) => provider.generateImage(request),
    contextWindow: () => provider.contextWindow!(),
    generateText: async (request) => {
      const window = await provider.contextWindow!();
      return provider.generateText(trimToWindow(request, window, trimmable));
    },
  };
  // Its calls count in the run's budget as the provider's do (engine/budget.ts).
  const counter = counterOf(provider);
  return counter ? countedIn(fitted, counter) : fitted;
}

/** At most this many pieces a part is read in by one story-bible update; a part that needs more is not taken in. */
export const MAX_BIBLE_PIECES = 4;

/** A text cut in `n` pieces of about equal words, at paragraph ends where there are enough of them. */
function cutInPieces(text: string, n: number): string[] {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  const units = paragraphs.length >= n ? paragraphs : text.split(/(?<=\s)/);
  const joiner = paragraphs.length >= n ? '\n\n' : '';
  const size = Math.ceil(units.length / n);
  return Array.from({ length: n }, (_, i) =>
    units
      .slice(i * size, (i + 1) * size)
      .join(joiner)
      .trim(),
  ).filter(Boolean);
}

/**
 * The part read whole, or in as few pieces (up to MAX_BIBLE_PIECES) as make each update request fit the
 * window with its bible trimmed; refused (`context_too_long`) when even that does not fit.
 */
export function biblePieces(
  text: string,
  window: number | undefined,
  render: (piece: string) => Pick<TextRequest, 'system' | 'user' | 'maxTokens'>,
  trimmable: Trimmable,
): string[] {
  if (window === undefined) return [text];
  for (let n = 1; n <= MAX_BIBLE_PIECES; n++) {
    const pieces = n === 1 ? [text] : cutInPieces(text, n);
    const fits = pieces.every((piece) => {
      const request = render(piece);
      return fitsWindow(trimToWindow(request, window, trimmable), request.maxTokens, window);
    });
    if (fits) return pieces;
  }
  throw contextTooLong(window);
}
