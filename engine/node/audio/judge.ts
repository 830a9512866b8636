// A file's audio judged before it is kept, as a chapter's text is: its speech's pace plausible for its words (the
// language's words a minute, languages/<code>/speech.yaml), no silence longer than a few seconds inside it (FFmpeg's
// silencedetect on the MP3, read as it is measured: master.ts), the voice's audio not clipped, the file not over
// 120 minutes, and its level at the numbers.
import type { Lang } from '../../languages/index.js';
import type { AudioErrorCode } from '../../audio-error.js';
import { AUDIO_TARGET, SILENCE_SECONDS } from './master.js';
import { speechLanguageOf } from './speech-language.js';

export interface AudioProblem {
  readonly code: Extract<AudioErrorCode, `audio_check_${string}`>;
  readonly vars: Readonly<Record<string, string>>;
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

/**
 * The first thing wrong with a mastered file, or undefined when it is kept.
 * @example judgeAudio({ lang: 'ms', words: 412, speechSeconds: 160, seconds: 175, clipped: 0, rmsDb: -20, peakDb: -4.1,
 * silences: [] })
 */
export function judgeAudio(input: {
  lang: Lang;
  words: number;
  speechSeconds: number;
  seconds: number;
  maxMinutes?: number;
  clipped: number;
  rmsDb: number;
  peakDb: number;
  silences: ReadonlyArray<{ at: number; seconds: number }>;
}): AudioProblem | undefined {
  const pace = speechLanguageOf(input.lang).wordsPerMinute;
  const rate = input.speechSeconds > 0 ? (input.words / input.speechSeconds) * 60 : Number.POSITIVE_INFINITY;
  // A few words (a credit, a short heading) say little of a voice's pace: judged from 20 words.
  if (input.words >= 20 && (rate < pace.min || rate > pace.max)) {
    return {
      code: 'audio_check_duration',
      vars: {
        seconds: fixed(input.speechSeconds),
        words: String(input.words),
        rate: String(Math.round(rate)),
        min: String(pace.min),
        max: String(pace.max),
      },
    };
  }
  if (input.clipped > 0) return { code: 'audio_check_clipping', vars: { count: String(input.clipped) } };
  const maxMinutes = input.maxMinutes ?? AUDIO_TARGET.maxMinutes;
  if (input.seconds > maxMinutes * 60)
    return {
      code: 'audio_check_too_long',
      vars: { minutes: String(Math.ceil(input.seconds / 60)), max: String(maxMinutes) },
    };
  if (!(
    input.rmsDb >= AUDIO_TARGET.rmsMinDb &&
    input.rmsDb <= AUDIO_TARGET.rmsMaxDb &&
    input.peakDb <= AUDIO_TARGET.peakMaxDb
  )) {
    return { code: 'audio_check_level', vars: { rms: fixed(input.rmsDb), peak: fixed(input.peakDb) } };
  }
  const inside = input.silences.filter(
    (s) => s.at > AUDIO_TARGET.headSeconds && s.at + s.seconds < input.seconds - 0.05,
  );
  const gap = inside[0];
  if (gap)
    return {
      code: 'audio_check_silence',
      vars: { seconds: fixed(gap.seconds), at: fixed(gap.at), max: String(SILENCE_SECONDS) },
    };
  return undefined;
}
