import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { CloseIcon, LogoMark, MenuIcon } from '../../components/ui/icons';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useT, type MessageKey } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { AccountMenu } from '../../features/auth/components/account-menu';

/** Pages that bring their own navigation, or none (docs/product.md#navigation-bar-and-footer). */
export const PAGES_WITHOUT_NAVBAR = [
  '/login',
  '/signup',
  '/medibuddy',
  '/user-profile',
  '/changePassword',
  '/forgotPassword',
];

const HIDDEN = new Set(PAGES_WITHOUT_NAVBAR.map((path) => path.toLowerCase()));

/** Route matching ignores case and a trailing slash, so this does too. */
export function isNavbarHidden(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return HIDDEN.has(normalised.toLowerCase());
}

const LINKS: readonly { to: string; label: MessageKey; end: boolean }[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/symptom-check', label: 'nav.symptomCheck', end: false },
  { to: '/diagnosis', label: 'nav.diagnosis', end: false },
  { to: '/medicines', label: 'nav.medicines', end: false },
];

function linkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-lg px-3 py-2 text-base font-semibold transition-colors ${
    isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;
}

export function Navbar() {
  const { pathname } = useLocation();
  if (isNavbarHidden(pathname)) return null;
  return <NavbarContent pathname={pathname} />;
}

function NavbarContent({ pathname }: { pathname: string }) {
  const { user, isPending } = useSession();
  const { t } = useT();
  // The mobile menu is open on the page where it was opened; any navigation closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const isMenuOpen = openOnPath === pathname;
  const setIsMenuOpen = (open: boolean) => setOpenOnPath(open ? pathname : null);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isMenuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpenOnPath(null);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b print:hidden border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <nav aria-label={t('nav.label')} className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-slate-900">
          <LogoMark />
          MediBuddy
        </Link>
        <ul className="ml-6 hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClass}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {/* On a phone the switcher is in the menu: the bar has no room for it. */}
          <LanguageSwitcher className="hidden md:flex" />
          {isPending ? (
            <span className="block size-10" aria-hidden="true" />
          ) : user ? (
            <AccountMenu user={user} />
          ) : (
            <Link to="/login" className={buttonClasses('primary', 'sm', 'min-h-10 px-4')}>
              {t('nav.getStarted')}
            </Link>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            onClick={() => setIsMenuOpen(!isMenuOpen)}
          >
            {isMenuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            <span className="sr-only">{t('nav.menu')}</span>
          </button>
        </div>
      </nav>
      <div id={menuId} hidden={!isMenuOpen} className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
        <ul className="mt-2 flex flex-col gap-1">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClass} onClick={() => setIsMenuOpen(false)}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          <li>
            <LanguageSwitcher />
          </li>
        </ul>
      </div>
    </header>
  );
}
