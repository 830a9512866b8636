// listed: a list or a table where prose was asked (lines, bullets, a table), judged by the part's shape
// (answers/shape.ts).
import { judgeShape } from '../shape.js';
import type { AnswerCheck } from './types.js';

export const LISTED: AnswerCheck = {
  id: 'listed',
  words: {},
  check: (text, { shape, isStart }) =>
    !!shape && judgeShape(text, shape, isStart ? { isStart: true } : {}) === 'listed',
};
