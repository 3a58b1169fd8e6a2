import type { Person } from '@medibuddy/contracts';
import { ADULT_AGE_YEARS_MAX, CHILD_AGE_MONTHS_MAX, CHILD_AGE_YEARS_MAX } from '@medibuddy/contracts/forms';
import { useId } from 'react';
import { t, type MessageKey } from '../../../lib/i18n';

type Kind = Person['kind'] | 'unsaid';

const OPTIONS: { value: Kind; label: MessageKey }[] = [
  { value: 'unsaid', label: 'person.unsaid' },
  { value: 'adult', label: 'person.adult' },
  { value: 'child', label: 'person.child' },
  { value: 'pregnant', label: 'person.pregnant' },
  { value: 'breastfeeding', label: 'person.breastfeeding' },
];

/**
 * The draft the form holds: an age may be half typed. A child's and an adult's age are kept apart, so that going
 * from one to the other and back loses neither.
 */
export type PersonDraft = { kind: Kind; age: string; unit: 'years' | 'months'; adultAge: string };

export const EMPTY_DRAFT: PersonDraft = { kind: 'unsaid', age: '', unit: 'years', adultAge: '' };

export function draftOf(person: Person | undefined): PersonDraft {
  if (!person) return EMPTY_DRAFT;
  if (person.kind === 'adult') return { ...EMPTY_DRAFT, kind: 'adult', adultAge: String(person.ageYears ?? '') };
  if (person.kind !== 'child') return { ...EMPTY_DRAFT, kind: person.kind };
  return person.ageMonths !== undefined
    ? { ...EMPTY_DRAFT, kind: 'child', age: String(person.ageMonths), unit: 'months' }
    : { ...EMPTY_DRAFT, kind: 'child', age: String(person.ageYears ?? '') };
}

/** An adult's age is optional; when given it must be a whole number from 16 to 120. */
function adultOf(draft: PersonDraft): { person?: Person; error?: string } {
  const typed = draft.adultAge.trim();
  if (typed === '') return { person: { kind: 'adult' } };
  if (!/^\d+$/.test(typed)) return { error: t('person.adultAgeNotNumber') };
  const age = Number(typed);
  if (age <= CHILD_AGE_YEARS_MAX) return { error: t('person.adultTooYoung', { age: CHILD_AGE_YEARS_MAX + 1 }) };
  if (age > ADULT_AGE_YEARS_MAX) return { error: t('person.adultTooOld', { max: ADULT_AGE_YEARS_MAX }) };
  return { person: { kind: 'adult', ageYears: age } };
}

/** The person the draft describes, or an error sentence for an age that cannot be used. */
export function personOf(draft: PersonDraft): { person?: Person; error?: string } {
  if (draft.kind === 'unsaid') return {};
  if (draft.kind === 'adult') return adultOf(draft);
  if (draft.kind !== 'child') return { person: { kind: draft.kind } };
  const age = Number(draft.age);
  if (draft.age.trim() === '' || !Number.isInteger(age) || age < 0) return { error: t('person.childAgeNotNumber') };
  if (draft.unit === 'months') {
    if (age > CHILD_AGE_MONTHS_MAX) return { error: t('person.monthsTooMany') };
    return { person: { kind: 'child', ageMonths: age } };
  }
  if (age < 2) return { person: { kind: 'child', ageMonths: age * 12 } };
  if (age > CHILD_AGE_YEARS_MAX) return { error: t('person.childTooOld') };
  return { person: { kind: 'child', ageYears: age } };
}

/**
 * Who the medicine is for: it changes which products are safe and the dose shown. Optional; a child's age is
 * asked in years, or months under 2; an adult's age is optional (from 65 some medicines need more care).
 */
export function PersonSelector({
  draft,
  onChange,
  error,
}: {
  draft: PersonDraft;
  onChange: (draft: PersonDraft) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-base font-semibold text-slate-900">{t('person.legend')}</legend>
      <div className="flex flex-wrap gap-2">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-base text-slate-900 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
          >
            <input
              type="radio"
              name={`${id}-kind`}
              value={option.value}
              checked={draft.kind === option.value}
              onChange={() => onChange({ ...draft, kind: option.value })}
              className="accent-teal-700"
            />
            {t(option.label)}
          </label>
        ))}
      </div>
      {draft.kind === 'child' ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-age`} className="text-sm font-semibold text-slate-800">
              {t('person.childAge')}
            </label>
            <input
              id={`${id}-age`}
              inputMode="numeric"
              value={draft.age}
              onChange={(e) => onChange({ ...draft, age: e.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="w-24 rounded-lg border border-slate-400 px-3 py-2 text-base"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-unit`} className="text-sm font-semibold text-slate-800">
              {t('person.in')}
            </label>
            <select
              id={`${id}-unit`}
              value={draft.unit}
              onChange={(e) => onChange({ ...draft, unit: e.target.value as PersonDraft['unit'] })}
              className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
            >
              <option value="years">{t('person.years')}</option>
              <option value="months">{t('person.months')}</option>
            </select>
          </div>
        </div>
      ) : null}
      {draft.kind === 'adult' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-adult-age`} className="text-sm font-semibold text-slate-800">
            {t('person.adultAge')}
          </label>
          <input
            id={`${id}-adult-age`}
            inputMode="numeric"
            value={draft.adultAge}
            onChange={(e) => onChange({ ...draft, adultAge: e.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-24 rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <p className="text-sm text-slate-600">{t('person.hint')}</p>
    </fieldset>
  );
}
