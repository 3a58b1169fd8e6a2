import { resultPath, type TestSlug } from '@medibuddy/contracts';
import { useEffect, useEffectEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PageHeading } from '../../components/ui/page-heading';
import { PageLoading } from '../../components/ui/spinner';
import { useAssessment } from '../../features/assessments/api/get-assessment';
import { ResultView } from '../../features/assessments/components/result-view';
import { RequireSession } from '../../features/auth/components/require-session';
import { useHandleSessionEnded } from '../../lib/use-session-ended';
import { ApiError } from '../../lib/api-client';
import { t, type MessageKey } from '../../lib/i18n';

/** A saved assessment's result page; only its owner can open it, so a visitor signs in first and comes back. */
export default function AssessmentResultRoute({ test }: { test: TestSlug }) {
  const { id = '' } = useParams();
  return (
    <div className="flex-1 bg-slate-50 print:bg-white">
      <title>{t('results.title', { test: t(`test.${test}.name` as MessageKey) })}</title>
      <RequireSession>{() => <AssessmentResult test={test} id={id} />}</RequireSession>
    </div>
  );
}

function AssessmentResult({ test, id }: { test: TestSlug; id: string }) {
  const query = useAssessment(id);
  const handleSessionEnded = useHandleSessionEnded();
  const error = query.error;

  // Only a new error is handled; the handler is rebuilt on every render, so it is read as an effect event.
  const onError = useEffectEvent((e: unknown) => handleSessionEnded(e));
  useEffect(() => {
    if (error) onError(error);
  }, [error]);

  if (query.data) {
    const { assessment } = query.data;
    // A result opened under another test's address moves to its own (the page and its wording belong to one test).
    if (assessment.test !== test) return <Navigate to={resultPath(assessment.test, assessment.id)} replace />;
    return <ResultView response={query.data} />;
  }
  if (query.isPending) return <PageLoading label={t('results.loading')} />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <ResultNotFound />;
  if (error instanceof ApiError && error.status === 401) return <PageLoading label={t('results.checkingSignIn')} />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <PageHeading className="mb-4 text-2xl font-bold text-slate-900">{t('results.loadErrorHeading')}</PageHeading>
      <Notice tone="error" title={t('results.loadError')} live="alert">
        <p>{error instanceof ApiError ? error.message : t('results.somethingWrong')}</p>
        <Button className="mt-3" size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('results.tryAgain')}
        </Button>
      </Notice>
    </div>
  );
}

function ResultNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <PageHeading className="text-3xl font-bold text-slate-900">{t('results.notFound.heading')}</PageHeading>
      <p className="text-lg text-slate-700">{t('results.notFound.text')}</p>
      <Link to="/diagnosis" className={buttonClasses('primary', 'md')}>
        {t('results.notFound.link')}
      </Link>
    </section>
  );
}
