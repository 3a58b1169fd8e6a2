/**
 * Is a result page, or a list of results, said in Hindi? Every string a person reads must hold Devanagari,
 * unless it is only numbers, units and the short names on ALLOWED (a value such as '12 mmol/L (216 mg/dL)', 'MCV
 * 75 fL / RBC 5.8 ×10⁶/µL = 12.9'). What is not read as text is skipped by its key: ids and codes of the contracts
 * (kind, band, level, timeframe, severity…), the sources' bibliographic titles and links, the model's id and data set,
 * the picture's address and heatmap, dates.
 */

/** Keys whose values are codes, names of sources or data, never sentences a person reads. */
const CODE_KEYS = new Set([
  'id',
  'test',
  'key',
  'kind',
  'model',
  'version',
  'createdAt',
  'fields',
  'severity',
  'timeframe',
  'level',
  'direction',
  'notAReasonBecause',
  'unknownFields',
  'citation',
  'sources',
  'url',
  'classKey',
  'contentKeys',
  'category',
  'reviewedBy',
  'updated',
  'dataset',
  'heatmap',
  'gate',
  'entered',
]);

/** A key that is a code in some places and words in others: a code where its parent's path matches. */
const CODE_WHERE: Record<string, (parent: string) => boolean> = {
  // RiskResult.band and the STONE band are codes; a validated score's band is words ('5 % से कम').
  band: (parent) => !/\.scores\[\d+\]$/.test(parent),
  // The blood test's class label is a code of the contract (BloodTestClassLabelSchema); every other label is words.
  label: (parent) => /\.result$/.test(parent),
  // A checklist item's answer is a code (yes, no, not_sure); a STONE factor's answer is words.
  answer: (parent) => /\.items\[\d+\]$/.test(parent),
};

/** Units, abbreviations and names that read the same in Hindi reports. */
const ALLOWED =
  /mg\/dL|mmol\/mol|mmol\/L|mm Hg|mmHg|g\/dL|kg\/m²|µIU\/mL|µU\/mL|IU\/L|×10³\/µL|×10⁶\/µL|\bfL\b|\bpg\b|\bcm\b|\bkg\b|\bmm\b|\bMCHC\b|\bMCH\b|\bMCV\b|\bRBC\b|\bHb\b|\bLDL\b|\bHDL\b|\bBMI\b|\bFINDRISC\b|\bIDRS\b|\bWHO\b|\bI{1,3}\b/g;

const DEVANAGARI = /[\u0900-\u097F]/;

/** Whether a string a person reads is Hindi, or only numbers, units and allowed names. */
export function readsInHindi(text: string): boolean {
  if (DEVANAGARI.test(text)) return true;
  return text.replace(ALLOWED, '').replace(/[\d\s.,/%()+=<>×⁰¹²³⁴⁵⁶⁷⁸⁹µ:;–“”'-]/g, '') === '';
}

/** Every string under `value` that a person reads and that is not Hindi, with its path. */
export function untranslatedStrings(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return readsInHindi(value) ? [] : [`${path}: ${value}`];
  if (Array.isArray(value)) return value.flatMap((item, i) => untranslatedStrings(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => {
      if (CODE_KEYS.has(key) || CODE_WHERE[key]?.(path)) return [];
      return untranslatedStrings(item, `${path}.${key}`);
    });
  }
  return [];
}
