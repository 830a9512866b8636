// The glossary an edition holds fast: a table of term → rendering (and a character's gender: how Malay "dia" is
// read), read from the story bible by default, each row editable, rows added and removed, saved as a whole (the server
// checks the limits: 200 terms, 80 characters),
// before the edition starts or while it is made (a saved change holds from the next part on).
import { useEffect, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { editionName, useT } from '../i18n/index.js';
import { MAX_GLOSSARY_TERM_CHARS, type GlossaryResponse, type Lang } from '../engine.js';

type Row = GlossaryResponse['terms'][number];
type Gender = NonNullable<Row['gender']>;
const GENDER_CHOICES: readonly Gender[] = ['female', 'male', 'unknown'];
import { Spinner } from './Spinner.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)

export function GlossaryTable({
  bookId,
  to,
  from,
  isRunning,
}: {
  bookId: number;
  to: Lang;
  from: Lang;
  isRunning: boolean;
}) {
  const { t, lang: ui } = useT();
  const { glossary, setGlossary, rows, setRows } = useGlossary(bookId, to);
  const [isSaving, setSaving] = useState(false);
  if (!glossary)
    return (
      <div className="py-3">
        <Spinner label={t('edition.loading')} />
      </div>
    );
  const isChanged = JSON.stringify(rows) !== JSON.stringify(glossary.terms);
  const set = (i: number, field: 'term' | 'rendering', value: string) =>
    setRows((list) => list.map((r, k) => (k === i ? { ...r, [field]: value } : r)));
  const setGender = (i: number, value: string) =>
    setRows((list) =>
      list.map((r, k) => {
        if (k !== i) return r;
        const { gender: _old, ...rest } = r;
        return GENDER_CHOICES.includes(value as Gender) ? { ...rest, gender: value as Gender } : rest;
      }),
    );
  const save = async () => {
    setSaving(true);
    const terms = rows.filter((r) => r.term.trim() && r.rendering.trim());
    try {
      const saved = await call('PUT /books/:id/editions/:lang/glossary', {
        params: { id: bookId, lang: to },
        body: { terms },
      });
      setGlossary(saved);
      setRows(saved.terms.map((e) => ({ ...e })));
      toast.success(t('edition.glossarySaved'));
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.code === 'invalid_request'
          ? `${t('edition.glossaryFailed')}: ${Object.values(error.fields ?? {}).join('; ')}`
          : t('edition.glossaryFailed'),
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="glossary-heading" className="mt-4" data-testid="glossary">
      <h3 id="glossary-heading" className="font-semibold text-gray-900 dark:text-gray-100">
        {t('edition.glossary')}
      </h3>
      <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
        {t(isRunning ? 'edition.glossaryWhileRunning' : 'edition.glossaryIntro')}
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">{t('edition.glossaryEmpty')}</p>
      ) : (
        <GlossaryTerms
          rows={rows}
          from={from}
          to={to}
          onSet={set}
          onGender={setGender}
          onRemove={(i) => setRows((list) => list.filter((_, k) => k !== i))}
        />
      )}
      <GlossaryButtons
        canAdd={rows.length < glossary.max_terms}
        canSave={isChanged && !isSaving}
        onAdd={() => setRows((list) => [...list, { term: '', rendering: '' }])}
        onSave={() => void save()}
      />
    </section>
  );
}

/** The edition's glossary as the server holds it, and the rows being edited (read again when the language changes). */
function useGlossary(bookId: number, to: Lang) {
  const [glossary, setGlossary] = useState<GlossaryResponse | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    call('GET /books/:id/editions/:lang/glossary', {
      params: { id: bookId, lang: to },
      signal: controller.signal,
    }).then(
      (g) => {
        setGlossary(g);
        setRows(g.terms.map((e) => ({ ...e })));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [bookId, to]);
  return { glossary, setGlossary, rows, setRows };
}

/** The terms as a table: the term in the book's language, its rendering, a character's gender, and Remove. */
function GlossaryTerms({
  rows,
  from,
  to,
  onSet,
  onGender,
  onRemove,
}: {
  rows: readonly Row[];
  from: Lang;
  to: Lang;
  onSet(i: number, field: 'term' | 'rendering', value: string): void;
  onGender(i: number, value: string): void;
  onRemove(i: number): void;
}) {
  const { t, lang: ui } = useT();
  return (
    <table className="mt-2 w-full text-sm">
      <thead>
        <tr className="text-left text-xs text-gray-600 dark:text-gray-400">
          <th scope="col" className="pb-1 font-medium">
            {t('edition.term')} <span className="font-normal">({editionName(from, ui)})</span>
          </th>
          <th scope="col" className="pb-1 font-medium">
            {t('edition.rendering')} <span className="font-normal">({editionName(to, ui)})</span>
          </th>
          <th scope="col" className="pb-1 font-medium" title={t('edition.genderHint')}>
            {t('edition.gender')}
          </th>
          <th scope="col" className="w-8">
            <span className="sr-only">{t('edition.remove')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <TermRow
            key={i}
            n={i + 1}
            row={row}
            from={from}
            to={to}
            onSet={(field, value) => onSet(i, field, value)}
            onGender={(value) => onGender(i, value)}
            onRemove={() => onRemove(i)}
          />
        ))}
      </tbody>
    </table>
  );
}

/** One term of the glossary (`n`: its number in the table, for the labels). */
function TermRow({
  n,
  row,
  from,
  to,
  onSet,
  onGender,
  onRemove,
}: {
  n: number;
  row: Row;
  from: Lang;
  to: Lang;
  onSet(field: 'term' | 'rendering', value: string): void;
  onGender(value: string): void;
  onRemove(): void;
}) {
  const { t } = useT();
  return (
    <tr data-testid="glossary-row">
      <td className="py-0.5 pr-1">
        <input
          className="input py-1"
          lang={from}
          aria-label={t('edition.termLabel', { n })}
          value={row.term}
          maxLength={MAX_GLOSSARY_TERM_CHARS}
          onChange={(e) => onSet('term', e.target.value)}
        />
      </td>
      <td className="py-0.5 pr-1">
        <input
          className="input py-1"
          lang={to}
          aria-label={t('edition.renderingLabel', { n })}
          value={row.rendering}
          maxLength={MAX_GLOSSARY_TERM_CHARS}
          onChange={(e) => onSet('rendering', e.target.value)}
        />
      </td>
      <td className="py-0.5 pr-1">
        <select
          className="input py-1"
          aria-label={t('edition.genderLabel', { n })}
          title={t('edition.genderHint')}
          value={row.gender ?? ''}
          onChange={(e) => onGender(e.target.value)}
          data-testid="glossary-gender"
        >
          <option value="">{t('edition.gender.none')}</option>
          {GENDER_CHOICES.map((g) => (
            <option key={g} value={g}>
              {t(`edition.gender.${g}`)}
            </option>
          ))}
        </select>
      </td>
      <td className="py-0.5 text-right">
        <button type="button" className="btn-ghost" aria-label={t('edition.removeTerm', { n })} onClick={onRemove}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
}

/** Add a term (while the glossary has room) and Save (once something changed). */
function GlossaryButtons({
  canAdd,
  canSave,
  onAdd,
  onSave,
}: {
  canAdd: boolean;
  canSave: boolean;
  onAdd(): void;
  onSave(): void;
}) {
  const { t } = useT();
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="button" className="btn-ghost text-sm" disabled={!canAdd} onClick={onAdd}>
        <Plus className="h-4 w-4" aria-hidden="true" /> {t('edition.addTerm')}
      </button>
      <button
        type="button"
        className="btn-secondary text-sm"
        disabled={!canSave}
        onClick={onSave}
        data-testid="save-glossary"
      >
        {t('edition.saveGlossary')}
      </button>
    </div>
  );
}
