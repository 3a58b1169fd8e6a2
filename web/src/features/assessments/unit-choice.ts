import { fieldUnits } from '@medibuddy/contracts/lab-units';
import type { ClinicalField, ClinicalTestSlug } from '@medibuddy/contracts/forms';

/**
 * The unit a person reads each lab value in, remembered in this browser (localStorage: it outlives the tab, is never
 * sent anywhere, and there are no account preferences to keep it in yet). Kept per form field, and per analyte as the
 * fallback: someone who typed glucose in mmol/L on the blood test is offered mmol/L on the diabetes test too.
 */
const KEY = 'medibuddy.units';

type Stored = { fields: Record<string, string>; analytes: Record<string, string> };

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (privacy settings): every form starts in the fields' own units.
    return undefined;
  }
}

function read(): Stored {
  try {
    const parsed = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<Stored> | null;
    const isRecord = (v: unknown): v is Record<string, string> =>
      typeof v === 'object' && v !== null && Object.values(v).every((u) => typeof u === 'string');
    return {
      fields: isRecord(parsed?.fields) ? parsed.fields : {},
      analytes: isRecord(parsed?.analytes) ? parsed.analytes : {},
    };
  } catch {
    return { fields: {}, analytes: {} };
  }
}

/** The remembered units of a form's fields that take a unit: only units the field still accepts. */
export function loadUnitChoices(slug: ClinicalTestSlug, fields: readonly ClinicalField[]): Record<string, string> {
  const stored = read();
  const out: Record<string, string> = {};
  for (const field of fields) {
    const units = fieldUnits(field);
    if (units.length === 0) continue;
    const unit = stored.fields[`${slug}.${field.key}`] ?? (field.analyte ? stored.analytes[field.analyte] : undefined);
    if (unit && units.includes(unit)) out[field.key] = unit;
  }
  return out;
}

export function rememberUnitChoice(slug: ClinicalTestSlug, field: ClinicalField, unit: string): void {
  const stored = read();
  stored.fields[`${slug}.${field.key}`] = unit;
  if (field.analyte) stored.analytes[field.analyte] = unit;
  try {
    storage()?.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Quota or blocked storage: the choice holds for this visit only.
  }
}
