import { useLocation } from 'react-router';
import { hindiPath } from '../app/route-table';
import { saveAccountLanguage } from '../lib/account-language';
import { LANGUAGE_NAMES, storeLanguage, useT, type Language } from '../lib/i18n';
import { useSession } from '../lib/session';

/**
 * The link to the same page in the other language (decision 032). A plain link, not a client navigation: the other
 * language is another address (/hi/...) with its own catalogue and, for Hindi, its font. The choice is kept in this
 * browser, so a later visit to an English address opens its Hindi twin (main.tsx), and the other way round; for a
 * signed-in person it is saved on the account as well (decision 039), so their next browser opens in it after sign-in.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { language } = useT();
  const { pathname, search } = useLocation();
  const { user } = useSession();
  const other: Language = language === 'hi' ? 'en' : 'hi';
  const href = `${other === 'hi' ? hindiPath(pathname) : pathname}${search}`;
  return (
    <a
      href={href}
      lang={other}
      hrefLang={other}
      data-testid="language-switcher"
      onClick={() => {
        storeLanguage(other);
        // Not waited for: the browser's choice is made either way, and the request outlives the page (keepalive).
        if (user) saveAccountLanguage(other).catch(() => {});
      }}
      className={`flex min-h-10 items-center rounded-lg px-3 text-base font-semibold text-teal-800 underline-offset-4 hover:bg-slate-100 hover:underline ${className}`}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
