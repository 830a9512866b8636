// A written part of the preview (Manuscript.tsx): its heading and words (folded on a phone unless it is the newest),
// its text (edited by hand), its tools (continuity, voice, Rewrite, passages), and its notes and warnings.
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { StepRef } from '../engine.js';
import { Markdown } from '../components/Markdown.js';
import { PassageTools } from './PassageTools.js';
import { EditablePart } from './EditablePart.js';
import { RewritePart } from './PartRewrite.js';
import { NotInBible, ShortPart } from './PartNotes.js';
import type { PreviewPart, PreviewProps } from './previewPart.js';
import { pageWord } from './words.js';
import { ContinuityNotes } from './Continuity.js';
import { VoiceMarks } from './PartVoice.js';
import { CharacterDetails } from './CharacterDetails.js';
import type { Editing } from './PreviewPieces.js';
import { PartHeading, PartWarnings } from './PartMarks.js';

/**
 * A written part: heading and words (folded on a phone unless it is the newest), its text (edited by hand), Rewrite,
 * passage tools, notes.
 */
export function WrittenPart({
  part: p,
  isLast,
  isUnfolded,
  onFold,
  props,
  editing,
  onEdit,
  draftProps,
}: Editing & { part: PreviewPart; isLast: boolean; isUnfolded: boolean; onFold(): void }) {
  const { isBook, isLoading, lang, bookLang, onSaveEdit, onWriteMore, onUpdateBible, stepCostText, isShortOfCredits } =
    props;
  // On a phone, earlier parts fold to their titles (the newest stays open); wider screens show all.
  const isFolded = isBook && p.heading !== undefined && !isLast && !isUnfolded && editing !== p.key;
  // "Rewrite with this note" on a continuity finding: the part's Rewrite opened with that note.
  const [notePreset, setNotePreset] = useState<NotePreset | null>(null);
  // The Continuity panel's "Rewrite with this note" for this part.
  const asked = props.noteFor?.partKey === p.key ? props.noteFor : undefined;
  useEffect(() => {
    if (asked) setNotePreset((was) => ({ note: asked.note, n: (was?.n ?? 0) + 1 }));
  }, [asked?.n]);
  return (
    <article id={p.key} className="mb-6 scroll-mt-4" data-testid="preview-part">
      {p.heading && (
        <PartHeading
          p={p}
          lang={lang}
          bookLang={bookLang}
          isFoldable={isBook && !isLast}
          isFolded={isFolded}
          onFold={onFold}
        />
      )}
      <PartText p={p} props={props} editing={editing} onEdit={onEdit} draftProps={draftProps} isFolded={isFolded} />
      {p.ref?.kind === 'introduction' && props.characterDetails !== undefined && props.onSaveCharacters && (
        <CharacterDetails
          text={props.characterDetails}
          lang={lang}
          {...(bookLang ? { bookLang } : {})}
          isDisabled={isLoading}
          onSave={props.onSaveCharacters}
        />
      )}
      <PartTools p={p} props={props} editing={editing} notePreset={notePreset} onNotePreset={setNotePreset} />
      {(p.isStopped || p.isShort) && p.target !== undefined && (
        <ShortPart
          part={p}
          lang={lang}
          isDisabled={isLoading}
          isShortOfCredits={isShortOfCredits === true}
          {...(onWriteMore && p.ref
            ? { onWriteMore: () => (p.hash ? onWriteMore(p.ref!, p.hash) : onWriteMore(p.ref!)) }
            : {})}
          {...(stepCostText ? { costText: stepCostText } : {})}
        />
      )}
      {p.isNotInBible && (
        <NotInBible
          lang={lang}
          isDisabled={isLoading}
          isUpdating={p.isBibleUpdating === true}
          isBookFinished={p.isBookFinished === true}
          {...(p.notInBibleMessage ? { message: p.notInBibleMessage } : {})}
          {...(onUpdateBible ? { onUpdate: onUpdateBible } : {})}
        />
      )}
      <PartWarnings p={p} lang={lang} />
    </article>
  );
}

/**
 * A written part's tools: its findings (PartFindings), Rewrite and its versions, and the passage tools (not while its
 * editor is open).
 */
function PartTools({
  p,
  props,
  editing,
  notePreset,
  onNotePreset,
}: {
  p: PreviewPart;
  props: PreviewProps;
  editing: string | null;
  notePreset: NotePreset | null;
  onNotePreset: Dispatch<SetStateAction<NotePreset | null>>;
}) {
  const { isLoading, lang, bookLang, onRewrite, onVersions, onRestore, onPassage, onKeepPassage } = props;
  const { stepCostText, isShortOfCredits } = props;
  const canRewrite = Boolean(onRewrite && p.ref && p.ref.kind !== 'outline');
  return (
    <>
      <PartFindings p={p} props={props} canRewrite={canRewrite} onNotePreset={onNotePreset} />
      {onRewrite && p.ref && p.ref.kind !== 'outline' && (
        <RewritePart
          part={p}
          partRef={p.ref}
          lang={lang}
          isDisabled={isLoading}
          isShortOfCredits={isShortOfCredits === true}
          onRewrite={(ref, note) => (p.hash ? onRewrite(ref, note, p.hash) : onRewrite(ref, note))}
          {...(notePreset ? { preset: notePreset } : {})}
          {...(onVersions ? { onVersions } : {})}
          {...(onRestore
            ? {
                onRestore: (ref: StepRef, version: number) =>
                  p.hash ? onRestore(ref, version, p.hash) : onRestore(ref, version),
              }
            : {})}
          {...(stepCostText ? { costText: stepCostText } : {})}
        />
      )}
      {onPassage && onKeepPassage && p.ref && p.ref.kind !== 'outline' && editing !== p.key && (
        <PassageTools
          textId={`${p.key}-text`}
          text={p.text}
          {...(p.hash ? { hash: p.hash } : {})}
          label={p.heading ?? ''}
          lang={lang}
          {...(bookLang ? { bookLang } : {})}
          isDisabled={isLoading}
          isShortOfCredits={isShortOfCredits === true}
          {...(stepCostText ? { costText: stepCostText } : {})}
          onRework={(passage, ask, onDelta, onWait) => onPassage(p.ref!, passage, ask, onDelta, onWait)}
          onKeep={(passage, next) => onKeepPassage(p.ref!, passage, next)}
        />
      )}
    </>
  );
}

/** The part's text, edited by hand on a saved book (folded on a phone unless it is the newest). */
function PartText({
  p,
  props,
  editing,
  onEdit,
  draftProps,
  isFolded,
}: Omit<Editing, 'props'> & {
  p: PreviewPart;
  props: PreviewProps;
  isFolded: boolean;
}) {
  const { isLoading, lang, bookLang, onSaveEdit } = props;
  return (
    <div
      id={`${p.key}-text`}
      className={`text-[15px] leading-relaxed ${isFolded ? 'hidden lg:block' : ''}`}
      lang={bookLang}
    >
      {onSaveEdit && p.ref ? (
        // The Edit button stays while a step runs (disabled), so no part moves when the step ends. The save
        // names the text the editor opened on (its hash): a part changed since is refused, not overwritten.
        <EditablePart
          id={p.key}
          label={p.heading ?? ''}
          text={p.text}
          {...(p.hash ? { version: p.hash } : {})}
          lang={lang}
          isDisabled={isLoading}
          isOpen={editing === p.key}
          onOpen={onEdit}
          onSave={(text, seen) => (seen ? onSaveEdit(p.ref!, text, seen) : onSaveEdit(p.ref!, text))}
          {...draftProps(p.ref)}
        >
          <Markdown text={p.text} isPlaced />
        </EditablePart>
      ) : (
        <Markdown text={p.text} isPlaced />
      )}
    </div>
  );
}

/**
 * The part's continuity findings (each opening Rewrite with its note) and its drifts from the writer's voice (with
 * "Rewrite toward my voice").
 */
function PartFindings({
  p,
  props,
  canRewrite,
  onNotePreset,
}: {
  p: PreviewPart;
  props: PreviewProps;
  canRewrite: boolean;
  onNotePreset: Dispatch<SetStateAction<NotePreset | null>>;
}) {
  const { isLoading, lang, bookLang, onRewriteTowardVoice, stepCostText, isShortOfCredits } = props;
  return (
    <>
      <ContinuityNotes
        partKey={p.key}
        label={p.heading ?? ''}
        findings={p.continuity ?? []}
        {...(p.checkAgainst ? { checkAgainst: p.checkAgainst } : {})}
        lang={lang}
        {...(bookLang ? { bookLang } : {})}
        isDisabled={isLoading}
        {...(canRewrite
          ? { onUseNote: (note: string) => onNotePreset((was) => ({ note, n: (was?.n ?? 0) + 1 })) }
          : {})}
      />
      <VoiceMarks
        partKey={p.key}
        label={p.heading ?? ''}
        {...(p.voice ? { voice: p.voice } : {})}
        {...(p.overused ? { overused: p.overused } : {})}
        lang={lang}
        {...(bookLang ? { bookLang } : {})}
        isDisabled={isLoading}
        isShortOfCredits={isShortOfCredits === true}
        {...(stepCostText ? { costText: stepCostText } : {})}
        {...(canRewrite && onRewriteTowardVoice
          ? { onRewrite: () => (p.hash ? onRewriteTowardVoice(p.ref!, p.hash) : onRewriteTowardVoice(p.ref!)) }
          : {})}
      />
    </>
  );
}

type NotePreset = { note: string; n: number };
