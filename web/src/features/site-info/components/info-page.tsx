import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';

/** The shared frame of the about, privacy, terms, data sources and contact pages: a heading, a lead, prose. */
export function InfoPage({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex-1 bg-white">
      <title>{`${title} · MediBuddy`}</title>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
        <header>
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{eyebrow}</p>
          <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </PageHeading>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{lead}</p>
        </header>
        <div className="flex flex-col gap-6 leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-teal-800 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_section]:flex [&_section]:flex-col [&_section]:gap-3 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-2">
          {children}
        </div>
      </div>
    </div>
  );
}
