import { getTest } from '@medibuddy/contracts/catalogue';
import type { ClinicalTestSlug } from '@medibuddy/contracts';
import { lazy, Suspense } from 'react';
import { HydrationGate } from '../../components/ui/hydration-gate';
import { ShieldIcon } from '../../components/ui/icons';
import { PageLoading } from '../../components/ui/spinner';
import { CLINICAL_TEST_COPY } from '../../features/assessments/clinical-test-copy';
import { TestPage } from '../../features/catalogue/components/test-page';

// The form (contract schemas, zod) is its own chunk, not preloaded: the prerendered page shows the form from its
// HTML, and its code, fetched once the page's code runs, does not compete with the first paint (decision 014).
const ClinicalForm = lazy(() => import('../../features/assessments/components/clinical-form'));

const PRIVACY_NOTE = 'Your answers are saved to your account so you can see this result again; only you can see them.';

/** One of the six clinical-value tests: what it does, the notices, and the form. */
export default function ClinicalTestRoute({ test }: { test: ClinicalTestSlug }) {
  const copy = CLINICAL_TEST_COPY[test];
  return (
    <TestPage
      slug={test}
      name={getTest(test).name}
      title={copy.title}
      intro={copy.intro}
      introExtra={
        test === 'blood-test' ? (
          <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">
            Enter every value in lab units, as printed on a lab report (g/dL, ×10³/µL, mg/dL…). Each field says which
            unit it expects and how to convert from the other common one.
          </p>
        ) : null
      }
    >
      <Suspense fallback={<PageLoading label="Loading the form…" />}>
        <HydrationGate>
          <ClinicalForm test={test} />
        </HydrationGate>
      </Suspense>
      <p className="flex items-start gap-2 text-sm leading-relaxed text-slate-700">
        <ShieldIcon className="mt-0.5 size-4 shrink-0 text-teal-800" />
        <span>
          <strong>Privacy.</strong> {PRIVACY_NOTE}
        </span>
      </p>
    </TestPage>
  );
}
