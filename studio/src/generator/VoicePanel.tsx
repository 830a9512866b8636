// The book's Voice panel, beside the story bible once the book has its outline: a sample of the
// writer's own prose pasted or read from a .txt or .md file (in the browser) and saved to be measured
// (PUT …/voice), its fingerprint in plain words, "Remove sample", and the writer's phrases to keep out of the
// book. The server measures and refuses (too short, too long, another language, not text; too many or too
// long phrases), naming the limit next to the field; nothing typed is lost on a refusal.
import { useState } from 'react';
import type { BookView, Lang } from '../engine.js';
import type { SaveVoice } from './voiceSave.js';
import { VoiceSample } from './VoiceSample.js';
import { AvoidPhrases } from './AvoidPhrases.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';

const SUMMARY_CLASS = [
  'cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2',
  'focus-visible:ring-brand-500',
].join(' ');

export type BookVoiceShown = NonNullable<BookView['voice']>;
export type VoiceFingerprint = NonNullable<BookVoiceShown['fingerprint']>;
export type { VoiceFailure } from './voiceSave.js';

const fmt = (n: number, lang: Lang) => formatNumber(Math.round(n), lang);

/**
 * A voice's fingerprint in plain words, one line a statistic, in the studio language ("Sentences: about 5 words on
 * average").
 */
export function fingerprintWords(fp: VoiceFingerprint, lang: Lang): string[] {
  const person = pageWord(`fpPerson_${fp.pointOfView}`, lang);
  return [
    pageWord('fpSentences', lang, { n: fmt(fp.sentenceWords.mean, lang) }),
    pageWord('fpParagraphs', lang, { n: fmt(fp.paragraphWords, lang) }),
    pageWord('fpDialogue', lang, { n: fmt(100 * fp.dialogueShare, lang) }),
    fp.tense ? `${person}, ${pageWord(`fpTense_${fp.tense}`, lang)}` : person,
    pageWord('fpDiversity', lang, { n: fmt(fp.diversity, lang) }),
    pageWord('fpOverused', lang, { n: formatNumber(fp.overusedPerThousand, lang, { maximumFractionDigits: 1 }) }),
  ];
}

export function VoicePanel({
  voice,
  lang,
  bookLang,
  isDisabled,
  onSave,
}: {
  /** The book's voice as the server holds it (absent: none given). */
  voice?: BookVoiceShown;
  lang: Lang;
  bookLang?: Lang;
  /** A step is being written: nothing is saved meanwhile. */
  isDisabled: boolean;
  onSave: SaveVoice;
}) {
  // What was saved or removed, read out politely; a refusal is an alert beside its field.
  const [status, setStatus] = useState('');
  const fp = voice?.fingerprint;
  return (
    <details
      id="part-voice"
      className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700"
      data-testid="voice-panel"
      lang={lang}
    >
      <summary className={SUMMARY_CLASS} tabIndex={0}>
        {pageWord('voiceTitle', lang)}
      </summary>
      <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">{pageWord('voiceHint', lang)}</p>
      {fp ? (
        <div className="mt-2 text-sm">
          <p className="font-medium">{pageWord('voiceMeasured', lang, { n: formatNumber(fp.words, lang) })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="voice-fingerprint">
            {fingerprintWords(fp, lang).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" data-testid="voice-none">
          {pageWord('voiceNone', lang)}
        </p>
      )}
      <VoiceSample
        hasSample={fp !== undefined}
        lang={lang}
        {...(bookLang ? { bookLang } : {})}
        isDisabled={isDisabled}
        onSave={onSave}
        onStatus={setStatus}
      />
      <AvoidPhrases
        avoid={voice?.avoid ?? []}
        lang={lang}
        {...(bookLang ? { bookLang } : {})}
        isDisabled={isDisabled}
        onSave={onSave}
        onStatus={setStatus}
      />
      <p
        role="status"
        aria-live="polite"
        className="mt-2 text-sm text-green-700 empty:hidden dark:text-green-400"
        data-testid="voice-status"
      >
        {status}
      </p>
    </details>
  );
}
