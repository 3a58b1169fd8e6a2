import {
  BLOOD_TEST_CLASSES,
  BLOOD_TEST_LAB_FIELDS,
  SEVERITY_RANK,
  looksNormalised,
  type BloodTestClassCode,
  type BloodTestInterpretation,
  type BloodTestValues,
  type Language,
} from '@medibuddy/contracts';
import { fieldIn } from '../../../content/assessments/clinical-fields';
import { say } from '../../../locales/result-texts';
import { needs, sexOf, type ConditionCode, type Rule, type Sex } from './blood-test/finding';
import { highHaemoglobin, anaemia } from './blood-test/haemoglobin';
import { glucose, insulin } from './blood-test/glucose';
import { platelets, whiteCells } from './blood-test/blood-count';
import { redCellIndices, redCellSize } from './blood-test/red-cells';
import { lipids } from './blood-test/lipids';
import { bloodPressure, bmi, heartRate } from './blood-test/vitals';

export { show } from './blood-test/finding';
export { mentzerIndex } from './blood-test/red-cells';
export { bloodPressureCategory, type BloodPressureCategory } from './blood-test/vitals';

/**
 * The Blood test: 17 lab values read against published criteria, one rule per criterion, every finding
 * reported with its source. No model: the only data set for this form is scaled 0-1 with unpublished bounds
 * and contradicts itself (docs/rules.md). Thresholds are the sources' own numbers.
 *
 * The rules, one file per measure, are in blood-test/ (the finding they return and the reference table they read
 * their cut-offs from: blood-test/finding.ts); this file runs them and puts the result together.
 */

/**
 * When several classes apply, the main one is the most severe; among equals, this order decides.
 * Thalassaemia trait first: it is the more specific explanation of the same small-cell, low-haemoglobin
 * picture as anaemia. Blood-count findings before glucose, because a single fasting glucose needs a
 * repeat test before it counts (ADA), while the others stand on the count in hand.
 */
export const CLASS_PRIORITY: readonly ConditionCode[] = [3, 0, 4, 2];

const RULES: ReadonlyArray<(values: BloodTestValues, sex: Sex, language: Language) => Rule[]> = [
  needs(['hemoglobin'], anaemia),
  needs(['hemoglobin'], highHaemoglobin),
  needs(['glucose'], glucose),
  needs(['platelets'], platelets),
  needs(['whiteBloodCells'], whiteCells),
  needs(['meanCorpuscularVolume', 'redBloodCells'], redCellSize),
  needs(
    [
      'meanCorpuscularHemoglobin',
      'meanCorpuscularHemoglobinConcentration',
      'hemoglobin',
      'redBloodCells',
      'meanCorpuscularVolume',
    ],
    redCellIndices,
  ),
  needs(['cholesterol', 'ldlCholesterol', 'hdlCholesterol', 'triglycerides'], lipids),
  needs(['systolicBloodPressure', 'diastolicBloodPressure'], bloodPressure),
  needs(['bmi'], bmi),
  needs(['insulin'], insulin),
  needs(['heartRate'], heartRate),
];

function labelOf(code: BloodTestClassCode) {
  return BLOOD_TEST_CLASSES[code].label;
}

/** A title inside a sentence: lower case in English ('main finding: mild anaemia'); Hindi has no capitals. */
export function inSentence(title: string, language: Language): string {
  return language === 'en' ? title.toLowerCase() : title;
}

export function summarise(
  main: Rule | undefined,
  findings: readonly Rule[],
  notEntered: readonly string[] = [],
  language: Language = 'en',
): string {
  const others = findings.filter((f) => f !== main && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.attention);
  const urgent = findings.filter((f) => f.severity === 'urgent');
  const parts: string[] = [];
  if (main) parts.push(say(language, 'blood.summary.main', { title: inSentence(main.title, language) }));
  else parts.push(say(language, 'blood.summary.none'));
  if (others.length > 0) {
    const titles = others.map((f) => inSentence(f.title, language)).join('; ');
    const one = others.length === 1;
    const key = main
      ? one
        ? 'blood.summary.alsoOne'
        : 'blood.summary.alsoMany'
      : one
        ? 'blood.summary.butOne'
        : 'blood.summary.butMany';
    parts.push(say(language, key, { count: others.length, titles }));
  } else if (!main) {
    parts.push(say(language, 'blood.summary.nothingElse'));
  }
  if (urgent.length > 0) parts.push(say(language, 'blood.summary.urgent'));
  if (notEntered.length > 0) parts.push(say(language, 'blood.summary.notEntered', { fields: notEntered.join(', ') }));
  return parts.join(' ');
}

/**
 * Reads validated lab values (BloodTestInputSchema) against the rules of blood-test/. Returns every finding, most
 * severe first, and the class code (0-4) of the main finding: the most severe finding that names one of
 * the four conditions (anaemia, diabetes, thalassaemia, thrombocytopenia) at 'attention' or above, ties
 * broken by CLASS_PRIORITY; 1 (Healthy) when there is none. Informational findings never set the class.
 */
export function interpretBloodTest(values: BloodTestValues, language: Language = 'en'): BloodTestInterpretation {
  return interpretBloodTestRules(values, language).interpretation;
}

/** The interpretation, with the main finding and every finding with its class (what a page in another language reads). */
export function interpretBloodTestRules(
  values: BloodTestValues,
  language: Language = 'en',
): { interpretation: BloodTestInterpretation; main: Rule | undefined; ordered: Rule[]; notEntered: string[] } {
  if (looksNormalised(values)) {
    throw new RangeError('Blood-test values look scaled to 0-1; validate with BloodTestInputSchema first.');
  }
  const sex = sexOf(values);
  const found = RULES.flatMap((rule) => rule(values, sex, language));
  const ordered = found
    .map((f, index) => ({ f, index }))
    .sort((a, b) => SEVERITY_RANK[b.f.severity] - SEVERITY_RANK[a.f.severity] || a.index - b.index)
    .map(({ f }) => f);
  const main = ordered
    .filter((f) => f.classCode !== undefined && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.attention)
    .sort(
      (a, b) =>
        SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
        CLASS_PRIORITY.indexOf(a.classCode!) - CLASS_PRIORITY.indexOf(b.classCode!),
    )[0];
  const classCode: BloodTestClassCode = main?.classCode ?? 1;
  const notEntered = BLOOD_TEST_LAB_FIELDS.filter((f) => values[f.key] === null || values[f.key] === undefined).map(
    (f) => inSentence(fieldIn(language, 'blood-test', f).label, language),
  );
  return {
    interpretation: {
      findings: ordered.map(({ classCode: _, ...f }) => f),
      classCode,
      label: labelOf(classCode),
      summary: summarise(main, ordered, notEntered, language),
    },
    main,
    ordered,
    notEntered,
  };
}
