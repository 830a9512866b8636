// recipe: a recipe (ingredients and steps) where a part of a story was asked, judged by the part's shape
// (answers/shape.ts).
import { judgeShape } from '../shape.js';
import type { AnswerCheck } from './types.js';

export const RECIPE: AnswerCheck = {
  id: 'recipe',
  words: {},
  check: (text, { shape, isStart }) =>
    !!shape && judgeShape(text, shape, isStart ? { isStart: true } : {}) === 'recipe',
};
