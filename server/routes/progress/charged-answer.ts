// A charged model call on a written part answered as a step is (write more, rewrite, a passage reworked): its
// charge taken (book-access.ts charged: 402 without credits, refunded when the call fails) and its answer streamed
// when asked (http/model-answer.ts): waiting events from the charge on, then the answer or its error.
import type { Request, Response } from 'express';
import type { Lang } from '../../../engine/index.js';
import { modelAnswer, type ModelAnswer } from '../../http/model-answer.js';
import type { BookAccess } from './book-access.js';

type Charged = Parameters<BookAccess['charged']>;

/** The call run on its charge, answering through `reply` (its model hooks, its answer). */
export function chargedAnswer(
  req: Request,
  res: Response,
  book: BookAccess,
  input: Charged[1] & { lang: Lang },
  run: (call: Parameters<Charged[2]>[0], reply: ModelAnswer) => Promise<void>,
): Promise<void> {
  const reply = modelAnswer(req, res, input.lang);
  return reply.run(() =>
    book.charged(res, input, async (call) => {
      reply.open();
      await run(call, reply);
    }),
  );
}
