/**
 * Validated risk scores as data (risk-scores/*.json, each with its source): the WHO 2019 charts for South Asia, the
 * pooled cohort equations, FINDRISC and the Indian Diabetes Risk Score, and each risk model's study share. Checked
 * here at load; computed in modules/clinical/scores. Not reviewed by a clinician yet.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const SourceSchema = z.strictObject({ title: z.string().min(20), url: z.url() });

export const RiskLevelSchema = z.enum(['low', 'low-moderate', 'moderate', 'high', 'very-high']);
export type RiskLevel = z.infer<typeof RiskLevelSchema>;

/** Bands of a score, lowest first; a value is in the first band it is below; the last band has no bound. */
const BAND = { below: z.number().optional(), label: z.string(), level: RiskLevelSchema };
const lastBandOpen = (bands: readonly { below?: number | undefined }[]) =>
  bands.slice(0, -1).every((b) => b.below !== undefined) && bands.at(-1)?.below === undefined;
const OPEN_LAST = { message: 'every band but the last needs `below`; the last has none' };
const BandsSchema = z.array(z.strictObject(BAND)).min(2).refine(lastBandOpen, OPEN_LAST);
const FindriscBandsSchema = z
  .array(z.strictObject({ ...BAND, inHundred: z.number().int(), words: z.string() }))
  .min(2)
  .refine(lastBandOpen, OPEN_LAST);

/** The step a band gives, by level (the levels the score's bands use). */
const NextStepsSchema = z.partialRecord(
  RiskLevelSchema,
  z.strictObject({ timeframe: z.enum(['routine', 'days']), text: z.string().min(20) }),
);

const FIVE = z.array(z.number().int().min(0).max(100)).length(5);
const ByBand = (bands: readonly string[]) => z.strictObject(Object.fromEntries(bands.map((b) => [b, FIVE])));
const AGE_BANDS = ['40-44', '45-49', '50-54', '55-59', '60-64', '65-69', '70-74'] as const;
const SBP_BANDS = ['<120', '120-139', '140-159', '160-179', '>=180'] as const;
const BySbp = ByBand(SBP_BANDS);
const ByAge = z.strictObject(Object.fromEntries(AGE_BANDS.map((a) => [a, BySbp])));
const BySmoking = z.strictObject({ nonsmoker: ByAge, smoker: ByAge });
const BySex = <T extends z.ZodType>(inner: T) => z.strictObject({ men: inner, women: inner });

/** One cell's five values: the chart's last axis (BMI or cholesterol bands). */
export type ChartRow = readonly number[];
type AgeGrid = Record<string, Record<string, ChartRow>>;
type SmokingGrid = { nonsmoker: AgeGrid; smoker: AgeGrid };

const Axis = z.strictObject({
  labels: z.array(z.string()).length(5),
  from: z.array(z.number()).length(5),
  unit: z.string(),
});

const WhoChartSchema = z.strictObject({
  id: z.literal('who-2019-south-asia'),
  name: z.string(),
  outcome: z.string(),
  timeframeYears: z.number(),
  region: z.string(),
  ages: z.strictObject({ from: z.number(), to: z.number() }),
  source: SourceSchema,
  transcription: z.strictObject({ nonLab: z.string(), lab: z.string() }),
  ageBands: z.array(z.enum(AGE_BANDS)).length(7),
  sbpBands: Axis,
  bmiBands: Axis,
  cholesterolBands: Axis,
  riskBands: BandsSchema,
  lower: z.strictObject({
    source: SourceSchema,
    smoker: z.string(),
    bloodPressure: z.string().includes('{sbp}'),
    weight: z.string().includes('{bmi}'),
    cholesterol: z.string(),
    everyone: z.string(),
  }),
  nextSteps: NextStepsSchema,
  nonLab: BySex(BySmoking),
  lab: BySex(z.strictObject({ nondiabetic: BySmoking, diabetic: BySmoking })),
});
export type WhoChart = Omit<z.infer<typeof WhoChartSchema>, 'nonLab' | 'lab'> & {
  nonLab: { men: SmokingGrid; women: SmokingGrid };
  lab: {
    men: { nondiabetic: SmokingGrid; diabetic: SmokingGrid };
    women: { nondiabetic: SmokingGrid; diabetic: SmokingGrid };
  };
};

const PceSexSchema = z.strictObject({
  lnAge: z.number(),
  lnAgeSquared: z.number(),
  lnTotalCholesterol: z.number(),
  lnAgeXlnTotalCholesterol: z.number(),
  lnHdl: z.number(),
  lnAgeXlnHdl: z.number(),
  lnTreatedSbp: z.number(),
  lnAgeXlnTreatedSbp: z.number(),
  lnUntreatedSbp: z.number(),
  lnAgeXlnUntreatedSbp: z.number(),
  smoker: z.number(),
  lnAgeXsmoker: z.number(),
  diabetes: z.number(),
  baselineSurvival: z.number().gt(0).lt(1),
  meanSum: z.number(),
});
export type PceCoefficients = z.infer<typeof PceSexSchema>;

const PceSchema = z.strictObject({
  id: z.literal('pce-2013'),
  name: z.string(),
  outcome: z.string(),
  timeframeYears: z.number(),
  ages: z.strictObject({ from: z.number(), to: z.number() }),
  source: SourceSchema,
  note: z.string(),
  equations: z.strictObject({ women: PceSexSchema, men: PceSexSchema }),
  workedExamples: z.strictObject({
    note: z.string(),
    inputs: z.strictObject({
      age: z.number(),
      totalCholesterolMgDl: z.number(),
      hdlMgDl: z.number(),
      sbp: z.number(),
      bpTreated: z.boolean(),
      smoker: z.boolean(),
      diabetes: z.boolean(),
    }),
    women: z.number(),
    men: z.number(),
  }),
  riskBands: BandsSchema,
});

/** Points by a value: the first step whose `below` (value < below) or `upTo` (value <= upTo) holds; the last has neither. */
const StepsSchema = z
  .array(z.strictObject({ below: z.number().optional(), upTo: z.number().optional(), points: z.number().int() }))
  .min(2);
export type PointSteps = z.infer<typeof StepsSchema>;

const FindriscSchema = z.strictObject({
  id: z.literal('findrisc'),
  name: z.string(),
  outcome: z.string(),
  timeframeYears: z.number(),
  source: SourceSchema,
  points: z.strictObject({
    age: StepsSchema,
    bmi: StepsSchema,
    waistMen: StepsSchema,
    waistWomen: StepsSchema,
    notActive30MinDaily: z.number().int(),
    noVegetablesDaily: z.number().int(),
    bloodPressureMedicine: z.number().int(),
    highGlucoseEver: z.number().int(),
    familyHistory: z.strictObject({ none: z.number(), secondDegree: z.number(), firstDegree: z.number() }),
  }),
  maxPoints: z.number().int(),
  riskBands: FindriscBandsSchema,
  lower: z.strictObject({ source: SourceSchema, weight: z.string(), activity: z.string(), vegetables: z.string() }),
  nextSteps: NextStepsSchema,
});

const IdrsSchema = z.strictObject({
  id: z.literal('idrs'),
  name: z.string(),
  outcome: z.string(),
  source: SourceSchema,
  points: z.strictObject({
    age: StepsSchema,
    waistMen: StepsSchema,
    waistWomen: StepsSchema,
    activity: z.strictObject({ vigorous: z.number(), moderate: z.number(), mild: z.number(), none: z.number() }),
    familyHistory: z.strictObject({ none: z.number(), oneParent: z.number(), bothParents: z.number() }),
  }),
  maxPoints: z.number().int(),
  riskBands: BandsSchema,
  note: z.string(),
  nextSteps: NextStepsSchema,
});

const ModelShareSchema = z.strictObject({
  study: z.strictObject({
    withCondition: z.number().int().positive(),
    rows: z.number().int().positive(),
    who: z.string(),
  }),
  population: z.strictObject({ share: z.number().gt(0).lt(1), who: z.string(), source: SourceSchema }).nullable(),
  why: z.string().optional(),
});
export type ModelShare = z.infer<typeof ModelShareSchema>;

const ModelPrevalenceSchema = z.strictObject({
  note: z.string(),
  models: z.strictObject({
    heart: ModelShareSchema,
    diabetes: ModelShareSchema,
    cardio: ModelShareSchema,
    liver: ModelShareSchema,
  }),
});

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./risk-scores/${name}`, import.meta.url), 'utf8'));

export type RiskScoreContent = {
  who: WhoChart;
  pce: z.infer<typeof PceSchema>;
  findrisc: z.infer<typeof FindriscSchema>;
  idrs: z.infer<typeof IdrsSchema>;
  prevalence: z.infer<typeof ModelPrevalenceSchema>;
};

let cached: RiskScoreContent | undefined;

/** The score tables, checked once and shared (they are read-only). */
export function loadRiskScores(): RiskScoreContent {
  cached ??= {
    who: WhoChartSchema.parse(read('who-2019-south-asia.json')) as WhoChart,
    pce: PceSchema.parse(read('pce-2013.json')),
    findrisc: FindriscSchema.parse(read('findrisc.json')),
    idrs: IdrsSchema.parse(read('idrs.json')),
    prevalence: ModelPrevalenceSchema.parse(read('model-prevalence.json')),
  };
  return cached;
}
