import { useLocation } from 'react-router';
import { hindiPath } from '../app/route-table';
import { LANGUAGE_NAMES, storeLanguage, useT, type Language } from '../lib/i18n';

/**
 * The link to the same page in the other language (decision 032). A plain link, not a client navigation: the other
 * language is another address (/hi/...) with its own catalogue and, for Hindi, its font. The choice is kept in this
 * browser, so a later visit to an English address opens its Hindi twin (main.tsx), and the other way round.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { language } = useT();
  const { pathname, search } = useLocation();
  const other: Language = language === 'hi' ? 'en' : 'hi';
  const href = `${other === 'hi' ? hindiPath(pathname) : pathname}${search}`;
  return (
    <a
      href={href}
      lang={other}
      hrefLang={other}
      data-testid="language-switcher"
      onClick={() => storeLanguage(other)}
      className={`flex min-h-10 items-center rounded-lg px-3 text-base font-semibold text-teal-800 underline-offset-4 hover:bg-slate-100 hover:underline ${className}`}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
