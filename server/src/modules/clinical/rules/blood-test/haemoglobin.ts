import { CITATIONS } from '../citations';
import { finding, fromTable, show, type Measured, type Rule, type Sex } from './finding';

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

export function anaemia(values: Measured, sex: Sex): Rule[] {
  const hb = values.hemoglobin;
  // Sex unknown (the compatibility client never sends it): the women's threshold, so no one is flagged
  // who would not be flagged either way; a value between the two thresholds is reported as information.
  const threshold = sex === 'male' ? ANAEMIA_THRESHOLD.male : ANAEMIA_THRESHOLD.female;
  const who =
    sex === 'male'
      ? 'men'
      : sex === 'female'
        ? 'non-pregnant women'
        : `non-pregnant women (${ANAEMIA_THRESHOLD.male.toFixed(1)} g/dL for men)`;
  const mildTop = (threshold - 0.1).toFixed(1);
  const range = `anaemia below ${threshold.toFixed(1)} g/dL in ${who}: mild ${ANAEMIA_MODERATE_BELOW.toFixed(1)}-${mildTop}, moderate 8.0-10.9, severe below 8.0`;
  if (hb < threshold) {
    const band = hb < ANAEMIA_SEVERE_BELOW ? 'severe' : hb < ANAEMIA_MODERATE_BELOW ? 'moderate' : 'mild';
    const common =
      'Haemoglobin carries oxygen in the blood; below this level the WHO calls it anaemia. Common causes are ' +
      'iron deficiency, blood loss, low vitamin B12 or folate, long-term illness and inherited conditions; a doctor ' +
      'can find which with a few more tests, such as ferritin. The thresholds do not apply in pregnancy, and ' +
      'they read differently at high altitude and in people who smoke.';
    const action =
      band === 'severe'
        ? ' This is severe anaemia: please contact a doctor today, and seek emergency care if you feel breathless at rest, faint, have chest pain, or pass black or bloody stools.'
        : ' Please discuss it with a doctor.';
    return [
      finding(
        'anaemia',
        `${band[0]!.toUpperCase()}${band.slice(1)} anaemia`,
        band === 'severe' ? 'urgent' : 'attention',
        sex === 'unknown' ? ['hemoglobin'] : ['hemoglobin', 'sex'],
        show('hemoglobin', hb),
        range,
        common + action,
        CITATIONS.whoAnaemia2011,
        0,
      ),
    ];
  }
  if (sex === 'unknown' && hb < ANAEMIA_THRESHOLD.male) {
    return [
      finding(
        'anaemia-if-male',
        'Haemoglobin below the threshold for men',
        'info',
        ['hemoglobin'],
        show('hemoglobin', hb),
        `anaemia below ${ANAEMIA_THRESHOLD.male.toFixed(1)} g/dL in men, ${ANAEMIA_THRESHOLD.female.toFixed(1)} g/dL in non-pregnant women`,
        'This value is normal for a woman but would count as mild anaemia for a man. Sex was not given, so it is not counted as anaemia here.',
        CITATIONS.whoAnaemia2011,
      ),
    ];
  }
  return [];
}

export function highHaemoglobin(values: Measured, sex: Sex): Rule[] {
  const hb = values.hemoglobin;
  const limit = sex === 'female' ? HIGH_HAEMOGLOBIN_ABOVE.female : HIGH_HAEMOGLOBIN_ABOVE.male;
  if (hb <= limit) return [];
  return [
    finding(
      'high-haemoglobin',
      'High haemoglobin',
      'attention',
      sex === 'unknown' ? ['hemoglobin'] : ['hemoglobin', 'sex'],
      show('hemoglobin', hb),
      `above ${HIGH_HAEMOGLOBIN_ABOVE.male.toFixed(1)} g/dL in men, ${HIGH_HAEMOGLOBIN_ABOVE.female.toFixed(1)} g/dL in women`,
      'A haemoglobin this high is most often due to smoking, living at altitude, dehydration on the day of the test, ' +
        'lung disease, sleep apnoea or testosterone treatment; rarely it is a bone-marrow condition (polycythaemia vera). ' +
        'A repeat test and a talk with a doctor will tell which.',
      CITATIONS.whoMyeloid2016,
    ),
  ];
}
