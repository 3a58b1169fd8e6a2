import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon, LogoMark } from '../../../components/ui/icons';
import { PageHeading } from '../../../components/ui/page-heading';
import { LanguageSwitcher } from '../../../components/language-switcher';

type AuthPageProps = {
  /** The document title, before ' · MediBuddy'. */
  title: string;
  heading: string;
  /** The link under the card, back to where the visitor came from. */
  back: { to: string; label: string };
  children: ReactNode;
};

/** Password recovery and change: the logo home, one card with the page's heading and form, a link back. */
export function AuthPage({ title, heading, back, children }: AuthPageProps) {
  return (
    <div className="flex flex-1 flex-col items-center bg-gradient-to-br from-teal-50 via-slate-50 to-sky-100 px-4 py-6 sm:py-10">
      <title>{`${title} · MediBuddy`}</title>
      {/* These pages have no navbar: the language switcher sits above the card. */}
      <LanguageSwitcher className="self-end" />
      <Link to="/" className="flex items-center gap-2 rounded-lg text-xl font-bold text-slate-900">
        <LogoMark />
        MediBuddy
      </Link>
      <div className="mt-6 w-full max-w-md rounded-3xl bg-white px-6 py-8 shadow-xl ring-1 ring-slate-200 sm:px-10">
        <PageHeading className="text-3xl font-bold text-slate-900">{heading}</PageHeading>
        {children}
        <Link
          to={back.to}
          className="mt-6 inline-flex items-center gap-2 rounded font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
        >
          <ArrowLeftIcon className="size-4" />
          {back.label}
        </Link>
      </div>
    </div>
  );
}
