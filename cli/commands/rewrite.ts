// `karya rewrite <id> --part chapter:N|introduction|conclusion [--note TEXT]`: write one part of a saved book
// again, with the writer's note or none, through the book session: the request carries the note,
// the part's plan and its current text; the text it replaces is kept as a version in the state file; the
// story bible is brought up to date. The book is found as `karya export` finds it (`--book ID`, else the
// same settings, else the generator's latest saved book).
// `karya export` then shows the new part; the other parts are unchanged.
import { isVoiceMarked, voiceJson, voiceMarks } from '../voice.js';
import {
  BookSession,
  countWords,
  MAX_REWRITE_NOTE_CHARS,
  type Lang,
  parseStepKey,
  partStep,
  stepKey,
  stepPosition,
  word,
  type ResolvedSpec,
} from '../../engine/index.js';
import { answerNotesOf, secondsIn } from '../../engine/index.js';
import { catalogueMessage, conclusionPosition } from '../../engine/index.js';
import type { StateFile } from '../../server/index.js';
import { catalogOrExit, specOrExit, fail, info, EXIT, CliExit, CLI_USER } from '../util.js';
import { listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { generateCommandLine, settingsFromOptions } from '../settings.js';
import { savedBookWord, settingsLang } from '../saved-book-words.js';
import { askedLang, messagesLang } from '../langs.js';
import { optionWord } from '../option-words.js';
import { cliProvider, liveProgress } from '../provider.js';
import { bookIdOrExit, chooseBook, savedBookLang } from './books.js';
import { changeLines, laterChanges, loadSeries, seriesOfKey } from '../series.js';
import { cliStateOf, hasBooks, openCliState } from '../state.js';

export interface RewriteOptions {
  set: string[];
  brief?: string;
  lang?: string;
  chapters?: string;
  part: string;
  note?: string;
  /** Write it again toward the book's voice. */
  towardVoice?: boolean;
  state?: string;
  /** A saved book by its id (`karya books`), instead of the settings. */
  book?: string;
  json?: boolean;
}

/**
 * The position of `--part` (a step key: introduction, chapter:N, conclusion) in a book of `total` chapters, or exit 2
 * saying what is allowed (in the book's language).
 */
function partPosition(spec: ResolvedSpec, part: string, total: number, written: number, lang: Lang): number {
  const end = conclusionPosition(spec.flow, total);
  const key = part.trim().toLowerCase();
  // "conclusion" names the conclusion wherever it sits (its stored key, conclusion:N, is taken too).
  const ref = key === 'conclusion' ? { kind: 'conclusion' as const, position: end } : parseStepKey(key);
  const position = ref && ref.kind !== 'outline' ? stepPosition(ref) : -1;
  if (!ref || position < 0 || stepKey(partStep(spec, position, total)) !== stepKey(ref))
    fail(savedBookWord('partUnknown', lang, { part, last: end - 1 }));
  if (position >= written) fail(savedBookWord('partNotWritten', lang, { part, id: spec.id, written }));
  return position;
}

/** What the command line asks, checked before the state file opens: the generator named, the note, the settings. */
function rewriteRequest(id: string | undefined, opts: RewriteOptions) {
  const catalog = catalogOrExit();
  // No book to read: said in --lang's language, else the locale's.
  if (id === undefined && opts.book === undefined) fail(optionWord('idOrBook', askedLang(opts.lang)));
  if (opts.book !== undefined) bookIdOrExit(opts.book, askedLang(opts.lang));
  const named = id !== undefined ? specOrExit(catalog, id, askedLang(opts.lang)) : undefined;
  if (named && named.kind !== 'book') fail(optionWord('rewritePiece', askedLang(opts.lang), { id: named.id }));
  const note = (opts.note ?? '').trim();
  const wanted = named && opts.book === undefined ? settingsFromOptions(named, opts) : undefined;
  // In the language the settings ask for (a book by its id, not read yet: --lang's, else the locale's).
  const noteLang = wanted ? settingsLang(named!, wanted.settings) : askedLang(opts.lang);
  if (note.length > MAX_REWRITE_NOTE_CHARS)
    fail(optionWord('noteLong', noteLang, { max: MAX_REWRITE_NOTE_CHARS, length: note.length }));
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  const command = generateCommandLine(named?.id, opts);
  // In the language the settings ask for (a book by its id, not read yet, in --lang's).
  if (!hasBooks(place))
    fail(
      savedBookWord('noStateRewrite', wanted ? settingsLang(named!, wanted.settings) : messagesLang(opts.lang), {
        file: statePath,
        command,
      }),
    );
  return { catalog, named, note, wanted, place, statePath, command };
}

type Request = ReturnType<typeof rewriteRequest>;

/** The saved book to rewrite a part of, or exit 2 saying none is saved (in the book's language). */
async function bookOrExit(stateFile: StateFile, request: Request, opts: RewriteOptions) {
  const { catalog, named, wanted, statePath, command } = request;
  const chosen = await chooseBook(stateFile, catalog, {
    ...(named ? { named } : {}),
    opts,
    statePath,
    isUsable: (saved) => saved.state.content.length > 0,
  });
  if (!chosen) {
    // In the book's language: the one it is saved in (a book by its id), else the one the settings ask for.
    fail(
      opts.book !== undefined
        ? savedBookWord('noPartWritten', (await savedBookLang(stateFile, opts.book)) ?? messagesLang(opts.lang), {
            book: opts.book,
          })
        : savedBookWord('noneSaved', settingsLang(named!, wanted!.settings), {
            id: named!.id,
            file: statePath,
            command,
          }),
    );
  }
  return chosen;
}

type Rewritten = Awaited<ReturnType<BookSession['rewrite']>>;

/** The rewritten part's line: ✓ or ⚠, its words now and before, its time, the note and the voice's marks. */
function rewrittenLine(result: Rewritten, before: number, note: string, lang: Lang): string {
  const mark = result.isComplete && !result.short && !isVoiceMarked(result) ? '✓' : '⚠';
  const words = word('rewritten', lang, { words: String(result.words).padStart(5), before });
  const quoted = note ? `  “${note.length > 60 ? `${note.slice(0, 57)}…` : note}”` : '';
  return (
    `  ${mark} ${result.label.padEnd(24)} ${words} ` +
    ` ${secondsIn(result.seconds, lang, 1)}${quoted}${voiceMarks(result, lang)}`
  );
}

/**
 * What the rewrite leaves to check, printed and returned: the later parts that mention what the rewritten part no
 * longer establishes (nothing later is rewritten), and the later books of its series.
 */
async function toCheck(
  stateFile: StateFile,
  catalog: ReturnType<typeof catalogOrExit>,
  key: string,
  series: Awaited<ReturnType<typeof seriesOfKey>>,
  session: BookSession,
  label: string,
) {
  const lang = session.state.lang;
  const check = session
    .view()
    .parts.filter((p) => p.check_against === label)
    .map((p) => ({ part: p.label, check_against: p.check_against! }));
  for (const c of check) info(`  ⚠ ${c.part.padEnd(24)} ${word('checkAgainst', lang, { label: c.check_against })}`);
  // The later books of its series: what changed for each since it was written (the series is derived again from the
  // books).
  const later = series ? await laterBooksChanged(stateFile, catalog, key, series.number) : [];
  for (const b of later) {
    const changes = b.changes.join('; ');
    info(`  ⚠ ${word('seriesChanged', lang, { number: b.number, name: series!.name, id: b.id ?? '-', changes })}`);
  }
  return { check, later };
}

export async function rewriteCommand(id: string | undefined, opts: RewriteOptions): Promise<void> {
  const request = rewriteRequest(id, opts);
  const { catalog, note, statePath } = request;
  const stateFile = await openCliState(request.place);
  const interrupt = listenForInterrupt();
  // The part being rewritten and its book's language, for the failure line.
  let failing: { label: string; lang: Lang } | undefined;
  try {
    const { spec, key, saved } = await bookOrExit(stateFile, request, opts);
    if (spec.kind !== 'book') fail(optionWord('rewritePiece', saved.state.lang, { id: spec.id }));
    const total = saved.state.totalChapters;
    const position = partPosition(spec, opts.part, total, saved.state.content.length, saved.state.lang);
    // The saved book, finished or not, as it is: a rewrite never starts a new one.
    // A book of a series sees the series as of the end of the book before it, never a later book.
    const series = await seriesOfKey(stateFile, catalog, key);
    const session = await BookSession.open({
      spec,
      renderer: catalog.renderer,
      provider: cliProvider({ lang: saved.state.lang }),
      store: stateFile.progress(CLI_USER),
      key,
      settings: saved.state.settings,
      totalChapters: total,
      onFinished: 'keep',
      ...(series ? { series } : {}),
    });
    const label = session.label(partStep(spec, position, total));
    const lang = session.state.lang;
    failing = { label, lang };
    if (opts.towardVoice && !session.state.voice?.fingerprint) fail(catalogueMessage('voice_missing', lang));
    const live = liveProgress(label, lang);
    let result;
    try {
      result = await session.rewrite(position, {
        signal: interrupt.signal,
        onDelta: live.onDelta,
        ...(note ? { note } : {}),
        ...(opts.towardVoice ? { towardVoice: true } : {}),
        onRetry: (n) => {
          live.stop();
          info(`  … ${label}: ${n.message}`);
        },
      });
    } finally {
      live.stop();
    }
    const before = countWords(result.previous);
    info(rewrittenLine(result, before, note, lang));
    // What was done to the answers (asked again and why, assistant paragraphs out, the time-out), in the book's
    // language.
    for (const n of answerNotesOf(result, result.label, lang)) info(`    ${n.message}`);
    info(`karya: ${word('rewriteKept', lang, { label: result.label, file: statePath })}`);
    const { check, later } = await toCheck(stateFile, catalog, key, series, session, result.label);
    if (opts.json)
      process.stdout.write(
        JSON.stringify({
          id: spec.id,
          part: opts.part,
          label: result.label,
          words: result.words,
          previousWords: before,
          ...(result.short ? { short: true } : {}),
          bibleCalls: result.bibleCalls,
          ...(opts.towardVoice ? { towardVoice: true } : {}),
          ...voiceJson(result),
          ...(check.length ? { check } : {}),
          ...(later.length ? { series: later } : {}),
        }) + '\n',
      );
  } catch (error) {
    if (interrupt.isInterrupted) {
      info(`karya: ${word('rewriteInterrupted', failing?.lang ?? askedLang(opts.lang))}`);
      throw new CliExit(EXIT.interrupted);
    }
    const lang = failing?.lang ?? askedLang(opts.lang);
    exitOnFailure(error, lang, {
      expects: ['edit'],
      step: { words: ({ message }) => word('rewriteFailed', lang, { label: failing?.label ?? opts.part, message }) },
    });
    throw error;
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}

/** The books after book `number` of the series of the book under `key` whose series changed since they were written. */
async function laterBooksChanged(
  stateFile: StateFile,
  catalog: ReturnType<typeof catalogOrExit>,
  key: string,
  number: number,
): Promise<Array<{ number: number; id: number | null; changes: string[] }>> {
  const found = await stateFile.repos.series(CLI_USER).ofBook(key);
  if (!found) return [];
  const loaded = await loadSeries(stateFile, catalog, found.series);
  const changes = laterChanges(loaded);
  return loaded.entries
    .filter((e) => e.number > number && (changes.get(e.number)?.length ?? 0) > 0)
    .map((e) => ({
      number: e.number,
      id: e.id ?? null,
      changes: changeLines(changes.get(e.number)!, found.series.lang),
    }));
}
