// `karya audiobook --book ID --out DIR [--max-calls N] [--json]`: a saved book's audio edition (engine/node/audio):
// the chapter MP3s with their credits, the M4B and read-along.json, read by the configured speech server or the
// offline demo voice (espeak-ng). The plan (parts, paragraphs, characters, the voice, the calls' bound) is said
// before anything is asked; a line for each file with what it measured; a file whose audio failed its check twice is
// named and left out (exit 1), never charged. Calls no text model; the book is only read.
import path from 'node:path';
import { AudioError, CallBudget, bookDocument, isLang, langs, numberIn, type Lang } from '../../engine/index.js';
import { loadAudiobook } from '../../engine/node.js';
import { CLI_USER, CliExit, EXIT, catalogOrExit, fail, info, specOrExit } from '../util.js';
import { interruptedExitCode, listenForInterrupt } from '../interrupt.js';
import { exitOnFailure } from '../errors.js';
import { bookIdOrExit } from './books.js';
import { audiobookWord as say } from '../audiobook-words.js';
import { cliStateOf, hasBooks, openCliState } from '../state.js';
import { budgetFigures, maxCallsOrExit, sayBudget } from '../run-budget.js';
import { writableDirOrExit, makeDirs } from '../fs-check.js';
import { askedLang } from '../langs.js';
import { sayReadAlongChecks } from '../audiobook-checks.js';

export interface AudiobookOptions {
  book?: string;
  out: string;
  maxCalls?: string;
  state?: string;
  json?: boolean;
}

/**
 * The failure said in the book's language and the exit: a voice missing for the language is bad input (2), the rest a
 * failure (1).
 */
function audiobookFailed(error: unknown, lang: Lang, json: boolean): never {
  if (error instanceof CliExit) throw error;
  const exitCode = error instanceof AudioError && error.code !== 'audio_no_voice' ? EXIT.failed : EXIT.badInput;
  exitOnFailure(error, lang, {
    expects: ['spec'],
    catalogued: [AudioError],
    exitCode,
    step: {
      words: ({ message, status }) =>
        say('speechStopped', lang, { message: `${message}${status ? ` (HTTP ${status})` : ''}` }),
      ...(json ? { json: { part: null, isWhole: true } } : {}),
    },
  });
  throw error;
}

type AudiobookEvent = Parameters<
  NonNullable<Parameters<Awaited<ReturnType<typeof loadAudiobook>>['writeAudiobook']>[0]['onEvent']>
>[0];

/** A line for each file made (what it measured), asked again or failed, in the book's language. */
function sayAudiobookEvent(e: AudiobookEvent, lang: Lang, out: string): void {
  if (e.kind === 'file') {
    const figures = {
      seconds: numberIn(e.seconds, lang, 1),
      rms: numberIn(e.rmsDb, lang, 1),
      peak: numberIn(e.peakDb, lang, 1),
    };
    info(`  ✓ ${say('fileDone', lang, { label: e.title, ...figures, file: path.join(out, e.file) })}`);
    return;
  }
  const reason = new AudioError(e.problem.code, { ...e.problem.vars }).messageIn(lang);
  const line =
    e.kind === 'again'
      ? say('askedAgain', lang, { label: e.title, reason })
      : new AudioError('audio_chapter_failed', { chapter: e.title, reason }).messageIn(lang);
  info(`  ${e.kind === 'again' ? '…' : '!'} ${line}`);
}

export async function audiobookCommand(opts: AudiobookOptions): Promise<void> {
  const asked = askedLang(undefined);
  if (opts.book === undefined) return fail(say('needsBook', asked));
  const id = bookIdOrExit(opts.book, asked);
  const place = cliStateOf(opts.state);
  if (!hasBooks(place)) fail(say('noBook', asked, { id }));
  const stateFile = await openCliState(place);
  const interrupt = listenForInterrupt();
  let lang: Lang = asked;
  try {
    const saved = await stateFile.repos.books.find({ userId: CLI_USER, id });
    if (!saved) return fail(say('noBook', asked, { id }));
    lang = isLang(saved.state.lang) ? saved.state.lang : langs()[0]!;
    const spec = specOrExit(catalogOrExit(), saved.state.generatorId, lang);
    writableDirOrExit('--out', opts.out, lang);
    const maxCalls = maxCallsOrExit(opts.maxCalls, lang);
    const { writeAudiobook, editionItems, speechVoiceFromEnv } = await loadAudiobook();
    const voice = speechVoiceFromEnv(process.env);
    voice.check(lang);
    const doc = bookDocument(spec, saved.state);
    const { items, book } = editionItems(doc, voice);
    const texts = items.flatMap((i) => i.texts);
    const credit = voice.credit(lang);
    const sizes = {
      chapters: book.parts.length,
      paragraphs: book.parts.reduce((n, p) => n + p.paragraphs.length, 0),
      characters: texts.reduce((n, t) => n + t.length, 0),
    };
    const voiceName = credit.kind === 'demo' ? 'espeak-ng' : `${credit.voice} (${credit.name})`;
    info(`karya: ${say('plan', lang, { id, title: book.title, ...sizes, voice: voiceName, dir: opts.out })}`);
    if (voice.isDemo) info(`karya: ${say('demoVoice', lang)}`);
    // Each text is one request; a file judged wrong is asked again once, within the same bound.
    const budget = new CallBudget({ planned: texts.length, maxCalls });
    sayBudget(budget, lang);
    makeDirs(opts.out);
    const onEvent = (e: AudiobookEvent) => sayAudiobookEvent(e, lang, opts.out);
    const result = await writeAudiobook({ doc, voice, out: opts.out, budget, signal: interrupt.signal, onEvent });
    const marks = result.files.filter((f) => f.endsWith('.mp3')).length;
    if (result.m4b) info(`  ✓ ${say('m4b', lang, { file: path.join(opts.out, result.m4b), marks })}`);
    info(`  ✓ ${say('manifest', lang, { file: path.join(opts.out, 'read-along.json') })}`);
    if (result.epub) info(`  ✓ ${say('readAlongEpub', lang, { file: path.join(opts.out, result.epub) })}`);
    const checks = result.epub ? await sayReadAlongChecks(path.join(opts.out, result.epub), lang) : undefined;
    const minutes = numberIn(result.seconds / 60, lang, 1);
    info(`karya: ${say('done', lang, { files: result.files.length, dir: opts.out, minutes })}`);
    if (opts.json) {
      process.stdout.write(
        `${JSON.stringify({
          audiobook: {
            id,
            lang,
            out: opts.out,
            voice: credit,
            files: result.files,
            seconds: result.seconds,
            characters: result.characters,
            m4b: result.m4b ?? null,
            readAlong: 'read-along.json',
            epub: result.epub ?? null,
            epubChecks: checks ?? null,
            calls: budgetFigures(budget),
            failed: result.failed.map((f) => ({
              title: f.title,
              code: f.problem.code,
              reason: new AudioError(f.problem.code, { ...f.problem.vars }).messageIn(lang),
            })),
          },
        })}\n`,
      );
    }
    if (result.failed.length) {
      info(`karya: ${say('left', lang, { count: result.failed.length })}`);
      throw new CliExit(EXIT.failed);
    }
  } catch (error) {
    if (interrupt.isInterrupted) {
      info(`karya: ${say('stopped', lang, { dir: opts.out })}`);
      throw new CliExit(interruptedExitCode());
    }
    audiobookFailed(error, lang, opts.json === true);
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}
