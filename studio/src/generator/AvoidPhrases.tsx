// The Voice panel's phrases to avoid (VoicePanel.tsx): the writer's phrases to keep out of the book, listed, each
// removable, one added at a time, saved at once; a refusal names the limit beside the field.
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { X } from 'lucide-react';
import type { Lang } from '../engine.js';
import { pageWord } from './words.js';
import type { VoicePartProps } from './voiceSave.js';

/** The writer's phrases to keep out of the book: listed, each removable, one added at a time (saved at once). */
export function AvoidPhrases({
  avoid,
  lang,
  bookLang,
  isDisabled,
  onSave,
  onStatus,
}: VoicePartProps & { avoid: readonly string[] }) {
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
      <h4 id={`${id}-h`} className="text-sm font-semibold">
        {pageWord('avoidTitle', lang)}
      </h4>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
        {pageWord('avoidHint', lang)}
      </p>
      {avoid.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{pageWord('avoidNone', lang)}</p>
      ) : (
        <PhraseList
          id={id}
          avoid={avoid}
          lang={lang}
          bookLang={bookLang}
          isOff={isDisabled || isBusy}
          onRemove={(p) => void remove(p)}
        />
      )}
      <AddPhrase
        {...{ id, phrase, inputRef, lang, bookLang }}
        hasError={error !== null}
        isOff={isDisabled || isBusy}
        onPhrase={setPhrase}
        onAdd={(e) => void add(e)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="avoid-error">
          {error}
        </p>
      )}
    </section>
  );
}

/** A phrase's pill (its classes in two parts: each line of the file stays within 120 characters). */
const PHRASE = [
  'flex max-w-full items-center gap-1 rounded-full border border-gray-300',
  'py-0.5 pl-3 pr-1 text-sm dark:border-neutral-600',
].join(' ');

/** The phrases kept out of the book, each with its Remove button. */
function PhraseList({
  id,
  avoid,
  lang,
  bookLang,
  isOff,
  onRemove,
}: {
  id: string;
  avoid: readonly string[];
  lang: Lang;
  bookLang: Lang | undefined;
  isOff: boolean;
  onRemove(phrase: string): void;
}) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={`${id}-h`}>
      {avoid.map((p) => (
        <li key={p} className={PHRASE} data-testid="avoid-phrase">
          <span className="break-words" lang={bookLang}>
            {p}
          </span>
          <button
            type="button"
            className="btn-ghost rounded-full px-1.5 py-0.5 text-xs"
            aria-label={pageWord('avoidRemove', lang, { phrase: p })}
            onClick={() => onRemove(p)}
            disabled={isOff}
            data-testid="avoid-remove"
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The field that adds a phrase, and Add. */
function AddPhrase({
  id,
  phrase,
  inputRef,
  lang,
  bookLang,
  hasError,
  isOff,
  onPhrase,
  onAdd,
}: {
  id: string;
  phrase: string;
  inputRef: RefObject<HTMLInputElement | null>;
  lang: Lang;
  bookLang: Lang | undefined;
  hasError: boolean;
  isOff: boolean;
  onPhrase(phrase: string): void;
  onAdd(e: FormEvent): void;
}) {
  return (
    <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={onAdd}>
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={`${id}-new`} className="label">
          {pageWord('avoidNew', lang)}
        </label>
        <input
          ref={inputRef}
          id={`${id}-new`}
          className="input"
          value={phrase}
          maxLength={200}
          lang={bookLang}
          onChange={(e) => onPhrase(e.target.value)}
          aria-invalid={hasError}
          aria-describedby={`${id}-hint${hasError ? ` ${id}-error` : ''}`}
          data-testid="avoid-input"
        />
      </div>
      <button
        type="submit"
        className="btn-secondary px-3 py-2"
        disabled={isOff || !phrase.trim()}
        data-testid="avoid-add"
      >
        {pageWord('avoidAdd', lang)}
      </button>
    </form>
  );
}
