import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Notice } from '../../components/ui/notice';
import { t } from '../../lib/i18n';

type State = { hasError: boolean };

/**
 * A page that cannot load (its code chunk failed to download after a deploy or offline) or that crashed:
 * say so and offer a reload, instead of a blank screen.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept for whoever opens the console; nothing health-related is in a render error.
    console.warn('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-16">
        <Notice tone="error" title={t('error.title')} live="alert">
          <p>{t('error.text')}</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-3 rounded-full border border-red-700 px-4 py-1.5 font-semibold text-red-800 hover:bg-red-100"
          >
            {t('error.reload')}
          </button>
        </Notice>
      </div>
    );
  }
}
