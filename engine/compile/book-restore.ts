// A saved book checked and normalised before it resumes: the generator must match and the position be reachable;
// every kept field (titles, notes, audit findings, provenance, voice, source) taken only when well formed.
import { bookVoiceOf } from './book-voice.js';
import { extractChapterPlan } from './chapter-plan.js';
import type { AuditFinding, BookState } from './flow.js';
import { bookProvenanceOf, sourceStatusFrom } from './provenance.js';
import { isLang } from '../languages/index.js';
import { conclusionPosition } from '../spec/conclusion.js';
import type { BookSpec } from '../spec/types.js';

/**
 * Check and normalise a saved BookState before resuming: the generator must match and the position be reachable.
 * Returns null when the saved record cannot continue this generator.
 */
export function restoreBook(spec: BookSpec, saved: unknown): BookState | null {
  if (!saved || typeof saved !== 'object') return null;
  const s = saved as Partial<BookState>;
  if (
    s.generatorId !== spec.id ||
    !Array.isArray(s.content) ||
    typeof s.currentChapter !== 'number' ||
    typeof s.totalChapters !== 'number' ||
    !s.settings
  )
    return null;
  if (!isLang(s.lang)) return null;
  if (s.currentChapter > conclusionPosition(spec.flow, s.totalChapters) + 1 || s.currentChapter < 0) return null;
  const plan =
    typeof s.outline !== 'string' && spec.flow.outline === 'none' && typeof s.content[0] === 'string'
      ? extractChapterPlan(s.content[0])
      : undefined;
  const series =
    s.series &&
    typeof s.series.name === 'string' &&
    typeof s.series.number === 'number' &&
    typeof s.series.bible === 'string'
      ? s.series
      : undefined;
  const numbers = (list: unknown[]) => list.filter((p): p is number => typeof p === 'number');
  const hasTitles = s.chapterTitles && typeof s.chapterTitles === 'object' && Object.keys(s.chapterTitles).length;
  const auditFindings = auditFindingsOf(s.auditFindings);
  // A book saved before provenance was kept names its imported parts (`authoredParts`): they are the writer's.
  const provenance = bookProvenanceOf(s.provenance, (s as { authoredParts?: unknown }).authoredParts);
  const voice = bookVoiceOf(s.voice);
  const source = sourceStatusFrom(s.source);
  return {
    generatorId: spec.id,
    settings: s.settings,
    lang: s.lang,
    ...(typeof s.author === 'string' && s.author.trim() ? { author: s.author.trim().slice(0, 100) } : {}),
    totalChapters: s.totalChapters,
    ...(typeof s.outline === 'string' ? { outline: s.outline } : plan ? { outline: plan } : {}),
    content: s.content.map(String),
    currentChapter: s.currentChapter,
    ...(typeof s.characterDetails === 'string' ? { characterDetails: s.characterDetails } : {}),
    isLocked: s.content.length > 0,
    // A book of a series keeps what its store told it of the series (never saved with it).
    ...(series ? { series } : {}),
    ...(Array.isArray(s.incompleteParts) && s.incompleteParts.length
      ? { incompleteParts: numbers(s.incompleteParts) }
      : {}),
    ...(Array.isArray(s.stoppedParts) && s.stoppedParts.length ? { stoppedParts: numbers(s.stoppedParts) } : {}),
    ...(hasTitles ? { chapterTitles: { ...s.chapterTitles } } : {}),
    ...(typeof s.memory === 'string' && s.memory ? { memory: s.memory } : {}),
    ...(typeof s.memoryUpTo === 'number' ? { memoryUpTo: s.memoryUpTo } : {}),
    ...(s.chapterNotes && typeof s.chapterNotes === 'object' ? { chapterNotes: chapterNotesOf(s.chapterNotes) } : {}),
    ...(auditFindings ? { auditFindings } : {}),
    ...(Array.isArray(s.intendedFindings) && s.intendedFindings.length
      ? { intendedFindings: s.intendedFindings.filter((k): k is string => typeof k === 'string') }
      : {}),
    ...(provenance ? { provenance } : {}),
    ...(voice ? { voice } : {}),
    ...(source ? { source } : {}),
  };
}

/**
 * Audit findings as kept: positions (whole numbers) to well-formed findings; anything else dropped (undefined: none).
 */
export function auditFindingsOf(raw: unknown): Record<number, AuditFinding[]> | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const kept: Record<number, AuditFinding[]> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const n = Number(k);
    const list = Array.isArray(v)
      ? v.filter(
          (f): f is AuditFinding =>
            !!f && f.kind === 'audit' && typeof f.detail === 'string' && typeof f.part === 'string',
        )
      : [];
    if (Number.isInteger(n) && n >= 0 && list.length) {
      kept[n] = list.map(({ detail, part }) => ({ kind: 'audit' as const, detail, part }));
    }
  }
  return Object.keys(kept).length ? kept : undefined;
}

/** Chapter notes as kept: positions (whole numbers from 1) to non-empty text; anything else dropped. */
export function chapterNotesOf(raw: unknown): Record<number, string> {
  const notes: Record<number, string> = {};
  if (!raw || typeof raw !== 'object') return notes;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const n = Number(k);
    if (Number.isInteger(n) && n >= 1 && typeof v === 'string' && v.trim()) notes[n] = v.trim();
  }
  return notes;
}
