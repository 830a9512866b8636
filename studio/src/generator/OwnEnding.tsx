// A book that ends with the writer's own last chapter (an imported novel, the book view's `ending: own-ending`): it
// is published as it stands, its conclusion is the next step's button (its cost shown beneath it), and here the
// writer may give it more chapters first (free: their outline is the next step, then the chapters, then the
// conclusion).
import { useId, useState, type FormEvent } from 'react';
import type { BookView, Lang } from '../engine.js';
import { pageWord } from './words.js';

export function OwnEnding({
  book,
  lang,
  isDisabled,
  onMoreChapters,
}: {
  book: BookView;
  lang: Lang;
  isDisabled: boolean;
  onMoreChapters: (chapters: number) => Promise<string | null>;
}) {
  const id = useId();
  const written = book.parts.filter((p) => p.kind === 'chapter').length;
  const [chapters, setChapters] = useState(String(written + 1));
  const [isSaving, setIsSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(chapters);
    if (!Number.isInteger(n) || n <= written || isSaving) return;
    setIsSaving(true);
    try {
      await onMoreChapters(n);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <section className="card mt-6 p-5" data-testid="own-ending">
      <p className="text-sm">{pageWord('ownEndingNote', lang)}</p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3" noValidate>
        <div>
          <label htmlFor={id} className="label">
            {pageWord('moreChaptersLabel', lang)}
          </label>
          <input
            id={id}
            className="input w-28"
            type="number"
            min={written + 1}
            step={1}
            value={chapters}
            disabled={isDisabled || isSaving}
            onChange={(e) => setChapters(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className="btn-secondary"
          disabled={isDisabled || isSaving || !(Number(chapters) > written)}
        >
          {pageWord('moreChaptersButton', lang)}
        </button>
      </form>
    </section>
  );
}
