// One book of `npm run eval` (bench/eval.ts): written step by step through a book session, every request
// kept as sent, and measured as the engine measures it: each prose part's length, language, repeats and
// overused phrases, then the book's row (thread recall, outline entries carried, the bible shown, the growth
// of a chapter's request).
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import {
  BookSession,
  GenerationError,
  bibleWords,
  bookLengthScore,
  countWords,
  detectLanguage,
  parseSettings,
  LONG_RATIO,
  SHORT_RATIO,
  inMemoryProgressStore,
  overusedIn,
  type PromptRenderer,
  type ResolvedSpec,
  type Settings,
  withoutCharacterDetails,
} from '../engine/index.js';
import type { Provider, TextRequest } from '../engine/node.js';
import {
  describeRequest,
  outlineEntry,
  plantedFact,
  type RequestInfo,
  type ScriptedModel,
} from '../tests/scripted-models.js';
import { BIBLE_AT, type BookRow, type PartRow } from './eval-report.js';

/** Settings for an evaluation book: the defaults, the language, and each required text field's placeholder. */
function evalSettings(spec: ResolvedSpec, lang: 'en' | 'ms'): Settings {
  const raw: Record<string, unknown> = {};
  for (const f of spec.fields) {
    if (f.role === 'language') raw[f.name] = lang;
    else if (f.required && f.type === 'text' && !f.default)
      raw[f.name] = (f.placeholder?.[lang] ?? 'x').replace(/^(e\.g\.|cth\.)\s*/i, '');
  }
  return parseSettings(spec, raw);
}

/** A request as sent, with what it asks for (read from its text, as the scripted models read it). */
interface SentRequest {
  request: TextRequest;
  info: RequestInfo;
}

/** The provider, with every request it is given kept in order. */
function recording(provider: Provider): { provider: Provider; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  return {
    sent,
    provider: {
      ...provider,
      generateText: (request) => {
        const body = {
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.user },
          ],
          max_tokens: request.maxTokens,
        };
        sent.push({ request, info: describeRequest(body) });
        return provider.generateText(request);
      },
    },
  };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : undefined);

/**
 * A book to write: its generator, the model (scripted or real) and its provider, the templates, language and length.
 */
export type WriteInput = {
  spec: ResolvedSpec;
  model: string;
  scripted?: ScriptedModel;
  provider: Provider;
  renderer: PromptRenderer;
  templates: string;
  lang: 'en' | 'ms';
  chapters: number;
  /** Keep every part's row on the book's row. */
  keepParts?: boolean;
};

/**
 * The book written step by step, each prose part measured as the engine measures it, and each chapter's own
 * request kept with the bible the session held when it was sent. A failure stops the book and goes on the row.
 */
async function writeParts(
  input: WriteInput,
  provider: Provider,
  sent: ReturnType<typeof recording>['sent'],
  row: BookRow,
): Promise<{ parts: PartRow[]; chapterRequests: Map<number, { text: string; bible: string }> }> {
  const { spec, lang, chapters } = input;
  const parts: PartRow[] = [];
  /** Chapter k's own first request (its system and user text) and the bible the session held when it was sent. */
  const chapterRequests = new Map<number, { text: string; bible: string }>();
  try {
    const session = await BookSession.open({
      spec,
      renderer: input.renderer,
      provider,
      store: inMemoryProgressStore(),
      key: `eval-${input.model}-${spec.id}-${lang}-${chapters}`,
      settings: evalSettings(spec, lang),
      ...(spec.flow.sections ? {} : { totalChapters: chapters }),
      onFinished: 'restart',
    });
    while (session.next()) {
      const step = session.next()!;
      const bible = session.state.memory ?? '';
      const before = sent.length;
      const result = await session.advance().catch((error: unknown) => {
        // A step still in another language when asked again fails (as the studio shows it): the book stops there.
        if (error instanceof GenerationError && error.code === 'wrong_language')
          row.languageFailed = `${session.label(step)}: ${error.params?.found} twice`;
        throw error;
      });
      const own = sent.slice(before).find((s) => s.request.meta?.stepKind !== 'memory');
      if (step.kind === 'chapter' && !step.section && own)
        chapterRequests.set(step.position, { text: `${own.request.system}\n${own.request.user}`, bible });
      if (result.target) {
        const found = detectLanguage(result.text).language;
        // Measured as the engine measures a part: an introduction without its character list.
        const text =
          step.kind === 'introduction' && spec.flow.characterDetails
            ? withoutCharacterDetails(result.text)
            : result.text;
        const prose = countWords(text);
        const short = result.short ?? (prose < SHORT_RATIO * result.target ? true : undefined);
        const long = result.long ?? (prose > LONG_RATIO * result.target ? true : undefined);
        parts.push({
          label: result.label,
          words: prose,
          target: result.target,
          ...(result.score !== undefined ? { score: result.score } : {}),
          extensions: result.extensions ?? 0,
          continuations: result.continuations,
          ...(short ? { short } : {}),
          ...(long ? { long } : {}),
          found,
          ...(result.languageDrift ? { drift: result.languageDrift.found } : {}),
          repeated: result.repeated ?? 0,
          overused: result.overused?.perThousand ?? overusedIn(text, lang).perThousand,
          ...(own ? { promptTokens: encode(`${own.request.system}\n${own.request.user}`).length } : {}),
          ...(step.kind === 'chapter' ? { chapter: step.position } : {}),
        });
      }
      await session.remember();
    }
  } catch (error) {
    if (!row.languageFailed) row.error = (error as Error).message;
  }
  return { parts, chapterRequests };
}

/**
 * What the chapters' requests carried: the planted facts of earlier chapters, their outline entries, the bible, their
 * size.
 */
function recallFigures(
  row: BookRow,
  chapterRequests: ReadonlyMap<number, { text: string; bible: string }>,
  input: WriteInput,
): void {
  const { lang } = input;
  // Thread recall: each fact planted in chapter k ≤ N/2, in the requests of chapters k+1 … N.
  const written = [...chapterRequests.keys()].sort((a, b) => a - b);
  const last = written.at(-1) ?? 0;
  if (input.scripted?.planted.size) {
    const tokenOf = (k: number) => input.scripted!.planted.get(k)?.token ?? plantedFact(k, lang).token;
    const shares: number[] = [];
    for (let k = 1; k <= Math.floor(last / 2); k++) {
      const later = written.filter((j) => j > k);
      if (later.length)
        shares.push(later.filter((j) => chapterRequests.get(j)!.text.includes(tokenOf(k))).length / later.length);
    }
    const recall = mean(shares);
    if (recall !== undefined) row.threadRecall = recall;
    const early = [1, 2, 3].filter((k) => k < last);
    if (early.length)
      row.earlyRecallAtEnd =
        early.filter((k) => chapterRequests.get(last)!.text.includes(tokenOf(k))).length / early.length;
  }
  // Every chapter its outline entry (the scripted outline's entries open with a sentence naming their title).
  if (input.scripted && written.length) {
    row.entriesCarried =
      written.filter((k) => chapterRequests.get(k)!.text.includes(outlineEntry(k, lang).opening)).length /
      written.length;
  }
  // The bible a chapter's request shows, and the growth of the request.
  let max = 0;
  for (const k of written) {
    const { text, bible } = chapterRequests.get(k)!;
    const shown = bible.trim() && text.includes(bible.trim()) ? bibleWords(bible) : 0;
    max = Math.max(max, shown);
    if (BIBLE_AT.includes(k) || k === last) row.bibleWords[`ch${k}`] = shown;
  }
  row.bibleWords.max = max;
  const tokens = (k: number) => (chapterRequests.has(k) ? encode(chapterRequests.get(k)!.text).length : undefined);
  const ch5 = tokens(5);
  const lastTokens = last > 5 ? tokens(last) : undefined;
  row.requestTokens = {
    ...(ch5 ? { ch5 } : {}),
    ...(lastTokens ? { last: lastTokens } : {}),
    ...(ch5 && lastTokens ? { growth: lastTokens / ch5 } : {}),
  };
}

/** One book written and measured: its row of figures. */
export async function writeBook(input: WriteInput): Promise<BookRow> {
  const { spec, lang, chapters } = input;
  const started = performance.now();
  const { provider, sent } = recording(input.provider);
  const row: BookRow = {
    model: input.model,
    generator: spec.id,
    templates: input.templates,
    lang,
    chapters,
    proseParts: 0,
    withinTolerance: 0,
    shortParts: 0,
    longParts: 0,
    extensions: 0,
    continuations: 0,
    bibleWords: {},
    requestTokens: {},
    wrongLanguage: 0,
    drifts: 0,
    requests: {},
    seconds: 0,
  };
  const { parts, chapterRequests } = await writeParts(input, provider, sent, row);
  // Length.
  const score = bookLengthScore(parts.map((p) => p.score));
  if (score !== undefined) row.score = score;
  row.proseParts = parts.length;
  row.withinTolerance =
    parts.filter((p) => p.target && Math.abs(p.words / p.target - 1) <= 0.15).length / Math.max(1, parts.length);
  row.shortParts = parts.filter((p) => p.short).length;
  const proseWords = parts.reduce((a, p) => a + p.words, 0);
  if (proseWords) {
    row.repeated = parts.reduce((a, p) => a + p.repeated * p.words, 0) / proseWords;
    row.overused = parts.reduce((a, p) => a + (p.overused * p.words) / 1000, 0) * (1000 / proseWords);
  }
  const chapterParts = parts.filter((p) => p.chapter !== undefined);
  const [first, lastChapter] = [chapterParts[0], chapterParts.at(-1)];
  if (first && lastChapter)
    row.firstLast = {
      firstWords: first.words,
      lastWords: lastChapter.words,
      firstRepeated: first.repeated,
      lastRepeated: lastChapter.repeated,
    };
  row.longParts = parts.filter((p) => p.long).length;
  for (const s of sent) {
    const kind =
      s.request.meta?.stepKind === 'memory'
        ? 'memory'
        : (s.info.follow ?? (s.info.kind === 'other' ? 'other' : s.info.kind === 'outline' ? 'outline' : 'part'));
    row.requests[kind] = (row.requests[kind] ?? 0) + 1;
  }
  row.extensions = row.requests.extension ?? 0;
  row.continuations = row.requests.continuation ?? 0;
  recallFigures(row, chapterRequests, input);
  // Language.
  row.wrongLanguage = parts.filter((p) => p.found !== null && p.found !== lang).length;
  row.drifts = parts.filter((p) => p.drift).length;
  row.seconds = (performance.now() - started) / 1000;
  if (input.keepParts) row.parts = parts;
  return row;
}
