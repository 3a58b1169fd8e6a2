import path from 'node:path';
import {
  CLINICAL_FORMS,
  CitationSchema,
  CLINICAL_TEST_SLUGS,
  SeveritySchema,
  TimeframeSchema,
  type ClinicalField,
  type ClinicalTestSlug,
  type Language,
} from '@medibuddy/contracts';
import { z } from 'zod';
import { loadContentFile, plainText, type EntryNames } from '../content-file';
import { loadReferenceValues, thresholdOf } from '../reference-values';

export const GUIDELINES_FILE = path.join(import.meta.dirname, 'guidelines.json');

/**
 * Guideline rules (guidelines.json): published thresholds that run before any model and win over its band. A rule
 * is data with its source; a group holds the bands of one value, most severe first, and only the first rule that
 * matches in a group counts (a 2-hour glucose of 215 is 'diabetes range', not also 'prediabetes range'). Cut-offs the
 * chat also reads (blood pressure, glucose, HbA1c, BMI) are named from server/src/content/reference-values.json
 * rather than written here a second time.
 */

type Op = '>=' | '>' | '<=' | '<' | '==';

/**
 * A leaf compares one field with a number: written in the rule (`op` and `value`), or named in the table of
 * reference values (`threshold`: 'glucose_2h.diabetes.from'), which then gives both the number and how to compare.
 * After loading every leaf has its `op` and `value`; `threshold` stays to say where they came from.
 */
export type Leaf = { field: string; op: Op; value: number; threshold?: string };
export type Condition = Leaf | { all: Condition[] } | { any: Condition[] };

const REFERENCE_VALUES = loadReferenceValues();

const LeafSchema = z
  .strictObject({
    field: z.string(),
    op: z.enum(['>=', '>', '<=', '<', '==']).optional(),
    value: z.number().optional(),
    threshold: z.string().optional(),
  })
  .transform((leaf, ctx): Leaf => {
    if (leaf.threshold === undefined) {
      if (leaf.op === undefined || leaf.value === undefined) {
        ctx.addIssue({ code: 'custom', message: `${leaf.field}: a condition needs op and value, or a threshold` });
        return z.NEVER;
      }
      return { field: leaf.field, op: leaf.op, value: leaf.value };
    }
    const found = thresholdOf(REFERENCE_VALUES, leaf.threshold);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `reference-values.json has no threshold ${leaf.threshold}` });
      return z.NEVER;
    }
    // Written out as well (a loaded file read back): it must say what the table says.
    if ((leaf.op !== undefined && leaf.op !== found.op) || (leaf.value !== undefined && leaf.value !== found.value)) {
      ctx.addIssue({
        code: 'custom',
        message: `${leaf.threshold} is ${found.op} ${found.value} in reference-values.json`,
      });
      return z.NEVER;
    }
    return { field: leaf.field, op: found.op, value: found.value, threshold: leaf.threshold };
  });

const AllSchema = z.strictObject({ all: z.array(z.lazy(() => ConditionSchema)).min(1) });
const AnySchema = z.strictObject({ any: z.array(z.lazy(() => ConditionSchema)).min(1) });

/** Picked by key rather than tried in turn, so a mistake in a leaf is reported as itself, not as 'Invalid input'. */
const ConditionSchema: z.ZodType<Condition, unknown> = z.unknown().transform((value, ctx): Condition => {
  const has = (key: string) => typeof value === 'object' && value !== null && key in value;
  const parsed = (has('all') ? AllSchema : has('any') ? AnySchema : LeafSchema).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});

/**
 * A value a rule reads that the form does not ask for but can be worked out from its answers: a body mass index
 * from height (cm) and weight (kg), rounded to one decimal as it is shown.
 */
const DerivedFieldSchema = z.strictObject({
  test: z.enum(CLINICAL_TEST_SLUGS),
  key: z.string(),
  label: z.string().min(3),
  unit: z.string(),
  bmiFrom: z.strictObject({ weightKg: z.string(), heightCm: z.string() }),
});
export type DerivedField = z.infer<typeof DerivedFieldSchema>;

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

const formKeysOf = (test: ClinicalTestSlug) => (CLINICAL_FORMS[test] as readonly ClinicalField[]).map((f) => f.key);

export const GuidelinesSchema = z
  .strictObject({
    version: z.string(),
    sources: z.record(z.string(), CitationSchema),
    derived: z.array(DerivedFieldSchema).default([]),
    rules: z.array(GuidelineRuleSchema).min(1),
    /** Blood-test findings (rules in blood-test.ts) whose timeframe is not the one their severity gives. */
    bloodTestTimeframes: z.record(z.string(), TimeframeSchema),
  })
  .superRefine((data, ctx) => {
    data.derived.forEach((d, i) => {
      const keys = new Set(formKeysOf(d.test));
      if (keys.has(d.key))
        ctx.addIssue({
          code: 'custom',
          path: ['derived', i, 'key'],
          message: `${d.test} already has a field ${d.key}`,
        });
      for (const from of Object.values(d.bmiFrom)) {
        if (!keys.has(from))
          ctx.addIssue({ code: 'custom', path: ['derived', i], message: `${d.test} has no field ${from}` });
      }
    });
    const ids = new Set<string>();
    data.rules.forEach((rule, i) => {
      if (ids.has(rule.id))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: `duplicate rule id ${rule.id}` });
      ids.add(rule.id);
      if (!data.sources[rule.source]) {
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'source'], message: `unknown source ${rule.source}` });
      }
      const keys = new Set([
        ...formKeysOf(rule.test),
        ...data.derived.filter((d) => d.test === rule.test).map((d) => d.key),
      ]);
      for (const leaf of leavesOf(rule.when)) {
        if (!keys.has(leaf.field))
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'when'],
            message: `${rule.test} has no field ${leaf.field}`,
          });
        // The words shown beside a finding must name the number the table holds, so the two cannot drift apart.
        if (leaf.threshold && !mentionsNumber(rule.referenceRange, leaf.value)) {
          ctx.addIssue({
            code: 'custom',
            path: ['rules', i, 'referenceRange'],
            message: `${rule.id}: the reference range does not mention ${leaf.value} (${leaf.threshold})`,
          });
        }
      }
    });
  });
export type Guidelines = z.infer<typeof GuidelinesSchema>;

/** How messages name an entry: `rule "hba1c-diabetes" (rules[3])`. */
const NAMES: EntryNames = {
  rules: { noun: 'rule', idField: 'id' },
  derived: { noun: 'derived field', idField: 'key' },
};

export function loadGuidelines(file = GUIDELINES_FILE): Guidelines {
  return loadContentFile(file, GuidelinesSchema, NAMES);
}

export const GUIDELINES = loadGuidelines();

/** Whether `text` holds `value` as a number of its own: '6.5 %' holds 6.5, '16.5' and '6.55' do not. */
function mentionsNumber(text: string, value: number): boolean {
  return (text.match(/\d+(\.\d+)?/g) ?? []).some((n) => Number(n) === value);
}

export function leavesOf(condition: Condition): Leaf[] {
  if ('field' in condition) return [condition];
  return ('all' in condition ? condition.all : condition.any).flatMap(leavesOf);
}

export const GUIDELINES_HINDI_FILE = path.join(import.meta.dirname, 'guidelines.hi.json');

const RuleWordsSchema = z.strictObject({
  title: plainText,
  referenceRange: plainText,
  explanation: plainText,
  nextStep: plainText,
});

const GuidelinesHindiSchema = z.strictObject({
  about: z.array(z.string()),
  /** A derived field's label by `<test>.<key>`. */
  derived: z.record(z.string(), plainText),
  rules: z.record(z.string(), RuleWordsSchema),
});
export type GuidelinesHindi = z.infer<typeof GuidelinesHindiSchema>;

/** Every rule and derived field of the English in Hindi, and no Hindi for one the English does not have. */
export function guidelinesHindiProblems(hindi: GuidelinesHindi, english: Guidelines = GUIDELINES): string[] {
  const problems: string[] = [];
  const ids = new Set(english.rules.map((r) => r.id));
  for (const id of ids) if (!hindi.rules[id]) problems.push(`rule "${id}": no Hindi`);
  for (const id of Object.keys(hindi.rules))
    if (!ids.has(id)) problems.push(`rule "${id}": not a rule of guidelines.json`);
  const derived = new Set(english.derived.map((d) => `${d.test}.${d.key}`));
  for (const key of derived) if (!hindi.derived[key]) problems.push(`derived field "${key}": no Hindi`);
  for (const key of Object.keys(hindi.derived))
    if (!derived.has(key)) problems.push(`derived field "${key}": not a derived field of guidelines.json`);
  return problems;
}

/**
 * The Hindi of the rules' words (guidelines.hi.json beside this file): title, reference range,
 * explanation and next step by rule id, and the derived fields' labels. Translated from the English, which carries
 * the conditions, numbers and sources.
 */
export function loadGuidelinesHindi(file = GUIDELINES_HINDI_FILE): GuidelinesHindi {
  return loadContentFile(file, GuidelinesHindiSchema, { rules: { noun: 'rule' } }, (hindi) =>
    guidelinesHindiProblems(hindi),
  );
}

/** Read when the server starts, so a broken or incomplete file stops it. */
const GUIDELINES_HINDI = loadGuidelinesHindi();

const HINDI_GUIDELINES: Guidelines = {
  ...GUIDELINES,
  derived: GUIDELINES.derived.map((d) => ({ ...d, label: GUIDELINES_HINDI.derived[`${d.test}.${d.key}`] ?? d.label })),
  rules: GUIDELINES.rules.map((rule) => ({ ...rule, ...GUIDELINES_HINDI.rules[rule.id] })),
};

/** The rules with their words in a language: the same conditions, numbers and sources (GUIDELINES for English). */
export function guidelinesIn(language: Language): Guidelines {
  return language === 'en' ? GUIDELINES : HINDI_GUIDELINES;
}
