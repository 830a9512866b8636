// The dual-language book of an edition (GET /books/:id/bilingual): each source paragraph followed by its translation,
// as an EPUB, a PDF (paragraph by paragraph, or the two languages in facing columns) or a DOCX. Plain `download`
// links, so the browser saves the file under the server's name with the session it has.
import { BookOpenText, Download } from 'lucide-react';
import { fileHref } from '../lib/api.js';
import { editionName, useT } from '../i18n/index.js';
import type { Lang } from '../engine.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)

const CHOICES = [
  { key: 'epub', format: 'epub', name: 'EPUB' },
  { key: 'pdf-alternating', format: 'pdf', layout: 'alternating', name: 'edition.bilingual.pdfAlternating' },
  { key: 'pdf-columns', format: 'pdf', layout: 'columns', name: 'edition.bilingual.pdfColumns' },
  { key: 'docx', format: 'docx', name: 'DOCX' },
] as const;

export function BilingualDownload({ editionId, source, edition }: { editionId: number; source: Lang; edition: Lang }) {
  const { t, lang: ui } = useT();
  const headingId = `bilingual-${editionId}`;
  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-5" data-testid="bilingual-download">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-gray-900 dark:text-gray-100">
        <BookOpenText className="h-4 w-4" aria-hidden="true" /> {t('edition.bilingual.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        {t('edition.bilingual.hint', { source: editionName(source, ui), edition: editionName(edition, ui) })}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {CHOICES.map((c) => {
          const name = c.name.startsWith('edition.') ? t(c.name as 'edition.bilingual.pdfColumns') : c.name;
          const query = 'layout' in c ? { format: c.format, layout: c.layout } : { format: c.format };
          return (
            <li key={c.key}>
              <a
                className="btn-secondary px-3 py-1.5 text-sm"
                href={fileHref('GET /books/:id/bilingual', { params: { id: editionId }, query })}
                download
                aria-label={t('edition.bilingual.label', { format: name })}
                data-testid={`bilingual-${c.key}`}
              >
                <Download className="h-4 w-4" aria-hidden="true" /> {name}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
