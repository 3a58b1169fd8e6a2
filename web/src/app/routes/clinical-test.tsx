import type { ClinicalTestSlug } from '@medibuddy/contracts';
import { lazy, Suspense } from 'react';
import { HydrationGate } from '../../components/ui/hydration-gate';
import { ShieldIcon } from '../../components/ui/icons';
import { PageLoading } from '../../components/ui/spinner';
import { clinicalTestCopy } from '../../features/assessments/clinical-test-copy';
import { TestPage } from '../../features/catalogue/components/test-page';
import { t, type MessageKey } from '../../lib/i18n';

// The form (contract schemas, zod) is its own chunk, not preloaded: the prerendered page shows the form from its
// HTML, and its code, fetched once the page's code runs, does not compete with the first paint (decision 014).
const ClinicalForm = lazy(() => import('../../features/assessments/components/clinical-form'));

/** One of the six clinical-value tests: what it does, the notices, and the form; its words from 'tests' (decision 032). */
export default function ClinicalTestRoute({ test }: { test: ClinicalTestSlug }) {
  const copy = clinicalTestCopy(test);
  return (
    <TestPage
      slug={test}
      name={t(`test.${test}.name` as MessageKey)}
      allTests={t('tests.allTests')}
      title={copy.title}
      intro={copy.intro}
      introExtra={
        test === 'blood-test' ? (
          <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">{t('tests.bloodTestUnits')}</p>
        ) : null
      }
    >
      <Suspense fallback={<PageLoading label={t('tests.loadingForm')} />}>
        <HydrationGate>
          <ClinicalForm test={test} />
        </HydrationGate>
      </Suspense>
      <p className="flex items-start gap-2 text-sm leading-relaxed text-slate-700">
        <ShieldIcon className="mt-0.5 size-4 shrink-0 text-teal-800" />
        <span>
          <strong>{t('tests.privacy')}</strong> {t('tests.privacyNote')}
        </span>
      </p>
    </TestPage>
  );
}
