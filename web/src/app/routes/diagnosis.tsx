import { searchTests, CATALOGUE, type CatalogueTest } from '@medibuddy/contracts/catalogue';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useIsPageLeaving } from '../../components/ui/page-leaving';
import { PageHeading } from '../../components/ui/page-heading';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { TestIllustration } from '../../features/catalogue/components/test-illustration';

export default function DiagnosisRoute() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const countId = useId();
  const isLeaving = useIsPageLeaving();
  const tests = searchTests(query);

  return (
    <div className="flex-1 bg-slate-50">
      <title>Diagnosis: choose a test · MediBuddy</title>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Diagnosis</p>
          <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Choose a test
          </PageHeading>
          <p className="mt-3 text-lg leading-relaxed text-slate-700">
            Each test asks for values from a check-up or lab report, or for a medical image, and explains what a model
            or published medical criteria make of them.
          </p>
        </header>

        <SafetyNotice />

        <div role="search" className="flex flex-col gap-1.5 sm:max-w-md">
          <label htmlFor={isLeaving ? undefined : searchId} className="text-sm font-semibold text-slate-800">
            Search tests by name
          </label>
          <input
            id={searchId}
            type="search"
            placeholder="Search Tests"
            autoComplete="off"
            value={query}
            aria-describedby={countId}
            onChange={(event) => setQuery(event.target.value)}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 hover:border-slate-500 focus:border-teal-700"
          />
          <p id={countId} aria-live="polite" className="text-sm text-slate-600">
            {tests.length === CATALOGUE.length
              ? `${tests.length} tests`
              : `${tests.length} of ${CATALOGUE.length} tests match “${query.trim()}”`}
          </p>
        </div>

        {tests.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
            No test is called “{query.trim()}”. Try a shorter word, such as “heart” or “blood”.
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
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <TestIllustration slug={test.slug} className="h-32 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-bold text-slate-900">{test.name}</h2>
        <p className="flex-1 leading-relaxed text-slate-700">{test.description}</p>
        <div className="mt-3">
          {/* Ten links reading 'Test' need their test's name to tell them apart; the visible word starts it. */}
          <Link to={test.path} aria-label={`Test: ${test.name}`} className={buttonClasses('primary', 'md', 'min-w-28')}>
            Test
          </Link>
        </div>
      </div>
    </article>
  );
}
