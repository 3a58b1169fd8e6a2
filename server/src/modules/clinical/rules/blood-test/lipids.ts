import { CITATIONS } from '../citations';
import type { Language } from '@medibuddy/contracts';
import { finding, fromTable, wordsIn, type Measured, type Rule, type Sex } from './finding';

/** Cholesterol and triglycerides (NCEP ATP III, mg/dL). */

// --- Lipids (NCEP ATP III, mg/dL) ---------------------------------------------------------------------

export const TOTAL_CHOLESTEROL = {
  borderlineFrom: fromTable('total_cholesterol.borderline.from'),
  highFrom: fromTable('total_cholesterol.high.from'),
} as const;
export const LDL = {
  nearOptimalFrom: fromTable('ldl.near_optimal.from'),
  borderlineFrom: fromTable('ldl.borderline.from'),
  highFrom: fromTable('ldl.high.from'),
  veryHighFrom: fromTable('ldl.very_high.from'),
} as const;
export const HDL = { lowBelow: fromTable('hdl.middle.from'), protectiveFrom: fromTable('hdl.high.from') } as const;
export const TRIGLYCERIDES = {
  borderlineFrom: fromTable('triglycerides.borderline.from'),
  highFrom: fromTable('triglycerides.high.from'),
  veryHighFrom: fromTable('triglycerides.very_high.from'),
} as const;

type Category = 'very high' | 'high' | 'borderline high';
const CATEGORY_KEY = { 'very high': 'veryHigh', high: 'high', 'borderline high': 'borderlineHigh' } as const;

export function lipids(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, join, show } = wordsIn(language);
  const context = t('blood.lipids.context');
  const out: Rule[] = [];
  const total = values.cholesterol;
  if (total >= TOTAL_CHOLESTEROL.borderlineFrom) {
    const high = total >= TOTAL_CHOLESTEROL.highFrom;
    out.push(
      finding(
        high ? 'cholesterol-high' : 'cholesterol-borderline',
        t(high ? 'blood.cholesterol.high.title' : 'blood.cholesterol.borderline.title'),
        high ? 'attention' : 'info',
        ['cholesterol'],
        show('cholesterol', total),
        t('blood.cholesterol.range', {
          borderline: TOTAL_CHOLESTEROL.borderlineFrom,
          borderlineTo: TOTAL_CHOLESTEROL.highFrom - 1,
          high: TOTAL_CHOLESTEROL.highFrom,
        }),
        context,
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const ldl = values.ldlCholesterol;
  if (ldl >= LDL.borderlineFrom) {
    const category: Category = ldl >= LDL.veryHighFrom ? 'very high' : ldl >= LDL.highFrom ? 'high' : 'borderline high';
    out.push(
      finding(
        `ldl-${category.replace(' ', '-')}`,
        t(`blood.ldl.${CATEGORY_KEY[category]}.title`),
        category === 'borderline high' ? 'info' : 'attention',
        ['ldlCholesterol'],
        show('ldlCholesterol', ldl),
        t('blood.ldl.range', {
          nearOptimal: LDL.nearOptimalFrom,
          nearOptimalTo: LDL.borderlineFrom - 1,
          borderline: LDL.borderlineFrom,
          borderlineTo: LDL.highFrom - 1,
          high: LDL.highFrom,
          highTo: LDL.veryHighFrom - 1,
          veryHigh: LDL.veryHighFrom,
        }),
        join(t('blood.ldl.text'), category === 'very high' ? t('blood.ldl.inherited') : '', context),
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const hdl = values.hdlCholesterol;
  if (hdl < HDL.lowBelow) {
    out.push(
      finding(
        'hdl-low',
        t('blood.hdl.low.title'),
        'info',
        ['hdlCholesterol'],
        show('hdlCholesterol', hdl),
        t('blood.hdl.range', { low: HDL.lowBelow, protective: HDL.protectiveFrom }),
        t('blood.hdl.text'),
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const tg = values.triglycerides;
  if (tg >= TRIGLYCERIDES.borderlineFrom) {
    const category: Category =
      tg >= TRIGLYCERIDES.veryHighFrom ? 'very high' : tg >= TRIGLYCERIDES.highFrom ? 'high' : 'borderline high';
    out.push(
      finding(
        `triglycerides-${category.replace(' ', '-')}`,
        t(`blood.triglycerides.${CATEGORY_KEY[category]}.title`),
        category === 'borderline high' ? 'info' : 'attention',
        ['triglycerides'],
        show('triglycerides', tg),
        t('blood.triglycerides.range', {
          borderline: TRIGLYCERIDES.borderlineFrom,
          borderlineTo: TRIGLYCERIDES.highFrom - 1,
          high: TRIGLYCERIDES.highFrom,
          highTo: TRIGLYCERIDES.veryHighFrom - 1,
          veryHigh: TRIGLYCERIDES.veryHighFrom,
        }),
        join(
          t('blood.triglycerides.text'),
          category === 'very high'
            ? t('blood.triglycerides.pancreas', { veryHigh: TRIGLYCERIDES.veryHighFrom })
            : context,
        ),
        CITATIONS.ncepAtp3,
      ),
    );
  }
  // Friedewald: total = LDL + HDL + TG/5, so LDL + HDL above total (with room for assay error) is impossible.
  if (ldl + hdl > total * 1.05) {
    out.push(
      finding(
        'lipid-values-inconsistent',
        t('blood.lipids.inconsistent.title'),
        'info',
        ['cholesterol', 'ldlCholesterol', 'hdlCholesterol'],
        t('blood.lipids.inconsistent.value', {
          ldl: show('ldlCholesterol', ldl),
          hdl: show('hdlCholesterol', hdl),
          total: show('cholesterol', total),
        }),
        t('blood.lipids.inconsistent.range'),
        t('blood.lipids.inconsistent.text'),
        CITATIONS.friedewald1972,
      ),
    );
  }
  return out;
}
