// Every path that is not a platform page: a generator's route in the server's list renders the one
// generator page (behind the credit guard); anything else goes to /.
import { useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth.js';
import { generatorByRoute, useGenerators } from '../lib/generators.js';
import { PageLoading } from '../components/Spinner.js';
import { useT } from '../i18n/index.js';
import { GeneratorPage } from './GeneratorPage.js';

export default function GeneratorRoute() {
  const { generators, error } = useGenerators();
  const { user, isAdmin } = useAuth();
  const { t, lang } = useT();
  const location = useLocation();
  const path = location.pathname.replace(/\/+$/, '') || '/';
  // The credit guard decides when the page is entered; spending the last credit on the page does not
  // throw the reader out of the book they are looking at (the server refuses the next charge).
  const entry = useRef<{ path: string; isAllowed: boolean } | null>(null);

  if (error) {
    return (
      <div role="alert" className="error-box mx-auto mt-10 max-w-md">
        {t('shell.generatorsFailed')} <button type="button" className="link" onClick={() => window.location.reload()}>{t('common.reload')}</button>
      </div>
    );
  }
  if (!generators || !user) return <PageLoading />;
  const generator = generatorByRoute(generators, path);
  if (!generator) return <Navigate to="/" replace />;
  if (entry.current?.path !== path) {
    const needed = generator.cost;
    entry.current = { path, isAllowed: isAdmin || user.credits_available >= needed };
  }
  if (!entry.current.isAllowed) return <Navigate to="/upgrade" replace state={{ needed: generator.cost, tool: generator.title[lang] }} />;
  return <GeneratorPage key={generator.id} summary={generator} />;
}
