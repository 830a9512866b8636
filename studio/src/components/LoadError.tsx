// A list that failed to load says so where the list would be, with Retry, and loads again by itself when
// the browser comes back online (a failed load is never shown as an empty list).
import { useEffect, useRef } from 'react';
import { AlertTriangle, RotateCcw, WifiOff } from 'lucide-react';
import { ApiError } from '../lib/api.js';
import { useT } from '../i18n/index.js';

const ERROR_ROW_CLASS = [
  'mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-3',
  'py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200',
].join(' ');

/** Call `refetch` whenever the browser comes back online (while `isActive`). */
export function useRefetchOnOnline(refetch: () => void, isActive = true): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (!isActive) return;
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [isActive]);
}

/** Whether a failed call failed because the network or the server could not be reached (not a refusal). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError
    ? error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504
    : error instanceof TypeError;
}

/** The inline error of a list: what went wrong in plain words and a Retry button. */
export function LoadError({
  error,
  onRetry,
  message,
  testId = 'load-error',
}: {
  error: unknown;
  onRetry(): void;
  message?: string;
  testId?: string;
}) {
  const { t } = useT();
  const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const text = isOffline
    ? t('state.offline')
    : isUnreachable(error)
      ? t('state.serverDown')
      : (message ?? t('state.loadFailed'));
  const Icon = isOffline ? WifiOff : AlertTriangle;
  return (
    <div role="alert" className={ERROR_ROW_CLASS} data-testid={testId}>
      <span className="flex items-start gap-2">
        <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {text}
      </span>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" /> {t('state.retry')}
      </button>
    </div>
  );
}
