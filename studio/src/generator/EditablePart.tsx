// A written part (or the outline, or the story bible) edited by hand: an Edit button turns it into a text
// box with Write/Preview, Save and Cancel. What is typed is kept on the server as the part's draft while
// it is typed (useEditDraft.ts); a draft not saved is offered again; Cancel asks before it drops an edit.
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Pencil } from 'lucide-react';
import type { Lang } from '../engine.js';
import { Markdown } from '../components/Markdown.js';
import { ConfirmDialog } from '../components/Dialog.js';
import { countWords } from './parts.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import { useEditDraft } from './useEditDraft.js';
import { SaveOrLeave } from './SaveOrLeave.js';

const TEXTAREA_CLASS = 'input min-h-[60vh] font-[inherit] leading-relaxed [field-sizing:content]';
const INFO_NOTE_CLASS = [
  'mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900',
  'dark:bg-sky-950/40 dark:text-sky-200',
].join(' ');

const WORDS_FMT = (n: number, lang: Lang) => pageWord('words', lang, { n: formatNumber(n, lang) });

interface EditablePartProps {
  id: string;
  label: string;
  text: string;
  lang: Lang;
  /** A step is running: no edit now (the button stays in place). */
  isDisabled: boolean;
  isOpen: boolean;
  onOpen(id: string | null): void;
  /**
   * The book view's hash of `text`: kept when the editor opens and given to `onSave`, so a save names the text it was
   * made on.
   */
  version?: string;
  onSave(text: string, version?: string): Promise<string | null>;
  /** The part's draft kept on the server (an edit not saved yet), if any. */
  savedDraft?: string;
  /** Keep the text being edited as the part's draft (null: discard it); answers whether it is kept. */
  onDraft?(text: string | null): Promise<boolean>;
  children: ReactNode;
}

/** A part with an Edit button that turns it into a text box with Save and Cancel. */
export function EditablePart(props: EditablePartProps) {
  const { id, label, text, lang, isDisabled, isOpen, onOpen, onSave, onDraft } = props;
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [isCancelAsked, setIsCancelAsked] = useState(false);
  // The text's hash as the editor opened on it (the part may be shown anew while it is open).
  const opened = useRef(props.version);
  const { draft, change, draftState, discard, pending, timer, areaRef, editRef } = useEditDraft(props, () => {
    setError(null);
    setMode('write');
    opened.current = props.version;
  });
  if (!isOpen) return <ClosedPart {...props} editRef={editRef} discard={discard} />;
  const areaId = `edit-${id}`;
  const save = async () => {
    setIsSaving(true);
    clearTimeout(timer.current);
    const failure = await (opened.current !== undefined ? onSave(draft, opened.current) : onSave(draft));
    setIsSaving(false);
    if (failure) {
      setError(failure);
      areaRef.current?.focus();
    } else {
      // Saved: the server dropped the part's draft.
      pending.current = null;
      onOpen(null);
    }
  };
  return (
    <div className="space-y-2" data-testid="part-editor" lang={lang}>
      <EditorHeader areaId={areaId} label={label} lang={lang} mode={mode} onMode={setMode} />
      {/* One scroll: the box grows with its text (no inner scroll bar) and starts tall. */}
      <textarea
        id={areaId}
        ref={areaRef}
        className={`${TEXTAREA_CLASS} ${mode === 'preview' ? 'hidden' : ''}`}
        value={draft}
        onChange={(e) => change(e.target.value)}
        aria-describedby={`${areaId}-hint${error ? ` ${areaId}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      {mode === 'preview' && (
        <div
          className="min-h-[20vh] rounded-lg border border-gray-200 p-3 dark:border-neutral-700"
          data-testid="edit-preview-text"
        >
          <Markdown text={draft} />
        </div>
      )}
      <EditHint areaId={areaId} lang={lang} draft={draft} draftState={onDraft ? draftState : 'idle'} />
      {error && (
        <p id={`${areaId}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <SaveOrLeave
          lang={lang}
          isSaving={isSaving}
          saveLabel={pageWord('save', lang)}
          onSave={() => void save()}
          saveTestId="save-edit"
          leaveLabel={pageWord('cancel', lang)}
          leaveTestId="cancel-edit"
          onLeave={() => {
            // An edit typed here is the writer's: Cancel asks before it drops it.
            if (draft === text) {
              discard();
              onOpen(null);
            } else setIsCancelAsked(true);
          }}
        />
      </div>
      <CancelEditDialog
        isOpen={isCancelAsked}
        label={label}
        lang={lang}
        onKeep={() => setIsCancelAsked(false)}
        onDrop={() => {
          setIsCancelAsked(false);
          discard();
          onOpen(null);
        }}
      />
    </div>
  );
}

/** The edit box's label and its Write / Preview switch. */
function EditorHeader({
  areaId,
  label,
  lang,
  mode,
  onMode,
}: {
  areaId: string;
  label: string;
  lang: Lang;
  mode: 'write' | 'preview';
  onMode(mode: 'write' | 'preview'): void;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <label htmlFor={areaId} className="label mb-0">
        {pageWord('editPartText', lang, { part: label })}
      </label>
      <div className="flex gap-1 text-xs" role="group">
        <button
          type="button"
          className={`rounded px-2 py-1 ${mode === 'write' ? 'bg-gray-200 font-semibold dark:bg-neutral-700' : ''}`}
          aria-pressed={mode === 'write'}
          onClick={() => onMode('write')}
        >
          {pageWord('editWrite', lang)}
        </button>
        <button
          type="button"
          className={`rounded px-2 py-1 ${mode === 'preview' ? 'bg-gray-200 font-semibold dark:bg-neutral-700' : ''}`}
          aria-pressed={mode === 'preview'}
          onClick={() => onMode('preview')}
          data-testid="edit-preview"
        >
          {pageWord('editPreview', lang)}
        </button>
      </div>
    </div>
  );
}

/** Under the box: the hint, the draft's words, and whether the draft is kept on the server. */
function EditHint({
  areaId,
  lang,
  draft,
  draftState,
}: {
  areaId: string;
  lang: Lang;
  draft: string;
  draftState: 'idle' | 'saving' | 'saved' | 'failed';
}) {
  return (
    <p id={`${areaId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
      {pageWord('editPartHint', lang)} {WORDS_FMT(countWords(draft), lang)}
      {draftState !== 'idle' && (
        <span
          className={`ml-2 font-medium ${draftState === 'failed' ? 'text-red-700 dark:text-red-400' : ''}`}
          role="status"
          data-testid="draft-state"
        >
          {pageWord(
            draftState === 'saving' ? 'draftSaving' : draftState === 'saved' ? 'draftSaved' : 'draftFailed',
            lang,
          )}
        </span>
      )}
    </p>
  );
}

/** The part as it reads, its Edit button, and a draft not saved yet with Resume and Discard. */
function ClosedPart({
  id,
  text,
  label,
  lang,
  isDisabled,
  onOpen,
  savedDraft,
  children,
  editRef,
  discard,
}: EditablePartProps & { editRef: RefObject<HTMLButtonElement | null>; discard(): void }) {
  return (
    <>
      {children}
      {savedDraft !== undefined && savedDraft !== text && (
        <div role="note" className={INFO_NOTE_CLASS} data-testid="draft-note" lang={lang}>
          <span>{pageWord('draftNote', lang)}</span>
          <button
            type="button"
            className="btn-secondary px-2 py-1 text-xs"
            onClick={() => onOpen(id)}
            disabled={isDisabled}
            data-testid="draft-resume"
          >
            {pageWord('draftResume', lang)}
          </button>
          <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={discard}>
            {pageWord('draftDiscard', lang)}
          </button>
        </div>
      )}
      <button
        ref={editRef}
        type="button"
        className="btn-ghost mt-1 px-2 py-1 text-xs"
        onClick={() => onOpen(id)}
        disabled={isDisabled}
        aria-label={pageWord('editPartLabel', lang, { part: label })}
        data-testid="edit-part"
        lang={lang}
      >
        <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('editPart', lang)}
      </button>
    </>
  );
}

/** Cancel with an edit typed: keep editing (focused first), or drop the edit (and its draft). */
function CancelEditDialog({
  isOpen,
  label,
  lang,
  onKeep,
  onDrop,
}: {
  isOpen: boolean;
  label: string;
  lang: Lang;
  onKeep(): void;
  onDrop(): void;
}) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={pageWord('cancelEditTitle', lang)}
      message={pageWord('cancelEditMessage', lang, { part: label })}
      confirmLabel={pageWord('cancelEditDrop', lang)}
      cancelLabel={pageWord('cancelEditKeep', lang)}
      isCancelFirst
      isDanger
      onConfirm={onDrop}
      onCancel={onKeep}
      testId="cancel-edit-dialog"
    />
  );
}
