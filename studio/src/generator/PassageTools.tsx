// Passage tools under a written part: the writer selects a passage in the part (or, by keyboard,
// picks a paragraph from the list), chooses Rewrite (with a note or a tone), Expand, Shorten or Describe,
// and the new passage appears beside the old one; Keep puts it in (the part's earlier text kept as a
// version), Discard leaves the part as it was. One step's cost per answer (POST …/passage).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Loader2, Wand2 } from 'lucide-react';
import { CreditsShort } from './CreditsShort.js';
import type { Lang } from '../engine.js';
import { PASSAGE_TONE_IDS, firstWords, type PassageAction, type PassageTone } from '../engine.js';
import { Markdown } from '../components/Markdown.js';
import { placeOfRange } from './selection.js';
import { pageWord } from './words.js';

/**
 * A passage of the part's text: characters `start` to `end`, that text, and the hash of the part's text it was
 * chosen in (the book view's), so the server refuses it once the part has changed.
 */
export interface Passage {
  start: number;
  end: number;
  text: string;
  hash?: string;
}
export interface PassageAskInput {
  action: PassageAction;
  note?: string;
  tone?: PassageTone;
}

/** The part's paragraphs with their places in its text. */
export function paragraphsOf(text: string): Passage[] {
  const found: Passage[] = [];
  const re = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) if (m[0].trim()) found.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  return found;
}

/** The passage the writer selected in the part's rendered box (by where the selection stands, never by its words), or null. */
export function selectedPassage(box: HTMLElement, text: string, range: Range, hash?: string): Passage | null {
  const place = placeOfRange(box, text, range);
  return place ? { ...place, text: text.slice(place.start, place.end), ...(hash ? { hash } : {}) } : null;
}

const ACTIONS: PassageAction[] = ['rewrite', 'expand', 'shorten', 'describe'];
const openingOf = (text: string) => firstWords(text, 8);

export function PassageTools({ textId, text, hash, label, lang, bookLang, isDisabled, isShortOfCredits = false, costText, onRework, onKeep }: {
  /** The id of the element the part's text is rendered in (its blocks placed: Markdown `isPlaced`): a selection inside it is the passage. */
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
  /** Ask for the new passage (its words as they arrive to `onDelta`, what it waits for before them to `onWait`); answers it, or an error message. */
  onRework(passage: Passage, ask: PassageAskInput, onDelta: (text: string) => void, onWait?: (wait: string) => void): Promise<{ passage: string } | string>;
  /** Put the new passage in; answers an error message, or null when kept. */
  onKeep(passage: Passage, next: string): Promise<string | null>;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [selection, setSelection] = useState<Passage | null>(null);
  const [choice, setChoice] = useState('selection');
  const [note, setNote] = useState('');
  const [tone, setTone] = useState<PassageTone | ''>('');
  const [busy, setBusy] = useState<PassageAction | 'keep' | null>(null);
  const [answer, setAnswer] = useState<{ passage: Passage; text: string } | null>(null);
  const [streamed, setStreamed] = useState<{ passage: Passage; text: string; wait?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [discarded, setDiscarded] = useState(false);
  // A selection opens the panel before the writer reaches its button: their click on "Passage tools" then means
  // "open it with my selection", never "close it" (it used to toggle the panel shut, selection and all).
  const isOpenedBySelection = useRef(false);
  // Read by the selection listener, which is set up once per text (a value from an older render would be stale).
  const isOpenNow = useRef(isOpen);
  isOpenNow.current = isOpen;
  // The writer's selection inside this part, kept while they move to the tools.
  useSelectedPassage({ textId, text, hash }, (found) => {
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
  const paragraphs = paragraphsOf(text).map((p) => (hash ? { ...p, hash } : p));
  const passage = choice === 'selection' ? (selection ?? paragraphs[0] ?? null) : (paragraphs[Number(choice)] ?? null);
  const run = async (action: PassageAction) => {
    if (!passage) return;
    setBusy(action);
    setError(null);
    setDiscarded(false);
    setAnswer(null);
    setStreamed({ passage, text: '' });
    // Its words as they come; before them, what the server says it waits for (a rate limit and its seconds, a slow model).
    const result = await onRework(passage, { action, ...(action === 'rewrite' && note.trim() ? { note: note.trim() } : {}), ...(action === 'rewrite' && tone ? { tone } : {}) },
      (text) => setStreamed((s) => (s ? { ...s, text: s.text + text } : s)), (wait) => setStreamed((s) => (s ? { ...s, wait } : s)));
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
      setSelection(null);
    }
  };
  const isOff = isDisabled || busy !== null;
  return (
    <div className="mt-1" lang={lang} data-testid="passage-tools">
      <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={onToolsButton} disabled={isDisabled} aria-expanded={isOpen} aria-controls={`${id}-panel`} aria-label={pageWord('passageToolsLabel', lang, { part: label })} data-testid="passage-open">
        <Wand2 className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('passageTools', lang)}
      </button>
      {isOpen && (
        <div id={`${id}-panel`} className="mt-2 space-y-2 rounded-lg border border-gray-200 p-3 text-sm dark:border-neutral-700" role="group" aria-label={pageWord('passageToolsLabel', lang, { part: label })}>
          <p className="text-xs text-gray-600 dark:text-gray-400">{pageWord('passageHint', lang)}</p>
          <PassageAsk id={id} lang={lang} bookLang={bookLang} selection={selection} paragraphs={paragraphs} choice={choice} onChoice={setChoice} note={note} onNote={setNote} tone={tone} onTone={setTone} />
          <PassageActions id={id} lang={lang} busy={busy} isOff={isOff || !passage} isShortOfCredits={isShortOfCredits} costText={costText} onRun={(action) => void run(action)} />
          {isShortOfCredits && <CreditsShort id={`${id}-short`} lang={lang} {...(costText ? { costText } : {})} />}
          {busy && busy !== 'keep' && <p role="status" className="text-xs text-gray-600 dark:text-gray-400">{pageWord('passageWorking', lang)}</p>}
          <PassageOutcome streamed={streamed} answer={answer} isDiscarded={discarded} isOff={isOff} costText={costText} lang={lang} bookLang={bookLang} onKeep={() => void keep()} onDiscard={() => { setAnswer(null); setDiscarded(true); }} />
          {error && <p className="field-error" role="alert">{error}</p>}
        </div>
      )}
    </div>
  );
}

/** The four actions on the passage, each with its cost; off while one runs, without a passage, or short of credits. */
function PassageActions({ id, lang, busy, isOff, isShortOfCredits, costText, onRun }: {
  id: string; lang: Lang; busy: PassageAction | 'keep' | null; isOff: boolean; isShortOfCredits: boolean; costText: string | undefined; onRun: (action: PassageAction) => void;
}) {
  const cost = costText ? ` (${costText})` : '';
  return (
    <div className="flex flex-wrap gap-2">
      {ACTIONS.map((action) => (
        <button key={action} type="button" className={action === 'rewrite' ? 'btn-primary px-3 py-1.5 text-sm' : 'btn-secondary px-3 py-1.5 text-sm'} onClick={() => onRun(action)} disabled={isOff || isShortOfCredits} aria-describedby={isShortOfCredits ? `${id}-short` : undefined} data-testid={`passage-${action}`}>
          {busy === action && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {`${pageWord(`passage_${action}`, lang)}${cost}`}
        </button>
      ))}
    </div>
  );
}

/**
 * Calls `onChange` with the passage the writer selects inside the part's rendered box (`textId`), or null for
 * a selection that stands in no block of it; a selection outside the box is ignored.
 */
function useSelectedPassage(part: { textId: string; text: string; hash?: string }, onChange: (found: Passage | null) => void): void {
  const { textId, text, hash } = part;
  useEffect(() => {
    const onSelection = () => {
      const sel = document.getSelection();
      const box = document.getElementById(textId);
      if (!sel || sel.isCollapsed || sel.rangeCount === 0 || !box || !sel.anchorNode || !box.contains(sel.anchorNode) || !box.contains(sel.focusNode)) return;
      onChange(selectedPassage(box, text, sel.getRangeAt(0), hash));
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, [textId, text, hash]);
}

/** Which passage (the selection or a paragraph), the writer's note and the tone a rewrite is asked with. */
function PassageAsk({ id, lang, bookLang, selection, paragraphs, choice, onChoice, note, onNote, tone, onTone }: {
  id: string; lang: Lang; bookLang: Lang | undefined; selection: Passage | null; paragraphs: readonly Passage[];
  choice: string; onChoice: (choice: string) => void; note: string; onNote: (note: string) => void; tone: PassageTone | ''; onTone: (tone: PassageTone | '') => void;
}) {
  return (
    <>
      <label htmlFor={`${id}-which`} className="label mb-0">{pageWord('passageWhich', lang)}</label>
      <select id={`${id}-which`} className="input" value={choice} onChange={(e) => onChoice(e.target.value)} data-testid="passage-which">
        {selection && <option value="selection">{pageWord('passageSelection', lang, { text: openingOf(selection.text) })}</option>}
        {paragraphs.map((p, i) => <option key={p.start} value={String(i)}>{pageWord('passageParagraph', lang, { n: i + 1, text: openingOf(p.text) })}</option>)}
      </select>
      <label htmlFor={`${id}-note`} className="label mb-0">{pageWord('passageNote', lang)}</label>
      <input id={`${id}-note`} className="input" maxLength={1000} value={note} onChange={(e) => onNote(e.target.value)} lang={bookLang} data-testid="passage-note" />
      <label htmlFor={`${id}-tone`} className="label mb-0">{pageWord('passageTone', lang)}</label>
      <select id={`${id}-tone`} className="input" value={tone} onChange={(e) => onTone(e.target.value as PassageTone | '')} data-testid="passage-tone">
        <option value="">{pageWord('passageToneNone', lang)}</option>
        {PASSAGE_TONE_IDS.map((t) => <option key={t} value={t}>{pageWord(`passageTone_${t}`, lang)}</option>)}
      </select>
    </>
  );
}

/** The new passage as it streams in, then beside the old one with Keep and Discard; a note once discarded. */
function PassageOutcome({ streamed, answer, isDiscarded, isOff, costText, lang, bookLang, onKeep, onDiscard }: {
  streamed: { passage: Passage; text: string; wait?: string } | null; answer: { passage: Passage; text: string } | null; isDiscarded: boolean; isOff: boolean;
  costText: string | undefined; lang: Lang; bookLang: Lang | undefined; onKeep: () => void; onDiscard: () => void;
}) {
  return (
    <>
      {streamed && !streamed.text && streamed.wait && <p role="status" className="text-xs text-amber-700 dark:text-amber-400" data-testid="passage-wait">{streamed.wait}</p>}
      {streamed && streamed.text && (
        <BeforeAfter testId="passage-streaming" before={streamed.passage.text} after={streamed.text} afterTestId="passage-streaming-text" lang={lang} bookLang={bookLang}
          afterClass="rounded border border-dashed border-brand-300 p-2 dark:border-brand-600" />
      )}
      {answer && (
        <BeforeAfter testId="passage-answer" before={answer.passage.text} after={answer.text} afterTestId="passage-new" lang={lang} bookLang={bookLang}
          afterClass="rounded border border-brand-300 bg-brand-50/40 p-2 dark:border-brand-600 dark:bg-brand-600/10">
          <div className="flex gap-2 sm:col-span-2">
            <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={onKeep} disabled={isOff} data-testid="passage-keep" autoFocus>{pageWord('passageKeep', lang)}</button>
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={onDiscard} disabled={isOff} data-testid="passage-discard">{pageWord('passageDiscard', lang)}</button>
          </div>
        </BeforeAfter>
      )}
      {isDiscarded && <p role="status" className="text-xs text-gray-600 dark:text-gray-400" data-testid="passage-discarded">{pageWord('passageDiscarded', lang, { cost: costText ?? '' })}</p>}
    </>
  );
}

/** The passage beside its new text (as it streams in, or as answered), both in the book's language; `children` below them. */
function BeforeAfter({ testId, before, after, afterTestId, afterClass, lang, bookLang, children }: {
  testId: string; before: string; after: string; afterTestId: string; afterClass: string; lang: Lang; bookLang: Lang | undefined; children?: ReactNode;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2" data-testid={testId}>
      <div className="rounded border border-gray-200 p-2 dark:border-neutral-700">
        <p className="text-xs font-semibold">{pageWord('passageBefore', lang)}</p>
        <div lang={bookLang}><Markdown text={before} /></div>
      </div>
      <div className={afterClass}>
        <p className="text-xs font-semibold">{pageWord('passageAfter', lang)}</p>
        <div lang={bookLang} data-testid={afterTestId}><Markdown text={after} /></div>
      </div>
      {children}
    </div>
  );
}
