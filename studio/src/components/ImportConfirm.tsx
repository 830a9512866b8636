// The import's preview to confirm (ImportManuscript.tsx): the parts the server found in the manuscript, the
// chapters the finished book will have, its source, the settings read (editable, ImportSettings), the story bible's
// cost, and Import.
import { useState } from 'react';
import type { GeneratorForm, ImportPreview } from '../engine.js';
import { ImportSettings, isMissing, readValues } from './ImportSettings.js';
import { SourceFields, choiceOf, type SourceChoice } from './SourceField.js';
import { localeOf, useT } from '../i18n/index.js';
import '../i18n/import.js'; // the studio-import words it shows load with it (i18n/shared.ts)

/** Chapters the writer is offered to write after theirs, by default. */
const MORE_CHAPTERS = 3;
/** The most chapters an imported book may have (the import request's limit). */
const IMPORT_MOST = 100;

/**
 * The finished book's chapters the form suggests: a few more than imported (else there is nothing left to
 * write but the conclusion), within the generator's most (a manuscript already past it, within the import's);
 * as imported when the manuscript has its epilogue (the book is whole).
 */
export function defaultTotal(found: Pick<ImportPreview, 'chapters' | 'chaptersMost'>): number {
  const imported = found.chapters.filter((c) => c.kind === 'chapter').length;
  if (found.chapters.some((c) => c.kind === 'conclusion')) return imported;
  // A manuscript longer than the generator's menu goes on to the import's own limit (the server's, 100).
  const most = found.chaptersMost !== undefined && found.chaptersMost > imported ? found.chaptersMost : IMPORT_MOST;
  return Math.min(imported + MORE_CHAPTERS, Math.max(imported, most));
}

/** What the import found in the file: its parts in order, each with its title, words and first line. */
function FoundChapters({ preview }: { preview: ImportPreview }) {
  const { t, lang } = useT();
  const partName = (c: ImportPreview['chapters'][number]) =>
    c.kind === 'introduction'
      ? t('import.prologue')
      : c.kind === 'conclusion'
        ? t('import.epilogue')
        : t('import.chapter', { n: c.number ?? 0 });
  const words = preview.words.toLocaleString(localeOf(lang));
  return (
    <>
      <p className="text-sm font-medium">
        {t('import.found', { file: preview.file, n: preview.chapters.length, words })}
      </p>
      <ol
        className={
          'max-h-72 divide-y divide-gray-100 overflow-y-auto rounded border border-gray-200 text-sm' +
          ' dark:divide-neutral-800 dark:border-neutral-700'
        }
        data-testid="import-chapters"
      >
        {preview.chapters.map((c, i) => (
          <li key={i} className="px-3 py-2" data-testid="import-chapter">
            <span className="font-medium">
              {partName(c)}
              {c.title ? `: ${c.title}` : ''}
            </span>
            <span className="ml-2 text-gray-500 dark:text-gray-400">{t('import.words', { n: c.words })}</span>
            <span className="block truncate text-gray-600 dark:text-gray-400">{c.firstLine}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The chapters the finished book will have, the imported ones at least. */
function TotalField({
  chapters,
  total,
  onChange,
}: {
  chapters: number;
  total: string;
  onChange: (total: string) => void;
}) {
  const { t } = useT();
  return (
    <label className="block max-w-xs text-sm font-medium">
      {t('import.total')}
      <input
        type="number"
        min={chapters}
        max={IMPORT_MOST}
        className="input mt-1 w-full"
        value={total}
        onChange={(e) => onChange(e.target.value)}
        data-testid="import-total"
      />
      <span className="mt-1 block text-xs font-normal text-gray-500 dark:text-gray-400">
        {t('import.totalHelp', { n: chapters })}
      </span>
    </label>
  );
}

/** What the writer confirms before importing: the chapters the book will have, its settings, its source. */
export interface Confirmed {
  total: string;
  values: Record<string, string>;
  source: SourceChoice;
}

/**
 * The preview to confirm: what was found, then the fields the import is saved with, each as read from the file
 * (editable), the story bible's cost, and Import.
 */
export function ImportConfirm({
  preview,
  form,
  busy,
  onSave,
}: {
  preview: ImportPreview;
  form: GeneratorForm | null;
  busy: 'finding' | 'importing' | null;
  onSave: (confirmed: Confirmed) => Promise<void>;
}) {
  const { t } = useT();
  const [values, setValues] = useState<Record<string, string>>(() => (form ? readValues(preview, form) : {}));
  const [total, setTotal] = useState(() => String(defaultTotal(preview)));
  const [source, setSource] = useState<SourceChoice>(() => choiceOf(preview.source));
  const chapters = preview.chapters.filter((c) => c.kind === 'chapter').length;
  return (
    <div className="space-y-3" data-testid="import-preview">
      <FoundChapters preview={preview} />
      <TotalField chapters={chapters} total={total} onChange={setTotal} />
      <SourceFields read={preview.source} choice={source} onChange={setSource} />
      {form && (
        <ImportSettings
          preview={preview}
          form={form}
          values={values}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        />
      )}
      {preview.cost && (
        <p className="text-sm" data-testid="import-cost">
          {t('import.cost', { n: preview.cost.credits, parts: preview.cost.parts })}
        </p>
      )}
      <button
        type="button"
        className="btn-primary"
        disabled={busy !== null || (form !== null && isMissing(preview, values))}
        onClick={() => void onSave({ total, values, source })}
        data-testid="import-confirm"
      >
        {busy === 'importing' ? t('import.importing') : t('import.confirm')}
      </button>
    </div>
  );
}
