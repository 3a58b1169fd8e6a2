import { searchTests, CATALOGUE, type CatalogueTest } from '@medibuddy/contracts/catalogue';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useIsPageLeaving } from '../../components/ui/page-leaving';
import { PageHeading } from '../../components/ui/page-heading';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { TestIllustration } from '../../features/catalogue/components/test-illustration';
import { t, useT, type MessageKey } from '../../lib/i18n';
import { formatNumber } from '../../lib/intl-format';

/** A test's name and description in the page's language (the catalogue's namespace). */
const nameOf = (test: CatalogueTest) => t(`test.${test.slug}.name` as MessageKey);
const descriptionOf = (test: CatalogueTest) => t(`test.${test.slug}.description` as MessageKey);

/** The search matches the English name (searchTests) or the name in the page's language. */
function search(query: string): CatalogueTest[] {
  const english = searchTests(query);
  const needle = query.trim().toLocaleLowerCase();
  return CATALOGUE.filter(
    (test) => english.includes(test) || (needle && nameOf(test).toLocaleLowerCase().includes(needle)),
  );
}

export default function DiagnosisRoute() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const countId = useId();
  const isLeaving = useIsPageLeaving();
  const { t } = useT();
  const tests = search(query);

  return (
    <div className="flex-1 bg-slate-50">
      <title>{t('catalogue.title')}</title>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{t('catalogue.eyebrow')}</p>
          <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('catalogue.heading')}
          </PageHeading>
          <p className="mt-3 text-lg leading-relaxed text-slate-700">{t('catalogue.intro')}</p>
        </header>

        <SafetyNotice />

        <div role="search" className="flex flex-col gap-1.5 sm:max-w-md">
          <label htmlFor={isLeaving ? undefined : searchId} className="text-sm font-semibold text-slate-800">
            {t('catalogue.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={t('catalogue.searchPlaceholder')}
            autoComplete="off"
            value={query}
            aria-describedby={countId}
            onChange={(event) => setQuery(event.target.value)}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-500 focus:border-teal-700"
          />
          <p id={countId} aria-live="polite" className="text-sm text-slate-600">
            {tests.length === CATALOGUE.length
              ? t('catalogue.count', { count: formatNumber(tests.length) })
              : t('catalogue.countMatching', {
                  count: formatNumber(tests.length),
                  total: formatNumber(CATALOGUE.length),
                  query: query.trim(),
                })}
          </p>
        </div>

        {tests.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
            {t('catalogue.noMatch', { query: query.trim() })}
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {tests.map((test) => (
              <li key={test.id}>
                <TestCard test={test} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function TestCard({ test }: { test: CatalogueTest }) {
  const { t } = useT();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <TestIllustration slug={test.slug} className="h-32 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-bold text-slate-900">{nameOf(test)}</h2>
        <p className="flex-1 leading-relaxed text-slate-700">{descriptionOf(test)}</p>
        <div className="mt-3">
          {/* Ten links reading 'Test' need their test's name to tell them apart; the visible word starts it. */}
          <Link
            to={test.path}
            aria-label={t('catalogue.testLabel', { name: nameOf(test) })}
            className={buttonClasses('primary', 'md', 'min-w-28')}
          >
            {t('catalogue.test')}
          </Link>
        </div>
      </div>
    </article>
  );
}
