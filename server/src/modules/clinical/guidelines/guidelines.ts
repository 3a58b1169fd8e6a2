import {
  CLINICAL_FORMS,
  formatFieldValue,
  mostUrgentTimeframe,
  optionsOf,
  TIMEFRAME_RANK,
  unitShownOf,
  type ClinicalField,
  type ClinicalTestSlug,
  type GuidelineFinding,
  type Language,
  type NextStep,
  type Timeframe,
} from '@medibuddy/contracts';
import { fieldIn, unitIn } from '../../../content/assessments/clinical-fields';
import { GUIDELINES, type Condition, type DerivedField, type Guidelines } from '../../../content/clinical/guidelines';
import { numberTextIn } from '../../../locales/numbers';
import { timeframeHeadingIn } from '../scores/scores';

// The rules are content (content/clinical/guidelines.json, its schema and loader beside it); this module applies them.
export {
  GUIDELINES,
  GuidelineRuleSchema,
  GuidelinesSchema,
  guidelinesIn,
  loadGuidelines,
  type DerivedField,
  type GuidelineRule,
  type Guidelines,
} from '../../../content/clinical/guidelines';

/** The values of the test's derived fields, where the answers they come from were entered. */
function derivedValuesOf(test: ClinicalTestSlug, values: Values, guidelines: Guidelines): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of guidelines.derived) {
    if (d.test !== test) continue;
    const weight = values[d.bmiFrom.weightKg];
    const height = values[d.bmiFrom.heightCm];
    if (typeof weight === 'number' && typeof height === 'number' && height > 0) {
      out[d.key] = Number((weight / (height / 100) ** 2).toFixed(1));
    }
  }
  return out;
}

function derivedFieldOf(d: DerivedField): ClinicalField {
  return { key: d.key, label: d.label, unit: d.unit, type: 'decimal', step: 0.1 };
}

type Values = Readonly<Record<string, number | null | undefined>>;

/** A value that was not entered ('I don't know') never meets a condition: a rule needs the measurement. */
function holds(condition: Condition, values: Values): boolean {
  if ('all' in condition) return condition.all.every((c) => holds(c, values));
  if ('any' in condition) return condition.any.some((c) => holds(c, values));
  const v = values[condition.field];
  if (v === null || v === undefined) return false;
  switch (condition.op) {
    case '>=':
      return v >= condition.value;
    case '>':
      return v > condition.value;
    case '<=':
      return v <= condition.value;
    case '<':
      return v < condition.value;
    case '==':
      return v === condition.value;
  }
}

/** Only the fields whose own condition holds: 'ALT 620 IU/L', not also the normal AST beside it. */
function matchedFields(condition: Condition, values: Values): string[] {
  if ('field' in condition) return holds(condition, values) ? [condition.field] : [];
  const parts = 'all' in condition ? condition.all : condition.any;
  return [...new Set(parts.flatMap((c) => matchedFields(c, values)))];
}

/** A value as a finding names it: 'Systolic blood pressure 150 mm Hg', 'Sex: Male'; in `field`'s language. */
function show(field: ClinicalField, value: number, language: Language): string {
  if (field.type === 'code' || field.type === 'yesno') {
    return `${field.label}: ${optionsOf(field).find((o) => o.value === value)?.label ?? String(value)}`;
  }
  const unit = unitIn(language, unitShownOf(field));
  return `${field.label} ${numberTextIn(language, formatFieldValue(field, value))}${unit ? ` ${unit}` : ''}`;
}

/**
 * The guideline findings for one test's validated inputs, most urgent first, in a language: `guidelines` are the
 * rules with their words in it (guidelinesIn), and the values are named with the form's labels in it.
 */
export function applyGuidelines(
  test: ClinicalTestSlug,
  entered: Values,
  guidelines: Guidelines = GUIDELINES,
  language: Language = 'en',
): GuidelineFinding[] {
  const fields = new Map(
    [
      ...(CLINICAL_FORMS[test] as readonly ClinicalField[]).map((f) => fieldIn(language, test, f)),
      ...guidelines.derived.filter((d) => d.test === test).map(derivedFieldOf),
    ].map((f) => [f.key, f]),
  );
  const values: Values = { ...entered, ...derivedValuesOf(test, entered, guidelines) };
  const doneGroups = new Set<string>();
  const found: GuidelineFinding[] = [];
  for (const rule of guidelines.rules) {
    if (rule.test !== test || doneGroups.has(rule.group) || !holds(rule.when, values)) continue;
    doneGroups.add(rule.group);
    const keys = matchedFields(rule.when, values);
    found.push({
      id: rule.id,
      title: rule.title,
      severity: rule.severity,
      timeframe: rule.timeframe,
      fields: keys,
      value: keys.map((k) => show(fields.get(k)!, values[k] as number, language)).join('; '),
      referenceRange: rule.referenceRange,
      explanation: rule.explanation,
      nextStep: rule.nextStep,
      citation: guidelines.sources[rule.source]!,
    });
  }
  return orderByUrgency(found);
}

export function orderByUrgency<T extends { timeframe: Timeframe }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => TIMEFRAME_RANK[b.item.timeframe] - TIMEFRAME_RANK[a.item.timeframe] || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * A finding's title inside a sentence: 'Body mass index …' -> 'body mass index …', but 'HbA1c …' and 'BMI …' stay.
 * Hindi has no capitals: a title stays as it is.
 */
export function titleInSentence(title: string, language: Language = 'en'): string {
  if (language !== 'en') return title;
  return /^[A-Z][a-z]*(\s|,|$)/.test(title) ? title[0]!.toLowerCase() + title.slice(1) : title;
}

/** The guideline findings whose step replaces the model's. */
export function overridingOf(
  test: ClinicalTestSlug,
  findings: readonly GuidelineFinding[],
  guidelines: Guidelines = GUIDELINES,
) {
  const overriding = new Set(guidelines.rules.filter((r) => r.test === test && r.overridesModel).map((r) => r.id));
  return findings.filter((f) => overriding.has(f.id));
}

/** A next step from the most urgent of the findings, or `fallback` when none is more urgent than it. */
export function nextStepOf(
  findings: readonly GuidelineFinding[],
  fallback: NextStep,
  language: Language = 'en',
): NextStep {
  const timeframe = mostUrgentTimeframe(findings.map((f) => f.timeframe));
  const lead = findings.find((f) => f.timeframe === timeframe);
  if (!lead || TIMEFRAME_RANK[timeframe] < TIMEFRAME_RANK[fallback.timeframe]) return fallback;
  return { timeframe, heading: timeframeHeadingIn(language, timeframe), text: lead.nextStep, citation: lead.citation };
}
