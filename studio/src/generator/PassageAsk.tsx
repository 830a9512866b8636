// What the passage tools (PassageTools.tsx) ask with: which passage (the selection or a paragraph), the writer's
// note and tone for a rewrite, and the four actions, each with its cost.
import { Loader2 } from 'lucide-react';
import { PASSAGE_TONE_IDS, firstWords, type Lang, type PassageAction, type PassageTone } from '../engine.js';
import type { Passage } from './passage.js';
import { pageWord } from './words.js';

const ACTIONS: PassageAction[] = ['rewrite', 'expand', 'shorten', 'describe'];
const openingOf = (text: string) => firstWords(text, 8);

/** Which passage (the selection or a paragraph), the writer's note and the tone a rewrite is asked with. */
export function PassageAsk(props: {
  id: string;
  lang: Lang;
  bookLang: Lang | undefined;
  selection: Passage | null;
  paragraphs: readonly Passage[];
  choice: string;
  onChoice: (choice: string) => void;
  note: string;
  onNote: (note: string) => void;
  tone: PassageTone | '';
  onTone: (tone: PassageTone | '') => void;
}) {
  const { id, lang, bookLang, selection, paragraphs, choice, onChoice, note, onNote, tone, onTone } = props;
  return (
    <>
      <label htmlFor={`${id}-which`} className="label mb-0">
        {pageWord('passageWhich', lang)}
      </label>
      <select
        id={`${id}-which`}
        className="input"
        value={choice}
        onChange={(e) => onChoice(e.target.value)}
        data-testid="passage-which"
      >
        {selection && (
          <option value="selection">{pageWord('passageSelection', lang, { text: openingOf(selection.text) })}</option>
        )}
        {paragraphs.map((p, i) => (
          <option key={p.start} value={String(i)}>
            {pageWord('passageParagraph', lang, { n: i + 1, text: openingOf(p.text) })}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-note`} className="label mb-0">
        {pageWord('passageNote', lang)}
      </label>
      <input
        id={`${id}-note`}
        className="input"
        maxLength={1000}
        value={note}
        onChange={(e) => onNote(e.target.value)}
        lang={bookLang}
        data-testid="passage-note"
      />
      <label htmlFor={`${id}-tone`} className="label mb-0">
        {pageWord('passageTone', lang)}
      </label>
      <select
        id={`${id}-tone`}
        className="input"
        value={tone}
        onChange={(e) => onTone(e.target.value as PassageTone | '')}
        data-testid="passage-tone"
      >
        <option value="">{pageWord('passageToneNone', lang)}</option>
        {PASSAGE_TONE_IDS.map((t) => (
          <option key={t} value={t}>
            {pageWord(`passageTone_${t}`, lang)}
          </option>
        ))}
      </select>
    </>
  );
}

/** The four actions on the passage, each with its cost; off while one runs, without a passage, or short of credits. */
export function PassageActions({
  id,
  lang,
  busy,
  isOff,
  isShortOfCredits,
  costText,
  onRun,
}: {
  id: string;
  lang: Lang;
  busy: PassageAction | 'keep' | null;
  isOff: boolean;
  isShortOfCredits: boolean;
  costText: string | undefined;
  onRun: (action: PassageAction) => void;
}) {
  const cost = costText ? ` (${costText})` : '';
  return (
    <div className="flex flex-wrap gap-2">
      {ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'rewrite' ? 'btn-primary px-3 py-1.5 text-sm' : 'btn-secondary px-3 py-1.5 text-sm'}
          onClick={() => onRun(action)}
          disabled={isOff || isShortOfCredits}
          aria-describedby={isShortOfCredits ? `${id}-short` : undefined}
          data-testid={`passage-${action}`}
        >
          {busy === action && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {`${pageWord(`passage_${action}`, lang)}${cost}`}
        </button>
      ))}
    </div>
  );
}
