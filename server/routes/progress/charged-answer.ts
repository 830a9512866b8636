// A charged model call on a written part answered as a step is (write more, rewrite, a passage reworked): its
// charge taken (book-access.ts charged: 402 without credits, refunded when the call fails) and its answer streamed
// when asked (http/model-answer.ts): waiting events from the charge on, then the answer or its error.
import type { Request, Response } from 'express';
import { modelAnswer, type ModelAnswer } from '../../http/model-answer.js';
import type { BookAccess } from './book-access.js';

type Charged = Parameters<BookAccess['charged']>;

/** The book held for the request (BookAccess.heldBook's): whose it is, which, its spec and language. */
type Held = Pick<Charged[1], 'userId' | 'bookType' | 'spec' | 'lang'>;

/**
 * The call run on its charge (the held book's, named by `call`: its step, what it is, the ledger's reason),
 * answering through `reply` (its model hooks, its answer).
 */
export function chargedAnswer(
  req: Request,
  res: Response,
  book: BookAccess,
  held: Held,
  call: Pick<Charged[1], 'step' | 'what' | 'reason'>,
  run: (call: Parameters<Charged[2]>[0], reply: ModelAnswer) => Promise<void>,
): Promise<void> {
  const { userId, bookType, spec, lang } = held;
  const input = { userId, bookType, spec, lang, ...call };
  const reply = modelAnswer(req, res, lang);
  return reply.run(() =>
    book.charged(res, input, async (call) => {
      reply.open();
      await run(call, reply);
    }),
  );
}
