// A book's source text, as the writer confirms it: "Public domain text, first published [year]", with what the
// import read said under it. In the import's preview it is part of what is imported (POST /api/books/import's
// public_domain and first_published); in the Publish panel it is the book's own, saved with PUT /api/books/:id/source.
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { call } from '../lib/api.js';
import { useT } from '../i18n/index.js';
import type { ImportPreview } from '../engine.js';
import '../i18n/source.js'; // the studio-source words it shows load with it (i18n/shared.ts)

export type SourceRead = NonNullable<ImportPreview['source']>;

/** The writer's choice: public domain or not, and the year as typed ('' for none). */
export interface SourceChoice {
  publicDomain: boolean;
  year: string;
}

export const choiceOf = (source: SourceRead | undefined): SourceChoice => ({
  publicDomain: source?.publicDomain ?? false,
  year: source?.firstPublished ? String(source.firstPublished) : '',
});

/** A year as the contract takes it (four digits), or undefined. */
export const yearOf = (year: string): number | undefined =>
  /^\d{4}$/.test(year.trim()) ? Number(year.trim()) : undefined;

/** The import's query of the writer's choice (POST /api/books/import's public_domain and first_published). */
export function sourceQueryOf(choice: SourceChoice): { public_domain: 'true' | 'false'; first_published?: number } {
  const year = choice.publicDomain ? yearOf(choice.year) : undefined;
  return { public_domain: choice.publicDomain ? 'true' : 'false', ...(year ? { first_published: year } : {}) };
}

/** The checkbox and the year, with what the text said of itself. */
export function SourceFields({
  read,
  choice,
  onChange,
}: {
  read: SourceRead | undefined;
  choice: SourceChoice;
  onChange: (choice: SourceChoice) => void;
}) {
  const { t } = useT();
  const id = useId();
  const said =
    read?.from === 'gutenberg'
      ? t('source.readGutenberg')
      : read?.from === 'statement'
        ? t('source.readStatement')
        : t('source.readNone');
  return (
    <fieldset className="space-y-1" data-testid="source-fields">
      <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
        <input
          id={`${id}-pd`}
          type="checkbox"
          checked={choice.publicDomain}
          onChange={(e) => onChange({ ...choice, publicDomain: e.target.checked })}
          data-testid="source-public-domain"
        />
        <label htmlFor={`${id}-pd`}>{t('source.label')}</label>
        <input
          type="number"
          min={1000}
          max={9999}
          inputMode="numeric"
          aria-label={t('source.year')}
          className="input w-24"
          value={choice.year}
          disabled={!choice.publicDomain}
          onChange={(e) => onChange({ ...choice, year: e.target.value })}
          data-testid="source-year"
        />
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        {said}
        {read?.originalAuthor ? ` ${t('source.by', { author: read.originalAuthor })}` : ''} {t('source.hint')}
      </p>
    </fieldset>
  );
}

/** The Publish panel's: the book's source as kept, saved when the writer says so. */
export function BookSourceField({ bookId, onSaved }: { bookId: number; onSaved?: () => void }) {
  const { t } = useT();
  const [read, setRead] = useState<SourceRead | undefined>(undefined);
  const [choice, setChoice] = useState<SourceChoice>(choiceOf(undefined));
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void call('GET /books/:id/source', { params: { id: bookId } })
      .then((r) => {
        if (!isCurrent) return;
        setRead(r.source);
        setChoice(choiceOf(r.source));
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [bookId]);
  const save = async () => {
    setSaving(true);
    try {
      const year = yearOf(choice.year);
      const saved = await call('PUT /books/:id/source', {
        params: { id: bookId },
        body: { publicDomain: choice.publicDomain, firstPublished: choice.publicDomain ? (year ?? null) : null },
      });
      setRead(saved.source);
      setChoice(choiceOf(saved.source));
      toast.success(t('source.saved'));
      onSaved?.();
    } catch {
      toast.error(t('source.failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="space-y-2" data-testid="book-source">
      <SourceFields read={read} choice={choice} onChange={setChoice} />
      <button
        type="button"
        className="btn-secondary"
        disabled={isSaving}
        onClick={() => void save()}
        data-testid="book-source-save"
      >
        {t('source.save')}
      </button>
    </div>
  );
}
