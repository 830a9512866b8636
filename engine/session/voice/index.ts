// The writer's voice: a fingerprint of a sample of their prose (fingerprint.ts over text.ts, its vocabulary
// diversity in diversity.ts, its point of view and tense in person-tense.ts), every prose part
// measured against it (measure.ts), the overused phrases of each language (overused.ts, overused-words.ts; the
// listed three-word phrases read in threes.ts; the words of a text in ASCII letters read by char codes in
// ascii-words.ts),
// the guidance a writing step is sent (guidance.ts) and the refusals (error.ts).
export { mtld } from './diversity.js';
export {
  fingerprintOf,
  voiceFromSample,
  MIN_SAMPLE_WORDS,
  MAX_SAMPLE_WORDS,
  MIN_PART_WORDS,
  EXEMPLAR_WORDS,
} from './fingerprint.js';
export { VoiceError, voiceMessage, type VoiceErrorCode } from './error.js';
export {
  overusedIn,
  isOverused,
  avoidListOf,
  phrasesToAvoid,
  OVERUSED_BAND,
  MAX_AVOID,
  MAX_AVOID_CHARS,
  type OverusedMeasure,
} from './overused.js';
export {
  voiceMarksOf,
  partVoiceOf,
  partOverusedOf,
  towardVoiceNote,
  driftNote,
  statisticsOf,
  driftsOf,
  BANDS,
  type VoiceMarks,
  type PartVoice,
  type VoiceStatistic,
} from './measure.js';
export {
  slicesOf,
  boundsOfSlices,
  boundsOfVoice,
  SLICE_WORDS,
  MIN_SLICES,
  MAX_SLICES,
  SPREADS,
  SHORT_SAMPLE_WIDENING,
} from './bounds.js';
export { voiceGuidanceOf, withoutExemplars } from './guidance.js';

export { wholeEnds } from './text.js';
