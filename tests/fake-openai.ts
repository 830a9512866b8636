// A small OpenAI-compatible HTTP server (node:http) for tests and benchmarks: records every request,
// answers chat completions (plain or streamed), image generations and image downloads, and can be
// scripted to fail, hang, add latency, or enforce a request-rate limit. The provider's 1-token
// initialisation test calls (max_tokens 1, not streamed) are "probes": they answer "OK" from their own
// script (scriptProbes), do not advance the answer index, and never consume scripted chat replies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  bulletsAndTable,
  chapterTitles,
  cutRecipe,
  filteredPart,
  onOneLine,
  RECIPE,
  renamed,
  SHORT_RECIPE,
  withAiParagraph,
  type WrongKind,
} from './wrong-kind.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | undefined;
  at: number;
  /** The query string, e.g. "?api-version=2024-10-21" ("" when none). */
  search?: string;
  /** When the client sent it (its `x-sent-at` header, `stampSent`), if stamped. */
  sentAt?: number;
  /** When the answer was fully written (chat requests answered 2xx only); unset while in flight or after a failure. */
  answeredAt?: number;
  /**
   * Chat requests with `contextTokens` set: the prompt's tokens as the fake counts them (o200k, with 4 a message and 3
   * of framing).
   */
  promptTokens?: number;
  /**
   * The total_tokens the answer's usage reported (a whole answer, or a stream asked with include_usage); unset when
   * none was sent.
   */
  totalTokens?: number;
}

/**
 * One scripted answer: a status with a JSON body, a hang (never answers), a hold (answers once the test settles
 * `until`: with the reply it resolves to, or the default answer for undefined), or a text to return.
 */
export type ScriptedReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hang: true }
  | { until: Promise<ScriptedReply | undefined> }
  | { text: string; finishReason?: 'stop' | 'length' | 'content_filter' }
  | { dropConnection: true };

export interface FakeOpenAIOptions {
  /** Latency added before every chat answer, in ms. */
  latencyMs?: number;
  /** Enforced limit: more than this many chat requests in any 60 s window (or `rateWindowMs`) get 429. */
  requestsPerMinute?: number;
  /** The sliding window `requestsPerMinute` counts over, in ms (default 60 000); short windows keep rate tests fast. */
  rateWindowMs?: number;
  /**
   * Count each chat request in the rate window at the moment its client sent it (its `x-sent-at` header, stamped by
   * the test's fetch: `stampSent`), not at its arrival: a test of the client's pacing then measures what the client
   * sent, not also the delay a busy machine puts between the send and this server's clock.
   */
  countAtSend?: boolean;
  /**
   * Decide a reply per chat request from its body (e.g. fail one book's calls); undefined falls through to the
   * defaults.
   */
  reply?: (body: Record<string, unknown>, index: number) => ScriptedReply | undefined;
  /** Why a default answer ended: `length` cuts it as a model does at max_tokens (default `stop`). */
  finishReason?: (body: Record<string, unknown>, index: number) => 'stop' | 'length' | 'content_filter' | undefined;
  /**
   * Pause between streamed words, in ms (a slow stream; read before each word, so a change reaches a stream already
   * going); per request when a function of its body.
   */
  streamDelayMs?: number | ((body: Record<string, unknown>) => number);
  /** Text of a default answer; receives the request body. */
  answer?: (body: Record<string, unknown>, index: number) => string;
  /**
   * A model that writes this share of every ask: the default answer to a request that asks for words (the
   * last "Write about N (more) words" / "Tulis kira-kira N patah perkataan (lagi)" / "Tulis sekitar N kata (lagi)")
   * is exactly round(ratio × N) words of prose in the request's language (requestLanguageOf: Indonesian's is
   * INDONESIAN_SENTENCES), ending with a full stop; an introduction that asks for a character list
   * ("Character Details:" / "Butiran Watak:" / the Indonesian heading) gets it under the heading asked. Requests that
   * ask for no words
   * keep the usual default. `answer` and scripted replies take precedence.
   */
  writeRatio?: number | ((body: Record<string, unknown>, index: number) => number);
  /**
   * The sentences `writeRatio`'s prose is made of, per language (default PROSE_SENTENCES): a model with another
   * voice, e.g. a novel's long sentences. Each answer starts at its own place in the list and takes them as they
   * are (no woven words: give enough sentences that an answer never comes round to its first one).
   */
  sentences?: ProseSentences;
  /**
   * Answer as a model capped at max_tokens does: an answer longer than the request's max_tokens (counted
   * with gpt-tokenizer's o200k encoding) is cut there and sent with finish_reason "length" (plain or streamed).
   */
  honourMaxTokens?: boolean;
  /**
   * A server with this context window, as llama.cpp runs one: a chat request whose prompt tokens (see
   * RecordedRequest.promptTokens) + max_tokens exceed it gets llama.cpp's HTTP 400 exceed_context_size_error.
   */
  contextTokens?: number;
  /** Answer llama.cpp's GET /props with `contextTokens` as its n_ctx (else /props is a 404, as on other servers). */
  props?: boolean;
  /** The port to listen on (default: any free one), for a server that comes up where a client already looks. */
  port?: number;
  /**
   * Habits of real local models, opt-in, on every generated answer (withHabits): `chatter` wraps it in a
   * preamble ("Sure! Here's Chapter 1 of your story:" / "Tentu! Berikut ialah Bab 1…"), a rule, a part
   * heading, a closing rule and a sign-off; `think` starts it with a <think> block; `loop` writes one
   * 80-word passage over and over to reach the words asked.
   */
  habits?: ReadonlyArray<Habit>;
  /**
   * Chapter 2 answered with the wrong kind of text, one way (tests/wrong-kind.ts): its first ask only, or every
   * ask of it (`renamed`, `wall`, `content-filter`, the last with finish_reason "content_filter"), the other parts as
   * usual.
   */
  wrongKind?: WrongKind;
  /** A chat-only server, as most local ones (Ollama, LM Studio, vLLM): every image request answers 404. */
  noImages?: boolean;
  /**
   * A connection that drops mid-answer, for the requests it names (a proxy or a server that dies while it sends):
   * `declared` sends a plain answer's headers with its whole Content-Length, half its JSON, then destroys the
   * socket (a streamed answer: 60 % of its text as events, then the socket destroyed); `unframed` sends a plain
   * answer with no length (Connection: close), half its JSON, then ends, so the body ends cleanly on cut JSON.
   */
  cutBody?: (body: Record<string, unknown>, index: number) => CutBody | undefined;
  /**
   * A model that fails the story-bible update of a long text, as real ones do when a long chapter is read at
   * once (the input crowds out the answer): a bible request whose part (bibleRequestPart) this says yes to is
   * answered with nothing (GARBLED_BIBLE), e.g. `(part) => countWords(part) > 400`.
   */
  garblesBible?: (part: string) => boolean;
}

/** What a model failing a story-bible update answers (garblesBible): nothing at all. */
export const GARBLED_BIBLE = '';

/**
 * The part a story-bible update request sends to be read (templates/memory.hbs: after its label, up to the answer's
 * shape).
 */
export function bibleRequestPart(body: Record<string, unknown>): string {
  const user = userMessageOf(body);
  const match =
    // One regex, built from its two halves: the part's heading, then the part up to the answer line.
    new RegExp(
      /(?:The part just written|Bahagian yang baru ditulis|Bagian yang baru ditulis) \([^)]*\):\n/.source +
        /([\s\S]*?)\n\n(?:Answer in|Jawab dalam|Jawablah dalam)/.source,
    ).exec(user);
  return match ? match[1]!.trim() : '';
}

/** How FakeOpenAIOptions.cutBody cuts an answer. */
export type CutBody = 'declared' | 'unframed';

/**
 * Habits of real models (FakeOpenAIOptions.habits). `chatter`, `think`, `loop`: see above. Answers that are not
 * the text asked for: `refuse` (every answer declines, "I'm sorry, but I can't help with that request." /
 * "Maaf, saya tidak dapat…"), `refuse-bible` (only story-bible updates decline), `echo` (the request sent back
 * before the answer), `fence` (the answer in a ```markdown fence), `chinese` (the answer in Chinese),
 * `open-think` (a reasoning block never closed, then the answer), `think-only` (a reasoning block and no answer),
 * `html` (an HTML error page with status 200). Transport and shape: `broken` (a stream that stops at 60 % of
 * its text, mid-word, with no finish reason and no [DONE]), `json-outline` (the outline as JSON),
 * `outline-1224` (outline entries numbered 1, 2, 2, 4).
 */
export type Habit =
  | 'chatter'
  | 'think'
  | 'loop'
  | 'refuse'
  | 'refuse-bible'
  | 'echo'
  | 'fence'
  | 'chinese'
  | 'open-think'
  | 'think-only'
  | 'html'
  | 'broken'
  | 'json-outline'
  | 'outline-1224';

/** The refusal a model that declines writes, in the request's language. */
export const REFUSAL_TEXT = {
  en: "I'm sorry, but I can't help with that request.",
  ms: 'Maaf, saya tidak dapat membantu dengan permintaan itu.',
  id: 'Maaf, saya tidak bisa membantu dengan permintaan itu.',
} as const;
/** Chinese prose, as a model that drifts into Chinese writes it. */
const CHINESE =
  '雨一直下着，港口的灯一盏一盏亮了起来。她把信折了两次，放进外套的口袋里。他在旧书店门口等着，假装在看门上的告示。';

/** True for a request that updates the story bible (templates/memory.hbs). */
export function isBibleRequest(body: Record<string, unknown>): boolean {
  return /Update the story bible|Kemas kini catatan cerita|Perbarui catatan cerita/.test(userMessageOf(body));
}

/** True for a request for a book's outline (the outline templates), not its follow-ups. */
export function isOutlineRequest(body: Record<string, unknown>): boolean {
  const outline = new RegExp(
    /Create a detailed (?:story|guide) outline|Hasilkan rangka (?:cerita|panduan)/.source +
      /|Buat kerangka (?:cerita yang )?terperinci/.source,
  );
  return outline.test(userMessageOf(body));
}

/** The number of chapters an outline request asks for ("of 3 chapters" / "sebanyak 3 bab" / "terdiri atas 3 bab"). */
function outlineChapters(body: Record<string, unknown>): number {
  const m = /of (\d+) chapters|sebanyak (\d+) bab|terdiri atas (\d+) bab/.exec(userMessageOf(body));
  return m ? Number(m[1] ?? m[2] ?? m[3]) : 3;
}

export interface FakeOpenAI {
  url: string;
  /** Port the server listens on (127.0.0.1). */
  port: number;
  /** Base URL for the SDK: `${url}/v1`. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Requests to /v1/chat/completions only (generations and probes). */
  chatRequests(): RecordedRequest[];
  /** Chat requests that are generations (not 1-token initialisation probes). */
  generationRequests(): RecordedRequest[];
  /** The 1-token initialisation test calls (max_tokens 1, not streamed). */
  probeRequests(): RecordedRequest[];
  /** Requests to the image-generation endpoint. */
  imageRequests(): RecordedRequest[];
  /** Queue replies for the next probes (consumed in order, then they answer 200 "OK" again). */
  scriptProbes(...replies: ScriptedReply[]): void;
  /** Chat requests whose client went away before the answer was sent (aborted or timed out). */
  abandoned(): number;
  /** Resolves once `n` chat requests (generations and probes) have been received in all. */
  waitForChatRequests(n: number): Promise<void>;
  /** Queue replies for the next chat requests (consumed in order, then defaults resume). */
  script(...replies: ScriptedReply[]): void;
  /** Queue replies for the next image requests. */
  scriptImages(...replies: ScriptedReply[]): void;
  /** Highest number of chat requests in flight at once. */
  maxInFlight(): number;
  /**
   * Answer Chapter 2 with the wrong kind of text from now on (FakeOpenAIOptions.wrongKind), counting its asks afresh;
   * undefined: as usual.
   */
  setWrongKind(kind: WrongKind | undefined): void;
  /** Number of chat requests refused by the rate limit. */
  rateLimited(): number;
  close(): Promise<void>;
}

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The words a request asks for: the last "Write about N (more) words" / "Tulis kira-kira N patah perkataan (lagi)" /
 * "Tulis sekitar N kata (lagi)" of its user message (a thousands' dot read as Indonesian writes it); 0 when it asks for
 * none.
 */
export function askedWordsOf(body: Record<string, unknown>): number {
  const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
  const user = messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  const last = [
    ...user.matchAll(
      /Write about ([\d,]+) (?:more )?words|Tulis kira-kira ([\d,]+) patah perkataan|Tulis sekitar (\d[\d.]*) kata\b/g,
    ),
  ].at(-1);
  const asked = last ? Number((last[1] ?? last[2] ?? last[3])!.replace(/[,.]/g, '')) : 0;
  // A continuation of an answer cut at max_tokens (templates/continue.hbs) writes what is left, as a model
  // does: the words it asks for after the cut ending, or else the words asked less about what the cut answer
  // held (0.7 words a token of its max_tokens).
  const cutNote = new RegExp(
    /previous answer was cut off by the length limit|Jawapan anda yang sebelumnya terpotong/.source +
      /|Jawaban Anda sebelumnya terpotong/.source,
  ).exec(user);
  if (asked > 0 && cutNote && last!.index < cutNote.index) {
    return Math.max(50, asked - Math.floor(0.7 * Number(body.max_tokens ?? 0)));
  }
  return asked;
}

const FILL_EN = 'The rain kept falling over the harbour while the lights of the town came on one by one.';
const FILL_MS = 'Hujan terus turun di pelabuhan ketika lampu-lampu pekan menyala satu demi satu.';
const FILL_ID = 'Hujan terus turun di pelabuhan ketika lampu-lampu kota menyala satu per satu.';

/**
 * The default answer: "Fake answer N." with a character list, as a model that follows the request writes it:
 * as many words as the request asks for (in the request's language), so a part is never extended for being short.
 */
function defaultAnswer(body: Record<string, unknown>, index: number): string {
  const head = `Fake answer ${index + 1}. Character Details:\n- Aisha: the lead\n\n`;
  const asked = askedWordsOf(body);
  const filler = { en: FILL_EN, ms: FILL_MS, id: FILL_ID }[requestLanguageOf(body)].split(' ');
  const words: string[] = [];
  for (let i = 0; words.length < asked - 6; i++) words.push(filler[i % filler.length]!);
  return `${head}${words.length ? `${words.join(' ')}\n\n` : ''}The end.`;
}

/**
 * A scripted answer made as long as the request asks (its last paragraph repeated, so its language stays
 * the same): for tests about something other than length, where a short answer would be extended.
 */
export function fullLength(
  answer: (body: Record<string, unknown>, index: number) => string,
): (body: Record<string, unknown>, index: number) => string {
  return (body, index) => {
    const text = answer(body, index);
    const asked = askedWordsOf(body);
    const count = (t: string) => t.split(/\s+/).filter(Boolean).length;
    if (!asked || count(text) >= asked) return text;
    const last = text
      .trim()
      .split(/\n\s*\n/)
      .at(-1)!
      .trim();
    const parts = [text.trim()];
    let words = count(text);
    // Each copy with its own woven words (weave): a padded answer, not a looping one (engine/session/repeat.ts).
    for (let copy = 1; words < asked && count(last) > 0; copy++) {
      const woven = weave(last, (index + 1) * 1000 + copy);
      parts.push(woven);
      words += count(woven);
    }
    return parts.join('\n\n');
  };
}

/** The user message of a request (all user messages, joined). */
export function userMessageOf(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
  return messages
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
}

/** True when the request is for a Malay book (its messages name "Bahasa Malaysia"). */
export function isMalayRequest(body: Record<string, unknown>): boolean {
  const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
  return messages.some((m) => /Bahasa Malaysia/.test(m.content));
}

/**
 * The language a request asks to be written in, as a model reads its prompt: Malay when a message names
 * "Bahasa Malaysia", Indonesian when one names "Bahasa Indonesia" or asks "Tulis sekitar N kata" (Indonesian
 * prompts name Malaysian Malay only as "bahasa Melayu Malaysia"), English otherwise.
 */
export function requestLanguageOf(body: Record<string, unknown>): 'en' | 'ms' | 'id' {
  if (isMalayRequest(body)) return 'ms';
  const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
  return messages.some((m) => /Bahasa Indonesia|Tulis sekitar [\d.]+ kata/.test(m.content)) ? 'id' : 'en';
}

/** Sentences of plausible prose a scripted model writes (one story: a harbour town, a shop, two people). */
export const PROSE_SENTENCES: Readonly<Record<'en' | 'ms', readonly string[]>> = {
  en: [
    'The rain kept falling over the harbour while the lights of the town came on one by one.',
    'Aisha folded the letter twice and slipped it into the pocket of her coat.',
    'Daniel waited by the old bookshop, pretending to read the notices on the door.',
    'Neither of them spoke for a while, and the silence felt warmer than any apology.',
    'She remembered the summer they had painted the boat blue and laughed until the sun went down.',
    'He asked whether she still took her tea without sugar, and she smiled because he had not forgotten.',
    'The market smelled of grilled fish, wet stone and the jasmine that grew along the wall.',
    'Her grandmother had always said that a promise made near the sea could never be broken.',
    'A gull cried somewhere above the pier as the ferry sounded its horn.',
    'Daniel admitted that he had come back to town for the restaurant, and not for her.',
    'Aisha did not believe him, but she let the lie rest between them like a small stone.',
    'They walked past the shuttered cinema where they had once shared a bag of roasted peanuts.',
    'The wind pulled at her scarf, and he reached out to catch it before it flew away.',
    'For a moment their hands touched, and she forgot what she had meant to say.',
    'In the kitchen of the guesthouse, her aunt was already asking questions she could not answer.',
    'She counted the money in the till for the third time, but the sum was still too small.',
    'She knew that if the shop closed, the last thing her father had built would be gone.',
    'Daniel offered to help with the accounts, and she refused before he had finished the sentence.',
    'Later she regretted it, sitting alone on the steps with a cup of cold coffee.',
    'The tide came in slowly, covering the rocks where they used to search for crabs.',
    'Somewhere a radio played an old song about leaving home, and she turned it off.',
    'By morning the storm had passed, leaving the streets washed and bright.',
    'He was standing at the door with two loaves of bread and an expression she could not read.',
    'She let him in, telling herself it was only because the bread was still warm.',
  ],
  ms: [
    'Hujan terus turun di pelabuhan ketika lampu-lampu pekan menyala satu demi satu.',
    'Aisyah melipat surat itu dua kali dan menyimpannya di dalam poket kotnya.',
    'Daniel menunggu di hadapan kedai buku lama sambil berpura-pura membaca notis di pintu.',
    'Mereka tidak bercakap untuk seketika, dan kesunyian itu terasa lebih hangat daripada sebarang permohonan maaf.',
    'Dia teringat musim cuti sekolah ketika mereka mengecat bot ' +
      'itu dengan warna biru dan ketawa sehingga matahari terbenam.',
    'Lelaki itu bertanya sama ada dia masih minum teh tanpa gula, dan Aisyah tersenyum kerana dia belum lupa.',
    'Pasar itu berbau ikan bakar, batu yang basah dan bunga melur yang tumbuh di sepanjang tembok.',
    'Neneknya selalu berkata bahawa janji yang dibuat di tepi laut tidak akan dapat dimungkiri.',
    'Seekor burung camar berbunyi di atas jeti ketika feri membunyikan honnya.',
    'Daniel mengaku bahawa dia pulang ke pekan itu kerana restoran, bukan kerana Aisyah.',
    'Aisyah tidak mempercayainya, tetapi dia membiarkan dusta ' +
      'itu terletak di antara mereka seperti sebutir batu kecil.',
    'Mereka berjalan melepasi panggung wayang lama tempat mereka pernah berkongsi sebungkus kacang rebus.',
    'Angin menarik selendangnya, dan Daniel menghulurkan tangan untuk menangkapnya sebelum ia terbang.',
    'Untuk seketika tangan mereka bersentuhan, dan dia terlupa apa yang mahu dikatakannya.',
    'Di dapur rumah tumpangan, ibu saudaranya sudah bertanya soalan yang tidak dapat dijawabnya.',
    'Dia mengira wang di dalam laci kaunter buat kali ketiga, tetapi jumlahnya tetap tidak mencukupi.',
    'Dia tahu bahawa jika kedai itu ditutup, hasil terakhir usaha ayahnya akan hilang begitu sahaja.',
    'Daniel menawarkan diri untuk membantu menguruskan akaun, tetapi Aisyah menolak sebelum dia habis bercakap.',
    'Kemudian dia menyesal, duduk seorang diri di tangga dengan secawan kopi yang sudah sejuk.',
    'Air pasang naik perlahan-lahan dan menenggelamkan batu-batu tempat mereka dahulu mencari ketam.',
    'Di suatu tempat sebuah radio memainkan lagu lama tentang meninggalkan kampung halaman, lalu dia mematikannya.',
    'Menjelang pagi ribut itu telah berlalu, dan jalan-jalan kelihatan bersih serta terang.',
    'Lelaki itu berdiri di muka pintu dengan dua buku roti dan wajah yang sukar ditafsirkan.',
    'Aisyah membenarkannya masuk sambil memberitahu dirinya bahawa roti itu masih panas, itu sahaja.',
  ],
};

/**
 * Words a scripted model weaves into its sentences after their first pass (the pass's own word after every
 * three words: passWord), so its prose never repeats an 8-word run (engine/session/repeat.ts) the
 * way a looping model does; Malay ones for Malay and Indonesian sentences.
 */
const VARIANT_WORDS = {
  en: (
    'quietly slowly still softly gently later once somehow truly simply ' +
    'nearly almost perhaps clearly surely rarely barely briefly finally calmly'
  ).split(' '),
  ms: (
    'perlahan lagi masih lembut kemudian sekali entah benar sekadar hampir ' +
    'mungkin jelas pasti jarang hanya akhirnya segera tenang diam semula'
  ).split(' '),
};
const VARIANTS = new Set([...VARIANT_WORDS.en, ...VARIANT_WORDS.ms]);

/** The word of a pass: the pass number written in VARIANT_WORDS as digits, joined by hyphens ("later-once"). */
function passWord(pass: number, variants: readonly string[]): string {
  const digits: string[] = [];
  for (let n = pass; n > 0; n = Math.floor(n / variants.length)) digits.push(variants[n % variants.length]!);
  return digits.join('-');
}

/** A passage with the pass's word woven in after every three words (writeProse, fullLength). */
function weave(text: string, pass: number): string {
  const variants = / yang | dan /.test(text) ? VARIANT_WORDS.ms : VARIANT_WORDS.en;
  const woven = passWord(pass, variants);
  return text
    .split(' ')
    .flatMap((w, j) => (j > 0 && j % 3 === 0 ? [woven, w] : [w]))
    .join(' ');
}

/** Prose of writeProse without the woven words (to find where a sentence ended). */
export function withoutVariants(text: string): string {
  return text
    .split(' ')
    .filter((w) => !w.split('-').every((part) => VARIANTS.has(part)))
    .join(' ');
}

/**
 * Exactly `words` words of prose from `sentences` (one after another from sentence `start`, in paragraphs
 * of about 120 words), the last sentence cut to fit and ending with a full stop; '' for 0 words. Each pass
 * over the sentences after the first weaves in its own words (VARIANT_WORDS): a start far from another
 * answer's (1,008 sentences on) writes prose no answer of it repeats.
 * @example writeProse(5, PROSE_SENTENCES.en) // 'The rain kept falling over.'
 */
export function writeProse(words: number, sentences: readonly string[], start = 0): string {
  if (words <= 0 || !sentences.length) return '';
  let out = '';
  let count = 0;
  let inParagraph = 0;
  for (let i = start; count < words; i++) {
    const pass = Math.floor(i / sentences.length);
    const split = splitSentence(sentences[((i % sentences.length) + sentences.length) % sentences.length]!);
    // Whole sentences (all but an answer's last) are joined at once; only the cut one is made word by word.
    const whole = pass <= 0 ? split.words.length : split.words.length + split.threes.length - 1;
    let sentence: string;
    if (count + whole <= words) {
      sentence = pass <= 0 ? split.plain : split.threes.join(` ${passWord(pass, split.variants)} `);
      count += whole;
    } else {
      const take = (pass <= 0 ? split.plain : weave(split.plain, pass)).split(' ').slice(0, words - count);
      take[take.length - 1] = `${take[take.length - 1]!.replace(/[,;:.!?]+$/, '')}.`;
      sentence = take.join(' ');
      count += take.length;
    }
    if (inParagraph >= 120) {
      out += '\n\n';
      inParagraph = 0;
    } else if (out) out += ' ';
    out += sentence;
    inParagraph += whole;
  }
  return out;
}

/**
 * A sentence as writeProse weaves it (its words, in threes, and its language's VARIANT_WORDS), read once per sentence.
 */
interface SplitSentence {
  plain: string;
  words: string[];
  threes: string[];
  variants: readonly string[];
}
const splitSentences = new Map<string, SplitSentence>();

/** The fake writes thousands of answers in a benchmark: each sentence is split once, not once per use. */
function splitSentence(plain: string): SplitSentence {
  let split = splitSentences.get(plain);
  if (!split) {
    const words = plain.split(' ');
    const threes = Array.from({ length: Math.ceil(words.length / 3) }, (_, k) =>
      words.slice(3 * k, 3 * k + 3).join(' '),
    );
    splitSentences.set(
      plain,
      (split = { plain, words, threes, variants: / yang | dan /.test(plain) ? VARIANT_WORDS.ms : VARIANT_WORDS.en }),
    );
  }
  return split;
}

/**
 * text.split(/\s+/).length without making the pieces (an answer's usage, counted for every answer: splitting a
 * 1,500-word answer was the fake's largest cost in a benchmark of novels): the runs of /\s/ characters, plus one.
 */
function piecesBetweenSpaces(text: string): number {
  let n = 1;
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isSpace =
      code <= 0x20 ? code === 0x20 || (code >= 0x09 && code <= 0x0d) : code >= 0xa0 && /\s/.test(text[i]!);
    if (isSpace && !inSpace) n++;
    inSpace = isSpace;
  }
  return n;
}

/**
 * A scripted model's sentences per language (FakeOpenAIOptions.sentences): Indonesian's, when not given,
 * INDONESIAN_SENTENCES.
 */
export type ProseSentences = Readonly<Record<'en' | 'ms', readonly string[]>> & { readonly id?: readonly string[] };

/**
 * A streamed answer without a pause (streamDelayMs) sends its first STREAM_OPENING_WORDS words one an event, as a
 * model sends its tokens, and the rest STREAM_WORDS_PER_EVENT to an event, as a provider that batches its tokens does:
 * every event costs the provider client, the engine and the server's stream a parse and a write each, and a word
 * an event was the largest share of the CPU of tests that write chapters (thousands of events a book).
 */
const STREAM_OPENING_WORDS = 32;
const STREAM_WORDS_PER_EVENT = 40;

/** Sentences apart that two answers of a scripted model start (42 passes of 24): none repeats another. */
export const PROSE_BLOCK = 1008;

/**
 * The character list an introduction is asked to end with ("Character Details:" / "Butiran Watak:" / "Detail Tokoh:"),
 * under the heading the request asks for when given.
 */
export function characterDetailsBlock(lang: 'en' | 'ms' | 'id', heading?: string): string {
  const lists = {
    en:
      'Character Details:\n- Aisha Rahman: bookshop owner, 29, calm but stubborn, wants to save her ' +
      "father's shop\n- Daniel Lee: chef, 31, warm and secretive, back in town to open a restaurant",
    ms:
      'Butiran Watak:\n- Aisyah Rahman: pemilik kedai buku, 29 tahun, tenang tetapi degil, mahu menyelamatkan ' +
      'kedai ayahnya\n- Daniel Lee: tukang masak, 31 tahun, ramah dan berahsia, pulang untuk membuka restoran',
    id:
      'Detail Tokoh:\n- Aisyah Rahman: pemilik toko buku, 29 tahun, tenang ' +
      'tetapi keras kepala, mau menyelamatkan toko ayahnya\n- Daniel Lee: juru ' +
      'masak, 31 tahun, ramah dan penuh rahasia, pulang untuk membuka restoran',
  };
  const list = lists[lang];
  return heading ? `${heading}${list.slice(list.indexOf('\n'))}` : list;
}

/**
 * The heading a request asks an introduction's character list to come under (quoted in the prompt), if it asks for one.
 */
export function askedCharacterHeading(body: Record<string, unknown>): string | undefined {
  return /"(Character Details:|Butiran Watak:|Detail Tokoh:|Rincian Tokoh:)"/.exec(userMessageOf(body))?.[1];
}

/** True when a request asks for the character list an introduction ends with. */
export function asksCharacterDetails(body: Record<string, unknown>): boolean {
  return askedCharacterHeading(body) !== undefined;
}

/** The answer of `writeRatio`: round(ratio × the words asked) words of prose (and the character list when asked). */
function ratioAnswer(
  body: Record<string, unknown>,
  index: number,
  ratio: number,
  sentences: ProseSentences = PROSE_SENTENCES,
): string {
  const lang = requestLanguageOf(body);
  const own = sentences !== PROSE_SENTENCES && (lang !== 'id' || sentences.id !== undefined);
  const list = proseOf(sentences, lang);
  const at = (index * 37) % list.length;
  const text = own
    ? writeProse(Math.round(ratio * askedWordsOf(body)), [...list.slice(at), ...list.slice(0, at)])
    : writeProse(Math.round(ratio * askedWordsOf(body)), list, index * PROSE_BLOCK);
  const heading = askedCharacterHeading(body);
  return heading ? `${text}\n\n${characterDetailsBlock(lang, heading)}\n` : text;
}

/** A language's sentences of `sentences` (Indonesian's: INDONESIAN_SENTENCES when not given). */
function proseOf(sentences: ProseSentences, lang: 'en' | 'ms' | 'id'): readonly string[] {
  return lang === 'id' ? (sentences.id ?? INDONESIAN_SENTENCES) : sentences[lang];
}

/** The words of the habits' outlines and headings, per language of the request. */
const OUTLINE_WORDS = {
  en: {
    titleLabel: 'Title',
    title: 'Harbour Lights',
    chapter: 'Chapter',
    storm: 'Storm',
    premise: "Aisha must save her father's bookshop.",
    owner: 'bookshop owner',
    chef: 'chef',
    trial: (n: string) => `Aisha faces ${n ? `trial${n}` : 'a trial'} at the harbour.`,
    ending: 'The shop is saved.',
  },
  ms: {
    titleLabel: 'Tajuk',
    title: 'Lampu Pelabuhan',
    chapter: 'Bab',
    storm: 'Ribut',
    premise: 'Aisyah mesti menyelamatkan kedai buku ayahnya.',
    owner: 'pemilik kedai buku',
    chef: 'tukang masak',
    trial: (n: string) => `Aisyah menghadapi cabaran${n} di pelabuhan.`,
    ending: 'Kedai itu diselamatkan.',
  },
  id: {
    titleLabel: 'Judul',
    title: 'Lampu Pelabuhan',
    chapter: 'Bab',
    storm: 'Badai',
    premise: 'Aisyah harus menyelamatkan toko buku ayahnya.',
    owner: 'pemilik toko buku',
    chef: 'juru masak',
    trial: (n: string) => `Aisyah menghadapi ujian${n} di pelabuhan.`,
    ending: 'Toko itu terselamatkan.',
  },
} as const;

/** Words of a model's reasoning before its answer (`think`): never part of the book. */
export const THINK_WORDS =
  'Okay, the user wants the next part. I should keep the heroine ' +
  'consistent, plan three scenes and aim for the length asked.';

/** An answer as a model with these habits writes it (FakeOpenAIOptions.habits). */
function withHabits(text: string, body: Record<string, unknown>, habits: ReadonlyArray<Habit>): string {
  const lang = requestLanguageOf(body);
  const o = OUTLINE_WORDS[lang];
  const asked = askedWordsOf(body);
  if (habits.includes('refuse') || (habits.includes('refuse-bible') && isBibleRequest(body))) return REFUSAL_TEXT[lang];
  if (habits.includes('think-only'))
    return (
      `<think>\n${THINK_WORDS}\n\nI need to think about this some ` +
      `more before I write anything, so let me plan the scenes again.`
    );
  let out = text;
  if (habits.includes('json-outline') && isOutlineRequest(body)) {
    const n = outlineChapters(body);
    out = JSON.stringify(
      {
        title: o.title,
        premise: o.premise,
        characters: [
          { name: 'Aisha Rahman', role: o.owner },
          { name: 'Daniel Lee', role: o.chef },
        ],
        chapters: Array.from({ length: n }, (_, i) => ({
          chapter: i + 1,
          title: `${o.storm} ${i + 1}`,
          summary: o.trial(` ${i + 1}`),
        })),
        ending: o.ending,
      },
      null,
      2,
    );
  }
  if (habits.includes('outline-1224') && isOutlineRequest(body)) {
    out = [
      `${o.titleLabel}: ${o.title}`,
      ...[1, 2, 2, 4].map((n, i) => `${o.chapter} ${n}: ${o.storm} ${'ABCD'[i]}\n${o.trial('')}`),
    ].join('\n\n');
  }
  if (habits.includes('chinese') && !isBibleRequest(body)) {
    out = Array.from({ length: Math.max(2, Math.ceil(asked / 40)) }, () => CHINESE).join('\n\n');
  }
  if (habits.includes('loop') && asked > 0) {
    const passage = writeProse(80, proseOf(PROSE_SENTENCES, lang));
    out = Array.from({ length: Math.max(1, Math.ceil(asked / 80)) }, () => passage).join('\n\n');
  }
  if (habits.includes('chatter')) {
    const chapter = /Write Chapter (\d+)|Tulis Bab (\d+)/.exec(userMessageOf(body))?.slice(1).find(Boolean);
    const heading = chapter ? `# ${o.chapter} ${chapter}: ${o.title}\n\n` : '';
    out =
      lang === 'id'
        ? `Tentu! Berikut adalah ${chapter ? `Bab ${chapter}` : 'bagian berikutnya'} ` +
          `dari cerita Anda:\n\n---\n\n${heading}${out}\n\n---\n\nSemoga Anda ` +
          `menikmati bab ini! Beri tahu saya jika Anda ingin ada perubahan.`
        : lang === 'ms'
          ? `Tentu! Berikut ialah ${chapter ? `Bab ${chapter}` : 'bahagian seterusnya'} ` +
            `cerita anda:\n\n---\n\n${heading}${out}\n\n---\n\nSemoga anda menikmati ` +
            `bab ini! Beritahu saya jika anda mahu sebarang perubahan.`
          : `Sure! Here's ${chapter ? `Chapter ${chapter}` : 'the next part'} of your story:\n\n---\n` +
            `\n${heading}${out}\n\n---\n\nI hope you enjoyed this chapter! Let me know if you'd like any changes.`;
  }
  if (habits.includes('think')) out = `<think>\n${THINK_WORDS}\n</think>\n\n${out}`;
  if (habits.includes('open-think')) out = `<think>\n${THINK_WORDS}\n\n${out}`;
  if (habits.includes('fence')) out = `\`\`\`markdown\n${out}\n\`\`\``;
  if (habits.includes('echo')) {
    const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
    out = `${messages.map((m) => m.content).join('\n\n')}\n\n${out}`;
  }
  return out;
}

/** An answer cut at `maxTokens` tokens (o200k, as gpt-4o models count), or undefined when it fits. */
async function cutAtTokens(text: string, maxTokens: number): Promise<string | undefined> {
  const { encode, decode } = await import('gpt-tokenizer/encoding/o200k_base');
  const tokens = encode(text);
  return tokens.length > maxTokens ? decode(tokens.slice(0, maxTokens)) : undefined;
}

/**
 * The prompt tokens of a chat request as the fake counts them: o200k tokens of each message, 4 a message, 3 of framing.
 */
export async function promptTokensOfBody(body: Record<string, unknown>): Promise<number> {
  const { encode } = await import('gpt-tokenizer/encoding/o200k_base');
  const messages = (body.messages ?? []) as Array<{ content: string }>;
  return messages.reduce((sum, m) => sum + 4 + encode(String(m.content ?? '')).length, 3);
}

/** llama.cpp's answer to a request over its context window. */
function overContext(promptTokens: number, window: number): ScriptedReply {
  return {
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: promptTokens,
        n_ctx: window,
      },
    },
  };
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const chatQueue: ScriptedReply[] = [];
  const imageQueue: ScriptedReply[] = [];
  const probeQueue: ScriptedReply[] = [];
  const chatWaiters: Array<{ n: number; resolve: () => void }> = [];
  let abandonedCount = 0;
  let chatSeen = 0;
  const sockets = new Set<import('node:net').Socket>();
  const windowStarts: number[] = [];
  const sentWindow = new SentWindow(options.requestsPerMinute ?? 0, options.rateWindowMs ?? 60_000);
  let inFlight = 0;
  let peak = 0;
  let limited = 0;
  let chatCount = 0;
  let origin = '';
  // What `wrongKind` needs: the asks of Chapter 2 so far and Chapter 1's first answer.
  let chapterTwoAsks = 0;
  let chapterOne: string | undefined;
  let wrongKind = options.wrongKind;
  /** The answer to a request as `wrongKind` has it, and its finish reason when that changes. */
  const wrongAnswer = (
    body: Record<string, unknown>,
    text: string,
  ): { text: string; finishReason?: 'content_filter' | 'length' } => {
    const kind = wrongKind;
    if (!kind || isBibleRequest(body)) return { text };
    const chapter = Number(
      /Write Chapter (\d+) of|Tulis Bab (\d+) (?:daripada|dari)/.exec(userMessageOf(body))?.slice(1).find(Boolean) ?? 0,
    );
    if (chapter === 1) chapterOne ??= text;
    if (chapter !== 2) return { text };
    const lang = requestLanguageOf(body);
    const isFirst = ++chapterTwoAsks === 1;
    if (kind === 'renamed') return { text: renamed(text) };
    if (kind === 'wall') return { text: onOneLine(text) };
    if (kind === 'content-filter') return { text: filteredPart(text), finishReason: 'content_filter' };
    if (!isFirst) return { text };
    if (kind === 'ai-paragraph') return { text: withAiParagraph(text, lang) };
    if (kind === 'recipe') return { text: RECIPE[lang] };
    if (kind === 'short-recipe') return { text: SHORT_RECIPE[lang] };
    if (kind === 'cut-recipe') return { text: cutRecipe(lang), finishReason: 'length' };
    if (kind === 'chapter-titles') return { text: chapterTitles(lang) };
    if (kind === 'bullets-table') return { text: bulletsAndTable(lang, proseOf(PROSE_SENTENCES, lang)) };
    return { text: chapterOne ?? text };
  };

  const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const usageOf = (text: string) => {
    const words = piecesBetweenSpaces(text);
    return { prompt_tokens: 10, completion_tokens: words, total_tokens: 10 + words };
  };

  const completion = (body: Record<string, unknown>, text: string, finishReason: string) => ({
    id: `chatcmpl-${chatCount}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: String(body.model ?? 'fake'),
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
    usage: usageOf(text),
  });

  const streamText = async (
    res: http.ServerResponse,
    body: Record<string, unknown>,
    text: string,
    finishReason: string,
  ) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // A stream that breaks off: 60 % of the text, the last word cut in half, then the connection ends.
    if (options.habits?.includes('broken')) {
      const cut = text
        .slice(0, Math.floor(text.length * 0.6))
        .trimEnd()
        .replace(/(\S{2,}?)\S*$/, '$1');
      const base = {
        id: `chatcmpl-${chatCount}`,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: String(body.model ?? 'fake'),
      };
      for (const w of cut.match(/\S+\s*/g) ?? [])
        res.write(
          `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: w }, finish_reason: null }] })}` +
            `\n` +
            `\n`,
        );
      res.end();
      return;
    }
    const words = text.match(/\S+\s*/g) ?? [];
    const base = {
      id: `chatcmpl-${chatCount}`,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: String(body.model ?? 'fake'),
    };
    // Read before each word: a test that sets it back to 0 (after stopping a step) gets the rest at once.
    const delayOf = () =>
      typeof options.streamDelayMs === 'function' ? options.streamDelayMs(body) : options.streamDelayMs;
    for (let i = 0; i < words.length;) {
      const delay = delayOf();
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (res.destroyed) return;
      // A word an event while it pauses and for the opening words; past them, many words an event.
      const n = delay || i < STREAM_OPENING_WORDS ? 1 : STREAM_WORDS_PER_EVENT;
      const w = n === 1 ? words[i]! : words.slice(i, i + n).join('');
      i += n;
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: w }, finish_reason: null }] })}\n\n`,
      );
    }
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] })}\n\n`,
    );
    const opts = body.stream_options as { include_usage?: boolean } | undefined;
    const usage = opts?.include_usage
      ? { prompt_tokens: 10, completion_tokens: words.length, total_tokens: 10 + words.length }
      : undefined;
    if (usage) res.write(`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
    return usage;
  };

  /** An answer whose connection drops mid-way (FakeOpenAIOptions.cutBody). */
  const cutAnswer = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Record<string, unknown>,
    text: string,
    finishReason: string,
    cut: CutBody,
  ) => {
    if (body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const base = {
        id: `chatcmpl-${chatCount}`,
        object: 'chat.completion.chunk',
        created: Math.floor(Date.now() / 1000),
        model: String(body.model ?? 'fake'),
      };
      const part = text.slice(0, Math.floor(text.length * 0.6)).trimEnd();
      for (const w of part.match(/\S+\s*/g) ?? [])
        res.write(
          `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: w }, finish_reason: null }] })}` +
            `\n` +
            `\n`,
        );
      // An SSE comment line, flushed with the events before it: then the connection drops.
      res.write(': cut\n\n', () => req.socket.destroy());
      return;
    }
    const json = Buffer.from(JSON.stringify(completion(body, text, finishReason)));
    const half = json.subarray(0, Math.floor(json.length / 2));
    if (cut === 'unframed') {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end(half);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length) });
    res.write(half, () => req.socket.destroy());
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | undefined;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const search = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
      const sentAt = Number(req.headers['x-sent-at']) || undefined;
      requests.push({
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body,
        at: Date.now(),
        search,
        ...(sentAt ? { sentAt } : {}),
      });

      if (req.method === 'GET' && path === '/props' && options.props && options.contextTokens) {
        return sendJson(res, 200, { default_generation_settings: { n_ctx: options.contextTokens }, total_slots: 1 });
      }
      if (req.method === 'GET' && path.startsWith('/images/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(TINY_PNG);
        return;
      }
      if (req.method === 'POST' && path.endsWith('/images/generations')) {
        const reply = imageQueue.shift();
        if (!reply && options.noImages)
          return sendJson(res, 404, { error: { message: 'Not Found', type: 'invalid_request_error' } });
        if (reply && 'hang' in reply) return;
        if (reply && 'status' in reply) return sendJson(res, reply.status, reply.body ?? {}, reply.headers);
        return sendJson(res, 200, { created: 1, data: [{ url: `${origin}/images/cover.png` }] });
      }
      if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        const b = body ?? {};
        const isProbe = b.max_tokens === 1 && !b.stream;
        const index = isProbe ? -1 : chatCount++;
        chatSeen++;
        for (const w of chatWaiters.filter((x) => chatSeen >= x.n)) {
          chatWaiters.splice(chatWaiters.indexOf(w), 1);
          w.resolve();
        }
        res.on('close', () => {
          if (!res.writableEnded) abandonedCount++;
        });
        const recorded = requests[requests.length - 1]!;
        if (options.requestsPerMinute && options.countAtSend) {
          const wait = sentWindow.add(recorded.sentAt ?? Date.now());
          if (wait !== undefined) {
            limited++;
            return sendJson(
              res,
              429,
              { error: { message: 'Rate limit reached', type: 'rate_limit' } },
              { 'retry-after': (wait / 1000).toFixed(3) },
            );
          }
        } else if (options.requestsPerMinute) {
          const now = Date.now();
          const windowMs = options.rateWindowMs ?? 60_000;
          while (windowStarts.length && now - windowStarts[0]! >= windowMs) windowStarts.shift();
          if (windowStarts.length >= options.requestsPerMinute) {
            limited++;
            const wait = Math.max(0.001, (windowMs - (now - windowStarts[0]!)) / 1000);
            return sendJson(
              res,
              429,
              { error: { message: 'Rate limit reached', type: 'rate_limit' } },
              { 'retry-after': wait.toFixed(3) },
            );
          }
          windowStarts.push(now);
        }
        if (options.contextTokens) recorded.promptTokens = await promptTokensOfBody(b);
        const overflows =
          options.contextTokens && recorded.promptTokens! + Number(b.max_tokens ?? 0) > options.contextTokens;
        let reply = overflows
          ? overContext(recorded.promptTokens!, options.contextTokens!)
          : isProbe
            ? probeQueue.shift()
            : (chatQueue.shift() ?? options.reply?.(b, index));
        // Held until the test lets it go (the request's client may have left meanwhile).
        while (reply && 'until' in reply) reply = await reply.until;
        if (res.destroyed) return;
        if (reply && 'hang' in reply) return;
        if (reply && 'dropConnection' in reply) {
          req.socket.destroy();
          return;
        }
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
          if (reply && 'status' in reply)
            return sendJson(
              res,
              reply.status,
              reply.body ?? { error: { message: `status ${reply.status}` } },
              reply.headers,
            );
          const ratio = typeof options.writeRatio === 'function' ? options.writeRatio(b, index) : options.writeRatio;
          let text =
            reply && 'text' in reply
              ? reply.text
              : isProbe
                ? 'OK'
                : options.answer
                  ? options.answer(b, index)
                  : ratio !== undefined && askedWordsOf(b) > 0
                    ? ratioAnswer(b, index, ratio, options.sentences)
                    : defaultAnswer(b, index);
          if (options.habits && !isProbe && !(reply && 'text' in reply)) text = withHabits(text, b, options.habits);
          if (
            options.garblesBible &&
            !isProbe &&
            !(reply && 'text' in reply) &&
            isBibleRequest(b) &&
            options.garblesBible(bibleRequestPart(b))
          )
            text = GARBLED_BIBLE;
          const wrong = isProbe || (reply && 'text' in reply) ? { text } : wrongAnswer(b, text);
          text = wrong.text;
          let finishReason =
            (reply && 'text' in reply ? reply.finishReason : undefined) ??
            wrong.finishReason ??
            (isProbe ? undefined : options.finishReason?.(b, index)) ??
            'stop';
          const maxTokens = Number(b.max_tokens ?? b.max_completion_tokens);
          if (options.honourMaxTokens && !isProbe && maxTokens > 0) {
            const cut = await cutAtTokens(text, maxTokens);
            if (cut !== undefined) {
              text = cut;
              finishReason = 'length';
            }
          }
          if (options.habits?.includes('html') && !isProbe) {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            res.end(
              '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad ' +
                'Gateway</h1><p>The upstream server is not reachable.</p></body></html>',
            );
            recorded.answeredAt = Date.now();
            return;
          }
          const cut = isProbe ? undefined : options.cutBody?.(b, index);
          if (cut) return cutAnswer(req, res, b, text, finishReason, cut);
          let usage: { total_tokens: number } | undefined;
          if (b.stream) usage = await streamText(res, b, text, finishReason);
          else {
            const answer = completion(b, text, finishReason);
            usage = answer.usage;
            sendJson(res, 200, answer);
          }
          if (usage) recorded.totalTokens = usage.total_tokens;
          recorded.answeredAt = Date.now();
        } finally {
          inFlight--;
        }
        return;
      }
      sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const isChat = (r: RecordedRequest) => r.path.endsWith('/chat/completions');
  const isProbeRequest = (r: RecordedRequest) => isChat(r) && r.body?.max_tokens === 1 && !r.body?.stream;
  return {
    url: origin,
    port,
    baseURL: `${origin}/v1`,
    requests,
    chatRequests: () => requests.filter(isChat),
    generationRequests: () => requests.filter((r) => isChat(r) && !isProbeRequest(r)),
    probeRequests: () => requests.filter(isProbeRequest),
    imageRequests: () => requests.filter((r) => r.path.endsWith('/images/generations')),
    scriptProbes: (...replies) => probeQueue.push(...replies),
    abandoned: () => abandonedCount,
    waitForChatRequests: (n) =>
      chatSeen >= n ? Promise.resolve() : new Promise<void>((resolve) => chatWaiters.push({ n, resolve })),
    script: (...replies) => chatQueue.push(...replies),
    scriptImages: (...replies) => imageQueue.push(...replies),
    maxInFlight: () => peak,
    setWrongKind: (kind) => {
      wrongKind = kind;
      chapterTwoAsks = 0;
      chapterOne = undefined;
    },
    rateLimited: () => limited,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// Run standalone: `tsx tests/fake-openai.ts [port]` prints the base URL (for manual checks).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenAI();
  process.stdout.write(`${fake.baseURL}\n`);
}

/**
 * The story of PROSE_SENTENCES in standard Bahasa Indonesia (karena, bahwa, saja, mau, uang, kantor): what a model
 * writes for an Indonesian book.
 */
export const INDONESIAN_SENTENCES: readonly string[] = [
  'Hujan terus turun di pelabuhan ketika lampu-lampu kota menyala satu per satu.',
  'Aisyah melipat surat itu dua kali lalu menyimpannya di saku jaketnya.',
  'Daniel menunggu di depan toko buku tua sambil pura-pura membaca pengumuman di pintu.',
  'Mereka tidak berbicara untuk beberapa saat, dan keheningan ' +
    'itu terasa lebih hangat daripada permintaan maaf apa pun.',
  'Dia teringat liburan sekolah ketika mereka mengecat perahu ' +
    'itu dengan warna biru dan tertawa sampai matahari terbenam.',
  'Pria itu bertanya apakah dia masih minum teh tanpa gula, dan Aisyah tersenyum karena dia belum lupa.',
  'Pasar itu berbau ikan bakar, batu yang basah, dan bunga melati yang tumbuh di sepanjang tembok.',
  'Neneknya selalu bilang bahwa janji yang dibuat di tepi laut tidak akan pernah bisa diingkari.',
  'Daniel mengaku bahwa dia pulang ke kota itu karena restoran, bukan karena Aisyah.',
  'Aisyah tidak percaya, tetapi dia membiarkan kebohongan itu tergeletak di antara mereka seperti sebutir batu kecil.',
  'Mereka berjalan melewati bioskop tua tempat mereka dulu berbagi sebungkus kacang rebus.',
  'Angin menarik syalnya, dan Daniel mengulurkan tangan untuk menangkapnya sebelum terbang.',
  'Di dapur penginapan, bibinya sudah mengajukan pertanyaan yang tidak bisa dia jawab.',
  'Dia menghitung uang di laci kasir untuk ketiga kalinya, tetapi jumlahnya tetap saja kurang.',
  'Dia tahu bahwa kalau toko itu tutup, hasil kerja terakhir ayahnya akan hilang begitu saja.',
  'Daniel menawarkan diri untuk membantu mengurus pembukuan, tetapi Aisyah menolak sebelum dia selesai bicara.',
  'Belakangan dia menyesal, duduk sendirian di tangga dengan secangkir kopi yang sudah dingin.',
  'Air pasang naik pelan-pelan dan menenggelamkan batu-batu tempat mereka dulu mencari kepiting.',
  'Entah di mana sebuah radio memutar lagu lama tentang meninggalkan kampung halaman, lalu dia mematikannya.',
  'Menjelang pagi badai itu sudah berlalu, dan jalan-jalan tampak bersih dan terang.',
  'Pria itu berdiri di ambang pintu dengan dua bungkus roti dan raut wajah yang sulit ditebak.',
  'Aisyah mempersilakannya masuk sambil berkata pada dirinya sendiri bahwa rotinya masih hangat, itu saja.',
];

/**
 * A model that drifts into Malaysian Malay when asked for Indonesian, as models trained mostly on Malaysian text
 * do: the first ask `isPart` picks is answered with `words` words of Malay prose (PROSE_SENTENCES.ms), every
 * other ask (the firm one that follows it included) by `answer`.
 */
export function malayOnce(
  isPart: (body: Record<string, unknown>) => boolean,
  answer: (body: Record<string, unknown>, index: number) => string,
  words: number,
): (body: Record<string, unknown>, index: number) => string {
  let drifted = false;
  return (body, index) => {
    if (drifted || !isPart(body)) return answer(body, index);
    drifted = true;
    return writeProse(words, PROSE_SENTENCES.ms);
  };
}

/**
 * The rate window counted at the clients' send stamps (`countAtSend`), which may arrive out of order: a request is
 * refused when some window holding its stamp would hold more than `limit` requests.
 */
class SentWindow {
  private readonly stamps: number[] = [];
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a request sent at `at`; or, when it is one too many, leaves it out and returns the ms to wait. */
  add(at: number): number | undefined {
    const stamps = this.stamps;
    let i = stamps.findIndex((t) => t > at);
    if (i < 0) i = stamps.length;
    stamps.splice(i, 0, at);
    // Any `limit + 1` stamps in a row that hold this one and span less than the window: one too many.
    for (let first = Math.max(0, i - this.limit); first <= i && first + this.limit < stamps.length; first++) {
      if (stamps[first + this.limit]! - stamps[first]! < this.windowMs) {
        const wait = Math.max(1, stamps[first]! + this.windowMs - at);
        stamps.splice(i, 1);
        return wait;
      }
    }
    return undefined;
  }
}

/** A fetch that stamps each request with the moment it is sent (`x-sent-at`), for `countAtSend`. */
export function stampSent(fetch: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-sent-at', String(Date.now()));
    return fetch(input, { ...init, headers });
  };
}
