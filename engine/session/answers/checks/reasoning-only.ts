// reasoning_only: the model's reasoning and no text after it (a block left open to the end, or closed with
// nothing after), decided where the answer's text is read (answers/ask.ts askText); asked again with twice the room.
import type { AnswerCheck } from './types.js';

export const REASONING_ONLY: AnswerCheck = {
  id: 'reasoning_only',
  words: {},
  decidedBy: 'answer text',
};
