import { Link } from 'react-router';
import { HomeIcon, LogoMark, LogoutIcon, StethoscopeIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useSignOut } from '../../../lib/sign-out';
import { t } from '../../../lib/i18n';

// Phones: a top bar of icon-over-label items, so three fit in 360 px. md+: a vertical side navigation.
const ITEM =
  'flex min-h-11 flex-col items-center justify-center gap-0.5 rounded-xl px-2.5 py-1 text-xs font-semibold text-slate-700 ' +
  'transition-colors hover:bg-teal-50 hover:text-teal-900 md:flex-row md:justify-start md:gap-3 md:px-3 md:py-2 md:text-base';

/** The profile page's own navigation (the navbar is hidden there): Home, Diagnosis, Logout. */
export function ProfileSidebar() {
  const signOut = useSignOut();
  return (
    <aside
      aria-label={t('account.sidebar.label')}
      className="border-b border-slate-200 bg-white md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:border-r md:border-b-0"
    >
      <div className="flex items-center gap-3 px-4 py-3 md:flex-col md:items-stretch md:px-4 md:py-6">
        <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold text-slate-900 md:mb-6 md:px-3">
          <LogoMark className="size-7" />
          <span className="max-sm:sr-only">MediBuddy</span>
        </Link>
        <nav aria-label={t('account.sidebar.nav')} className="ml-auto md:ml-0">
          <ul className="flex items-center gap-1 md:flex-col md:items-stretch">
            <li>
              <Link to="/" className={ITEM}>
                <HomeIcon />
                <span>{t('nav.home')}</span>
              </Link>
            </li>
            <li>
              <Link to="/diagnosis" className={ITEM}>
                <StethoscopeIcon />
                <span>{t('nav.diagnosis')}</span>
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={`${ITEM} w-full`}
                aria-busy={signOut.isPending || undefined}
                onClick={() => {
                  if (!signOut.isPending) signOut.mutate();
                }}
              >
                {signOut.isPending ? <Spinner className="size-5" /> : <LogoutIcon />}
                <span>{signOut.isPending ? t('account.sidebar.loggingOut') : t('account.sidebar.logout')}</span>
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </aside>
  );
}
