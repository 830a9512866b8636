// The introduction's character list, under the introduction and apart from its text: the list later chapters
// are told about the story's people, which the book never prints. It has its own small editor (one character a
// line, PUT …/characters), so the introduction's editor holds only its prose and saving it never touches the list.
import { useId, useRef, useState } from 'react';
import { Pencil } from 'lucide-react';
import type { Lang } from '../engine.js';
import { SaveOrLeave } from './SaveOrLeave.js';
import { pageWord } from './words.js';

export function CharacterDetails({
  text,
  lang,
  bookLang,
  isDisabled,
  onSave,
}: {
  /** The list as the book view gives it, one character a line ('' when none). */
  text: string;
  lang: Lang;
  bookLang?: Lang;
  isDisabled: boolean;
  /** Save the writer's list; answers an error message, or null when saved. */
  onSave(text: string): Promise<string | null>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const lines = text
    .split('\n')
    .map((l) => l.replace(/^[-*•]\s*/, '').trim())
    .filter(Boolean);
  const close = () => {
    setDraft(null);
    setError(null);
    requestAnimationFrame(() => editRef.current?.focus());
  };
  const save = async () => {
    if (draft === null) return;
    setIsSaving(true);
    const failure = await onSave(draft);
    setIsSaving(false);
    if (failure) setError(failure);
    else close();
  };
  return (
    <section
      className="mt-3 rounded-lg border border-gray-200 p-3 text-sm dark:border-neutral-700"
      aria-labelledby={`${id}-h`}
      data-testid="character-details"
      lang={lang}
    >
      <h4 id={`${id}-h`} className="text-sm font-semibold">
        {pageWord('characterDetails', lang)}
      </h4>
      <p className="mt-1 text-xs text-gray-500 dark:text-gray-400" id={`${id}-hint`}>
        {pageWord('characterDetailsHint', lang)}
      </p>
      {draft === null ? (
        <>
          {lines.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5" lang={bookLang} data-testid="character-details-list">
              {lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">{pageWord('characterDetailsEmpty', lang)}</p>
          )}
          <button
            ref={editRef}
            type="button"
            className="btn-ghost mt-1 px-2 py-1 text-xs"
            onClick={() => setDraft(lines.join('\n'))}
            disabled={isDisabled}
            data-testid="character-details-edit"
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('characterDetailsEdit', lang)}
          </button>
        </>
      ) : (
        <CharacterEditor
          id={id}
          draft={draft}
          error={error}
          isSaving={isSaving}
          lang={lang}
          bookLang={bookLang}
          onDraft={setDraft}
          onSave={() => void save()}
          onLeave={close}
        />
      )}
    </section>
  );
}

/** The list being edited: one character a line, with Save and Cancel and the save's error. */
function CharacterEditor({
  id,
  draft,
  error,
  isSaving,
  lang,
  bookLang,
  onDraft,
  onSave,
  onLeave,
}: {
  id: string;
  draft: string;
  error: string | null;
  isSaving: boolean;
  lang: Lang;
  bookLang: Lang | undefined;
  onDraft(draft: string): void;
  onSave(): void;
  onLeave(): void;
}) {
  return (
    <div className="mt-2 space-y-2">
      <label htmlFor={`${id}-box`} className="label mb-0">
        {pageWord('characterDetailsBox', lang)}
      </label>
      <textarea
        id={`${id}-box`}
        className="input font-[inherit] leading-relaxed"
        rows={Math.min(12, Math.max(4, draft.split('\n').length + 1))}
        value={draft}
        lang={bookLang}
        onChange={(e) => onDraft(e.target.value)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        autoFocus
        data-testid="character-details-text"
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <SaveOrLeave
          lang={lang}
          isSaving={isSaving}
          saveLabel={pageWord('save', lang)}
          onSave={onSave}
          saveTestId="character-details-save"
          leaveLabel={pageWord('cancel', lang)}
          onLeave={onLeave}
        />
      </div>
    </div>
  );
}
