// A book as its reader sees it (the contract's BookView): the parts with their labels, the next step
// and its button, progress and the plan. The server answers it after every step and the studio renders
// it as is, so the studio never replays the flow itself.
import type { BookSpec, Settings } from '../../spec/types.js';
import type { BookView } from '../view-schema.js';
import { bookLanguage, nextStep, startBook, type BookState } from '../../compile/flow.js';
import { progress, stepsOfBook } from '../../compile/book-progress.js';
import { buttonLabel, partStep, stepLabel } from '../../compile/labels.js';
import { stepKey, stepRef, type Step } from '../../compile/step.js';
import { bookCost } from './cost.js';
import { chapterTitleOf } from '../../compile/book-outline.js';
import { textHash } from '../../text-hash.js';
import { isAuthoredPart, modelWordsOf, partProvenance } from '../../compile/provenance.js';
import { repeatedShares, neighbourFinds } from '../reading/index.js';
import { bookBible, bibleCovers } from '../bible/index.js';
import { chapterCounts, partWords } from '../book.js';
import { isOutlineEditable, outlineChapters } from '../outline/index.js';
import { bookThreads, checksAgainst, openContinuityFindings } from '../continuity/index.js';
import { partOverusedOf, partVoiceOf } from '../voice/index.js';
import { bookEnding } from '../ending.js';
import { isMeasuredPart, isShortPart, measuredOf } from './book-figures.js';

/**
 * The parts of a book its story bible has not taken in though a later part is written (their update failed
 * or did not fit the model's window; it is tried again before the next step). The last part is
 * not counted: its update runs after it is saved (a finished book's too: its ending is read after its step).
 */
export function partsNotInBible(state: BookState): number[] {
  const upTo = state.memoryUpTo ?? -1;
  const last = state.content.length - 2;
  return Array.from({ length: Math.max(0, last - upTo) }, (_, k) => upTo + 1 + k);
}

/** A prose part against the book's voice and its overused phrases, as the view shows them. */
function voiceMeasures(state: BookState, prose: string) {
  const voice = partVoiceOf(state.voice, prose, state.lang);
  const o = partOverusedOf(state.voice, prose, state.lang);
  return {
    ...(voice ? { voice } : {}),
    overused: {
      per_thousand: o.perThousand,
      phrases: o.phrases,
      ...(o.avoided ? { avoided: o.avoided } : {}),
      is_marked: o.isMarked,
    },
  };
}

/**
 * Each part of a book as its reader sees it: its label and title, its text and hash, its marks (complete, stopped,
 * the writer's own), who wrote it, and, measured against what the model was asked for, its words, repeats and
 * voice; the continuity findings (`findings`, by part) and the checks against the bible on it.
 */
function partViews(spec: BookSpec, state: BookState, findings: ReturnType<typeof openContinuityFindings>['findings']) {
  const lang = state.lang;
  const isBook = spec.kind === 'book';
  const label = (step: Step) => stepLabel(step, lang, spec);
  const { target, prose } = measuredOf(spec, state);
  const missing = new Set(isBook ? partsNotInBible(state) : []);
  const repeated = target > 0 ? repeatedShares(prose) : [];
  const checks = isBook ? checksAgainst(spec, state) : [];
  return state.content.map((stored, i) => {
    const text = prose[i]!;
    const step = partStep(spec, i, state.totalChapters);
    // The user's own title, else the one the outline gives the chapter.
    const title = chapterTitleOf(spec, state, step) ?? state.chapterTitles?.[i];
    const words = partWords(state, i);
    // `repeated`: the share of its words the book already said (engine/session/repeat.ts).
    const neighbour = target > 0 ? neighbourFinds(prose[i]!, lang) : { words: [], languages: [] };
    // A part the writer brought (an import) is theirs as it is: not measured against what a model is asked for.
    const record = partProvenance(state, i);
    const isAuthored = record.origin === 'author';
    const provenance = {
      origin: record.origin,
      ...(record.passages?.length ? { passages: record.passages.map((p) => ({ ...p })) } : {}),
      model_words: modelWordsOf(record, stored),
      ...(record.translatedFrom ? { translated_from: record.translatedFrom } : {}),
    };
    const measured = isMeasuredPart(state, i, target)
      ? {
          target,
          is_short: isShortPart(state, i, target, words),
          repeated: repeated[i]!,
          ...(neighbour.words.length
            ? { neighbour_words: neighbour.words, neighbour_languages: neighbour.languages }
            : {}),
          ...voiceMeasures(state, prose[i]!),
        }
      : {};
    return {
      ...stepRef(step),
      label: label(step),
      ...(title ? { title } : {}),
      text,
      hash: textHash(text),
      is_complete: !state.incompleteParts?.includes(i),
      ...(state.stoppedParts?.includes(i) ? { is_stopped: true as const } : {}),
      ...(isAuthored ? { is_authored: true as const } : {}),
      provenance,
      words,
      ...measured,
      ...(missing.has(i) ? { bible_updated: false as const } : {}),
      ...(findings[i]?.length ? { continuity: findings[i] } : {}),
      ...(checks[i] ? { check_against: checks[i] } : {}),
    };
  });
}

/** The reader's view of a book state. */
export function bookView(spec: BookSpec, state: BookState): BookView {
  const lang = state.lang;
  const next = nextStep(spec, state);
  const isBook = spec.kind === 'book';
  const label = (step: Step) => stepLabel(step, lang, spec);
  // Continuity: recomputed from the story bible and the text, never stored (a re-derived bible clears a
  // finding); then what the optional model audit found, kept with the book.
  // Each with its key; those the writer marked as intended are left out (and counted).
  const open = isBook ? openContinuityFindings(spec, state, next === null) : { findings: [], intended: 0 };
  const findings = open.findings;
  const intendedShown = open.intended;
  const coverage = isBook ? bibleCovers(spec, state) : undefined;
  const parts = partViews(spec, state, findings);
  // A chapter count the flow cannot reach still shows the outline, introduction and conclusion.
  const steps = !isBook ? [] : stepsOfBook(spec, state);
  const done = new Set([...(state.outline !== undefined ? ['outline'] : []), ...parts.map((p) => stepKey(p))]);
  return {
    generator_id: spec.id,
    lang,
    total_chapters: state.totalChapters,
    settings: { ...state.settings },
    is_locked: state.isLocked,
    is_finished: next === null,
    // Finished as it stands (engine/session/ending.ts): an import ending with its own last part may be published
    // with its conclusion still to write.
    ...(isBook && next?.kind === 'conclusion' && bookEnding(spec, state) === 'own-ending'
      ? { ending: 'own-ending' as const }
      : {}),
    ...(state.series ? { series: { name: state.series.name, number: state.series.number } } : {}),
    ...(state.voice
      ? {
          voice: {
            ...(state.voice.fingerprint ? { fingerprint: state.voice.fingerprint } : {}),
            avoid: state.voice.avoid ?? [],
          },
        }
      : {}),
    outline:
      state.outline !== undefined
        ? { label: label({ kind: 'outline' }), text: state.outline, hash: textHash(state.outline) }
        : null,
    // The introduction's character list, edited on its own (PUT …/characters): never inside the introduction's text.
    ...(isBook && spec.flow.characterDetails && state.content.length > 0
      ? { character_details: state.characterDetails ?? '' }
      : {}),
    bible: isBook ? bookBible(spec, state) : '',
    bible_notes: state.memory ?? '',
    ...(coverage ? { bible_covers: coverage } : {}),
    ...(isBook && state.memory ? { threads: bookThreads(spec, state, next === null) } : {}),
    // An imported book without a prologue has an empty introduction of the writer's: nothing to show.
    parts: parts.filter((p, i) => !(isAuthoredPart(state, i) && !state.content[i]!.trim())),
    next: next ? { ...stepRef(next), label: label(next), button: buttonLabel(spec, next, lang) } : null,
    progress: isBook ? progress(spec, state) : null,
    counter: { current: Math.min(state.currentChapter, state.totalChapters), total: state.totalChapters },
    chapters_count: chapterCounts(spec, state),
    ...(isOutlineEditable(spec, state)
      ? {
          chapters: outlineChapters(spec, state).map((c) => ({
            number: c.number,
            title: c.title,
            plan: c.plan,
            note: c.note,
            is_written: c.isWritten,
          })),
        }
      : {}),
    ...(state.chapterNotes !== undefined ? { is_outline_edited: true } : {}),
    steps: steps.map((s) => ({ ...stepRef(s), label: label(s), is_done: done.has(stepKey(s)) })),
    cost: bookCost(spec, state),
    ...(intendedShown ? { intended_findings: intendedShown } : {}),
  };
}

/**
 * The view of a book not started yet (or holding only its outline) with the form's current settings: what
 * the studio shows before the settings lock. An invalid chapter count gives a book of 0 chapters (no plan).
 * `edited`: the saved book's outline was shaped as chapters (its chapter count and notes stand).
 */
export function previewBook(
  spec: BookSpec,
  settings: Settings,
  outline?: string,
  edited?: { totalChapters: number; chapterNotes: Readonly<Record<number, string>> },
): BookView {
  let state: BookState;
  try {
    state = startBook({ spec, settings });
  } catch {
    state = {
      generatorId: spec.id,
      settings,
      lang: bookLanguage(spec, settings),
      totalChapters: 0,
      content: [],
      currentChapter: 0,
      isLocked: false,
    };
  }
  // An outline the writer shaped as chapters keeps its chapter count and notes (as the session does).
  if (outline !== undefined && edited)
    state = { ...state, totalChapters: edited.totalChapters, chapterNotes: edited.chapterNotes };
  return bookView(spec, outline !== undefined ? { ...state, outline } : state);
}
