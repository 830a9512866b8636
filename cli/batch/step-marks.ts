// A step's marks in the human progress: its line on a pipe or file, its bar's mark and name on a terminal, and the
// voice note (drifts, overused phrases) both carry.
import type { BatchEvent } from './scheduler.js';
import { batchCount, batchWord } from '../batch-words.js';
import { numberIn, secondsIn, word, type Lang, type VoiceMarks } from '../../engine/index.js';

/** A step's line on a pipe or file: `[done/total] job · step · words (marks) · tokens · seconds`. */
export function stepLine(
  event: Extract<BatchEvent, { type: 'step_done' }>,
  done: number,
  total: number,
  lang: Lang,
): string {
  const tokens = event.tokens ? ` · ${batchCount('tokens', event.tokens.total, lang)}` : '';
  const w = String(total).length;
  const words = event.kind === 'image' ? '' : ` · ${batchCount('words', event.words, lang)}`;
  const short = event.short ? ` (${batchWord('shortTarget', lang, { target: event.target ?? '' })})` : '';
  const repeats = event.repeats ? ` (${batchWord('markRepeats', lang)})` : '';
  return (
    `  [${String(done).padStart(w)}/${total}] ${event.job} ` +
    `· ${event.step}${words}${short}${repeats}${voiceNote(event, lang)}${tokens} ` +
    `· ${secondsIn(event.seconds, lang, 1)}`
  );
}

export function pad(name: string): string {
  return name.length > 28 ? `${name.slice(0, 27)}…` : name.padEnd(28);
}

/** A book's bar's mark after a step: ⚠ and what marks it (short, repeats, voice, overused), else ✓. */
export function stepMark(event: VoiceMarks & { short?: unknown; repeats?: unknown }, lang: Lang): string {
  const mark = event.short
    ? 'markShort'
    : event.repeats
      ? 'markRepeats'
      : event.voiceDrifts
        ? 'markVoice'
        : event.overused
          ? 'markOverused'
          : undefined;
  return mark ? `⚠ ${batchWord(mark, lang)}` : '✓';
}

/**
 * " (drifts from your voice: …)" and " (overused phrases: 6.2 per 1,000 words (…))" for a step's line, in `lang`; ''
 * when neither.
 */
function voiceNote(event: VoiceMarks, lang: Lang): string {
  const drifts = event.voiceDrifts ? ` (${word('voiceDrifts', lang, { notes: event.voiceDrifts.join(', ') })})` : '';
  const o = event.overused;
  return `${drifts}${
    o
      ? ` (${word('overusedMark', lang, {
          rate: numberIn(o.perThousand, lang, 1),
          phrases: o.phrases
            .slice(0, 4)
            .map((p) => `"${p}"`)
            .join(', '),
        })})`
      : ''
  }`;
}
