// Catches a page that fails to render or a route chunk that fails to load (for example after a new
// version was deployed) and offers a reload instead of a blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { initialLang, translate } from '../i18n/index.js';

const ERROR_CARD_CLASS = [
  'mx-auto mt-16 max-w-md rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm',
  'dark:border-red-900 dark:bg-neutral-900',
].join(' ');

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('studio: a page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const lang = initialLang();
    return (
      <div role="alert" className={ERROR_CARD_CLASS}>
        <h1 className="text-lg font-semibold">{translate('common.somethingWrong', lang)}</h1>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{translate('common.unexpected', lang)}</p>
        <button type="button" className="btn-primary mt-4" onClick={() => window.location.reload()}>
          {translate('common.reload', lang)}
        </button>
      </div>
    );
  }
}
