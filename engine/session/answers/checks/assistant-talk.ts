// assistant_talk: prose that is mostly the model speaking as an assistant ("As an AI language model…"); a few
// such paragraphs inside prose are taken out instead (talk.ts), and the answer kept.
import { withoutTalk } from '../talk.js';
import type { AnswerCheck } from './types.js';

/** Paragraphs of talk taken out of prose whose share of its words is this or more: the answer is talk, not the text. */
const TALK_SHARE = 0.5;

/** Whether what withoutTalk took out makes the answer talk rather than the text. */
export const isMostlyTalk = (talk: { removed: number; share: number; text: string }): boolean =>
  talk.removed > 0 && (talk.share >= TALK_SHARE || !talk.text);

export const ASSISTANT_TALK: AnswerCheck = {
  id: 'assistant_talk',
  words: {},
  // A book's part is prose through and through; a single piece only loses the paragraphs where the model names itself.
  check: (text, { kind, shape }) => kind === 'prose' && isMostlyTalk(withoutTalk(text, { isOpenerOnly: !shape })),
};
