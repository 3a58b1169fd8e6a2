import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { RED_FLAGS, TriageLevelSchema } from '@medibuddy/contracts';
import { z } from 'zod';

/**
 * The symptom-triage knowledge base is data (server/src/content/triage/*.json), checked here when the server
 * starts and in knowledge-base.test.ts. Likelihoods and prevalence weights are the authors' estimates guided by
 * the cited page (which says which symptoms are common and who gets the condition); they are not measured
 * figures, and the schema's comments say so where they are used.
 */

const IdSchema = z.string().regex(/^[a-z0-9_]+$/, 'lower-case letters, digits and _');
const ProbabilitySchema = z.number().gt(0).lt(1);

export const AGE_BANDS = ['infant', 'child', 'teen', 'adult', 'older'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** 0 does not occur in that group; 1 rare, 2 uncommon, 3 common, 4 one of the commonest reasons to see a GP. */
const FrequencySchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const SourceSchema = z.strictObject({
  title: z.string().min(3),
  url: z.url().refine((u) => u.startsWith('https://'), 'https address'),
});

export const FeatureSchema = z.strictObject({
  id: IdSchema,
  kind: z.enum(['symptom', 'risk']),
  /** Plain words, used in the result ("You said yes to: ..."). */
  label: z.string().min(2),
  /** The question put to the person; "you" also reads right when a parent answers for a child. */
  question: z.string().min(5).endsWith('?'),
  /** Words people use for it, typos allowed by the matcher; complaint text matching one answers it "yes". */
  synonyms: z.array(z.string().min(2)).default([]),
  /** How often people without any listed condition that has it would say yes (the leak of the model). */
  baseRate: ProbabilitySchema.default(0.03),
  /** A red flag: "yes" raises the triage level at least to this, whatever the conditions say. */
  redFlag: z
    .strictObject({
      level: TriageLevelSchema.exclude(['self_care']),
      reason: z.string().min(5),
      /** A "yes" also brings the crisis lines into the advice (thoughts of suicide or self-harm). */
      crisis: z.boolean().optional(),
    })
    .optional(),
  /** Asked first when the complaint says nothing the vocabulary knows: the signs no one should miss. */
  askWhenUnclear: z.boolean().optional(),
  /** Ask only of these people. */
  ages: z
    .strictObject({ min: z.number().int().min(0).default(0), max: z.number().int().max(120).default(120) })
    .optional(),
  sex: z.enum(['female', 'male']).optional(),
  pregnantOnly: z.boolean().optional(),
});
export type Feature = z.infer<typeof FeatureSchema>;

export const ConditionSchema = z.strictObject({
  id: IdSchema,
  name: z.string().min(2),
  category: z.enum([
    'respiratory',
    'ent',
    'eye',
    'urinary',
    'gastro',
    'skin',
    'musculoskeletal',
    'neurological',
    'cardiovascular',
    'mental_health',
    'paediatric',
    'pregnancy',
    'womens_health',
    'mens_health',
    'general',
    'endocrine',
  ]),
  /** How soon care is needed when this is the condition and no red flag is raised. */
  level: TriageLevelSchema,
  /** One or two plain sentences for the result. */
  summary: z.string().min(10),
  /** Relative presentation frequency by age band (FrequencySchema's scale). */
  prevalence: z.strictObject({
    infant: FrequencySchema,
    child: FrequencySchema,
    teen: FrequencySchema,
    adult: FrequencySchema,
    older: FrequencySchema,
  }),
  /** Multiplier by sex (0: cannot occur, 1: no difference). */
  sex: z
    .strictObject({ female: z.number().min(0).max(5), male: z.number().min(0).max(5) })
    .default({ female: 1, male: 1 }),
  /** only: occurs only in pregnancy; never: cannot be the answer in pregnancy; any: either. */
  pregnancy: z.enum(['any', 'only', 'never']).default('any'),
  /** P(yes | this condition) for each symptom: the share of people with it who have that symptom. */
  symptoms: z.record(IdSchema, ProbabilitySchema),
  /** P(yes | this condition) for each risk factor. */
  risks: z.record(IdSchema, ProbabilitySchema).default({}),
  /** Red-flag features (ids) worth asking first when this condition is a candidate. */
  redFlags: z.array(IdSchema).default([]),
  /**
   * Who needs care sooner than the condition's level, as a guideline says (NICE NG109: a urine infection in pregnancy
   * or under 16 is treated at once): the rule's level applies when the person is in its ages, or pregnant.
   */
  levelRules: z
    .array(
      z.strictObject({
        level: TriageLevelSchema.exclude(['self_care']),
        ages: z.strictObject({ min: z.number().int().min(0), max: z.number().int().max(120) }).optional(),
        pregnant: z.literal(true).optional(),
        /** A feature the person said yes to (symptoms for more than 4 weeks: a GP, not more self-care). */
        said: IdSchema.optional(),
        source: SourceSchema,
      }),
    )
    .default([]),
  /** MediBuddy pages that fit: tests, medicines, chat. */
  links: z.array(z.enum(['medicines', 'chat', 'heart', 'diabetes', 'kidney', 'liver', 'blood', 'skin'])).default([]),
  source: SourceSchema,
});
export type Condition = z.infer<typeof ConditionSchema>;

export const KnowledgeBaseSchema = z
  .strictObject({
    features: z.array(FeatureSchema),
    conditions: z.array(ConditionSchema),
  })
  .superRefine((kb, ctx) => {
    const featureIds = new Set<string>();
    kb.features.forEach((f, i) => {
      if (featureIds.has(f.id))
        ctx.addIssue({ code: 'custom', path: ['features', i, 'id'], message: `duplicate feature ${f.id}` });
      featureIds.add(f.id);
    });
    const conditionIds = new Set<string>();
    const kindOf = new Map(kb.features.map((f) => [f.id, f.kind]));
    kb.conditions.forEach((c, i) => {
      if (conditionIds.has(c.id))
        ctx.addIssue({ code: 'custom', path: ['conditions', i, 'id'], message: `duplicate condition ${c.id}` });
      conditionIds.add(c.id);
      for (const [group, kind] of [
        ['symptoms', 'symptom'],
        ['risks', 'risk'],
      ] as const) {
        for (const id of Object.keys(c[group])) {
          if (kindOf.get(id) !== kind)
            ctx.addIssue({
              code: 'custom',
              path: ['conditions', i, group, id],
              message: `${c.id}: ${id} is not a ${kind} feature`,
            });
        }
      }
      for (const id of c.redFlags) {
        const f = kb.features.find((x) => x.id === id);
        if (!f?.redFlag)
          ctx.addIssue({
            code: 'custom',
            path: ['conditions', i, 'redFlags'],
            message: `${c.id}: ${id} is not a red-flag feature`,
          });
      }
      c.levelRules.forEach((rule, r) => {
        if (rule.said && !kindOf.has(rule.said))
          ctx.addIssue({
            code: 'custom',
            path: ['conditions', i, 'levelRules', r, 'said'],
            message: `${c.id}: ${rule.said} is not a feature`,
          });
      });
      if (Object.values(c.prevalence).every((v) => v === 0))
        ctx.addIssue({
          code: 'custom',
          path: ['conditions', i, 'prevalence'],
          message: `${c.id} occurs in no age band`,
        });
    });
  });
export type KnowledgeBase = z.infer<typeof KnowledgeBaseSchema> & { version: string };

const CONTENT_DIR = new URL('./', import.meta.url);

/** Reads and checks the JSON files; throws with every problem listed, so a bad edit stops the server at start. */
export function loadKnowledgeBase(dir: URL = CONTENT_DIR): KnowledgeBase {
  const features = readFileSync(new URL('features.json', dir), 'utf8');
  const conditions = readFileSync(new URL('conditions.json', dir), 'utf8');
  const parsed = KnowledgeBaseSchema.safeParse({ features: JSON.parse(features), conditions: JSON.parse(conditions) });
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 20).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`The triage knowledge base is invalid:\n${lines.join('\n')}`);
  }
  const version = createHash('sha256').update(features).update(conditions).digest('hex').slice(0, 12);
  return { ...parsed.data, version };
}

const FlagConditionsSchema = z.strictObject({
  about: z.string(),
  flags: z.record(z.string(), z.array(z.string()).min(1)),
});

/**
 * What each emergency warning sign of the shared safety check can mean, as condition ids (flag-conditions.json);
 * every id must be a condition of the knowledge base.
 */
export function loadFlagConditions(kb: KnowledgeBase, dir: URL = CONTENT_DIR): ReadonlyMap<string, readonly string[]> {
  const { flags } = FlagConditionsSchema.parse(JSON.parse(readFileSync(new URL('flag-conditions.json', dir), 'utf8')));
  const known = new Set(kb.conditions.map((c) => c.id));
  const unknown = Object.values(flags)
    .flat()
    .filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new Error(`flag-conditions.json names conditions the knowledge base lacks: ${unknown.join(', ')}`);
  return new Map(Object.entries(flags));
}

const DispositionsSchema = z.strictObject({
  about: z.string(),
  emergencyDepartment: z.strictObject({
    about: z.string(),
    source: SourceSchema,
    /** Warning signs of the shared safety check (contracts/src/content/red-flags.json). */
    flags: z.array(z.string()),
    /** Red-flag features of the knowledge base. */
    features: z.array(z.string()),
    conditions: z.array(z.string()),
  }),
  pharmacy: z.strictObject({ about: z.string(), source: SourceSchema, conditions: z.array(z.string()).min(1) }),
});

/** What sends an emergency to A&E rather than an ambulance, and a self-care result to a pharmacist. */
export type DispositionRules = {
  /** Flag, feature and condition ids, as `flag:<id>`, `feature:<id>` and `condition:<id>`. */
  emergencyDepartment: ReadonlySet<string>;
  pharmacy: ReadonlySet<string>;
};

/**
 * The rules that choose between the two dispositions of an emergency and of self care (dispositions.json): every id
 * must be a warning sign of the shared safety check, a red-flag feature or a condition of the knowledge base.
 */
export function loadDispositionRules(kb: KnowledgeBase, dir: URL = CONTENT_DIR): DispositionRules {
  const { emergencyDepartment: ed, pharmacy } = DispositionsSchema.parse(
    JSON.parse(readFileSync(new URL('dispositions.json', dir), 'utf8')),
  );
  const conditions = new Set(kb.conditions.map((c) => c.id));
  const redFlagFeatures = new Set(kb.features.filter((f) => f.redFlag).map((f) => f.id));
  const flags = new Set(RED_FLAGS.map((f) => f.id));
  const problems = [
    ...ed.flags.filter((id) => !flags.has(id)).map((id) => `warning sign ${id} is not in red-flags.json`),
    ...ed.features.filter((id) => !redFlagFeatures.has(id)).map((id) => `feature ${id} is not a red flag`),
    ...[...ed.conditions, ...pharmacy.conditions]
      .filter((id) => !conditions.has(id))
      .map((id) => `condition ${id} is not in the knowledge base`),
  ];
  if (problems.length > 0) throw new Error(`dispositions.json: ${problems.join('; ')}`);
  return {
    emergencyDepartment: new Set([
      ...ed.flags.map((id) => `flag:${id}`),
      ...ed.features.map((id) => `feature:${id}`),
      ...ed.conditions.map((id) => `condition:${id}`),
    ]),
    pharmacy: new Set(pharmacy.conditions),
  };
}

const NamedConditionsSchema = z.strictObject({
  about: z.string(),
  names: z.record(z.string(), z.array(z.string()).min(1)),
});

/**
 * Conditions a person names in their words (a reading's condition concepts, named-conditions.json), as condition ids:
 * every concept must be one the shared reading knows, and every id a condition of the knowledge base.
 */
export function loadNamedConditions(
  kb: KnowledgeBase,
  concepts: ReadonlySet<string>,
  dir: URL = CONTENT_DIR,
): ReadonlyMap<string, readonly string[]> {
  const { names } = NamedConditionsSchema.parse(
    JSON.parse(readFileSync(new URL('named-conditions.json', dir), 'utf8')),
  );
  const known = new Set(kb.conditions.map((c) => c.id));
  const problems = [
    ...Object.keys(names)
      .filter((id) => !concepts.has(id))
      .map((id) => `concept ${id} is not in the lexicon`),
    ...Object.values(names)
      .flat()
      .filter((id) => !known.has(id))
      .map((id) => `condition ${id} is not in the knowledge base`),
  ];
  if (problems.length > 0) throw new Error(`named-conditions.json: ${problems.join('; ')}`);
  return new Map(Object.entries(names));
}
