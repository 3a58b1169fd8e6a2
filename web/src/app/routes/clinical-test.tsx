import type { ClinicalTestSlug } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { ArrowLeftIcon, ShieldIcon } from '../../components/ui/icons';
import { PageHeading } from '../../components/ui/page-heading';
import { clinicalTestPage } from '../../features/assessments/clinical-tests';
import { ClinicalForm } from '../../features/assessments/components/clinical-form';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { TestIllustration } from '../../features/catalogue/components/test-illustration';

export const PRIVACY_NOTE = 'Your answers are saved to your account so you can see this result again; only you can see them.';

/** One of the six clinical-value tests: what it does, the notices, and the form. */
export default function ClinicalTestRoute({ test }: { test: ClinicalTestSlug }) {
  const page = clinicalTestPage(test);
  return (
    <div className="flex-1 bg-slate-50">
      <title>{`${page.title} · MediBuddy`}</title>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <Link
          to="/diagnosis"
          className="inline-flex items-center gap-1.5 self-start rounded text-sm font-semibold text-teal-800 underline-offset-4 hover:underline print:hidden"
        >
          <ArrowLeftIcon className="size-4" />
          All tests
        </Link>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <TestIllustration slug={page.slug} className="size-16 shrink-0 rounded-2xl sm:size-20" />
          <div>
            <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{page.test.name}</p>
            <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</PageHeading>
            <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-700">{page.intro}</p>
            {page.slug === 'blood-test' ? (
              <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">
                Enter every value in lab units, as printed on a lab report (g/dL, ×10³/µL, mg/dL…). Each field says
                which unit it expects and how to convert from the other common one.
              </p>
            ) : null}
          </div>
        </header>
        <SafetyNotice />
        <ClinicalForm page={page} />
        <p className="flex items-start gap-2 text-sm leading-relaxed text-slate-700">
          <ShieldIcon className="mt-0.5 size-4 shrink-0 text-teal-800" />
          <span>
            <strong>Privacy.</strong> {PRIVACY_NOTE}
          </span>
        </p>
      </div>
    </div>
  );
}
