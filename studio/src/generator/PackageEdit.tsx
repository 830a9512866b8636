// A kept package's keywords, description and categories, editable where the readiness report shows them
// (PackageReport.tsx):
// "Save and check again" sends them (PUT /api/books/:bookType/publish/package) and the report shows the readiness
// checked again. Free: the server calls no model and charges nothing. A check whose fix is an edit here links to
// its field (EDITOR_OF_CHECK).
import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { PACKAGE_EDIT_LIMITS, type KdpPackage, type Lang } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { panelWord } from './panelWords.js';

/** The package's fields the writer edits here. */
export type PackageField = 'keywords' | 'description' | 'categories';

/** The checks whose fix is an edit of a field here, by check id. */
export const EDITOR_OF_CHECK: Readonly<Record<string, PackageField>> = {
  keywords: 'keywords',
  'metadata-stuffing': 'keywords',
  description: 'description',
  categories: 'categories',
};

/** The words of the button that moves the focus to a field, by field. */
export const EDITOR_BUTTON: Readonly<
  Record<PackageField, 'packageEditKeywordsButton' | 'packageEditDescriptionButton' | 'packageEditCategoriesButton'>
> = {
  keywords: 'packageEditKeywordsButton',
  description: 'packageEditDescriptionButton',
  categories: 'packageEditCategoriesButton',
};

/** The element ids of the fields, so a check's fix can move the focus to them. */
export type EditorIds = Readonly<Record<PackageField, string>>;

/** Move the focus to a field of the editor (and bring it into view). */
export function focusEditor(id: string): void {
  const field = document.getElementById(id);
  field?.scrollIntoView?.({ block: 'center' });
  field?.focus();
}

/** The request's body: a line a keyword or category; categories sent only when the writer has some. */
function bodyOf(keywords: string, description: string, categories: string) {
  const lines = (text: string) =>
    text
      .split('\n')
      .map((k) => k.trim())
      .filter(Boolean);
  // Without categories the server keeps metadata.json's (at least one is needed).
  return {
    keywords: lines(keywords),
    description,
    ...(lines(categories).length ? { categories: lines(categories) } : {}),
  };
}

/** Why the save failed: the server's words (in the writer's language), each refused field's with it. */
function failureOf(error: unknown, lang: Lang): string {
  if (!(error instanceof ApiError) || error.status === 0) return panelWord('publishFailed', lang);
  return [...new Set([error.message, ...(error.fields ? Object.values(error.fields) : [])])].join(' ');
}

/** One field of the editor: its label, its box (a line an entry, or the description) and its hint. */
function EditField({
  id,
  label,
  hint,
  labelClassName = 'label mt-3',
  className = 'input text-sm',
  rows,
  value,
  maxLength,
  isDisabled,
  testId,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  labelClassName?: string;
  className?: string;
  rows: number;
  value: string;
  maxLength?: number;
  isDisabled: boolean;
  testId: string;
  onChange(value: string): void;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        className={className}
        rows={rows}
        value={value}
        maxLength={maxLength}
        disabled={isDisabled}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
        {hint}
      </p>
    </>
  );
}

/** Save and check again: what was sent, the package checked again handed to `onSaved`, and how it went. */
function usePackageSave(bookType: string, lang: Lang, onSaved: (pkg: KdpPackage) => void) {
  const [isSaving, setIsSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const save = async (e: FormEvent, texts: { keywords: string; description: string; categories: string }) => {
    e.preventDefault();
    if (isSaving) return;
    setIsSaving(true);
    setOutcome(null);
    try {
      const body = bodyOf(texts.keywords, texts.description, texts.categories);
      const edited = await call('PUT /books/:bookType/publish/package', { params: { bookType }, body });
      onSaved(edited.package);
      setOutcome({ kind: 'saved' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: failureOf(error, lang) });
    } finally {
      setIsSaving(false);
    }
  };
  return { save, isSaving, outcome };
}

export function PackageEdit({
  pkg,
  bookType,
  lang,
  ids,
  onSaved,
}: {
  pkg: KdpPackage;
  bookType: string;
  lang: Lang;
  ids: EditorIds;
  onSaved: (pkg: KdpPackage) => void;
}) {
  const [keywords, setKeywords] = useState(pkg.keywords.join('\n'));
  const [description, setDescription] = useState(pkg.description);
  // A package made before its categories were kept with it shows none: the writer's lines replace metadata.json's.
  const [categories, setCategories] = useState((pkg.categories ?? []).join('\n'));
  const { save, isSaving, outcome } = usePackageSave(bookType, lang, onSaved);

  return (
    <form
      onSubmit={(e) => void save(e, { keywords, description, categories })}
      className="mt-4 rounded border border-gray-200 p-3 dark:border-neutral-700"
      aria-labelledby={`${ids.keywords}-title`}
      data-testid="package-edit"
      noValidate
    >
      <h4 id={`${ids.keywords}-title`} className="text-sm font-semibold">
        {panelWord('packageEditTitle', lang)}
      </h4>
      <EditField
        id={ids.keywords}
        label={panelWord('packageEditKeywords', lang, { slots: PACKAGE_EDIT_LIMITS.keywords })}
        hint={panelWord('packageEditKeywordsHint', lang)}
        labelClassName="label mt-2"
        className="input font-mono text-sm"
        rows={PACKAGE_EDIT_LIMITS.keywords}
        value={keywords}
        isDisabled={isSaving}
        testId="package-edit-keywords"
        onChange={setKeywords}
      />
      <EditField
        id={ids.description}
        label={panelWord('packageEditDescription', lang)}
        hint={panelWord('packageEditDescriptionHint', lang)}
        rows={6}
        value={description}
        maxLength={PACKAGE_EDIT_LIMITS.descriptionChars}
        isDisabled={isSaving}
        testId="package-edit-description"
        onChange={setDescription}
      />
      <EditField
        id={ids.categories}
        label={panelWord('packageEditCategories', lang, { slots: PACKAGE_EDIT_LIMITS.categories })}
        hint={panelWord('packageEditCategoriesHint', lang, { chars: PACKAGE_EDIT_LIMITS.categoryChars })}
        rows={PACKAGE_EDIT_LIMITS.categories}
        value={categories}
        isDisabled={isSaving}
        testId="package-edit-categories"
        onChange={setCategories}
      />
      <SaveAndOutcome pkg={pkg} lang={lang} isSaving={isSaving} outcome={outcome} />
    </form>
  );
}

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

/** The paperback's back cover's note, the cost (free), "Save and check again" and how the save went. */
function SaveAndOutcome({
  pkg,
  lang,
  isSaving,
  outcome,
}: {
  pkg: KdpPackage;
  lang: Lang;
  isSaving: boolean;
  outcome: Outcome;
}) {
  return (
    <>
      {/* The server rewrites the metadata files, not the paperback's wrap cover, whose back prints the description. */}
      {pkg.files.includes('paperback-cover.pdf') && (
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400" data-testid="package-edit-back-cover">
          {panelWord('packageEditBackCover', lang)}
        </p>
      )}
      <p className="mt-3 text-sm" data-testid="package-edit-cost">
        {panelWord('packageEditFree', lang)}
      </p>
      <button type="submit" className="btn-primary mt-2" disabled={isSaving} data-testid="package-edit-save">
        {isSaving ? (
          <>
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {panelWord('packageEditSaving', lang)}
          </>
        ) : (
          panelWord('packageEditSave', lang)
        )}
      </button>
      <div aria-live="polite">
        {outcome?.kind === 'saved' && (
          <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-400" data-testid="package-edit-saved">
            {panelWord('packageEditSaved', lang)}
          </p>
        )}
      </div>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="error-box mt-2" data-testid="package-edit-error">
          {panelWord('packageEditFailed', lang, { message: outcome.message })}
        </p>
      )}
    </>
  );
}
