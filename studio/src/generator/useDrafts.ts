// Drafts of hand edits kept on the server: loaded once the saved book is shown, kept while the writer
// types (Manuscript.tsx), dropped when the part is saved or the edit discarded.
import { useEffect, useState } from 'react';
import type { StepRef } from '../engine.js';
import { call } from '../lib/api.js';
import { draftPosition } from './Manuscript.js';

export type Drafts = Record<number, string>;

/** The drafts of the saved book of `bookType` (loaded while `hasSavedBook`), and keepDraft to keep or drop one. */
export function useDrafts(hasSavedBook: boolean, bookType: string) {
  const [drafts, setDrafts] = useState<Drafts>({});
  useEffect(() => {
    if (!hasSavedBook) return;
    let isCurrent = true;
    call('GET /progress/:bookType/drafts', { params: { bookType } }).then(
      (r) => {
        if (isCurrent && Array.isArray(r?.drafts))
          setDrafts(Object.fromEntries(r.drafts.map((d) => [d.position, d.text])));
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [hasSavedBook, bookType]);
  const keepDraft = async (part: StepRef, text: string | null): Promise<boolean> => {
    const position = draftPosition(part);
    try {
      if (text === null) {
        setDrafts(({ [position]: _, ...rest }) => rest);
        await call('DELETE /progress/:bookType/drafts/:position', { params: { bookType, position } });
      } else {
        await call('PUT /progress/:bookType/drafts', { params: { bookType }, body: { position, text } });
        setDrafts((d) => ({ ...d, [position]: text }));
      }
      return true;
    } catch {
      return false;
    }
  };
  /** The draft of `part` dropped here (the server dropped it with the saved part). */
  const dropDraft = (part: StepRef) => setDrafts(({ [draftPosition(part)]: _, ...rest }) => rest);
  return { drafts, keepDraft, dropDraft };
}
