// listed: a list or a table where prose was asked (lines, bullets, a table), judged by the part's shape (answers/shape.ts).
import { judgeShape } from '../shape.js';
import type { AnswerCheck } from './types.js';

export const LISTED: AnswerCheck = {
  id: 'listed',
  words: { en: { what: 'a list or a table, not prose' }, ms: { what: 'senarai atau jadual, bukan prosa' } },
  check: (text, { shape, isStart }) => !!shape && judgeShape(text, shape, isStart ? { isStart: true } : {}) === 'listed',
};
