import type { MedicineRecommendation, SaleClass } from '@medibuddy/contracts';
import { t } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { CitedList, SourceLink } from './cited-list';

const BADGE: Record<SaleClass, string> = {
  otc: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  pharmacy: 'bg-sky-100 text-sky-950 ring-sky-300',
  prescription: 'bg-amber-100 text-amber-950 ring-amber-400',
  unknown: 'bg-slate-100 text-slate-900 ring-slate-300',
};

/** The page never loads a product photo (it lives on a third-party site): every card shows this local picture. */
const MEDICINE_ILLUSTRATION = '/images/medicine.svg';

export function MedicineCard({ medicine }: { medicine: MedicineRecommendation }) {
  const titleId = `medicine-${medicine.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row"
    >
      <img
        src={MEDICINE_ILLUSTRATION}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-xl sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
            {medicine.name}
          </h3>
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ${BADGE[medicine.saleClass]}`}>
            {t(`saleClass.${medicine.saleClass}`)}
          </span>
        </div>
        {medicine.saleRule ? <p className="-mt-1 text-sm text-slate-700">{medicine.saleRule}</p> : null}
        {medicine.cautions.length > 0 ? (
          <div
            role="note"
            aria-label={t('card.readFirst')}
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
          >
            <p className="font-semibold">{t('card.readFirst')}</p>
            <CitedList items={medicine.cautions} />
          </div>
        ) : null}
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-900 ring-1 ring-slate-200">
          <p className="font-semibold">{t('card.dose')}</p>
          <ul className="flex flex-col gap-1">
            {medicine.doses.map((d) => (
              <li key={d.ingredient}>
                <span className="font-medium capitalize">{d.ingredient}:</span>{' '}
                {d.dose ? (
                  <>
                    {d.dose.text}{' '}
                    <span className="text-xs text-slate-600">
                      (<SourceLink source={d.dose.source} sourceUrl={d.dose.sourceUrl} />)
                    </span>
                  </>
                ) : (
                  t('card.askPharmacist')
                )}
              </li>
            ))}
          </ul>
        </div>
        <ul className="flex flex-col gap-1" aria-label={t('card.why')}>
          {medicine.matches.map((match) => (
            <li key={match.symptom} className="rounded-lg bg-teal-50 px-3 py-1.5 text-sm text-teal-950">
              {richText('card.matched', { symptom: <strong>{match.symptom}</strong> }, { use: match.use })}
            </li>
          ))}
        </ul>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-800">{t('card.composition')}</dt>
          <dd className="break-words text-slate-700">{medicine.composition}</dd>
          <dt className="font-semibold text-slate-800">{t('card.uses')}</dt>
          <dd className="break-words text-slate-700">{medicine.uses}</dd>
          <dt className="font-semibold text-slate-800">{t('card.sideEffects')}</dt>
          <dd className="break-words text-slate-700">{medicine.sideEffects || t('card.notStated')}</dd>
          <dt className="font-semibold text-slate-800">{t('card.manufacturer')}</dt>
          <dd className="break-words text-slate-700">{medicine.manufacturer}</dd>
          {medicine.similarProducts.length > 0 ? (
            <>
              <dt className="font-semibold text-slate-800">{t('card.alsoSoldAs')}</dt>
              <dd className="break-words text-slate-700">{medicine.similarProducts.join(', ')}</dd>
            </>
          ) : null}
        </dl>
        <p className="text-sm text-slate-800">{medicine.prescriptionNote}</p>
        <p className="mt-auto text-xs text-slate-600">
          {richText('card.source', { source: <SourceLink source={medicine.source} sourceUrl={medicine.sourceUrl} /> })}
        </p>
      </div>
    </article>
  );
}
