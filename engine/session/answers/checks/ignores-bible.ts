// ignores_bible: a story's chapter about none of the book's people, asked again once with their names by the
// follow-up after the part (follow-ups/bible-people.ts).
import type { AnswerCheck } from './types.js';

export const IGNORES_BIBLE: AnswerCheck = {
  id: 'ignores_bible',
  words: {},
  decidedBy: 'follow-up',
};
