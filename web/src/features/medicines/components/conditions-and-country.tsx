import type { FinderCountry, HealthCondition } from '@medibuddy/contracts';
import { FINDER_COUNTRIES, HEALTH_CONDITIONS } from '@medibuddy/contracts/forms';
import { useId } from 'react';
import { t } from '../../../lib/i18n';
import type { FinderContext } from '../person-storage';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const CHOICE =
  'flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-base text-slate-900 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50';

/**
 * Long-term conditions (a medicine that does not suit one is left out, with the reason) and the country whose
 * sale rules the cards follow. Both optional; no country is chosen until the person chooses one.
 */
export function ConditionsAndCountry({
  context,
  onChange,
}: {
  context: FinderContext;
  onChange: (context: FinderContext) => void;
}) {
  const id = useId();

  function toggle(condition: HealthCondition, isChecked: boolean) {
    const chosen = new Set(context.conditions);
    if (isChecked) chosen.add(condition);
    else chosen.delete(condition);
    // Kept in the list's order, so the request and the stored choice do not depend on the order of the clicks.
    onChange({ ...context, conditions: HEALTH_CONDITIONS.filter((c) => chosen.has(c)) });
  }

  function chooseCountry(country: FinderCountry | undefined) {
    const { country: _previous, ...rest } = context;
    onChange(country ? { ...rest, country } : rest);
  }

  return (
    <>
      <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-conditions-hint`}>
        <legend className="text-base font-semibold text-slate-900">{t('conditions.legend')}</legend>
        <p id={`${id}-conditions-hint`} className="-mt-1 text-sm text-slate-600">
          {t('conditions.hint')}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {HEALTH_CONDITIONS.map((condition) => (
            <label key={condition} className="flex cursor-pointer items-start gap-2 text-base text-slate-900">
              <input
                type="checkbox"
                checked={context.conditions.includes(condition)}
                onChange={(e) => toggle(condition, e.target.checked)}
                className="mt-1 size-4 shrink-0 accent-teal-700"
              />
              {t(`condition.${condition}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-country-hint`}>
        <legend className="text-base font-semibold text-slate-900">{t('country.legend')}</legend>
        <div className="flex flex-wrap gap-2">
          <label className={CHOICE}>
            <input
              type="radio"
              name={`${id}-country`}
              checked={context.country === undefined}
              onChange={() => chooseCountry(undefined)}
              className="accent-teal-700"
            />
            {t('person.unsaid')}
          </label>
          {FINDER_COUNTRIES.map((country) => (
            <label key={country} className={CHOICE}>
              <input
                type="radio"
                name={`${id}-country`}
                value={country}
                checked={context.country === country}
                onChange={() => chooseCountry(country)}
                className="accent-teal-700"
              />
              {capitalise(t(`country.${country}`))}
            </label>
          ))}
        </div>
        <p id={`${id}-country-hint`} className="text-sm text-slate-600">
          {t('country.hint')}
        </p>
      </fieldset>
    </>
  );
}
