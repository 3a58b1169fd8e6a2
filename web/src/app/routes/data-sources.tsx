import { DATA_SOURCE_GROUPS, groupTitle, sourceTexts } from '../../features/site-info/data-sources';
import { InfoPage } from '../../features/site-info/components/info-page';
import { t } from '../../lib/i18n';

export default function DataSourcesRoute() {
  return (
    <InfoPage eyebrow={t('sources.eyebrow')} title={t('sources.title')} lead={t('sources.lead')}>
      {DATA_SOURCE_GROUPS.map((group) => (
        <section key={group.folder} aria-labelledby={`sources-${group.folder}`}>
          <h2 id={`sources-${group.folder}`}>{groupTitle(group)}</h2>
          <div className="flex flex-col gap-4">
            {group.sources.map((source) => {
              const texts = sourceTexts(source);
              return (
                <article key={source.id} className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
                  <h3 className="text-lg font-bold text-slate-900">{texts.name}</h3>
                  <dl className="mt-2 grid gap-x-4 gap-y-1 text-base sm:grid-cols-[8rem_1fr]">
                    <dt className="font-semibold text-slate-700">{t('sources.usedFor')}</dt>
                    <dd>{texts.usedFor}</dd>
                    <dt className="font-semibold text-slate-700">{t('sources.licence')}</dt>
                    <dd>{texts.licence}</dd>
                    <dt className="font-semibold text-slate-700">{t('sources.credit')}</dt>
                    <dd>
                      {texts.credit}
                      {texts.link ? (
                        <>
                          {' '}
                          <a href={texts.link.href} rel="noopener noreferrer">
                            {texts.link.label}
                          </a>
                        </>
                      ) : null}
                    </dd>
                  </dl>
                </article>
              );
            })}
          </div>
        </section>
      ))}
    </InfoPage>
  );
}
