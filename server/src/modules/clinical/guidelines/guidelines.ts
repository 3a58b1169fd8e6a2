import { readFileSync } from 'node:fs';
import {
  CLINICAL_FORMS,
  CitationSchema,
  CLINICAL_TEST_SLUGS,
  formatFieldValue,
  mostUrgentTimeframe,
  optionsOf,
  SeveritySchema,
  TIMEFRAME_HEADING,
  TIMEFRAME_RANK,
  TimeframeSchema,
  unitShownOf,
  type ClinicalField,
  type ClinicalTestSlug,
  type GuidelineFinding,
  type NextStep,
  type Timeframe,
} from '@medibuddy/contracts';
import { z } from 'zod';

/**
 * Guideline rules (guidelines.json): published thresholds that run before any model and win over its band. A rule
 * is data with its source; a group holds the bands of one value, most severe first, and only the first rule that
 * matches in a group counts (a 2-hour glucose of 215 is 'diabetes range', not also 'prediabetes range').
 */

type Condition =
  | { field: string; op: '>=' | '>' | '<=' | '<' | '=='; value: number }
  | { all: Condition[] }
  | { any: Condition[] };

const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ field: z.string(), op: z.enum(['>=', '>', '<=', '<', '==']), value: z.number() }),
    z.strictObject({ all: z.array(ConditionSchema).min(1) }),
    z.strictObject({ any: z.array(ConditionSchema).min(1) }),
  ]),
);

export const GuidelineRuleSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  test: z.enum(CLINICAL_TEST_SLUGS),
  group: z.string(),
  when: ConditionSchema,
  title: z.string().min(5),
  severity: SeveritySchema,
  timeframe: TimeframeSchema,
  referenceRange: z.string().min(5),
  explanation: z.string().min(20),
  nextStep: z.string().min(10),
  /** A key of `sources`. */
  source: z.string(),
  /** Whether the rule's step replaces the model's (its timeframe is then the result's, whatever the band). */
  overridesModel: z.boolean(),
});
export type GuidelineRule = z.infer<typeof GuidelineRuleSchema>;

export const GuidelinesSchema = z
  .strictObject({
    version: z.string(),
    sources: z.record(z.string(), CitationSchema),
    rules: z.array(GuidelineRuleSchema).min(1),
    /** Blood-test findings (rules in blood-test.ts) whose timeframe is not the one their severity gives. */
    bloodTestTimeframes: z.record(z.string(), TimeframeSchema),
  })
  .superRefine((data, ctx) => {
    const ids = new Set<string>();
    data.rules.forEach((rule, i) => {
      if (ids.has(rule.id)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: `duplicate rule id ${rule.id}` });
      ids.add(rule.id);
      if (!data.sources[rule.source]) {
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'source'], message: `unknown source ${rule.source}` });
      }
      const keys = new Set((CLINICAL_FORMS[rule.test] as readonly ClinicalField[]).map((f) => f.key));
      for (const field of fieldsOf(rule.when)) {
        if (!keys.has(field)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'when'], message: `${rule.test} has no field ${field}` });
      }
    });
  });
export type Guidelines = z.infer<typeof GuidelinesSchema>;

export function loadGuidelines(file: URL = new URL('guidelines.json', import.meta.url)): Guidelines {
  return GuidelinesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export const GUIDELINES = loadGuidelines();

function fieldsOf(condition: Condition): string[] {
  if ('field' in condition) return [condition.field];
  return ('all' in condition ? condition.all : condition.any).flatMap(fieldsOf);
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
export function applyGuidelines(test: ClinicalTestSlug, values: Values, guidelines: Guidelines = GUIDELINES): GuidelineFinding[] {
  const fields = new Map((CLINICAL_FORMS[test] as readonly ClinicalField[]).map((f) => [f.key, f]));
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

/** The guideline findings whose step replaces the model's. */
export function overridingOf(test: ClinicalTestSlug, findings: readonly GuidelineFinding[], guidelines: Guidelines = GUIDELINES) {
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
