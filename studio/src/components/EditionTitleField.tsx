// The edition's title on its side-by-side page: the source's title translated when the edition was made, shown
// for the writer to change (PUT /api/books/:id/edition-title); every export and package of the edition takes it.
import { useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import { call } from '../lib/api.js';
import { useT } from '../i18n/index.js';
import type { Lang } from '../engine.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)

/** The longest title an edition keeps (the contract's EditionTitleBodySchema). */
const MAX_TITLE = 120;

/** The edition's title, or (`chapter`) the title of one of its chapters (PUT /api/books/:id/edition-chapter-title). */
export function EditionTitleField({
  editionId,
  title,
  lang,
  onSaved,
  chapter,
}: {
  editionId: number;
  title: string;
  lang: Lang;
  onSaved: (title: string) => void;
  chapter?: { position: number; label: string };
}) {
  const { t } = useT();
  const id = useId();
  const [value, setValue] = useState(title);
  const [isSaving, setSaving] = useState(false);
  // A new title from the page replaces the field's text only while the writer has not changed it, and in the same
  // render (no effect run afterwards): a render that arrives late, or a reload, never takes away what they typed.
  const [given, setGiven] = useState(title);
  if (title !== given) {
    setGiven(title);
    if (value === given) setValue(title);
  }
  const trimmed = value.trim();
  const save = async () => {
    setSaving(true);
    try {
      const sent = trimmed;
      const saved = chapter
        ? await call('PUT /books/:id/edition-chapter-title', {
            params: { id: editionId },
            body: { position: chapter.position, title: sent },
          })
        : await call('PUT /books/:id/edition-title', { params: { id: editionId }, body: { title: sent } });
      onSaved(saved.title);
      // The field shows the title as saved, unless the writer went on typing while it was saved.
      setValue((now) => (now.trim() === sent ? saved.title : now));
      toast.success(t('edition.title.saved'));
    } catch {
      toast.error(t('edition.title.failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="flex flex-col gap-1"
      data-testid={chapter ? 'edition-chapter-title' : 'edition-title'}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-gray-700 dark:text-gray-300">
        {chapter ? t('edition.chapterTitle.label', { label: chapter.label }) : t('edition.title.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          lang={lang}
          className="input min-w-0 flex-1"
          value={value}
          maxLength={MAX_TITLE}
          required
          aria-describedby={`${id}-hint`}
          onChange={(e) => setValue(e.target.value)}
          data-testid="edition-title-input"
        />
        <button type="submit" className="btn-secondary" disabled={isSaving || !trimmed || trimmed === title}>
          {t('edition.title.save')}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
        {t(chapter ? 'edition.chapterTitle.hint' : 'edition.title.hint')}
      </p>
    </form>
  );
}
