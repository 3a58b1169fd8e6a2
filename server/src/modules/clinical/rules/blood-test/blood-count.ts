import { CITATIONS } from '../citations';
import type { Language } from '@medibuddy/contracts';
import { finding, fromTable, wordsIn, type Measured, type Rule, type Sex } from './finding';

/** The counts of platelets and white cells. */

// --- Platelets ----------------------------------------------------------------------------------------

/** ×10³/µL. Below 150 is thrombocytopenia; below 100 it is more than mild; below 20 bleeding can start unprovoked. */
export const PLATELETS = {
  lowBelow: fromTable('platelets.normal.from'),
  moderateBelow: 100,
  severeBelow: fromTable('platelets.low.from'),
  criticalBelow: fromTable('platelets.very_low.from'),
  highAbove: fromTable('platelets.high.above'),
  extremeFrom: 1000,
} as const;

export function platelets(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, join, show } = wordsIn(language);
  const p = values.platelets;
  const value = show('platelets', p);
  const range = t('blood.platelets.range', {
    low: PLATELETS.lowBelow,
    mildFrom: PLATELETS.moderateBelow,
    mildTo: PLATELETS.lowBelow - 1,
    moderateFrom: PLATELETS.severeBelow,
    moderateTo: PLATELETS.moderateBelow - 1,
    severe: PLATELETS.severeBelow,
  });
  const causes = t('blood.platelets.causes');
  if (p < PLATELETS.criticalBelow) {
    return [
      finding(
        'platelets-very-low',
        t('blood.platelets.veryLow.title'),
        'urgent',
        ['platelets'],
        value,
        range,
        join(causes, t('blood.platelets.veryLow.text')),
        CITATIONS.thrombocytopenia,
        4,
      ),
    ];
  }
  if (p < PLATELETS.moderateBelow) {
    const severe = p < PLATELETS.severeBelow;
    return [
      finding(
        severe ? 'platelets-severely-low' : 'platelets-moderately-low',
        t(severe ? 'blood.platelets.severelyLow.title' : 'blood.platelets.moderatelyLow.title'),
        'attention',
        ['platelets'],
        value,
        range,
        join(causes, t(severe ? 'blood.platelets.severelyLow.text' : 'blood.platelets.moderatelyLow.text')),
        CITATIONS.thrombocytopenia,
        4,
      ),
    ];
  }
  if (p < PLATELETS.lowBelow) {
    return [
      finding(
        'platelets-mildly-low',
        t('blood.platelets.mildlyLow.title'),
        'info',
        ['platelets'],
        value,
        range,
        join(causes, t('blood.platelets.mildlyLow.text')),
        CITATIONS.thrombocytopenia,
      ),
    ];
  }
  if (p > PLATELETS.highAbove) {
    const extreme = p >= PLATELETS.extremeFrom;
    return [
      finding(
        extreme ? 'platelets-extremely-high' : 'platelets-high',
        t(extreme ? 'blood.platelets.extremelyHigh.title' : 'blood.platelets.high.title'),
        'attention',
        ['platelets'],
        value,
        t('blood.platelets.high.range', { above: PLATELETS.highAbove }),
        join(
          t('blood.platelets.high.text'),
          t(extreme ? 'blood.platelets.extremelyHigh.extra' : 'blood.platelets.high.extra'),
        ),
        CITATIONS.thrombocytosis,
      ),
    ];
  }
  return [];
}

// --- White cells --------------------------------------------------------------------------------------

/** ×10³/µL. */
export const WHITE_CELLS = {
  lowBelow: fromTable('white_cells.normal.from'),
  veryLowBelow: 2.0,
  highAbove: fromTable('white_cells.high.above'),
  extremeAbove: 100,
} as const;

export function whiteCells(values: Measured, _sex: Sex, language: Language = 'en'): Rule[] {
  const { t, n, join, show } = wordsIn(language);
  const w = values.whiteBloodCells;
  const value = show('whiteBloodCells', w);
  if (w < WHITE_CELLS.lowBelow) {
    const veryLow = w < WHITE_CELLS.veryLowBelow;
    return [
      finding(
        'leukopenia',
        t(veryLow ? 'blood.leukopenia.veryLow.title' : 'blood.leukopenia.title'),
        'attention',
        ['whiteBloodCells'],
        value,
        t('blood.leukopenia.range', { low: n(WHITE_CELLS.lowBelow, 1), high: n(WHITE_CELLS.highAbove, 1) }),
        join(t('blood.leukopenia.text'), veryLow ? t('blood.leukopenia.veryLow.extra') : ''),
        CITATIONS.leukopenia,
      ),
    ];
  }
  if (w > WHITE_CELLS.highAbove) {
    const extreme = w > WHITE_CELLS.extremeAbove;
    return [
      finding(
        extreme ? 'leukocytosis-extreme' : 'leukocytosis',
        t(extreme ? 'blood.leukocytosis.extreme.title' : 'blood.leukocytosis.title'),
        extreme ? 'urgent' : 'attention',
        ['whiteBloodCells'],
        value,
        t('blood.leukocytosis.range', { above: n(WHITE_CELLS.highAbove, 1) }),
        t(extreme ? 'blood.leukocytosis.extreme.text' : 'blood.leukocytosis.text'),
        CITATIONS.leukocytosis,
      ),
    ];
  }
  return [];
}
