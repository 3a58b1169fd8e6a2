import { CloseIcon } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n';

type SymptomChipsProps = {
  symptoms: string[];
  onRemove: (symptom: string) => void;
};

/** The symptoms added so far, each with its own remove button (named after it for screen readers). */
export function SymptomChips({ symptoms, onRemove }: SymptomChipsProps) {
  if (symptoms.length === 0) {
    return <p className="text-sm text-slate-600">{t('symptom.none')}</p>;
  }
  return (
    <ul aria-label={t('medicines.symptomsHeading')} className="flex flex-wrap gap-2">
      {symptoms.map((symptom) => (
        <li
          key={symptom}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-teal-50 py-1 pr-1 pl-3.5 text-base text-teal-950 ring-1 ring-teal-300"
        >
          <span className="break-words">{symptom}</span>
          <button
            type="button"
            onClick={() => onRemove(symptom)}
            aria-label={t('symptom.remove', { symptom })}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-teal-900 hover:bg-teal-100 active:bg-teal-200"
          >
            <CloseIcon className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
