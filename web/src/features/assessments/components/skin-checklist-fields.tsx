import type { SkinChecklist } from '@medibuddy/contracts';
import { SKIN_CHECKLIST_ANSWERS, type SkinChecklistAnswer } from '@medibuddy/contracts/forms';
import { useId } from 'react';
import { formatNumber } from '../../../lib/intl-format';
import { t } from '../../../lib/i18n';

export type SkinChecklistAnswers = Partial<Record<string, SkinChecklistAnswer>>;

/**
 * The seven questions of the skin test (NICE's weighted 7-point checklist), beside the picture: one fieldset with
 * a radio group per question (Yes / No / Not sure), all optional. The questions come from the server's content (as
 * it sends them); the answers' labels are the contracts' SKIN_CHECKLIST_ANSWER_LABELS in the page's language
 * ('images' catalogue). While the questions load, or if they cannot, the picture can still be sent alone.
 */
export function SkinChecklistFields({
  checklist,
  isLoading,
  isUnavailable,
  answers,
  isDisabled,
  onAnswer,
  onClear,
}: {
  checklist: SkinChecklist | undefined;
  isLoading: boolean;
  isUnavailable: boolean;
  answers: SkinChecklistAnswers;
  isDisabled: boolean;
  onAnswer: (key: string, answer: SkinChecklistAnswer) => void;
  onClear: () => void;
}) {
  const baseId = useId();
  const whyId = `${baseId}-why`;
  const answeredCount = Object.keys(answers).length;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7">
      <fieldset
        aria-describedby={checklist ? whyId : undefined}
        className="min-w-0"
        disabled={isDisabled}
        data-testid="skin-checklist-form"
      >
        <legend className="block text-xl font-bold text-slate-900">{t('images.checklist.heading')}</legend>
        {checklist ? (
          <p id={whyId} className="mt-1 text-slate-700">
            {checklist.why}
          </p>
        ) : null}
        {isLoading ? <p className="mt-3 text-sm text-slate-600">{t('images.checklist.loading')}</p> : null}
        {isUnavailable ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {t('images.checklist.unavailable')}
          </p>
        ) : null}
        {checklist ? (
          <div className="mt-4 flex flex-col gap-5">
            {checklist.items.map((item) => {
              const groupId = `${baseId}-${item.key}`;
              const helpId = `${groupId}-help`;
              return (
                <fieldset key={item.key} aria-describedby={helpId} className="min-w-0">
                  <legend className="mb-1 text-base font-semibold text-slate-900">{item.question}</legend>
                  <p id={helpId} className="mb-2 text-sm text-slate-600">
                    {item.help}
                  </p>
                  <div className="grid gap-2 sm:grid-cols-3">
                    {SKIN_CHECKLIST_ANSWERS.map((answer) => {
                      const optionId = `${groupId}-${answer}`;
                      return (
                        <div key={answer} className="relative">
                          <input
                            id={optionId}
                            type="radio"
                            name={`checklist.${item.key}`}
                            value={answer}
                            checked={answers[item.key] === answer}
                            onChange={() => onAnswer(item.key, answer)}
                            className="peer absolute top-1/2 left-3.5 size-5 -translate-y-1/2 accent-teal-700"
                          />
                          <label
                            htmlFor={optionId}
                            className="flex h-full min-h-12 items-center rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-11 text-base text-slate-900 transition-colors peer-checked:border-teal-700 peer-checked:bg-teal-50 peer-checked:ring-1 peer-checked:ring-teal-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:border-teal-600"
                          >
                            {t(`images.answer.${answer}`)}
                          </label>
                        </div>
                      );
                    })}
                  </div>
                </fieldset>
              );
            })}
            <p className="text-sm text-slate-600">{checklist.notSure}</p>
            {answeredCount > 0 ? (
              <div>
                <button
                  type="button"
                  onClick={onClear}
                  className="text-sm font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
                >
                  {t('images.checklist.clear', {
                    count: formatNumber(answeredCount),
                    total: formatNumber(checklist.items.length),
                  })}
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    </section>
  );
}
