// The Voice panel's sample (VoicePanel.tsx): the writer's own prose pasted or read from a .txt or .md file (in the
// browser), saved to be measured (PUT …/voice), or the measured one removed.
import { useId, useState, type ChangeEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { MAX_VOICE_SAMPLE_CHARS, type Lang, type VoiceBody } from '../engine.js';
import { countWords } from './parts.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import type { VoicePartProps } from './voiceSave.js';

/** The sample: pasted or read from a file, saved to be measured, or the measured one removed. */
export function VoiceSample({
  hasSample,
  lang,
  bookLang,
  isDisabled,
  onSave,
  onStatus,
}: VoicePartProps & { hasSample: boolean }) {
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
    const read = await readSample(file, lang);
    if ('error' in read) return setError(read.error);
    setText(read.text);
    onStatus(pageWord('voiceFileRead', lang, { file: file.name, n: formatNumber(countWords(read.text), lang) }));
  };
  const isOff = isDisabled || busy !== null;
  return (
    <div className="mt-3">
      <label htmlFor={`${id}-sample`} className="label">
        {pageWord(hasSample ? 'voiceSampleReplace' : 'voiceSample', lang)}
      </label>
      <textarea
        id={`${id}-sample`}
        className="input min-h-40 w-full"
        rows={8}
        value={text}
        lang={bookLang}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error !== null}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        data-testid="voice-sample"
      />
      <p
        id={`${id}-count`}
        className="mt-1 text-xs text-gray-600 tabular-nums dark:text-gray-400"
        data-testid="voice-sample-words"
      >
        {pageWord('voiceSampleWords', lang, { n: words })}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="voice-sample-error">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-file`} className="label mt-2">
        {pageWord('voiceFile', lang)}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".txt,.md,.markdown,text/plain,text/markdown"
        className="block w-full text-sm"
        onChange={(e) => void readFile(e)}
        disabled={isOff}
        data-testid="voice-file"
      />
      <SampleButtons
        lang={lang}
        busy={busy}
        isOff={isOff}
        hasSample={hasSample}
        onSave={save}
        onRemove={() => void send({ sample: null }, 'remove')}
      />
    </div>
  );
}

/** A sample file read in the browser: a .txt or .md file's text, or why it cannot be read. */
async function readSample(file: File, lang: Lang): Promise<{ text: string } | { error: string }> {
  if (!/\.(txt|md|markdown)$/i.test(file.name)) return { error: pageWord('voiceFileWrong', lang, { file: file.name }) };
  try {
    return { text: await file.text() };
  } catch {
    return { error: pageWord('voiceFileFailed', lang, { file: file.name }) };
  }
}

/** Save the sample (spinning while it saves) and, once there is one, Remove sample. */
function SampleButtons({
  lang,
  busy,
  isOff,
  hasSample,
  onSave,
  onRemove,
}: {
  lang: Lang;
  busy: 'save' | 'remove' | null;
  isOff: boolean;
  hasSample: boolean;
  onSave(): void;
  onRemove(): void;
}) {
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button
        type="button"
        className="btn-primary px-3 py-1.5"
        onClick={onSave}
        disabled={isOff}
        data-testid="voice-save"
      >
        {busy === 'save' && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {pageWord(busy === 'save' ? 'voiceSaving' : 'voiceSave', lang)}
      </button>
      {hasSample && (
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          onClick={onRemove}
          disabled={isOff}
          data-testid="voice-remove"
        >
          {pageWord('voiceRemove', lang)}
        </button>
      )}
    </div>
  );
}
