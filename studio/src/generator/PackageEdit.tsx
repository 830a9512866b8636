// A kept package's keywords, description and categories, editable where the readiness report shows them
// (PackageReport.tsx):
// "Save and check again" sends them (PUT /api/books/:bookType/publish/package) and the report shows the readiness
// checked again. Free: the server calls no model and charges nothing. A check whose fix is an edit here links to
// its field (EDITOR_OF_CHECK).
import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { PACKAGE_EDIT_LIMITS, type KdpPackage, type Lang } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { pageWord } from './words.js';

/** The package's fields the writer edits here. */
export type PackageField = 'keywords' | 'description' | 'categories';

/** The checks whose fix is an edit of a field here, by check id. */
export const EDITOR_OF_CHECK: Readonly<Record<string, PackageField>> = { keywords: 'keywords', 'metadata-stuffing': 'keywords', description: 'description', categories: 'categories' };

/** The words of the button that moves the focus to a field, by field. */
export const EDITOR_BUTTON: Readonly<Record<PackageField, 'packageEditKeywordsButton' | 'packageEditDescriptionButton' | 'packageEditCategoriesButton'>> = {
  keywords: 'packageEditKeywordsButton', description: 'packageEditDescriptionButton', categories: 'packageEditCategoriesButton',
};

/** The element ids of the fields, so a check's fix can move the focus to them. */
export type EditorIds = Readonly<Record<PackageField, string>>;

/** Move the focus to a field of the editor (and bring it into view). */
export function focusEditor(id: string): void {
  const field = document.getElementById(id);
  field?.scrollIntoView?.({ block: 'center' });
  field?.focus();
}

export function PackageEdit({ pkg, bookType, lang, ids, onSaved }: { pkg: KdpPackage; bookType: string; lang: Lang; ids: EditorIds; onSaved: (pkg: KdpPackage) => void }) {
  const [keywords, setKeywords] = useState(pkg.keywords.join('\n'));
  const [description, setDescription] = useState(pkg.description);
  // A package made before its categories were kept with it shows none: the writer's lines replace metadata.json's.
  const [categories, setCategories] = useState((pkg.categories ?? []).join('\n'));
  const [isSaving, setIsSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'saved' } | { kind: 'failed'; message: string } | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (isSaving) return;
    setIsSaving(true);
    setOutcome(null);
    try {
      const lines = (text: string) => text.split('\n').map((k) => k.trim()).filter(Boolean);
      // Categories sent only when the writer has some: the server keeps metadata.json's otherwise (at least one is
      // needed).
      const body = { keywords: lines(keywords), description, ...(lines(categories).length ? { categories: lines(categories) } : {}) };
      const edited = await call('PUT /books/:bookType/publish/package', { params: { bookType }, body });
      onSaved(edited.package);
      setOutcome({ kind: 'saved' });
    } catch (error) {
      // The server's words (in the writer's language), each refused field's with it.
      const fields = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];
      const message = error instanceof ApiError && error.status !== 0 ? [...new Set([error.message, ...fields])].join(' ') : pageWord('publishFailed', lang);
      setOutcome({ kind: 'failed', message });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={save} className="mt-4 rounded border border-gray-200 p-3 dark:border-neutral-700" aria-labelledby={`${ids.keywords}-title`} data-testid="package-edit" noValidate>
      <h4 id={`${ids.keywords}-title`} className="text-sm font-semibold">{pageWord('packageEditTitle', lang)}</h4>
      <label htmlFor={ids.keywords} className="label mt-2">{pageWord('packageEditKeywords', lang, { slots: PACKAGE_EDIT_LIMITS.keywords })}</label>
      <textarea
        id={ids.keywords} className="input font-mono text-sm" rows={PACKAGE_EDIT_LIMITS.keywords} value={keywords} disabled={isSaving}
        aria-describedby={`${ids.keywords}-hint`} data-testid="package-edit-keywords" onChange={(e) => setKeywords(e.target.value)}
      />
      <p id={`${ids.keywords}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">{pageWord('packageEditKeywordsHint', lang)}</p>
      <label htmlFor={ids.description} className="label mt-3">{pageWord('packageEditDescription', lang)}</label>
      <textarea
        id={ids.description} className="input text-sm" rows={6} value={description} maxLength={PACKAGE_EDIT_LIMITS.descriptionChars} disabled={isSaving}
        aria-describedby={`${ids.description}-hint`} data-testid="package-edit-description" onChange={(e) => setDescription(e.target.value)}
      />
      <p id={`${ids.description}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">{pageWord('packageEditDescriptionHint', lang)}</p>
      <label htmlFor={ids.categories} className="label mt-3">{pageWord('packageEditCategories', lang, { slots: PACKAGE_EDIT_LIMITS.categories })}</label>
      <textarea
        id={ids.categories} className="input text-sm" rows={PACKAGE_EDIT_LIMITS.categories} value={categories} disabled={isSaving}
        aria-describedby={`${ids.categories}-hint`} data-testid="package-edit-categories" onChange={(e) => setCategories(e.target.value)}
      />
      <p id={`${ids.categories}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">{pageWord('packageEditCategoriesHint', lang, { chars: PACKAGE_EDIT_LIMITS.categoryChars })}</p>
      {/* The server rewrites the metadata files, not the paperback's wrap cover, whose back prints the description. */}
      {pkg.files.includes('paperback-cover.pdf') && <p className="mt-1 text-xs text-gray-600 dark:text-gray-400" data-testid="package-edit-back-cover">{pageWord('packageEditBackCover', lang)}</p>}
      <p className="mt-3 text-sm" data-testid="package-edit-cost">{pageWord('packageEditFree', lang)}</p>
      <button type="submit" className="btn-primary mt-2" disabled={isSaving} data-testid="package-edit-save">
        {isSaving ? <><Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {pageWord('packageEditSaving', lang)}</> : pageWord('packageEditSave', lang)}
      </button>
      <div aria-live="polite">
        {outcome?.kind === 'saved' && <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-400" data-testid="package-edit-saved">{pageWord('packageEditSaved', lang)}</p>}
      </div>
      {outcome?.kind === 'failed' && <p role="alert" className="error-box mt-2" data-testid="package-edit-error">{pageWord('packageEditFailed', lang, { message: outcome.message })}</p>}
    </form>
  );
}
