// A spinner with an accessible label; `Loading` fills the page while the session or a route loads.
import { useT } from '../i18n/index.js';

export function Spinner({ label, className = 'h-6 w-6' }: { label?: string; className?: string }) {
  const { t } = useT();
  label ??= t('common.loading');
  return (
    <span role="status" aria-label={label} className="inline-flex items-center">
      <span
        className={`${className} animate-spin rounded-full border-2 border-brand-600 border-t-transparent`}
        aria-hidden="true"
      />
    </span>
  );
}

export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-testid="page-loading">
      <Spinner label={label} className="h-8 w-8" />
    </div>
  );
}
