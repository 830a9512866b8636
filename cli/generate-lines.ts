// The lines `karya generate` prints as it writes (stderr, in the book's language) and the part summaries its
// --json carries: each part's ✓ or ⚠ with its words, time, length, language, repeats and voice, the bible's
// gaps, the book's promises.
import {
  word,
  neighbourNote,
  numberIn,
  secondsIn,
  REPEATS_RATIO,
  languageName,
  conclusionPosition,
  stepsFor,
  answerNotesOf,
  type BookSession,
  type BookView,
  type BookVoice,
  type ContinuityFinding,
  type Lang,
  type LanguageRetry,
  type StepResult,
} from '../engine/index.js';
import { info } from './util.js';
import { isVoiceMarked, voiceJson, voiceMarks } from './voice.js';

export type PartSummary = ReturnType<typeof partSummary>;

/** One part as `--json` reports it: words, time, length, language, repeats, voice and overused phrases. */
export function partSummary(label: string, outcome: StepResult) {
  return {
    label,
    words: outcome.words,
    seconds: Number(outcome.seconds.toFixed(2)),
    complete: outcome.isComplete,
    ...(outcome.target ? { target: outcome.target, score: outcome.score } : {}),
    ...(outcome.short ? { short: true as const } : {}),
    ...(outcome.long ? { long: true as const } : {}),
    ...(outcome.extensions ? { extensions: outcome.extensions } : {}),
    ...(outcome.languageDrift ? { languageDrift: outcome.languageDrift as LanguageRetry } : {}),
    ...(outcome.repeated !== undefined ? { repeated: outcome.repeated } : {}),
    ...(outcome.neighbourWords
      ? { neighbourWords: outcome.neighbourWords, neighbourLanguages: outcome.neighbourLanguages ?? [] }
      : {}),
    ...(outcome.unplanned ? { unplanned: outcome.unplanned } : {}),
    ...voiceJson(outcome),
  };
}

const POV_WORDS = { first: 'pov_first', second: 'pov_second', third: 'pov_third' } as const;

/** The book's voice as the run starts: its fingerprint in a line, and the phrases to avoid (when given now or kept). */
export function reportVoice(voice: BookVoice | undefined, isGiven: boolean, lang: Lang): void {
  if (!voice || !isGiven) return;
  const fp = voice.fingerprint;
  if (fp) {
    const told = fp.tense === 'past' || fp.tense === 'present';
    const tense = told ? `, ${word(fp.tense === 'past' ? 'tense_past' : 'tense_present', lang)}` : '';
    const pov = word(POV_WORDS[fp.pointOfView], lang);
    const dialogue = Math.round(100 * fp.dialogueShare);
    info(`karya: ${word('voiceSet', lang, { mean: fp.sentenceWords.mean, pov, tense, dialogue })}`);
  }
  if (voice.avoid?.length)
    info(`karya: ${word('avoidSet', lang, { phrases: voice.avoid.map((p) => `"${p}"`).join(', ') })}`);
}

/**
 * The labels of the parts the story bible has not taken in (the book view's `bible_updated: false`, and the
 * last part when its update failed), printed when there are any.
 */
export function reportNotInBible(session: BookSession, failed: ReadonlySet<string>): string[] {
  const view = session.spec.kind === 'book' ? session.view().parts : [];
  const taken = (label: string) =>
    session.state.memoryUpTo !== undefined && view.findIndex((p) => p.label === label) <= session.state.memoryUpTo;
  const labels = view
    .filter((p) => p.bible_updated === false || (failed.has(p.label) && !taken(p.label)))
    .map((p) => p.label);
  if (labels.length) info(`karya: ${word('bibleMissing', session.state.lang, { labels: labels.join(', ') })}`);
  return labels;
}

/** The model calls the continuity audit adds to this run: one a chapter still to write (0 when it is off). */
export function auditCallsOf(session: BookSession): number {
  if (!session.isAuditing || session.spec.kind !== 'book') return 0;
  const done = session.state.content.length;
  return stepsFor(session.spec, session.state.totalChapters).filter((s) => s.kind === 'chapter' && s.position >= done)
    .length;
}

/** The book's continuity findings on the part labelled `label` (the book view's). */
export function continuityOf(session: BookSession, label: string): ContinuityFinding[] {
  if (session.spec.kind !== 'book') return [];
  return session.view().parts.find((p) => p.label === label)?.continuity ?? [];
}

/** The book's promises, with a summary line: how many were resolved, which are open past their due part. */
export function reportThreads(session: BookSession): NonNullable<BookView['threads']> {
  const threads = session.spec.kind === 'book' ? (session.view().threads ?? []) : [];
  if (!threads.length) return threads;
  const lang = session.state.lang;
  const overdue = threads.filter((t) => t.is_overdue);
  const resolved = word('threadsResolved', lang, {
    resolved: threads.filter((t) => t.status === 'resolved').length,
    total: threads.length,
  });
  const named = overdue.map((t) => `"${t.thread}"${t.due ? ` (${t.due})` : ''}`).join(', ');
  info(`karya: ${resolved}${overdue.length ? `; ⚠ ${word('threadsOverdue', lang, { threads: named })}` : ''}`);
  return threads;
}

/** "  target 1500, S_l 97.3" for a part asked for a number of words ("…, short" under 0.85 of it); '' otherwise. */
function lengthNote(outcome: StepResult, lang: Lang): string {
  if (!outcome.target) return '';
  const off = outcome.short ? `, ${word('short', lang)}` : outcome.long ? `, ${word('long', lang)}` : '';
  return `  ${word('lengthNote', lang, { target: outcome.target, score: numberIn(outcome.score!, lang, 1) })}${off}`;
}

/** True for a prose part that repeats what the book already wrote (REPEATS_RATIO or more of its words). */
function isRepeating(outcome: StepResult): boolean {
  return (outcome.repeated ?? 0) >= REPEATS_RATIO;
}

/**
 * " language: answered in English, written again in Bahasa Malaysia" when the first answer was in another language.
 */
function driftNote(outcome: StepResult, lang: Lang): string {
  const drift = outcome.languageDrift;
  if (!drift) return '';
  const names = { found: languageName(drift.found, lang), expected: languageName(drift.expected, lang) };
  return `  ${word('languageRetried', lang, names)}`;
}

/**
 * A part's lines as it is done (its ✓ or ⚠ line and the notes under it, in the book's language), and its summary for
 * --json.
 */
export function reportPart(session: BookSession, label: string, outcome: StepResult, lang: Lang) {
  const { spec } = session;
  // What was done to the answers (assistant paragraphs out, a wall split, asked again, the time-out), in the book's
  // language.
  const notes = answerNotesOf(outcome, label, lang);
  const summary = {
    ...partSummary(label, outcome),
    ...(notes.length ? { notes } : {}),
    ...(outcome.isTimedOut ? { timedOut: true as const } : {}),
  };
  // A part that is cut off, still short, repeating itself or off the writer's voice gets no check mark.
  const repeats = isRepeating(outcome);
  const isClean = outcome.isComplete && !outcome.short && !repeats && !outcome.unplanned && !isVoiceMarked(outcome);
  const size = `${String(outcome.words).padStart(5)} ${word('words', lang)}  ${secondsIn(outcome.seconds, lang, 1)}`;
  const marks =
    `${lengthNote(outcome, lang)}${outcome.isComplete ? '' : `, ${word('incomplete', lang)}`}` +
    `${repeats ? `, ${word('repeats', lang)}` : ''}${driftNote(outcome, lang)}${voiceMarks(outcome, lang)}`;
  info(`  ${isClean ? '✓' : '⚠'} ${label.padEnd(24)} ${size}${marks}`);
  if (repeats)
    info(`    ${word('repeatsNote', session.state.lang, { label, share: Math.round(100 * outcome.repeated!) })}`);
  if (outcome.unplanned) {
    const total = conclusionPosition(spec.flow, session.state.totalChapters) - 1;
    const missing = outcome.unplanned.map((n) => word('chapter', lang, { n })).join(', ');
    info(`    ⚠ ${word('outlineShort', lang, { found: total - outcome.unplanned.length, total, missing })}`);
  }
  if (outcome.neighbourWords) {
    const neighbours = { languages: outcome.neighbourLanguages ?? [], words: outcome.neighbourWords, label };
    info(`    ${neighbourNote('cli', session.state.lang, neighbours)}`);
  }
  const said = { label, words: outcome.words, target: outcome.target ?? 0, n: outcome.extensions };
  if (outcome.extensions && outcome.target)
    info(`    ${word(outcome.short ? 'shortExtended' : 'extended', lang, said)}`);
  else if (outcome.short) info(`    ${word('shortKept', lang, said)}`);
  if (outcome.long) info(`    ${word('longKept', lang, said)}`);
  if ((outcome.continuations || !outcome.isComplete) && !outcome.isTimedOut)
    info(`    ${word(outcome.isComplete ? 'continued' : 'stillCut', lang, { label, n: outcome.continuations })}`);
  for (const note of notes) info(`    ${note.message}`);
  return summary;
}
