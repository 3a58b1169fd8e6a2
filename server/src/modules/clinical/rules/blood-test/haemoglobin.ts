import { CITATIONS } from '../citations';
import type { Language } from '@medibuddy/contracts';
import { finding, fromTable, wordsIn, type Measured, type Rule, type Sex } from './finding';

/** Haemoglobin: anaemia (WHO 2011) and a high haemoglobin (WHO 2016). */

/** WHO 2011, adults from 15 years: anaemia below 13.0 g/dL (men), 12.0 g/dL (non-pregnant women). */
export const ANAEMIA_THRESHOLD = {
  male: fromTable('haemoglobin.normal_m.from'),
  female: fromTable('haemoglobin.normal_f.from'),
} as const;
/** WHO 2011 severity bands, the same for men and non-pregnant women below 11.0 g/dL. */
export const ANAEMIA_MODERATE_BELOW = 11.0;
export const ANAEMIA_SEVERE_BELOW = 8.0;
/** WHO 2016 polycythaemia vera criterion: above 16.5 g/dL (men), 16.0 g/dL (women). */
export const HIGH_HAEMOGLOBIN_ABOVE = { male: 16.5, female: 16.0 } as const;

export function anaemia(values: Measured, sex: Sex, language: Language = 'en'): Rule[] {
  const { t, n, join, show } = wordsIn(language);
  const hb = values.hemoglobin;
  // Sex unknown (the compatibility client never sends it): the women's threshold, so no one is flagged
  // who would not be flagged either way; a value between the two thresholds is reported as information.
  const threshold = sex === 'male' ? ANAEMIA_THRESHOLD.male : ANAEMIA_THRESHOLD.female;
  const who =
    sex === 'male'
      ? t('blood.anaemia.who.men')
      : sex === 'female'
        ? t('blood.anaemia.who.women')
        : t('blood.anaemia.who.unknown', { men: n(ANAEMIA_THRESHOLD.male, 1) });
  const range = t('blood.anaemia.range', {
    threshold: n(threshold, 1),
    who,
    mildFrom: n(ANAEMIA_MODERATE_BELOW, 1),
    mildTop: n(threshold - 0.1, 1),
  });
  if (hb < threshold) {
    const band = hb < ANAEMIA_SEVERE_BELOW ? 'severe' : hb < ANAEMIA_MODERATE_BELOW ? 'moderate' : 'mild';
    return [
      finding(
        'anaemia',
        t(`blood.anaemia.${band}.title`),
        band === 'severe' ? 'urgent' : 'attention',
        sex === 'unknown' ? ['hemoglobin'] : ['hemoglobin', 'sex'],
        show('hemoglobin', hb),
        range,
        join(t('blood.anaemia.text'), t(band === 'severe' ? 'blood.anaemia.severe.action' : 'blood.anaemia.action')),
        CITATIONS.whoAnaemia2011,
        0,
      ),
    ];
  }
  if (sex === 'unknown' && hb < ANAEMIA_THRESHOLD.male) {
    return [
      finding(
        'anaemia-if-male',
        t('blood.anaemiaIfMale.title'),
        'info',
        ['hemoglobin'],
        show('hemoglobin', hb),
        t('blood.anaemiaIfMale.range', { men: n(ANAEMIA_THRESHOLD.male, 1), women: n(ANAEMIA_THRESHOLD.female, 1) }),
        t('blood.anaemiaIfMale.text'),
        CITATIONS.whoAnaemia2011,
      ),
    ];
  }
  return [];
}

export function highHaemoglobin(values: Measured, sex: Sex, language: Language = 'en'): Rule[] {
  const { t, n, show } = wordsIn(language);
  const hb = values.hemoglobin;
  const limit = sex === 'female' ? HIGH_HAEMOGLOBIN_ABOVE.female : HIGH_HAEMOGLOBIN_ABOVE.male;
  if (hb <= limit) return [];
  return [
    finding(
      'high-haemoglobin',
      t('blood.highHaemoglobin.title'),
      'attention',
      sex === 'unknown' ? ['hemoglobin'] : ['hemoglobin', 'sex'],
      show('hemoglobin', hb),
      t('blood.highHaemoglobin.range', {
        men: n(HIGH_HAEMOGLOBIN_ABOVE.male, 1),
        women: n(HIGH_HAEMOGLOBIN_ABOVE.female, 1),
      }),
      t('blood.highHaemoglobin.text'),
      CITATIONS.whoMyeloid2016,
    ),
  ];
}
