// A book's voice as the book keeps it: the fingerprint of the writer's sample, one or two of its
// paragraphs, and the writer's phrases to avoid. Measured and used by engine/session/voice*.ts; here, with the
// book's state, so that a saved one is read back the same way by every store.

export interface VoiceFingerprint {
  /** Words per sentence: the mean and the spread (standard deviation), to 0.1. */
  sentenceWords: { mean: number; spread: number };
  /** Mean words per paragraph, to 0.1. */
  paragraphWords: number;
  /** The share (0–1) of the words inside quotation marks. */
  dialogueShare: number;
  /** Vocabulary diversity: MTLD (McCarthy & Jarvis, 2010), steady across text lengths; higher is more varied. */
  diversity: number;
  /** The most common first words of sentences, most common first (at most 5). */
  openers: string[];
  /** Told from the narration's pronouns (dialogue left out). */
  pointOfView: 'first' | 'second' | 'third';
  /**
   * English only, told from the narration's verbs; null in Malay (its verbs do not mark tense) or when too few verbs
   * tell.
   */
  tense: 'past' | 'present' | 'mixed' | null;
  /** Overused phrases (engine/session/voice/overused.ts) per 1,000 words. */
  overusedPerThousand: number;
  words: number;
  /**
   * How far the sample itself strays from chapter to chapter (engine/session/voice/bounds.ts): absent for a
   * short sample (under three slices) and for a voice kept before bounds were measured.
   */
  bounds?: VoiceBounds;
}

/** A sample's own range per statistic, from its chapters (or ~1,500-word slices): a part inside it is in the voice. */
export interface VoiceBounds {
  /** How many slices of the sample they come from. */
  slices: number;
  sentenceWords: [number, number];
  paragraphWords: [number, number];
  dialogueShare: [number, number];
  diversity: [number, number];
  /** The points of view and tenses its slices are told in. */
  pointsOfView: Array<'first' | 'second' | 'third'>;
  tenses: Array<'past' | 'present'>;
}

export interface BookVoice {
  fingerprint?: VoiceFingerprint;
  /** Paragraphs of the sample sent with each writing step, for its rhythm. */
  exemplars?: string[];
  /** The writer's own phrases to keep out of the book. */
  avoid?: string[];
  /**
   * The style and world an imported manuscript was read as having (its period, place, point of view and tense, tone):
   * told to every step as style notes, never as the premise.
   */
  notes?: string;
}

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** A fingerprint as kept, or undefined when any statistic is missing or malformed. */
function fingerprintOf(raw: unknown): VoiceFingerprint | undefined {
  const f = raw as Partial<VoiceFingerprint> | null;
  if (!f || typeof f !== 'object' || !f.sentenceWords || !isNum(f.sentenceWords.mean) || !isNum(f.sentenceWords.spread))
    return undefined;
  if (
    !isNum(f.paragraphWords) ||
    !isNum(f.dialogueShare) ||
    !isNum(f.diversity) ||
    !isNum(f.overusedPerThousand) ||
    !isNum(f.words)
  )
    return undefined;
  if (f.pointOfView !== 'first' && f.pointOfView !== 'second' && f.pointOfView !== 'third') return undefined;
  const tense = f.tense === 'past' || f.tense === 'present' || f.tense === 'mixed' ? f.tense : null;
  const openers = Array.isArray(f.openers)
    ? f.openers.filter((o): o is string => typeof o === 'string').slice(0, 5)
    : [];
  const bounds = boundsOf(f.bounds);
  return {
    sentenceWords: { mean: f.sentenceWords.mean, spread: f.sentenceWords.spread },
    paragraphWords: f.paragraphWords,
    dialogueShare: f.dialogueShare,
    diversity: f.diversity,
    openers,
    pointOfView: f.pointOfView,
    tense,
    overusedPerThousand: f.overusedPerThousand,
    words: f.words,
    ...(bounds ? { bounds } : {}),
  };
}

const isRange = (x: unknown): x is [number, number] =>
  Array.isArray(x) && x.length === 2 && isNum(x[0]) && isNum(x[1]) && x[0] <= x[1];

/** Kept bounds, or undefined when any is malformed (the part is then measured as against a short sample). */
function boundsOf(raw: unknown): VoiceBounds | undefined {
  const b = raw as Partial<VoiceBounds> | null | undefined;
  if (
    !b ||
    typeof b !== 'object' ||
    !isNum(b.slices) ||
    !isRange(b.sentenceWords) ||
    !isRange(b.paragraphWords) ||
    !isRange(b.dialogueShare) ||
    !isRange(b.diversity)
  )
    return undefined;
  const pointsOfView = Array.isArray(b.pointsOfView)
    ? b.pointsOfView.filter((p) => p === 'first' || p === 'second' || p === 'third')
    : [];
  const tenses = Array.isArray(b.tenses) ? b.tenses.filter((t) => t === 'past' || t === 'present') : [];
  if (!pointsOfView.length) return undefined;
  return {
    slices: b.slices,
    sentenceWords: [...b.sentenceWords],
    paragraphWords: [...b.paragraphWords],
    dialogueShare: [...b.dialogueShare],
    diversity: [...b.diversity],
    pointsOfView,
    tenses,
  };
}

const strings = (x: unknown): string[] =>
  Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];

/** A saved voice read back: what is well-formed kept, the rest dropped; undefined when nothing is left. */
export function bookVoiceOf(raw: unknown): BookVoice | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const v = raw as Record<string, unknown>;
  const fingerprint = fingerprintOf(v.fingerprint);
  const exemplars = fingerprint ? strings(v.exemplars).slice(0, 2) : [];
  const avoid = strings(v.avoid);
  const notes = typeof v.notes === 'string' && v.notes.trim() ? v.notes.trim() : undefined;
  const voice: BookVoice = {
    ...(fingerprint ? { fingerprint } : {}),
    ...(exemplars.length ? { exemplars } : {}),
    ...(avoid.length ? { avoid } : {}),
    ...(notes ? { notes } : {}),
  };
  return Object.keys(voice).length ? voice : undefined;
}
