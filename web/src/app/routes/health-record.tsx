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
import { testNameOf } from '../../features/health-record/test-name';
import { t } from '../../lib/i18n';
import { errorMessageOf } from '../../lib/notify';
import { richText } from '../../lib/rich-text';

export default function HealthRecordRoute() {
  return (
    <>
      <title>{t('account.record.title')}</title>
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
  const tests = [...new Set(entries.map((e) => e.test))];
  const shown = filter ? entries.filter((e) => e.test === filter) : entries;

  return (
    <div className="flex-1 bg-white">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <Link
          to="/user-profile"
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-teal-800 underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" />
          {t('account.profile.heading')}
        </Link>
        <header>
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{user.name}</p>
          <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('account.record.heading')}
          </PageHeading>
          <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-700">{t('account.record.intro')}</p>
        </header>

        <section className={CARD} aria-labelledby="history-heading">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <h2 id="history-heading" className="text-xl font-bold text-slate-900">
              {t('account.history.heading')}
            </h2>
            <div className="flex flex-wrap items-end gap-3">
              <label className="text-sm font-semibold text-slate-800">
                {t('account.history.test')}
                <select
                  value={filter}
                  onChange={(e) => setFilter(e.target.value as TestSlug | '')}
                  className="mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 font-normal"
                >
                  <option value="">{t('account.history.allTests')}</option>
                  {tests.map((slug) => (
                    <option key={slug} value={slug}>
                      {testNameOf(slug)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm font-semibold text-slate-800">
                {t('account.history.paper')}
                <select
                  value={paper}
                  onChange={(e) => setPaper(e.target.value as 'A4' | 'Letter')}
                  className="mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 font-normal"
                >
                  <option value="A4">{t('account.history.paperA4')}</option>
                  <option value="Letter">{t('account.history.paperLetter')}</option>
                </select>
              </label>
              {entries.length > 0 ? (
                <a href={reportUrl(paper)} download className={buttonClasses('secondary', 'md')}>
                  {t('account.history.wholePdf')}
                </a>
              ) : null}
            </div>
          </div>
          {history.isPending ? (
            <p className="text-slate-700">{t('account.history.loading')}</p>
          ) : history.error ? (
            <Notice tone="error" title={t('account.history.loadFailed')}>
              <p>{errorMessageOf(history.error, t('account.error.generic'))}</p>
            </Notice>
          ) : entries.length === 0 ? (
            <p className="text-slate-700">
              {richText('account.history.empty', {
                chooseTest: (
                  <Link to="/diagnosis" className="font-semibold text-teal-800 underline">
                    {t('account.history.chooseTest')}
                  </Link>
                ),
              })}
            </p>
          ) : (
            <HistoryList entries={shown} paper={paper} />
          )}
        </section>

        {entries.length > 0 ? (
          <section className={CARD} aria-labelledby="trends-heading">
            <h2 id="trends-heading" className={H2}>
              {t('account.record.trendsHeading')}
            </h2>
            <Trends entries={shown} />
          </section>
        ) : null}

        <section className={CARD} aria-labelledby="shares-heading">
          <h2 id="shares-heading" className={H2}>
            {t('account.record.sharesHeading')}
          </h2>
          <SharesList />
        </section>

        <section className={CARD} aria-labelledby="consent-heading">
          <h2 id="consent-heading" className={H2}>
            {t('account.record.consentHeading')}
          </h2>
          <ConsentCard />
        </section>

        <section className={CARD} aria-labelledby="export-heading">
          <h2 id="export-heading" className={H2}>
            {t('account.record.exportHeading')}
          </h2>
          <p className="mb-4 text-slate-700">{t('account.record.exportText')}</p>
          <div className="flex flex-wrap gap-3">
            <a href={EXPORT_JSON_URL} download className={buttonClasses('secondary', 'md')}>
              {t('account.record.exportJson')}
            </a>
            <a href={EXPORT_FHIR_URL} download className={buttonClasses('secondary', 'md')}>
              {t('account.record.exportFhir')}
            </a>
          </div>
        </section>

        <section
          className="rounded-2xl border-2 border-red-200 bg-red-50/40 p-5 sm:p-7"
          aria-labelledby="delete-heading"
        >
          <h2 id="delete-heading" className={H2}>
            {t('account.record.deleteHeading')}
          </h2>
          <DeleteAccountForm />
        </section>
      </div>
    </div>
  );
}
