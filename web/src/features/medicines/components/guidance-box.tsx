import type { SelfCareGuidance } from '@medibuddy/contracts';
import { t } from '../../../lib/i18n';
import { CitedList } from './cited-list';

/**
 * What to do and when to see a doctor, shown above any product. Where self-treatment is not appropriate it
 * says so first, and the page lists no products.
 */
export function GuidanceBox({ guidance }: { guidance: SelfCareGuidance }) {
  const headingId = `guidance-${guidance.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-2xl p-5 ring-1 ${guidance.isSelfCareAppropriate ? 'bg-white ring-slate-200' : 'bg-amber-50 ring-amber-400'}`}
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {t('guidance.whatToDo', { title: guidance.title })}
      </h3>
      {guidance.notAppropriateReason ? (
        <p role="note" className="rounded-lg bg-amber-100 p-3 font-semibold text-amber-950">
          {guidance.notAppropriateReason}
        </p>
      ) : null}
      {guidance.whatToDo.length > 0 ? <CitedList items={guidance.whatToDo} className="text-slate-800" /> : null}
      {guidance.seeDoctorIf.length > 0 ? (
        <div>
          <h4 className="font-semibold text-slate-900">{t('guidance.seeDoctorIf')}</h4>
          <CitedList items={guidance.seeDoctorIf} className="text-slate-800" />
        </div>
      ) : null}
      {guidance.redFlags.length > 0 ? (
        <div>
          <h4 className="font-semibold text-red-800">{t('guidance.urgentIf')}</h4>
          <CitedList items={guidance.redFlags} className="text-red-900" />
        </div>
      ) : null}
    </section>
  );
}
