// filtered: the AI service's content filter stopped the answer, named by the provider and asked again once
// (answers/ask.ts askText).
import type { AnswerCheck } from './types.js';

export const FILTERED: AnswerCheck = {
  id: 'filtered',
  words: {},
  decidedBy: 'provider',
};
