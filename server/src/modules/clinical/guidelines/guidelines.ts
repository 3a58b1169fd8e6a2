import {
  CLINICAL_FORMS,
  formatFieldValue,
  mostUrgentTimeframe,
  optionsOf,
  TIMEFRAME_HEADING,
  TIMEFRAME_RANK,
  unitShownOf,
  type ClinicalField,
  type ClinicalTestSlug,
  type GuidelineFinding,
  type NextStep,
  type Timeframe,
} from '@medibuddy/contracts';
import { GUIDELINES, type Condition, type DerivedField, type Guidelines } from '../../../content/clinical/guidelines';

// The rules are content (content/clinical/guidelines.json, its schema and loader beside it); this module applies them.
export {
  GUIDELINES,
  GuidelineRuleSchema,
  GuidelinesSchema,
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

function show(field: ClinicalField, value: number): string {
  if (field.type === 'code' || field.type === 'yesno') {
    return `${field.label}: ${optionsOf(field).find((o) => o.value === value)?.label ?? String(value)}`;
  }
  const unit = unitShownOf(field);
  return `${field.label} ${formatFieldValue(field, value)}${unit ? ` ${unit}` : ''}`;
}

/** The guideline findings for one test's validated inputs, most urgent first. */
export function applyGuidelines(
  test: ClinicalTestSlug,
  entered: Values,
  guidelines: Guidelines = GUIDELINES,
): GuidelineFinding[] {
  const fields = new Map(
    [
      ...(CLINICAL_FORMS[test] as readonly ClinicalField[]),
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
      value: keys.map((k) => show(fields.get(k)!, values[k] as number)).join('; '),
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

/** A finding's title inside a sentence: 'Body mass index …' -> 'body mass index …', but 'HbA1c …' and 'BMI …' stay. */
export function titleInSentence(title: string): string {
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
export function nextStepOf(findings: readonly GuidelineFinding[], fallback: NextStep): NextStep {
  const timeframe = mostUrgentTimeframe(findings.map((f) => f.timeframe));
  const lead = findings.find((f) => f.timeframe === timeframe);
  if (!lead || TIMEFRAME_RANK[timeframe] < TIMEFRAME_RANK[fallback.timeframe]) return fallback;
  return { timeframe, heading: TIMEFRAME_HEADING[timeframe], text: lead.nextStep, citation: lead.citation };
}
