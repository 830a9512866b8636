// What the book page says and does when a step's request is refused or fails (after the page's own
// cases: stopped by the writer, a lost stream). Signed out, short of credits, a refused step (the book is
// shown as the server holds it and a step still running followed), fields the server named, chapters
// that do not fit; anything else is said once, in words, unless the generation hook already shows it.
import { toast } from 'react-hot-toast';
import { catalogueMessage, type FormModel, type Lang } from '../engine.js';
import type { ApiError } from '../lib/api.js';
import { studioMessage } from './messages.js';
import { pageWord } from './words.js';

export type FailureCtx = {
  form: FormModel;
  isBook: boolean;
  isImage: boolean;
  isAdmin: boolean;
  signOut: () => void;
  toUpgrade: () => void;
  follow: () => void;
  resync: () => void;
  fieldError: (name: string, message: string) => void;
};

/** Says the failure `e` in `l`; true when the page has handled it (the generation hook shows nothing more). */
export function stepFailure(e: ApiError, l: Lang, ctx: FailureCtx): boolean {
  const { form, isBook } = ctx;
  if (e.status === 401) {
    toast.error(e.code === 'session_expired' ? e.message : catalogueMessage('not_signed_in', l));
    ctx.signOut();
    return true;
  }
  if (e.status === 402) {
    toast.error(e.message ? studioMessage(e, l) : catalogueMessage('insufficient_credits', l));
    if (!ctx.isAdmin) ctx.toUpgrade();
    return true;
  }
  if (e.status === 409) {
    // Never the jargon of a refused step: the book moved on (or its step is being written), so the page
    // shows the book as the server holds it and follows a step still running.
    if (
      isBook &&
      (e.code === 'step_not_allowed' || e.code === 'book_complete' || e.code === 'idempotency_in_progress')
    ) {
      toast(pageWord('bookRefreshed', l), { id: 'generation-result' });
      ctx.follow();
      return true;
    }
    toast.error(studioMessage(e, l));
    ctx.resync();
    return true;
  }
  if (e.status === 400 && e.fields) {
    for (const [name, message] of Object.entries(e.fields)) {
      if (form.fields.some((f) => f.name === name)) ctx.fieldError(name, message);
    }
    toast.error(
      e.code === 'invalid_chapters' ? catalogueMessage('invalid_chapters', l) : pageWord('fixHighlighted', l),
    );
    return true;
  }
  if (e.status === 400 && e.code === 'invalid_chapters') {
    toast.error(catalogueMessage('invalid_chapters', l));
    return true;
  }
  if (ctx.isImage) toast.error(pageWord('coverFailed', l));
  else if (e.status !== 0 && e.code !== 'timeout' && e.code !== 'max_retries' && e.code !== 'connection_lost')
    toast.error(studioMessage(e, l));
  return false;
}
