import type { ReactNode } from 'react';
import type { TestSlug } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { SafetyNotice } from '../../../components/safety/safety-notice';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageHeading } from '../../../components/ui/page-heading';
import { TestIllustration } from './test-illustration';

type TestPageProps = {
  slug: TestSlug;
  /** The catalogue name, shown above the heading. */
  name: string;
  title: string;
  intro: string;
  /** The link back to the catalogue, in the page's language. */
  allTests?: string;
  /** More words under the intro, where a test needs them. */
  introExtra?: ReactNode;
  /** The form, then anything under it. */
  children: ReactNode;
};

/** The frame of every test page: back to the catalogue, the heading with its picture, the safety notice, the form. */
export function TestPage({ slug, name, title, intro, allTests = 'All tests', introExtra, children }: TestPageProps) {
  return (
    <div className="flex-1 bg-slate-50">
      <title>{`${title} · MediBuddy`}</title>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <Link
          to="/diagnosis"
          className="inline-flex items-center gap-1.5 self-start rounded text-sm font-semibold text-teal-800 underline-offset-4 hover:underline print:hidden"
        >
          <ArrowLeftIcon className="size-4" />
          {allTests}
        </Link>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <TestIllustration slug={slug} className="size-16 shrink-0 rounded-2xl sm:size-20" />
          <div>
            <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{name}</p>
            <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {title}
            </PageHeading>
            <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-700">{intro}</p>
            {introExtra}
          </div>
        </header>
        <SafetyNotice />
        {children}
      </div>
    </div>
  );
}
