// An edit's Save and the button that leaves it (Cancel, Discard): a hand edit of a part (EditablePart.tsx), the
// outline's chapter cards and the introduction's character list.
import type { Lang } from '../engine.js';
import { pageWord } from './words.js';

/** An edit's Save (saying so while it saves) and the button that leaves the edit (Cancel, Discard). */
export function SaveOrLeave({
  lang,
  isSaving,
  isSaveDisabled = isSaving,
  saveLabel,
  onSave,
  saveTestId,
  leaveLabel,
  onLeave,
  leaveTestId,
}: {
  lang: Lang;
  isSaving: boolean;
  isSaveDisabled?: boolean;
  saveLabel: string;
  onSave(): void;
  saveTestId: string;
  leaveLabel: string;
  onLeave(): void;
  leaveTestId?: string;
}) {
  return (
    <>
      <button
        type="button"
        className="btn-primary px-3 py-1.5"
        onClick={onSave}
        disabled={isSaveDisabled}
        data-testid={saveTestId}
      >
        {isSaving ? pageWord('saving', lang) : saveLabel}
      </button>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        onClick={onLeave}
        disabled={isSaving}
        data-testid={leaveTestId}
      >
        {leaveLabel}
      </button>
    </>
  );
}
