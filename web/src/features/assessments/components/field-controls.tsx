import { formatFieldValue, optionsOf, unitShownOf, type ClinicalField } from '@medibuddy/contracts/forms';
import type { UnitChoice } from '@medibuddy/contracts/lab-units';
import { useId } from 'react';
import { useIsPageLeaving } from '../../../components/ui/page-leaving';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n';
import { unitText } from '../clinical-test-copy';
import { NOT_KNOWN, rangeHint } from '../form-values';

/** Up to this many options show as radio buttons, all visible at once; longer lists use a select. */
const MAX_RADIO_OPTIONS = 5;

export function fieldDomId(formId: string, key: string): string {
  return `${formId}-${key}`;
}

type NumberFieldProps = {
  formId: string;
  field: ClinicalField;
  value: string;
  isNotMeasured: boolean;
  error?: string;
  onChange: (value: string) => void;
  onNotMeasuredChange: (isNotMeasured: boolean) => void;
  /** A lab value's units (decision 030): the field's own first; none for other fields. */
  units?: readonly string[];
  /** The unit chosen; the field's own when not given. */
  unit?: string;
  onUnitChange?: (unit: string) => void;
  /** The form's 'Did you mean…?' choices for this value, when it asked. */
  question?: readonly UnitChoice[];
  onChoose?: (choice: UnitChoice) => void;
};

/** The texts of a lab value's unit choice, in the page's language ('tests' catalogue, decision 032). */
export const UNIT_FIELD_TEXT = {
  unitLabel: (label: string) => t('tests.unitFor', { label }),
  unitShort: () => t('tests.unit'),
  inUnit: (unit: string) => t('tests.inUnit', { unit }),
  takeChoice: (text: string) => t('tests.useChoice', { text }),
  keepChoice: (text: string) => t('tests.keepChoice', { text }),
};

/**
 * A typed-in number: text with a numeric keyboard (a number input would silently drop '12,5' or 'abc' instead
 * of letting us say what is wrong), the unit at its end, the range and any help as its hint.
 */
export function NumberField({
  formId,
  field,
  value,
  isNotMeasured,
  error,
  onChange,
  onNotMeasuredChange,
  units = [],
  unit: chosenUnit,
  onUnitChange,
  question,
  onChoose,
}: NumberFieldProps) {
  const id = fieldDomId(formId, field.key);
  const checkboxId = `${id}-not-measured`;
  const unitId = `${id}-unit`;
  const isLeaving = useIsPageLeaving();
  const labelFor = isLeaving ? undefined : checkboxId;
  const inOwnUnit = !chosenUnit || chosenUnit === field.unit;
  const range = rangeHint(field, chosenUnit ?? field.unit);
  const unit = unitText(inOwnUnit ? unitShownOf(field) : chosenUnit);
  const hint = [unit ? UNIT_FIELD_TEXT.inUnit(unit) : undefined, range, field.help].filter(Boolean).join(' ');
  const hasUnits = units.length > 1 && onUnitChange;
  return (
    <TextField
      id={id}
      name={field.key}
      label={field.label}
      type="text"
      inputMode={field.type === 'integer' && inOwnUnit ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      suffix={unit}
      hint={hint || undefined}
      error={isNotMeasured ? undefined : error}
      value={value}
      // an example, never a value: the field stays empty until the patient types their own
      placeholder={
        field.default !== undefined && !isNotMeasured
          ? t('tests.example', { value: formatFieldValue(field, field.default) })
          : undefined
      }
      disabled={isNotMeasured}
      onChange={(event) => onChange(event.target.value)}
      after={
        <>
          {question && question.length > 0 && onChoose && !isNotMeasured ? (
            <div role="group" aria-label={error} className="mt-2 flex flex-wrap gap-2">
              {question.map((choice, index) => (
                <button
                  key={choice.unit}
                  type="button"
                  onClick={() => onChoose(choice)}
                  className={
                    index === 0
                      ? 'rounded-lg bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800'
                      : 'rounded-lg px-3 py-1.5 text-sm font-semibold text-teal-800 ring-1 ring-teal-700 hover:bg-teal-50'
                  }
                >
                  {index === 0 ? UNIT_FIELD_TEXT.takeChoice(choice.text) : UNIT_FIELD_TEXT.keepChoice(choice.text)}
                </button>
              ))}
            </div>
          ) : null}
          {hasUnits ? (
            <div className="mt-2 flex items-center gap-2">
              <label htmlFor={isLeaving ? undefined : unitId} className="text-sm text-slate-800">
                {UNIT_FIELD_TEXT.unitShort()}
              </label>
              <select
                id={unitId}
                aria-label={UNIT_FIELD_TEXT.unitLabel(field.label)}
                value={chosenUnit ?? field.unit}
                disabled={isNotMeasured}
                onChange={(event) => onUnitChange(event.target.value)}
                className="rounded-lg border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900"
              >
                {units.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {field.notMeasured ? (
            <div className="mt-2 flex items-center gap-2">
              <input
                id={checkboxId}
                type="checkbox"
                checked={isNotMeasured}
                // The visible label alone would be one of several identical boxes.
                aria-label={t('tests.notMeasuredFor', { label: field.label })}
                onChange={(event) => onNotMeasuredChange(event.target.checked)}
                className="size-5 shrink-0 accent-teal-700"
              />
              <label htmlFor={labelFor} className="text-sm text-slate-800">
                {t('tests.notMeasured')}
              </label>
            </div>
          ) : null}
        </>
      }
    />
  );
}

type ChoiceFieldProps = {
  formId: string;
  field: ClinicalField;
  value: string;
  error?: string;
  /** Extra text under the question (e.g. why two answers stay in step). */
  note?: string;
  onChange: (value: string) => void;
};

/** A coded answer: labelled radio buttons (or a select for long lists); the value sent is the option's code. */
export function ChoiceField({ formId, field, value, error, note, onChange }: ChoiceFieldProps) {
  const id = fieldDomId(formId, field.key);
  const generated = useId();
  const isLeaving = useIsPageLeaving();
  // A question a patient may not be able to answer ends with 'I don't know' (sent as null).
  const options =
    field.notMeasured || field.optional
      ? [...optionsOf(field), { value: NOT_KNOWN, label: t('tests.dontKnow') }]
      : optionsOf(field);
  const hintText = [field.help, note].filter(Boolean).join(' ');
  const hintId = hintText ? `${generated}-hint` : undefined;
  const errorId = error ? `${generated}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  if (options.length > MAX_RADIO_OPTIONS) {
    return (
      <div>
        <label htmlFor={isLeaving ? undefined : id} className="mb-1.5 block text-sm font-semibold text-slate-800">
          {field.label}
        </label>
        <select
          id={id}
          name={field.key}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600"
        >
          <option value="">{t('tests.chooseOption')}</option>
          {options.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
        <ErrorText id={errorId} error={error} />
        {hintText ? (
          <p id={hintId} className="mt-1.5 text-sm text-slate-600">
            {hintText}
          </p>
        ) : null}
      </div>
    );
  }

  const hasLongLabel = options.some((o) => o.label.length > 28);
  const columns = hasLongLabel
    ? options.length === 2
      ? 'sm:grid-cols-2'
      : 'grid-cols-1'
    : options.length === 2
      ? 'grid-cols-2'
      : options.length === 3
        ? 'sm:grid-cols-3'
        : 'sm:grid-cols-2';
  return (
    <fieldset id={id} aria-describedby={describedBy} className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{field.label}</legend>
      {hintText ? (
        <p id={hintId} className="-mt-0.5 mb-2 text-sm text-slate-600">
          {hintText}
        </p>
      ) : null}
      <div className={`grid gap-2 ${columns}`}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="relative">
              <input
                id={optionId}
                type="radio"
                name={field.key}
                value={String(option.value)}
                checked={value === String(option.value)}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(String(option.value))}
                className="peer absolute top-1/2 left-3.5 size-5 -translate-y-1/2 accent-teal-700"
              />
              <label
                htmlFor={isLeaving ? undefined : optionId}
                className={`flex min-h-12 h-full items-center rounded-lg border bg-white py-2.5 pr-3 pl-11 text-base text-slate-900 transition-colors hover:border-teal-600 peer-checked:border-teal-700 peer-checked:bg-teal-50 peer-checked:ring-1 peer-checked:ring-teal-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 ${
                  error ? 'border-red-600' : 'border-slate-300'
                }`}
              >
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      <ErrorText id={errorId} error={error} />
    </fieldset>
  );
}

function ErrorText({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-700">
      <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor" aria-hidden="true">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm.9 8.4a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
      </svg>
      <span>{error}</span>
    </p>
  );
}
