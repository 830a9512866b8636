// `karya rewrite <id> --part chapter:N|introduction|conclusion [--note TEXT]`: write one part of a saved book
// again (issue 25), with the writer's note or none, through the book session: the request carries the note,
// the part's plan and its current text; the text it replaces is kept as a version in the state file; the
// story bible is brought up to date. The book is found as `karya export` finds it (the same settings).
// `karya export` then shows the new part; the other parts are unchanged.
import { existsSync } from 'node:fs';
import { BookSession, EditError, GenerationError, MAX_REWRITE_NOTE_CHARS, partStep, startBook, type ResolvedSpec } from '../../engine/index.js';
import { conclusionPosition } from '../../engine/spec/conclusion.js';
import { openStateFile } from '../../server/index.js';
import { catalogOrExit, specOrExit, fail, info, EXIT, CliExit } from '../util.js';
import { listenForInterrupt } from '../interrupt.js';
import { settingsFromOptions, progressKey } from '../settings.js';
import { CLI_USER, DEFAULT_STATE, cliProvider, liveProgress } from './generate.js';

export interface RewriteOptions {
  set: string[];
  brief?: string;
  lang?: string;
  chapters?: string;
  part: string;
  note?: string;
  state?: string;
  json?: boolean;
}

/** The position of `--part` in a book of `total` chapters, or exit 2 saying what is allowed. */
function partPosition(spec: ResolvedSpec, part: string, total: number, written: number): number {
  const end = conclusionPosition(spec.flow, total);
  const allowed = `introduction, chapter:1 to chapter:${end - 1}, conclusion`;
  const p = part.trim().toLowerCase();
  let position: number;
  if (p === 'introduction' || p === 'intro') position = 0;
  else if (p === 'conclusion') position = end;
  else {
    const m = /^chapter:([1-9]\d{0,2})$/.exec(p);
    if (!m || Number(m[1]) >= end) fail(`--part "${part}": expected one of ${allowed}`);
    position = Number(m[1]);
  }
  if (position >= written) fail(`--part ${part}: that part of this ${spec.id} book is not written yet (${written} parts are); write it first with karya generate`);
  return position;
}

export async function rewriteCommand(id: string, opts: RewriteOptions): Promise<void> {
  const catalog = catalogOrExit();
  const spec = specOrExit(catalog, id);
  if (spec.kind !== 'book') fail(`${spec.id} writes a single piece; write it again with: karya generate ${spec.id}`);
  const note = (opts.note ?? '').trim();
  if (note.length > MAX_REWRITE_NOTE_CHARS) fail(`--note: at most ${MAX_REWRITE_NOTE_CHARS} characters (this one has ${note.length})`);
  const { settings, totalChapters } = settingsFromOptions(spec, opts);
  const total = startBook({ spec, settings, totalChapters }).totalChapters;
  const statePath = opts.state ?? DEFAULT_STATE;
  const command = `karya generate ${spec.id}${opts.set.map((s) => ` --set ${s}`).join('')}${opts.lang ? ` --lang ${opts.lang}` : ''}${opts.chapters ? ` --chapters ${opts.chapters}` : ''}`;
  if (!existsSync(statePath)) fail(`no state file at ${statePath}, so no saved book to rewrite; write the book first with: ${command}`);
  const stateFile = await openStateFile(statePath);
  const interrupt = listenForInterrupt();
  try {
    const key = progressKey(spec, settings, total);
    const saved = await stateFile.load(CLI_USER, key);
    if (!saved || saved.state.content.length === 0) fail(`no saved ${spec.id} book with these settings in ${statePath}; write it first with: ${command}`);
    const position = partPosition(spec, opts.part, total, saved.state.content.length);
    // The saved book, finished or not, as it is: a rewrite never starts a new one.
    const session = await BookSession.open({ spec, renderer: catalog.renderer, provider: cliProvider(), store: stateFile.progress(CLI_USER), key, settings: saved.state.settings, totalChapters: total, onFinished: 'keep' });
    const label = session.label(partStep(spec, position, total));
    const live = liveProgress(`${label} (${note ? 'rewrite' : 'again'})`);
    let result;
    try {
      result = await session.rewrite(position, { signal: interrupt.signal, onDelta: live.onDelta, ...(note ? { note } : {}), onRetry: (n) => { live.stop(); info(`  … ${label}: ${n.message}`); } });
    } finally {
      live.stop();
    }
    const before = result.previous.split(/\s+/).filter(Boolean).length;
    info(`  ${result.isComplete && !result.short ? '✓' : '⚠'} ${result.label.padEnd(24)} ${String(result.words).padStart(5)} words (was ${before})  ${result.seconds.toFixed(1)}s${note ? `  note: ${note.length > 60 ? `${note.slice(0, 57)}…` : note}` : ''}`);
    info(`karya: the previous ${result.label} is kept as a version in ${statePath}; karya export shows the new one`);
    if (opts.json) process.stdout.write(JSON.stringify({ id: spec.id, part: opts.part, label: result.label, words: result.words, previousWords: before, ...(result.short ? { short: true } : {}), bibleCalls: result.bibleCalls }) + '\n');
  } catch (error) {
    if (interrupt.isInterrupted) {
      info('karya: interrupted; the part is as it was');
      throw new CliExit(EXIT.interrupted);
    }
    if (error instanceof EditError) fail(`${error.code}: ${error.message}`);
    if (error instanceof GenerationError) fail(`the rewrite failed (${error.message}); the part is as it was`, EXIT.failed);
    throw error;
  } finally {
    interrupt.release();
    await stateFile.close();
  }
}
