import { DATA_SOURCE_GROUPS } from '../../features/site-info/data-sources';
import { InfoPage } from '../../features/site-info/components/info-page';

export default function DataSourcesRoute() {
  return (
    <InfoPage
      eyebrow="Resources"
      title="Data sources and licences"
      lead="Every data set behind MediBuddy's tests, result texts, medicines and chat, with what we use it for, its licence as far as we could establish it, and whom to credit. None of this data is shipped with the app's code."
    >
      {DATA_SOURCE_GROUPS.map((group) => (
        <section key={group.folder} aria-labelledby={`sources-${group.folder}`}>
          <h2 id={`sources-${group.folder}`}>{group.title}</h2>
          <div className="flex flex-col gap-4">
            {group.sources.map((source) => (
              <article key={source.name} className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <h3 className="text-lg font-bold text-slate-900">{source.name}</h3>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-base sm:grid-cols-[8rem_1fr]">
                  <dt className="font-semibold text-slate-700">Used for</dt>
                  <dd>{source.usedFor}</dd>
                  <dt className="font-semibold text-slate-700">Licence</dt>
                  <dd>{source.licence}</dd>
                  <dt className="font-semibold text-slate-700">Credit</dt>
                  <dd>
                    {source.credit}
                    {source.link ? (
                      <>
                        {' '}
                        <a href={source.link.href} rel="noopener noreferrer">
                          {source.link.label}
                        </a>
                      </>
                    ) : null}
                  </dd>
                </dl>
              </article>
            ))}
          </div>
        </section>
      ))}
    </InfoPage>
  );
}
