import type { AuthResponse } from '@medibuddy/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Button } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/icons';
import { PageHeading } from '../../components/ui/page-heading';
import { accountLanguageAddress, languageForNewAccount, saveAccountLanguage } from '../../lib/account-language';
import { useSession, useSetSessionUser } from '../../lib/session';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { notifySuccess } from '../../lib/notify';
import { returnPathFrom } from '../../lib/safe-redirect';
import { currentLanguage, storeLanguage, t } from '../../lib/i18n';

type Mode = 'signIn' | 'signUp';

const SIGN_IN_HEADING = 'sign-in-heading';
const SIGN_UP_HEADING = 'sign-up-heading';

// The classic sliding double panel. On md+ both forms share the left column; the active one slides to its
// side and the gradient overlay slides over the other. Below md the panels stack: the active form, then a
// plain panel with the button that switches. The hidden form and panel are inert (no focus, not read out).
const SLIDE = 'transition-all duration-700 ease-in-out motion-reduce:transition-none';

export default function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const setSessionUser = useSetSessionUser();
  const mode: Mode = location.pathname.toLowerCase().startsWith('/signup') ? 'signUp' : 'signIn';
  const returnTo = returnPathFrom(location.state);
  const shouldFocusHeading = useRef(false);

  // Decided once, on arrival: a signed-in visitor has nothing to do here. A sign-in on this page navigates
  // by itself, so a user appearing later must not trigger a second redirect.
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && !session.isPending) setArrivedSignedIn(session.isAuthorized);

  useEffect(() => {
    if (!shouldFocusHeading.current) return;
    shouldFocusHeading.current = false;
    document.getElementById(mode === 'signUp' ? SIGN_UP_HEADING : SIGN_IN_HEADING)?.focus();
  }, [mode]);

  function switchTo(next: Mode) {
    shouldFocusHeading.current = true;
    navigate(next === 'signUp' ? '/signup' : '/login', { replace: true, state: location.state });
  }

  function handleAuthenticated(fallback: string, done: Mode) {
    return ({ message, user }: AuthResponse) => {
      // The account's language (decision 039): a sign-in opens the page in it unless this browser chose one itself
      // (a full load: the other language is another address); a new account keeps the language it was made in.
      const address = done === 'signIn' ? accountLanguageAddress(user, returnTo) : undefined;
      if (address) {
        storeLanguage(user.language);
        window.location.assign(address);
        return;
      }
      const language = done === 'signUp' ? languageForNewAccount(user) : undefined;
      if (language) {
        saveAccountLanguage(language)
          .then((saved) => saved && setSessionUser(saved))
          .catch(() => {
            // The account stays in English; the switcher saves it later.
          });
      }
      // The server's message is English; another language's page says its own.
      notifySuccess(currentLanguage() === 'en' ? message : undefined, fallback);
      navigate(returnTo, { replace: true });
    };
  }

  if (arrivedSignedIn) return <Navigate to={returnTo} replace />;

  return (
    <div className="flex flex-1 flex-col bg-gradient-to-br from-teal-50 via-slate-50 to-sky-100 px-4 py-6 sm:py-10">
      <title>{mode === 'signUp' ? t('login.titleSignUp') : t('login.titleSignIn')}</title>
      {/* This page has no navbar: the language switcher sits above the card. */}
      <LanguageSwitcher className="self-end" />
      <Link to="/" className="mx-auto flex items-center gap-2 rounded-lg text-xl font-bold text-slate-900">
        <LogoMark />
        MediBuddy
      </Link>
      <PageHeading className="sr-only">{t('login.heading')}</PageHeading>

      {/* The forms are shown while the session is still being checked (and in the build's prerendered HTML, where it
          is unknown): a visitor who arrives signed in is sent on once the answer comes. */}
      <div
        data-mode={mode}
        className="group relative mx-auto mt-6 w-full max-w-md overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200 md:grid md:max-w-4xl md:grid-cols-2"
      >
        <section
          inert={mode !== 'signIn'}
          className={`${SLIDE} z-20 md:col-start-1 md:row-start-1 md:group-data-[mode=signUp]:translate-x-full md:group-data-[mode=signUp]:opacity-0 ${
            mode === 'signIn' ? '' : 'max-md:hidden'
          }`}
        >
          <SignInForm headingId={SIGN_IN_HEADING} onSignedIn={handleAuthenticated(t('login.signedIn'), 'signIn')} />
        </section>

        <section
          inert={mode !== 'signUp'}
          className={`${SLIDE} z-10 md:col-start-1 md:row-start-1 md:opacity-0 md:group-data-[mode=signUp]:z-30 md:group-data-[mode=signUp]:translate-x-full md:group-data-[mode=signUp]:opacity-100 ${
            mode === 'signUp' ? '' : 'max-md:hidden'
          }`}
        >
          <SignUpForm headingId={SIGN_UP_HEADING} onSignedUp={handleAuthenticated(t('login.created'), 'signUp')} />
        </section>

        <div
          className={`${SLIDE} relative z-40 overflow-hidden md:col-start-2 md:row-start-1 md:group-data-[mode=signUp]:-translate-x-full`}
        >
          <div
            className={`${SLIDE} bg-gradient-to-br from-teal-700 via-teal-800 to-sky-900 text-white md:absolute md:inset-y-0 md:-left-full md:w-[200%] md:group-data-[mode=signUp]:translate-x-1/2`}
          >
            <OverlayPanel
              isActive={mode === 'signUp'}
              className="md:left-0 md:-translate-x-[20%] md:group-data-[mode=signUp]:translate-x-0"
              heading={t('login.welcomeBack')}
              text={t('login.welcomeBackText')}
              action={t('signIn.submit')}
              onAction={() => switchTo('signIn')}
            />
            <OverlayPanel
              isActive={mode === 'signIn'}
              className="md:right-0 md:group-data-[mode=signUp]:translate-x-[20%]"
              heading={t('login.helloFriend')}
              text={t('login.helloFriendText')}
              action={t('signUp.submit')}
              onAction={() => switchTo('signUp')}
            />
          </div>
        </div>
      </div>
    </div>
  );
}

type OverlayPanelProps = {
  isActive: boolean;
  className: string;
  heading: string;
  text: string;
  action: string;
  onAction: () => void;
};

function OverlayPanel({ isActive, className, heading, text, action, onAction }: OverlayPanelProps) {
  return (
    <div
      inert={!isActive}
      className={`${SLIDE} flex flex-col items-center justify-center gap-4 px-6 py-8 text-center md:absolute md:inset-y-0 md:w-1/2 md:px-10 ${
        isActive ? '' : 'max-md:hidden'
      } ${className}`}
    >
      <h2 className="text-2xl font-bold md:text-3xl">{heading}</h2>
      <p className="max-w-xs text-teal-50">{text}</p>
      <Button variant="inverse" size="lg" onClick={onAction} className="min-w-36">
        {action}
      </Button>
    </div>
  );
}
