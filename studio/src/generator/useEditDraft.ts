// A hand edit's draft (EditablePart.tsx): what is typed kept on the server as the part's draft while it is typed,
// sent at once when the editor closes or the page is left, and dropped by Discard.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The text being edited, kept as the part's draft on the server a second after typing stops (and at once
 * when the editor closes or the page is left); `onOpened` resets the editor's own state when it opens.
 */
export function useEditDraft(
  {
    text,
    isOpen,
    savedDraft,
    onDraft,
  }: {
    text: string;
    isOpen: boolean;
    savedDraft?: string | undefined;
    onDraft?: ((text: string | null) => Promise<boolean>) | undefined;
  },
  onOpened: () => void,
) {
  const [draft, setDraft] = useState(text);
  // The draft's state on the server: kept, being kept, or not kept (offline); `pending` is the text not kept yet.
  const [draftState, setDraftState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onDraftRef = useRef(onDraft);
  onDraftRef.current = onDraft;
  const editRef = useRef<HTMLButtonElement>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const wasOpen = useRef(false);
  const flush = () => {
    clearTimeout(timer.current);
    const text = pending.current;
    if (text === null || !onDraftRef.current) return;
    setDraftState('saving');
    void onDraftRef.current(text).then((isKept) => {
      if (pending.current === text) pending.current = isKept ? null : text;
      setDraftState(isKept ? 'saved' : 'failed');
    });
  };
  // Before paint: the editor never shows the saved text for a frame when it opens on a draft.
  useLayoutEffect(() => {
    if (isOpen) {
      setDraft(savedDraft ?? text);
      onOpened();
      setDraftState(savedDraft !== undefined ? 'saved' : 'idle');
      areaRef.current?.focus();
    } else if (wasOpen.current) editRef.current?.focus();
    wasOpen.current = isOpen;
    // Only when the editor opens or closes (not on every new text).
  }, [isOpen]);
  // Leaving the page (a sidebar link) keeps what was typed: the draft is sent at once. A reload or a
  // closed tab with text not kept yet asks first.
  useEffect(() => {
    if (!isOpen) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.current === null) return;
      flush();
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flush reads refs
  }, [isOpen]);
  const change = (value: string) => {
    setDraft(value);
    if (!onDraftRef.current) return;
    pending.current = value;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, 1000);
  };
  const discard = () => {
    clearTimeout(timer.current);
    pending.current = null;
    setDraftState('idle');
    void onDraftRef.current?.(null);
  };
  return { draft, change, draftState, discard, pending, timer, areaRef, editRef };
}
