import {
  BLOOD_TEST_CLASSES,
  BLOOD_TEST_LAB_FIELDS,
  SEVERITY_RANK,
  looksNormalised,
  type BloodTestClassCode,
  type BloodTestInterpretation,
  type BloodTestValues,
} from '@medibuddy/contracts';
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

const RULES: ReadonlyArray<(values: BloodTestValues, sex: Sex) => Rule[]> = [
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

const CONDITION_NAMES = 'anaemia, diabetes-range glucose, a thalassaemia-trait pattern or a platelet count below 100';

function labelOf(code: BloodTestClassCode) {
  return BLOOD_TEST_CLASSES[code].label;
}

function summarise(main: Rule | undefined, findings: Rule[], notEntered: readonly string[] = []): string {
  const others = findings.filter((f) => f !== main && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.attention);
  const urgent = findings.filter((f) => f.severity === 'urgent');
  const parts: string[] = [];
  if (main) parts.push(`Main finding: ${main.title.toLowerCase()}.`);
  else parts.push(`None of the conditions this test looks for (${CONDITION_NAMES}) was found.`);
  if (others.length > 0) {
    const titles = others.map((f) => f.title.toLowerCase()).join('; ');
    parts.push(
      `${main ? 'Also' : 'But'} ${others.length === 1 ? 'one other result needs' : `${others.length} other results need`} attention: ${titles}.`,
    );
  } else if (!main) {
    parts.push('No other value needs attention.');
  }
  if (urgent.length > 0) parts.push('Some results need care today: see the findings marked urgent.');
  if (notEntered.length > 0) parts.push(`Not checked, because not entered: ${notEntered.join(', ')}.`);
  return parts.join(' ');
}

/**
 * Reads validated lab values (BloodTestInputSchema) against the rules of blood-test/. Returns every finding, most
 * severe first, and the class code (0-4) of the main finding: the most severe finding that names one of
 * the four conditions (anaemia, diabetes, thalassaemia, thrombocytopenia) at 'attention' or above, ties
 * broken by CLASS_PRIORITY; 1 (Healthy) when there is none. Informational findings never set the class.
 */
export function interpretBloodTest(values: BloodTestValues): BloodTestInterpretation {
  if (looksNormalised(values)) {
    throw new RangeError('Blood-test values look scaled to 0-1; validate with BloodTestInputSchema first.');
  }
  const sex = sexOf(values);
  const found = RULES.flatMap((rule) => rule(values, sex));
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
  return {
    findings: ordered.map(({ classCode: _, ...f }) => f),
    classCode,
    label: labelOf(classCode),
    summary: summarise(
      main,
      ordered,
      BLOOD_TEST_LAB_FIELDS.filter((f) => values[f.key] === null || values[f.key] === undefined).map((f) =>
        f.label.toLowerCase(),
      ),
    ),
  };
}
