// Every path that is not a platform page: a generator's route in the server's list renders the one
// generator page; anything else goes to /. No credit guard here: reading, editing and exporting a book
// never cost credits (the Generate button leads to top-up when the balance is short; the server charges).
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../lib/auth.js';
import { generatorByRoute, useGenerators } from '../lib/generators.js';
import { PageLoading } from '../components/Spinner.js';
import { useT } from '../i18n/index.js';
import { GeneratorPage } from './GeneratorPage.js';

export default function GeneratorRoute() {
  const { generators, error } = useGenerators();
  const { user } = useAuth();
  const { t } = useT();
  const location = useLocation();
  const path = location.pathname.replace(/\/+$/, '') || '/';

  if (error) {
    return (
      <div role="alert" className="error-box mx-auto mt-10 max-w-md">
        {t('shell.generatorsFailed')}{' '}
        <button type="button" className="link" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    );
  }
  if (!generators || !user) return <PageLoading />;
  const generator = generatorByRoute(generators, path);
  if (!generator) return <Navigate to="/" replace />;
  return <GeneratorPage key={generator.id} summary={generator} />;
}
