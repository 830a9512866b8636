// outlined: an outline of chapter titles where a chapter was asked, judged by the part's shape (answers/shape.ts).
import { judgeShape } from '../shape.js';
import type { AnswerCheck } from './types.js';

export const OUTLINED: AnswerCheck = {
  id: 'outlined',
  words: {},
  check: (text, { shape, isStart }) =>
    !!shape && judgeShape(text, shape, isStart ? { isStart: true } : {}) === 'outlined',
};
