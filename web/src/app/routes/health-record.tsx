import type { TestSlug, User } from '@medibuddy/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/notice';
import { PageHeading } from '../../components/ui/page-heading';
import { buttonClasses } from '../../components/ui/button';
import { RequireSession } from '../../features/auth/components/require-session';
import { useHistory } from '../../features/health-record/api/history';
import { EXPORT_FHIR_URL, EXPORT_JSON_URL, reportUrl } from '../../lib/health-record';
import { ConsentCard } from '../../features/health-record/components/consent-card';
import { DeleteAccountForm } from '../../features/health-record/components/delete-account-form';
import { HistoryList } from '../../features/health-record/components/history-list';
import { SharesList } from '../../features/health-record/components/shares-list';
import { Trends } from '../../features/health-record/components/trends';
import { errorMessageOf } from '../../lib/notify';

export default function HealthRecordRoute() {
  return (
    <>
      <title>My health record · MediBuddy</title>
      <RequireSession>{(user) => <HealthRecordPage user={user} />}</RequireSession>
    </>
  );
}

const CARD = 'rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 sm:p-7';
const H2 = 'mb-4 text-xl font-bold text-slate-900';

function HealthRecordPage({ user }: { user: User }) {
  const history = useHistory();
  const [filter, setFilter] = useState<TestSlug | ''>('');
  const [paper, setPaper] = useState<'A4' | 'Letter'>('A4');
  const entries = history.data?.assessments ?? [];
  const tests = [...new Map(entries.map((e) => [e.test, e.testName])).entries()];
  const shown = filter ? entries.filter((e) => e.test === filter) : entries;

  return (
    <div className="flex-1 bg-white">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <Link
          to="/user-profile"
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-teal-800 underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" />
          Your profile
        </Link>
        <header>
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{user.name}</p>
          <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            My health record
          </PageHeading>
          <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-700">
            Every test you have taken, how your results change over time, reports to take to your doctor, and your data
            to download or delete. None of it is a diagnosis.
          </p>
        </header>

        <section className={CARD} aria-labelledby="history-heading">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <h2 id="history-heading" className="text-xl font-bold text-slate-900">
              Your assessments
            </h2>
            <div className="flex flex-wrap items-end gap-3">
              <label className="text-sm font-semibold text-slate-800">
                Test
                <select
                  value={filter}
                  onChange={(e) => setFilter(e.target.value as TestSlug | '')}
                  className="mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 font-normal"
                >
                  <option value="">All tests</option>
                  {tests.map(([slug, name]) => (
                    <option key={slug} value={slug}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm font-semibold text-slate-800">
                Paper
                <select
                  value={paper}
                  onChange={(e) => setPaper(e.target.value as 'A4' | 'Letter')}
                  className="mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 font-normal"
                >
                  <option value="A4">A4</option>
                  <option value="Letter">US Letter</option>
                </select>
              </label>
              {entries.length > 0 ? (
                <a href={reportUrl(paper)} download className={buttonClasses('secondary', 'md')}>
                  Whole history (PDF)
                </a>
              ) : null}
            </div>
          </div>
          {history.isPending ? (
            <p className="text-slate-700">Loading your assessments…</p>
          ) : history.error ? (
            <Notice tone="error" title="We could not load your assessments.">
              <p>{errorMessageOf(history.error)}</p>
            </Notice>
          ) : entries.length === 0 ? (
            <p className="text-slate-700">
              No assessments yet.{' '}
              <Link to="/diagnosis" className="font-semibold text-teal-800 underline">
                Choose a test
              </Link>{' '}
              to start your record.
            </p>
          ) : (
            <HistoryList entries={shown} paper={paper} />
          )}
        </section>

        {entries.length > 0 ? (
          <section className={CARD} aria-labelledby="trends-heading">
            <h2 id="trends-heading" className={H2}>
              Trends
            </h2>
            <Trends entries={shown} />
          </section>
        ) : null}

        <section className={CARD} aria-labelledby="shares-heading">
          <h2 id="shares-heading" className={H2}>
            Share links
          </h2>
          <SharesList />
        </section>

        <section className={CARD} aria-labelledby="consent-heading">
          <h2 id="consent-heading" className={H2}>
            Consent to store health data
          </h2>
          <ConsentCard />
        </section>

        <section className={CARD} aria-labelledby="export-heading">
          <h2 id="export-heading" className={H2}>
            Download your data
          </h2>
          <p className="mb-4 text-slate-700">
            Everything MediBuddy holds about you: as JSON, or as a FHIR R4 bundle that health-record systems can read.
          </p>
          <div className="flex flex-wrap gap-3">
            <a href={EXPORT_JSON_URL} download className={buttonClasses('secondary', 'md')}>
              Export as JSON
            </a>
            <a href={EXPORT_FHIR_URL} download className={buttonClasses('secondary', 'md')}>
              Export as FHIR R4
            </a>
          </div>
        </section>

        <section
          className="rounded-2xl border-2 border-red-200 bg-red-50/40 p-5 sm:p-7"
          aria-labelledby="delete-heading"
        >
          <h2 id="delete-heading" className={H2}>
            Delete your account
          </h2>
          <DeleteAccountForm />
        </section>
      </div>
    </div>
  );
}
