// /publishing-guide: Karya's own guide from a finished book to the stores (the Marketing group's link).
import { Link } from 'react-router-dom';
import { useT } from '../i18n/index.js';
import { GUIDE_STEPS } from '../i18n/guide.js';

export default function PublishingGuide() {
  const { t } = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-gray-900 dark:text-gray-100">{t('guide.title')}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">{t('guide.intro')}</p>
      <ol className="mt-6 space-y-5">
        {GUIDE_STEPS.map(([title, text]) => (
          <li key={title}>
            <h2 className="text-lg font-semibold text-gray-900 dark:text-gray-100">{t(title)}</h2>
            <p className="mt-1 text-gray-700 dark:text-gray-300">{t(text)}</p>
          </li>
        ))}
      </ol>
      <Link to="/books" className="btn-primary mt-8">
        {t('guide.toBooks')}
      </Link>
    </div>
  );
}
