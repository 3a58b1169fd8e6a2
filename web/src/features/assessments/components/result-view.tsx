import type { AssessmentResponse, AssessmentResult } from '@medibuddy/contracts';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { formatDateTime, formatPercent, lowerFirst } from '../format';
import { BloodTestFindings, BloodTestHeadline } from './blood-test-result';
import { DiseaseContentSection } from './disease-content';
import { leadingHeadline } from '../image-headline';
import { CT_RESULT_ANIMATION_MS, ImageClassBreakdown, ImageHeadline } from './image-result';
import { SafetyNotice } from '../../../components/safety/safety-notice';
import { KidneyStoneFactors, kidneyStoneSentence, KidneyStoneSummary } from './kidney-stone-result';
import { ModelDetails } from './model-details';
import { assessmentReportUrl } from '../../../lib/health-record';
import { RiskFactors, RiskHeadline, UncertaintyNote } from './risk-result';
import { GuidelineFindings, NextStepBox } from './next-step';
import { t, type MessageKey } from '../../../lib/i18n';

const CARD =
  'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7 print:shadow-none break-inside-avoid-page';

function Card({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${CARD} ${className}`}>
      <h2 id={id} className="mb-4 text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The test's name in the page's language (the catalogue's), not as the server wrote it. */
function testNameOf(response: AssessmentResponse): string {
  return t(`test.${response.assessment.test}.name` as MessageKey);
}

/** The Result sentence: what the model or the rules found, in words. */
function resultSentence(result: AssessmentResult): string {
  switch (result.kind) {
    case 'risk':
    case 'blood-test':
      return result.summary;
    case 'kidney-stone':
      return kidneyStoneSentence(result);
    case 'image':
      return result.summary;
  }
}

/** An image result's heading says what the model found, never a bare disease name that reads as a diagnosis. */
function imageHeading(result: Extract<AssessmentResult, { kind: 'image' }>): string {
  const lead = leadingHeadline(result);
  if (lead) return lead;
  if (result.focus) {
    return t('results.imageHeading.focus', {
      label: result.focus.label,
      percent: formatPercent(result.focus.probability),
    });
  }
  return t('results.imageHeading.top', {
    label: lowerFirst(result.top.label),
    percent: formatPercent(result.top.probability),
  });
}

function ResultDetail({ response }: { response: AssessmentResponse }) {
  const { result } = response.assessment;
  switch (result.kind) {
    case 'risk':
      return (
        <div className="flex flex-col gap-4">
          <RiskHeadline result={result} />
          <UncertaintyNote result={result} />
        </div>
      );
    case 'blood-test':
      return <BloodTestHeadline result={result} />;
    case 'kidney-stone':
      return <KidneyStoneSummary result={result} />;
    case 'image':
      return (
        <ImageHeadline
          result={result}
          image={response.assessment.image}
          testName={testNameOf(response)}
          mistakenForTop={response.assessment.model.imageMetrics?.mistakenForTop}
        />
      );
  }
}

function Breakdown({ response }: { response: AssessmentResponse }) {
  const { result } = response.assessment;
  switch (result.kind) {
    case 'risk':
      return (
        <Card title={t('results.factorsHeading')}>
          <RiskFactors result={result} />
        </Card>
      );
    case 'blood-test':
      return (
        <Card title={t('results.findingsHeading')}>
          <BloodTestFindings result={result} />
        </Card>
      );
    case 'kidney-stone':
      return (
        <Card title={t('results.stoneHeading')}>
          <KidneyStoneFactors result={result} />
        </Card>
      );
    case 'image':
      return (
        <Card title={t('results.classesHeading')}>
          <ImageClassBreakdown
            result={result}
            content={response.content}
            animateAfterMs={response.assessment.test === 'ct-scan' ? CT_RESULT_ANIMATION_MS : undefined}
          />
        </Card>
      );
  }
}

/** A saved assessment: result, what it means, why, the condition's content, the model, the notices. */
export function ResultView({ response }: { response: AssessmentResponse }) {
  const { assessment, content, notices } = response;
  const { result } = assessment;
  const main = content[0];
  const takenAt = formatDateTime(assessment.createdAt);
  const urgentMessage = result.kind === 'kidney-stone' && result.urgent ? result.urgentMessage : null;
  const hasUrgentFinding = result.kind === 'blood-test' && result.findings.some((f) => f.severity === 'urgent');
  const nextStep = result.kind === 'image' ? undefined : result.nextStep;
  const guideline = result.kind === 'risk' || result.kind === 'kidney-stone' ? (result.guideline ?? []) : [];

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12 print:max-w-none print:px-0 print:py-0">
      <header>
        <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">
          {t('results.eyebrow', { test: testNameOf(response) })}
          {takenAt ? (
            <>
              {' · '}
              <time dateTime={assessment.createdAt} className="normal-case">
                {takenAt}
              </time>
            </>
          ) : null}
        </p>
        <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {result.kind === 'image' ? imageHeading(result) : (main?.title ?? testNameOf(response))}
        </PageHeading>
      </header>

      {urgentMessage ? (
        <div role="alert" className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-red-950">
          <p className="flex items-center gap-2 text-xl font-bold">
            <span
              aria-hidden="true"
              className="inline-flex size-7 items-center justify-center rounded-full bg-red-700 text-white"
            >
              !
            </span>
            {nextStep?.heading ?? t('results.urgentCare')}
          </p>
          <p className="mt-2 text-lg leading-relaxed">{urgentMessage}</p>
        </div>
      ) : null}
      {hasUrgentFinding ? (
        <div role="alert" className="rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-red-950">
          <p className="text-xl font-bold">{t('results.urgentFinding')}</p>
          <p className="mt-1 leading-relaxed">{t('results.urgentFindingText')}</p>
        </div>
      ) : null}

      <Card title={t('results.resultHeading')}>
        <p className="mb-5 text-lg leading-relaxed text-slate-900">{resultSentence(result)}</p>
        <ResultDetail response={response} />
      </Card>

      {nextStep ? <NextStepBox step={nextStep} announce={!urgentMessage && !hasUrgentFinding} /> : null}

      {guideline.length > 0 ? (
        <Card title={t('results.guidelineHeading')}>
          <p className="mb-4 leading-relaxed text-slate-700">{t('results.guidelineIntro')}</p>
          <GuidelineFindings findings={guideline} />
        </Card>
      ) : null}

      <SafetyNotice notADiagnosis={notices.notADiagnosis} emergency={notices.emergency} />

      <Card title={t('results.meaningHeading')}>
        <p className="leading-relaxed text-slate-800">{notices.whatThisDoesNotMean}</p>
      </Card>

      <Breakdown response={response} />

      {content.map((entry) => (
        <DiseaseContentSection key={entry.key} content={entry} />
      ))}

      <Card title={t('results.aboutHeading')}>
        <ModelDetails model={assessment.model} />
      </Card>

      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to="/diagnosis" className={buttonClasses('primary', 'lg')}>
          {t('results.anotherTest')}
        </Link>
        <Button variant="secondary" size="lg" onClick={() => window.print()}>
          {t('results.print')}
        </Button>
        <a href={assessmentReportUrl(assessment.id, 'A4')} download className={buttonClasses('secondary', 'lg')}>
          {t('results.pdf')}
        </a>
        <Link
          to="/health-record"
          className="font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
        >
          {t('results.allResults')}
        </Link>
      </div>
    </div>
  );
}
