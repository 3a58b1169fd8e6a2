import type { ClinicalTestSlug } from '@medibuddy/contracts';
import { ShieldIcon } from '../../components/ui/icons';
import { clinicalTestPage } from '../../features/assessments/clinical-tests';
import { ClinicalForm } from '../../features/assessments/components/clinical-form';
import { TestPage } from '../../features/catalogue/components/test-page';

export const PRIVACY_NOTE = 'Your answers are saved to your account so you can see this result again; only you can see them.';

/** One of the six clinical-value tests: what it does, the notices, and the form. */
export default function ClinicalTestRoute({ test }: { test: ClinicalTestSlug }) {
  const page = clinicalTestPage(test);
  return (
    <TestPage
      slug={page.slug}
      name={page.test.name}
      title={page.title}
      intro={page.intro}
      introExtra={
        page.slug === 'blood-test' ? (
          <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">
            Enter every value in lab units, as printed on a lab report (g/dL, ×10³/µL, mg/dL…). Each field says
            which unit it expects and how to convert from the other common one.
          </p>
        ) : null
      }
    >
      <ClinicalForm page={page} />
      <p className="flex items-start gap-2 text-sm leading-relaxed text-slate-700">
        <ShieldIcon className="mt-0.5 size-4 shrink-0 text-teal-800" />
        <span>
          <strong>Privacy.</strong> {PRIVACY_NOTE}
        </span>
      </p>
    </TestPage>
  );
}
