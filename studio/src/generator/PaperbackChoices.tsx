// The paperback's choices in the Publish panel (PublishPanel.tsx): its trim and paper, and the writer's correction
// of the AI disclosure's text level. Words in the studio language (the page's `lang`).
import type { Lang } from '../engine.js';
import { PAPERBACK_PAPERS, PAPERBACK_TRIMS, PUBLISH_AI_TEXT_LEVELS, type PublishQuote } from '../engine.js';
import { panelWord, type PanelWord } from './panelWords.js';

export type Trim = (typeof PAPERBACK_TRIMS)[number];
export type Paper = (typeof PAPERBACK_PAPERS)[number];
const TRIM_LABEL: Record<Trim, string> = { '6x9': '6 × 9 in', '5.5x8.5': '5.5 × 8.5 in', '5x8': '5 × 8 in' };
export type AiText = (typeof PUBLISH_AI_TEXT_LEVELS)[number];
const AI_TEXT_WORD: Record<AiText, PanelWord> = {
  none: 'aiTextNone',
  some: 'aiTextSome',
  most: 'aiTextMost',
  entirely: 'aiTextEntirely',
};

/** The paperback's trim and paper, and the writer's correction of the AI disclosure's text level. */
export function PaperbackChoices({
  id,
  quote,
  lang,
  isDisabled,
  trim,
  paper,
  aiText,
  onTrim,
  onPaper,
  onAiText,
}: {
  id: string;
  quote: PublishQuote;
  lang: Lang;
  isDisabled: boolean;
  trim: Trim;
  paper: Paper;
  aiText: AiText | '';
  onTrim: (trim: Trim) => void;
  onPaper: (paper: Paper) => void;
  onAiText: (level: AiText | '') => void;
}) {
  return (
    <>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-trim`} className="label">
            {panelWord('publishTrim', lang)}
          </label>
          <select
            id={`${id}-trim`}
            className="input"
            value={trim}
            disabled={isDisabled}
            data-testid="publish-trim"
            onChange={(e) => onTrim(e.target.value as Trim)}
          >
            {PAPERBACK_TRIMS.map((t) => (
              <option key={t} value={t}>
                {TRIM_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-paper`} className="label">
            {panelWord('publishPaper', lang)}
          </label>
          <select
            id={`${id}-paper`}
            className="input"
            value={paper}
            disabled={isDisabled}
            data-testid="publish-paper"
            onChange={(e) => onPaper(e.target.value as Paper)}
          >
            {PAPERBACK_PAPERS.map((p) => (
              <option key={p} value={p}>
                {panelWord(p === 'white' ? 'paperWhite' : 'paperCream', lang)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AiTextChoice id={id} quote={quote} lang={lang} isDisabled={isDisabled} aiText={aiText} onAiText={onAiText} />
    </>
  );
}

/** The writer's correction of the AI disclosure's text level: blank keeps the level derived from the book. */
function AiTextChoice({
  id,
  quote,
  lang,
  isDisabled,
  aiText,
  onAiText,
}: {
  id: string;
  quote: PublishQuote;
  lang: Lang;
  isDisabled: boolean;
  aiText: AiText | '';
  onAiText: (level: AiText | '') => void;
}) {
  const derived = quote.ai_text
    ? panelWord('aiTextDerived', lang, {
        level: panelWord(AI_TEXT_WORD[quote.ai_text.level], lang),
        share: Math.round(quote.ai_text.share * 100),
      })
    : panelWord('aiTextDerivedPlain', lang);
  return (
    <>
      <label htmlFor={`${id}-ai`} className="label mt-3">
        {panelWord('publishAiText', lang)}
      </label>
      <select
        id={`${id}-ai`}
        className="input"
        value={aiText}
        disabled={isDisabled}
        data-testid="publish-ai-text"
        aria-describedby={`${id}-ai-hint`}
        onChange={(e) => onAiText(e.target.value as AiText | '')}
      >
        <option value="">{derived}</option>
        {PUBLISH_AI_TEXT_LEVELS.map((level) => (
          <option key={level} value={level}>
            {panelWord(AI_TEXT_WORD[level], lang)}
          </option>
        ))}
      </select>
      <p id={`${id}-ai-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
        {panelWord('publishAiTextHint', lang)}
      </p>
    </>
  );
}
