import type { DiseaseContent } from '@medibuddy/contracts';
import { useId } from 'react';
import { t } from '../../../lib/i18n';
import { lowerFirst } from '../format';
import { SourceTitle } from './source-title';

/** A heading and a numbered list: the entry's symptoms or its precautions. */
function NumberedList({ id, heading, items }: { id: string; heading: string; items: string[] }) {
  return (
    <section aria-labelledby={id} className="break-inside-avoid">
      <h3 id={id} className="text-lg font-bold text-slate-900">
        {heading}
      </h3>
      <ol className="mt-2 list-decimal space-y-1.5 pl-6 leading-relaxed text-slate-800 marker:font-semibold marker:text-teal-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </section>
  );
}

const CARD = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7 print:shadow-none';

/** One condition: description, the 5 symptoms and 5 precautions (numbered), when to seek care, sources. */
export function DiseaseContentSection({ content }: { content: DiseaseContent }) {
  const id = useId();
  const symptomsHeading = content.labels?.symptoms ?? t('results.content.symptoms');
  const precautionsHeading = content.labels?.precautions ?? t('results.content.precautions');
  return (
    <section aria-labelledby={`${id}-title`} className={`${CARD} flex flex-col gap-5`}>
      <div>
        <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
          {t('results.content.about', { title: lowerFirst(content.title) })}
        </h2>
        <p className="mt-2 leading-relaxed text-slate-800">{content.description}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <NumberedList id={`${id}-symptoms`} heading={symptomsHeading} items={content.symptoms} />
        <NumberedList id={`${id}-precautions`} heading={precautionsHeading} items={content.precautions} />
      </div>
      <section
        aria-labelledby={`${id}-care`}
        className="rounded-xl border border-red-200 bg-red-50 p-4 break-inside-avoid"
      >
        <h3 id={`${id}-care`} className="text-lg font-bold text-red-950">
          {t('results.content.care')}
        </h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 leading-relaxed text-red-950">
          {content.whenToSeekCare.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${id}-sources`}>
        <h3 id={`${id}-sources`} className="text-base font-bold text-slate-900">
          {t('results.content.sources')}
        </h3>
        <ul className="mt-1 space-y-1 text-sm text-slate-700">
          {content.sources.map((source) => (
            <li key={`${source.title}-${source.publisher}`}>
              <SourceTitle title={source.title} url={source.url} />, {source.publisher}
              {source.note ? <span className="text-slate-600"> ({source.note})</span> : null}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">{t('results.content.written', { updated: content.updated })}</p>
      </section>
    </section>
  );
}
