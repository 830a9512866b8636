// The answer checks: every answer of the book session asked for (ask.ts), taken down to the text asked for (text.ts)
// and judged
// against what was asked (verdict.ts, with shape.ts for a part's YAML shape and talk.ts for the model's own
// remarks); what was done is noted on the part (notes.ts). The phrases they read are data (phrases.ts).
export { answerText, isAnnouncement, isClosingRemark, openReasoning } from './text.js';
export { askText, type AskedText } from './ask.js';
export {
  addNotes,
  copiedShare,
  isEcho,
  isRefusal,
  judgeAnswer,
  judgeRefusal,
  unfenced,
  type AnswerExpectation,
  type AnswerKind,
  type AnswerNotes,
  type AnswerOutcome,
} from './verdict.js';
export { countLines, judgeShape, shapeOf, splitWalls } from './shape.js';
export { isAssistantTalk, withoutTalk } from './talk.js';
export { answerNotesOf, type AnswerNote } from './notes.js';
