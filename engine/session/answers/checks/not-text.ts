// not_text: what came back is not a model's answer (an HTML error page, a body of another shape), named by the
// provider and asked again once (answers/ask.ts askText).
import type { AnswerCheck } from './types.js';

export const NOT_TEXT: AnswerCheck = {
  id: 'not_text',
  words: {},
  decidedBy: 'provider',
};
