// The audio edition's spoken opening and closing credits, in the book's language (languages/<code>/audio-credits.yaml):
// its title and author, and that a synthetic voice reads it (the offline demo voice said to be one), as the stores
// that take AI-narrated audiobooks ask it disclosed.
import { catalogue, sayer, type Lang } from '../../languages/index.js';
import type { VoiceCredit } from '../../providers/speech-voice.js';

const WORDS = catalogue('audio-credits', [
  'openingTitle',
  'closingTitle',
  'opening',
  'closing',
  'byline',
  'voiceDemo',
  'voiceServer',
  'partTitle',
]);
const say = sayer(WORDS);

export interface Credit {
  /** Its chapter mark's title ("Opening credits"). */
  readonly title: string;
  /** What is read aloud. */
  readonly text: string;
}

/** The opening and closing credits of a book read by `voice`. */
export function creditsOf(
  book: { title: string; author: string; lang: Lang },
  voice: VoiceCredit,
): { opening: Credit; closing: Credit } {
  const { lang } = book;
  const vars = {
    title: book.title.replace(/[.!?]+$/, ''),
    byline: book.author.trim() ? say('byline', lang, { author: book.author.trim() }) : '',
    voice:
      voice.kind === 'demo'
        ? say('voiceDemo', lang)
        : say('voiceServer', lang, { voice: voice.voice, name: voice.name }),
  };
  return {
    opening: { title: say('openingTitle', lang), text: say('opening', lang, vars) },
    closing: { title: say('closingTitle', lang), text: say('closing', lang, vars) },
  };
}

/** The title of one file of a part read into several (a chapter over the length a file may have): its M4B mark's. */
export const partTitle = (title: string, n: number, count: number, lang: Lang): string =>
  say('partTitle', lang, { title, n: String(n), count: String(count) });
