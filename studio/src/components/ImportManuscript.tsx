// "Import a manuscript" on My Books: the writer picks a file (.docx, .epub, .txt, .md) and the kind of book;
// the server reads it and answers the chapters it found, its title, the front matter kept, the settings read
// and what the story bible will cost (POST /api/books/import/preview), shown to confirm before anything is
// charged, the title and settings editable (ImportConfirm.tsx); Import saves it with them as the current book of
// that kind (POST /api/books/import) and its generator page opens with it, the bible being built in the
// background.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { Upload } from 'lucide-react';
import { refuseOver } from '../lib/upload-limit.js';
import { MANUSCRIPT_UPLOAD, wordIn, type GeneratorForm, type ImportPreview } from '../engine.js';
import { ApiError } from '../lib/api.js';
import { uploadShowingWaits } from '../lib/model-wait.js';
import { loadForm, shownIn, useGenerators } from '../lib/generators.js';
import { sourceQueryOf } from './SourceField.js';
import { ImportConfirm, type Confirmed } from './ImportConfirm.js';
import type { ContinuedBookState } from '../lib/books.js';
import { useT } from '../i18n/index.js';
import '../i18n/import.js'; // the studio-import words it shows load with it (i18n/shared.ts)

/** The file to import and the kind of book it becomes (the generators whose kind is a book). */
function FileAndKind({
  books,
  chosen,
  onFile,
  onKind,
}: {
  books: ReadonlyArray<{ id: string; typeLabel: Record<string, string> }>;
  chosen: string;
  onFile: (file: File | null) => void;
  onKind: (generator: string) => void;
}) {
  const { t, lang } = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="block text-sm font-medium">
        {t('import.file')}
        <input
          type="file"
          accept=".docx,.epub,.txt,.md,.markdown"
          className="mt-1 block w-full text-sm"
          data-testid="import-file"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </label>
      <label className="block text-sm font-medium">
        {t('import.kind')}
        <select
          className="input mt-1 w-full"
          value={chosen}
          onChange={(e) => onKind(e.target.value)}
          data-testid="import-generator"
        >
          {books.map((g) => (
            <option key={g.id} value={g.id}>
              {wordIn(g.typeLabel, lang, g.id)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export function ImportManuscript() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const { generators } = useGenerators();
  const books = useMemo(() => shownIn(generators, lang).filter((g) => g.kind === 'book'), [generators, lang]);
  const [file, setFile] = useState<File | null>(null);
  const [generator, setGenerator] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [form, setForm] = useState<GeneratorForm | null>(null);
  const [busy, setBusy] = useState<'finding' | 'importing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = generator || books[0]?.id || '';

  const fail = (e: unknown) => setError(e instanceof ApiError ? e.message : String(e));
  const find = async () => {
    if (!file) return setError(t('import.chooseFile'));
    setBusy('finding');
    setError(null);
    setPreview(null);
    try {
      const { found, form: model } = await readManuscript(file, chosen, lang);
      setForm(model);
      setPreview(found);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };
  const save = async (confirmed: Confirmed) => {
    if (!file || !preview) return;
    setBusy('importing');
    setError(null);
    try {
      refuseOver(MANUSCRIPT_UPLOAD, file);
      const query = importQuery(file, chosen, confirmed);
      const done = await uploadShowingWaits('POST /books/import', { query }, file);
      // The book's voice is its manuscript's own prose: said, as the command line says it.
      const said = t('import.done', { title: done.book.title });
      toast.success(done.book.voice === 'manuscript' ? `${said} ${t('import.voiceTaken')}` : said);
      const route = books.find((g) => g.id === done.book.generator)?.route;
      if (route) navigate(route, { state: { continuedBook: done.book.id } satisfies ContinuedBookState });
    } catch (e) {
      fail(e);
      setBusy(null);
    }
  };

  return (
    <section className="card space-y-4 p-5" aria-labelledby="import-title" data-testid="import-manuscript">
      <div>
        <h2 id="import-title" className="flex items-center gap-2 text-lg font-semibold">
          <Upload className="h-4 w-4" aria-hidden="true" />
          {t('import.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('import.intro')}</p>
      </div>
      <FileAndKind
        books={books}
        chosen={chosen}
        onFile={(picked) => {
          setFile(picked);
          setPreview(null);
          setError(null);
        }}
        onKind={(id) => {
          setGenerator(id);
          setPreview(null);
        }}
      />
      <button
        type="button"
        className="btn-secondary"
        disabled={busy !== null || !file || !chosen}
        onClick={() => void find()}
        data-testid="import-find"
      >
        {busy === 'finding' ? t('import.finding') : t('import.find')}
      </button>
      {error !== null && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="import-error">
          {error}
        </p>
      )}
      {preview && (
        <ImportConfirm key={`${preview.file}:${chosen}`} preview={preview} form={form} busy={busy} onSave={save} />
      )}
    </section>
  );
}

/** What the server found in the file, with the generator's fields to edit the settings read (none: it reads them). */
async function readManuscript(file: File, generator: string, lang: string) {
  refuseOver(MANUSCRIPT_UPLOAD, file);
  const query = { file: file.name, generator, lang };
  const found = await uploadShowingWaits('POST /books/import/preview', { query }, file);
  return { found, form: await loadForm(generator).catch(() => null) };
}

/** The import's query: the file, its kind of book, and what the writer confirmed in the preview. */
function importQuery(file: File, generator: string, { total, values, source }: Confirmed) {
  const n = Number(total);
  const chapters = Number.isInteger(n) && n > 0 ? { chapters: n } : {};
  // The settings and the title as the writer confirmed them in the preview: the book is saved with them.
  const settings = Object.keys(values).length ? { settings: JSON.stringify(values) } : {};
  // The source as the writer confirmed it: public domain or not, and the year first published.
  return { file: file.name, generator, ...chapters, ...settings, ...sourceQueryOf(source) };
}
