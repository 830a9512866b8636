// The writer's own cover in the Publish panel: a JPEG or PNG sent as it is chosen (PUT /api/books/:id/cover),
// checked on the server against each store's cover rules and kept with the book; shown as it is kept, with
// its name and size, until removed. A picture refused says why (the server's reason, in the writer's
// language). Every package made from then on uses it; the panel's cost is asked again (no cover step to pay).
import { useId, useState, type ChangeEvent } from 'react';
import { Loader2, Trash2 } from 'lucide-react';
import { COVER_UPLOAD, type BookCover, type Lang } from '../engine.js';
import { refuseOver } from '../lib/upload-limit.js';
import { ApiError, call, fileHref, upload } from '../lib/api.js';
import { pageWord } from './words.js';

/** What the last action said: kept, removed or refused (the server's reason). */
type Notice = { kind: 'status' | 'alert'; text: string } | null;

export function CoverUpload({
  bookId,
  cover,
  lang,
  isDisabled,
  onChange,
}: {
  bookId: number;
  cover: BookCover | null;
  lang: Lang;
  isDisabled: boolean;
  /** The cover changed: the quote (its cost and cover) is asked again. */
  onChange: (cover: BookCover | null) => void;
}) {
  const id = useId();
  const { isBusy, notice, choose, remove } = useCoverChange(bookId, lang, onChange);

  return (
    <fieldset className="mt-4 rounded border border-gray-200 p-3 dark:border-neutral-700" data-testid="cover-upload">
      <legend className="px-1 text-sm font-medium">{pageWord('coverTitle', lang)}</legend>
      <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
        {pageWord('coverHint', lang)}
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        {cover && <CoverPreview bookId={bookId} cover={cover} lang={lang} />}
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-file`} className="label">
            {pageWord(cover ? 'coverReplace' : 'coverChoose', lang)}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png"
            className="block w-full text-sm"
            disabled={isDisabled || isBusy}
            aria-describedby={`${id}-hint`}
            data-testid="cover-file"
            onChange={(e) => void choose(e)}
          />
          {cover && (
            <button
              type="button"
              className="btn-secondary mt-2 text-xs"
              disabled={isDisabled || isBusy}
              onClick={() => void remove()}
              data-testid="cover-remove"
            >
              <Trash2 className="h-3 w-3" aria-hidden="true" /> {pageWord('coverRemove', lang)}
            </button>
          )}
        </div>
      </div>
      {notice?.kind === 'alert' && (
        <p role="alert" className="error-box mt-2" data-testid="cover-error">
          {notice.text}
        </p>
      )}
      <p
        role="status"
        className="mt-2 flex items-center gap-2 text-xs text-gray-700 dark:text-gray-300"
        data-testid="cover-status"
      >
        {notice?.kind === 'status' && isBusy && <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />}
        {notice?.kind === 'status' ? notice.text : ''}
      </p>
    </fieldset>
  );
}

/** The cover as it is kept: the picture, its file's name and its size. */
function CoverPreview({ bookId, cover, lang }: { bookId: number; cover: BookCover; lang: Lang }) {
  // A new picture has a new time: the preview is fetched again.
  const href = fileHref('GET /books/:id/cover', { params: { id: bookId } });
  const src = `${href}?v=${encodeURIComponent(cover.created_at)}`;
  return (
    <figure>
      <img
        src={src}
        alt={pageWord('coverPreview', lang, { file: cover.file_name, width: cover.width, height: cover.height })}
        className="w-24 rounded shadow"
        data-testid="cover-preview"
      />
      <figcaption className="mt-1 max-w-[8rem] break-words text-xs text-gray-600 dark:text-gray-400">
        {cover.file_name}, {cover.width} × {cover.height} px
      </figcaption>
    </figure>
  );
}

/**
 * The cover changed: a picture chosen is sent at once (checked on the server), or the cover removed; what the last
 * action said kept as the notice.
 */
function useCoverChange(bookId: number, lang: Lang, onChange: (cover: BookCover | null) => void) {
  const [isBusy, setIsBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const failed = (error: unknown) => {
    const isAnswered = error instanceof ApiError && error.status !== 0;
    setNotice({ kind: 'alert', text: isAnswered ? error.message : pageWord('coverFailed', lang) });
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after a refusal.
    e.target.value = '';
    if (!file || isBusy) return;
    setIsBusy(true);
    setNotice({ kind: 'status', text: pageWord('coverChecking', lang) });
    try {
      refuseOver(COVER_UPLOAD, file);
      const contentType = file.type || 'application/octet-stream';
      const asked = { params: { id: bookId }, query: { file: file.name }, contentType };
      const kept = await upload('PUT /books/:id/cover', asked, file);
      setNotice({ kind: 'status', text: pageWord('coverKept', lang, { file: kept.cover?.file_name ?? file.name }) });
      onChange(kept.cover);
    } catch (error) {
      failed(error);
    } finally {
      setIsBusy(false);
    }
  };

  const remove = async () => {
    if (isBusy) return;
    setIsBusy(true);
    try {
      await call('DELETE /books/:id/cover', { params: { id: bookId } });
      setNotice({ kind: 'status', text: pageWord('coverRemoved', lang) });
      onChange(null);
    } catch (error) {
      failed(error);
    } finally {
      setIsBusy(false);
    }
  };
  return { isBusy, notice, choose, remove };
}
