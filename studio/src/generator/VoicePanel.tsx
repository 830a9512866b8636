// The book's Voice panel, beside the story bible once the book has its outline: a sample of the
// writer's own prose pasted or read from a .txt or .md file (in the browser) and saved to be measured
// (PUT …/voice), its fingerprint in plain words, "Remove sample", and the writer's phrases to keep out of the
// book. The server measures and refuses (too short, too long, another language, not text; too many or too
// long phrases), naming the limit next to the field; nothing typed is lost on a refusal.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Loader2, X } from 'lucide-react';
import { MAX_VOICE_SAMPLE_CHARS, type BookView, type Lang, type VoiceBody } from '../engine.js';
import { countWords } from './parts.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';

export type BookVoiceShown = NonNullable<BookView['voice']>;
export type VoiceFingerprint = NonNullable<BookVoiceShown['fingerprint']>;
/** A refused save: the server's message, and the field it names (the sample or the phrases to avoid). */
export interface VoiceFailure {
  field?: 'sample' | 'avoid';
  message: string;
}
type SaveVoice = (body: VoiceBody) => Promise<VoiceFailure | null>;

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

export function VoicePanel({ voice, lang, bookLang, isDisabled, onSave }: {
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
    <details id="part-voice" className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700" data-testid="voice-panel" lang={lang}>
      <summary className="cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" tabIndex={0}>{pageWord('voiceTitle', lang)}</summary>
      <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">{pageWord('voiceHint', lang)}</p>
      {fp ? (
        <div className="mt-2 text-sm">
          <p className="font-medium">{pageWord('voiceMeasured', lang, { n: formatNumber(fp.words, lang) })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="voice-fingerprint">
            {fingerprintWords(fp, lang).map((line) => <li key={line}>{line}</li>)}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" data-testid="voice-none">{pageWord('voiceNone', lang)}</p>
      )}
      <VoiceSample hasSample={fp !== undefined} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isDisabled} onSave={onSave} onStatus={setStatus} />
      <AvoidPhrases avoid={voice?.avoid ?? []} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isDisabled} onSave={onSave} onStatus={setStatus} />
      <p role="status" aria-live="polite" className="mt-2 text-sm text-green-700 empty:hidden dark:text-green-400" data-testid="voice-status">{status}</p>
    </details>
  );
}

interface PartProps {
  lang: Lang;
  bookLang?: Lang;
  isDisabled: boolean;
  onSave: SaveVoice;
  onStatus(text: string): void;
}

/** The sample: pasted or read from a file, saved to be measured, or the measured one removed. */
function VoiceSample({ hasSample, lang, bookLang, isDisabled, onSave, onStatus }: PartProps & { hasSample: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const words = countWords(text);
  const send = async (body: VoiceBody, what: 'save' | 'remove') => {
    setBusy(what);
    setError(null);
    onStatus('');
    const failure = await onSave(body);
    setBusy(null);
    if (failure) return setError(failure.message);
    if (what === 'save') setText('');
    onStatus(pageWord(what === 'save' ? 'voiceSaved' : 'voiceRemoved', lang));
  };
  const save = () => {
    if (!text.trim()) return setError(pageWord('voiceSampleEmpty', lang));
    if (text.length > MAX_VOICE_SAMPLE_CHARS) return setError(pageWord('voiceSampleTooLong', lang));
    void send({ sample: text }, 'save');
  };
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (!/\.(txt|md|markdown)$/i.test(file.name)) return setError(pageWord('voiceFileWrong', lang, { file: file.name }));
    try {
      const read = await file.text();
      setText(read);
      onStatus(pageWord('voiceFileRead', lang, { file: file.name, n: formatNumber(countWords(read), lang) }));
    } catch {
      setError(pageWord('voiceFileFailed', lang, { file: file.name }));
    }
  };
  const isOff = isDisabled || busy !== null;
  return (
    <div className="mt-3">
      <label htmlFor={`${id}-sample`} className="label">{pageWord(hasSample ? 'voiceSampleReplace' : 'voiceSample', lang)}</label>
      <textarea id={`${id}-sample`} className="input min-h-40 w-full" rows={8} value={text} lang={bookLang} onChange={(e) => setText(e.target.value)}
        aria-invalid={error !== null} aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`} data-testid="voice-sample" />
      <p id={`${id}-count`} className="mt-1 text-xs text-gray-600 tabular-nums dark:text-gray-400" data-testid="voice-sample-words">{pageWord('voiceSampleWords', lang, { n: words })}</p>
      {error && <p id={`${id}-error`} className="field-error" role="alert" data-testid="voice-sample-error">{error}</p>}
      <label htmlFor={`${id}-file`} className="label mt-2">{pageWord('voiceFile', lang)}</label>
      <input id={`${id}-file`} type="file" accept=".txt,.md,.markdown,text/plain,text/markdown" className="block w-full text-sm" onChange={(e) => void readFile(e)} disabled={isOff} data-testid="voice-file" />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-primary px-3 py-1.5" onClick={save} disabled={isOff} data-testid="voice-save">
          {busy === 'save' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {pageWord(busy === 'save' ? 'voiceSaving' : 'voiceSave', lang)}
        </button>
        {hasSample && (
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => void send({ sample: null }, 'remove')} disabled={isOff} data-testid="voice-remove">
            {pageWord('voiceRemove', lang)}
          </button>
        )}
      </div>
    </div>
  );
}

/** The writer's phrases to keep out of the book: listed, each removable, one added at a time (saved at once). */
function AvoidPhrases({ avoid, lang, bookLang, isDisabled, onSave, onStatus }: PartProps & { avoid: readonly string[] }) {
  const id = useId();
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const save = async (next: string[]): Promise<boolean> => {
    setIsBusy(true);
    setError(null);
    onStatus('');
    const failure = await onSave({ avoid: next });
    setIsBusy(false);
    if (failure) {
      setError(failure.message);
      return false;
    }
    onStatus(pageWord('avoidSaved', lang));
    return true;
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const p = phrase.trim();
    if (!p) return;
    if (avoid.some((a) => a.toLowerCase() === p.toLowerCase())) return setPhrase('');
    if (await save([...avoid, p])) setPhrase('');
  };
  const remove = async (p: string) => {
    // The button goes with its phrase: the keyboard stays in the list's field.
    if (await save(avoid.filter((a) => a !== p))) inputRef.current?.focus();
  };
  return (
    <section className="mt-4" aria-labelledby={`${id}-h`} data-testid="voice-avoid">
      <h4 id={`${id}-h`} className="text-sm font-semibold">{pageWord('avoidTitle', lang)}</h4>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">{pageWord('avoidHint', lang)}</p>
      {avoid.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{pageWord('avoidNone', lang)}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={`${id}-h`}>
          {avoid.map((p) => (
            <li key={p} className="flex max-w-full items-center gap-1 rounded-full border border-gray-300 py-0.5 pl-3 pr-1 text-sm dark:border-neutral-600" data-testid="avoid-phrase">
              <span className="break-words" lang={bookLang}>{p}</span>
              <button type="button" className="btn-ghost rounded-full px-1.5 py-0.5 text-xs" aria-label={pageWord('avoidRemove', lang, { phrase: p })} onClick={() => void remove(p)} disabled={isDisabled || isBusy} data-testid="avoid-remove">
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => void add(e)}>
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={`${id}-new`} className="label">{pageWord('avoidNew', lang)}</label>
          <input ref={inputRef} id={`${id}-new`} className="input" value={phrase} maxLength={200} lang={bookLang} onChange={(e) => setPhrase(e.target.value)}
            aria-invalid={error !== null} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} data-testid="avoid-input" />
        </div>
        <button type="submit" className="btn-secondary px-3 py-2" disabled={isDisabled || isBusy || !phrase.trim()} data-testid="avoid-add">{pageWord('avoidAdd', lang)}</button>
      </form>
      {error && <p id={`${id}-error`} className="field-error" role="alert" data-testid="avoid-error">{error}</p>}
    </section>
  );
}
