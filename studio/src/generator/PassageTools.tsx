// Passage tools under a written part: the writer selects a passage in the part (or, by keyboard,
// picks a paragraph from the list), chooses Rewrite (with a note or a tone), Expand, Shorten or Describe,
// and the new passage appears beside the old one; Keep puts it in (the part's earlier text kept as a
// version), Discard leaves the part as it was. One step's cost per answer (POST …/passage).
import { useEffect, useId, useRef, useState } from 'react';
import { Wand2 } from 'lucide-react';
import { CreditsShort } from './CreditsShort.js';
import type { Lang } from '../engine.js';
import type { PassageAction, PassageTone } from '../engine.js';
import { pageWord } from './words.js';
import { PassageOutcome, type Answer, type Streamed } from './PassageOutcome.js';
import { PassageActions, PassageAsk } from './PassageAsk.js';
import { paragraphsOf, selectedPassage, type Passage, type PassageAskInput } from './passage.js';

/** What asks for a new passage and what puts it in (the book page's calls). */
interface PassageCalls {
  /**
   * Ask for the new passage (its words as they arrive to `onDelta`, what it waits for before them to `onWait`);
   * answers it, or an error message.
   */
  onRework(
    passage: Passage,
    ask: PassageAskInput,
    onDelta: (text: string) => void,
    onWait?: (wait: string) => void,
  ): Promise<{ passage: string } | string>;
  /** Put the new passage in; answers an error message, or null when kept. */
  onKeep(passage: Passage, next: string): Promise<string | null>;
}

/** The part the tools work on, and how they are shown. */
interface PassagePart {
  /**
   * The id of the element the part's text is rendered in (its blocks placed: Markdown `isPlaced`): a selection
   * inside it is the passage.
   */
  textId: string;
  /** The part's text (Markdown) as rendered, the book view's hash of it, and its heading. */
  text: string;
  hash?: string;
  label: string;
  lang: Lang;
  bookLang?: Lang;
  isDisabled: boolean;
  /** The balance is below an answer's cost: the actions are off, and a note says why and links to Top Up. */
  isShortOfCredits?: boolean;
  costText?: string;
}

export function PassageTools(props: PassageCalls & PassagePart) {
  const { text, hash, label, lang, bookLang, isDisabled, isShortOfCredits = false, costText } = props;
  const id = useId();
  const { isOpen, onToolsButton, selection, setSelection, choice, setChoice } = useToolsPanel(props);
  const [note, setNote] = useState('');
  const [tone, setTone] = useState<PassageTone | ''>('');
  const paragraphs = paragraphsOf(text).map((p) => (hash ? { ...p, hash } : p));
  const passage = choice === 'selection' ? (selection ?? paragraphs[0] ?? null) : (paragraphs[Number(choice)] ?? null);
  const ask = (action: PassageAction): PassageAskInput => ({
    action,
    ...(action === 'rewrite' && note.trim() ? { note: note.trim() } : {}),
    ...(action === 'rewrite' && tone ? { tone } : {}),
  });
  const onKept = () => setSelection(null);
  const { busy, answer, streamed, error, discarded, run, keep, discard } = usePassageRun(props, onKept);
  const isOff = isDisabled || busy !== null;
  return (
    <div className="mt-1" lang={lang} data-testid="passage-tools">
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-xs"
        onClick={onToolsButton}
        disabled={isDisabled}
        aria-expanded={isOpen}
        aria-controls={`${id}-panel`}
        aria-label={pageWord('passageToolsLabel', lang, { part: label })}
        data-testid="passage-open"
      >
        <Wand2 className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('passageTools', lang)}
      </button>
      {isOpen && (
        <div
          id={`${id}-panel`}
          className="mt-2 space-y-2 rounded-lg border border-gray-200 p-3 text-sm dark:border-neutral-700"
          role="group"
          aria-label={pageWord('passageToolsLabel', lang, { part: label })}
        >
          <p className="text-xs text-gray-600 dark:text-gray-400">{pageWord('passageHint', lang)}</p>
          <PassageAsk
            {...{ id, lang, bookLang, selection, paragraphs, choice, note, tone }}
            onChoice={setChoice}
            onNote={setNote}
            onTone={setTone}
          />
          <PassageActions
            {...{ id, lang, busy, isShortOfCredits, costText }}
            isOff={isOff || !passage}
            onRun={(action) => passage && void run(passage, ask(action))}
          />
          {isShortOfCredits && <CreditsShort id={`${id}-short`} lang={lang} {...(costText ? { costText } : {})} />}
          {busy && busy !== 'keep' && (
            <p role="status" className="text-xs text-gray-600 dark:text-gray-400">
              {pageWord('passageWorking', lang)}
            </p>
          )}
          <PassageOutcome
            {...{ streamed, answer, isOff, costText, lang, bookLang }}
            isDiscarded={discarded}
            onKeep={() => void keep()}
            onDiscard={discard}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Whether the tools' panel is open, and the passage chosen in it: the writer's selection inside the part (which
 * opens the panel, kept while they move to the tools) or a paragraph picked from the list.
 */
function useToolsPanel({ textId, text, hash }: PassagePart) {
  const [isOpen, setIsOpen] = useState(false);
  const [selection, setSelection] = useState<Passage | null>(null);
  const [choice, setChoice] = useState('selection');
  // A selection opens the panel before the writer reaches its button: their click on "Passage tools" then means
  // "open it with my selection", never "close it" (it used to toggle the panel shut, selection and all).
  const isOpenedBySelection = useRef(false);
  // Read by the selection listener, which is set up once per text (a value from an older render would be stale).
  const isOpenNow = useRef(isOpen);
  isOpenNow.current = isOpen;
  // The writer's selection inside this part, kept while they move to the tools.
  useSelectedPassage({ textId, text, ...(hash ? { hash } : {}) }, (found) => {
    setSelection(found);
    if (found) {
      setChoice('selection');
      if (!isOpenNow.current) isOpenedBySelection.current = true;
      setIsOpen(true);
    }
  });
  const onToolsButton = () => {
    if (isOpen && isOpenedBySelection.current) {
      isOpenedBySelection.current = false;
      return;
    }
    isOpenedBySelection.current = false;
    setIsOpen((v) => !v);
  };
  return { isOpen, onToolsButton, selection, setSelection, choice, setChoice };
}

/**
 * The state of one ask for a new passage: the action under way (or the keep), its words as they stream in, the
 * answer beside the old text, an error; `run` asks, `keep` puts the answer in (then `onKept`), `discard` drops it.
 */
function usePassageRun({ onRework, onKeep }: PassageCalls, onKept: () => void) {
  const [busy, setBusy] = useState<PassageAction | 'keep' | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [streamed, setStreamed] = useState<Streamed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [discarded, setDiscarded] = useState(false);
  const run = async (passage: Passage, ask: PassageAskInput) => {
    setBusy(ask.action);
    setError(null);
    setDiscarded(false);
    setAnswer(null);
    setStreamed({ passage, text: '' });
    // Its words as they come; before them, what the server says it waits for (a rate limit and its seconds, a slow
    // model).
    const result = await onRework(
      passage,
      ask,
      (text) => setStreamed((s) => (s ? { ...s, text: s.text + text } : s)),
      (wait) => setStreamed((s) => (s ? { ...s, wait } : s)),
    );
    setBusy(null);
    setStreamed(null);
    if (typeof result === 'string') setError(result);
    else setAnswer({ passage, text: result.passage });
  };
  const keep = async () => {
    if (!answer) return;
    setBusy('keep');
    const failure = await onKeep(answer.passage, answer.text);
    setBusy(null);
    if (failure) setError(failure);
    else {
      setAnswer(null);
      onKept();
    }
  };
  const discard = () => {
    setAnswer(null);
    setDiscarded(true);
  };
  return { busy, answer, streamed, error, discarded, run, keep, discard };
}

/**
 * Calls `onChange` with the passage the writer selects inside the part's rendered box (`textId`), or null for
 * a selection that stands in no block of it; a selection outside the box is ignored.
 */
function useSelectedPassage(
  part: { textId: string; text: string; hash?: string },
  onChange: (found: Passage | null) => void,
): void {
  const { textId, text, hash } = part;
  useEffect(() => {
    const onSelection = () => {
      const sel = document.getSelection();
      const box = document.getElementById(textId);
      if (!sel || sel.isCollapsed || sel.rangeCount === 0 || !box || !sel.anchorNode) return;
      if (!box.contains(sel.anchorNode) || !box.contains(sel.focusNode)) return;
      onChange(selectedPassage(box, text, sel.getRangeAt(0), hash));
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, [textId, text, hash]);
}
