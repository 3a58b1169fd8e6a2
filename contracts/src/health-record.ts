import { z } from 'zod';
import { HEALTH_DATA_CONSENT_VERSION } from './forms/consent';
import { AssessmentIdSchema } from './assessments';
import { TestSlugSchema, type TestSlug } from './catalogue';

/**
 * 'My health record' (decision 012): the user's assessment history with trends, PDF reports and share links,
 * consent to store health data, and the data rights (export as JSON or FHIR R4, account deletion).
 */

/* ----------------------------------------------------------------------------------------------------------
 * History and trends
 * -------------------------------------------------------------------------------------------------------- */

/**
 * A value charted over time, with the range a healthy adult's value usually lies in (shaded on the chart).
 * Ranges are the thresholds the rules already use (docs/rules.md), with their sources.
 */
export type TrendSeries = {
  key: string;
  label: string;
  unit: string;
  /** [low, high] of the usual range, inclusive; null where one side is open. */
  range: readonly [number | null, number | null];
  /** The range in words, with its source: 'under 140 mg/dL (ADA Standards of Care 2025, §2)'. */
  rangeLabel: string;
};

const DIASTOLIC = { unit: 'mm Hg', range: [null, 79], rangeLabel: 'under 80 mm Hg (ACC/AHA 2017)' } as const;
const SYSTOLIC = { unit: 'mm Hg', range: [null, 119], rangeLabel: 'under 120 mm Hg (ACC/AHA 2017)' } as const;
const BMI = { unit: 'kg/m²', range: [18.5, 24.9], rangeLabel: '18.5 to 24.9 kg/m² (WHO TRS 894, 2000)' } as const;
const TOTAL_CHOLESTEROL = {
  unit: 'mg/dL',
  range: [null, 199],
  rangeLabel: 'under 200 mg/dL, desirable (NCEP ATP III, JAMA 2001)',
} as const;

/** The key values each test's trend shows (tests not listed show their results only). */
export const TREND_SERIES: Partial<Record<TestSlug, readonly TrendSeries[]>> = {
  diabetes: [
    {
      key: 'glucose',
      label: 'Glucose, 2 h after glucose drink',
      unit: 'mg/dL',
      range: [null, 139],
      rangeLabel: 'under 140 mg/dL 2 h after the glucose drink (ADA Standards of Care 2025, §2)',
    },
    { key: 'bmi', label: 'Body mass index', ...BMI },
    { key: 'bloodPressure', label: 'Diastolic blood pressure', ...DIASTOLIC },
  ],
  heart: [
    { key: 'bp', label: 'Resting systolic blood pressure', ...SYSTOLIC },
    { key: 'cholesterol', label: 'Serum cholesterol', ...TOTAL_CHOLESTEROL },
  ],
  cardio: [
    { key: 'apHigh', label: 'Systolic blood pressure', ...SYSTOLIC },
    { key: 'apLow', label: 'Diastolic blood pressure', ...DIASTOLIC },
    { key: 'weight', label: 'Weight', unit: 'kg', range: [null, null], rangeLabel: 'no single usual range' },
  ],
  'blood-test': [
    {
      key: 'glucose',
      label: 'Fasting glucose',
      unit: 'mg/dL',
      range: [70, 99],
      rangeLabel: '70 to 99 mg/dL fasting (ADA Standards of Care 2025, §2 and §6)',
    },
    {
      key: 'hemoglobin',
      label: 'Haemoglobin',
      unit: 'g/dL',
      range: [12, 16],
      rangeLabel: 'from 12.0 g/dL (women) or 13.0 (men) up to 16.0 (WHO 2011; WHO 2016)',
    },
    { key: 'cholesterol', label: 'Total cholesterol', ...TOTAL_CHOLESTEROL },
    { key: 'bmi', label: 'Body mass index', ...BMI },
    { key: 'systolicBloodPressure', label: 'Systolic blood pressure', ...SYSTOLIC },
  ],
};

/** The most history entries one page holds; a page holds HISTORY_PAGE_DEFAULT unless `limit` asks otherwise. */
export const HISTORY_PAGE_MAX = 100;
export const HISTORY_PAGE_DEFAULT = 50;
const LIMIT_RULE = `must be a whole number from 1 to ${HISTORY_PAGE_MAX}`;

export const HistoryQuerySchema = z.object({
  /** Only this test's assessments. */
  test: TestSlugSchema.optional(),
  /** Entries on this page, newest first. */
  limit: z.coerce
    .number(LIMIT_RULE)
    .int(LIMIT_RULE)
    .min(1, LIMIT_RULE)
    .max(HISTORY_PAGE_MAX, LIMIT_RULE)
    .default(HISTORY_PAGE_DEFAULT),
  /** The page after the one whose `nextCursor` this is (opaque; only a value the server gave is accepted). */
  cursor: z
    .string()
    .max(200, 'must be the nextCursor of a previous page')
    .regex(/^[A-Za-z0-9_-]+$/, 'must be the nextCursor of a previous page')
    .optional(),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const HistoryEntrySchema = z.object({
  id: AssessmentIdSchema,
  test: TestSlugSchema,
  testName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** One line: 'WHO chart: about 4 in 100 in 10 years (under 5 %)', 'Anemia', 'STONE score 9 of 13: moderate'. */
  headline: z.string(),
  /** The result page of this assessment. */
  resultPath: z.string(),
  /**
   * Model tests: the model's score (0-1, relative to its study, never a person's chance), its band and the screening
   * threshold; null otherwise. `score`: the validated score that led the result (its absolute risk, 0-1), when one did.
   */
  risk: z
    .object({
      probability: z.number(),
      band: z.enum(['low', 'moderate', 'high']),
      threshold: z.number(),
      score: z.object({ name: z.string(), risk: z.number().min(0).max(1), timeframeYears: z.number() }).optional(),
    })
    .nullable(),
  /** The entered values (null = not measured), for the trend of TREND_SERIES[test]. */
  values: z.record(z.string(), z.number().nullable()),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/**
 * GET /api/health-record/history: the user's assessments, newest first, a page at a time; `nextCursor` asks for
 * the next page (`?cursor=`), null on the last one.
 */
export const HistoryResponseSchema = z.object({
  assessments: z.array(HistoryEntrySchema),
  nextCursor: z.string().nullable(),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

/* ----------------------------------------------------------------------------------------------------------
 * Consent to store health data
 * -------------------------------------------------------------------------------------------------------- */

export * from './forms/consent';

export const ConsentStatusSchema = z.object({
  /** none: never asked; granted; withdrawn: was granted, then withdrawn. */
  status: z.enum(['none', 'granted', 'withdrawn']),
  version: z.string().nullable(),
  grantedAt: z.iso.datetime({ offset: true }).nullable(),
  withdrawnAt: z.iso.datetime({ offset: true }).nullable(),
  /** The wording asked for now, and its version. */
  text: z.string(),
  currentVersion: z.string(),
});
export type ConsentStatus = z.infer<typeof ConsentStatusSchema>;

export const GrantConsentRequestSchema = z.strictObject({
  /** The version of the text the person read; must be the current one. */
  version: z.literal(HEALTH_DATA_CONSENT_VERSION, { message: `must be "${HEALTH_DATA_CONSENT_VERSION}"` }),
});
export type GrantConsentRequest = z.infer<typeof GrantConsentRequestSchema>;

export const WithdrawConsentRequestSchema = z.strictObject({
  /** Also delete every stored assessment (and its share links). */
  deleteData: z.boolean(),
});
export type WithdrawConsentRequest = z.infer<typeof WithdrawConsentRequestSchema>;

export const WithdrawConsentResponseSchema = z.object({
  consent: ConsentStatusSchema,
  deletedAssessments: z.number().int(),
});
export type WithdrawConsentResponse = z.infer<typeof WithdrawConsentResponseSchema>;

/* ----------------------------------------------------------------------------------------------------------
 * Reports and share links
 * -------------------------------------------------------------------------------------------------------- */

export const PAPER_SIZES = ['A4', 'Letter'] as const;
export const ReportQuerySchema = z.object({
  paper: z.enum(PAPER_SIZES, { message: 'must be A4 or Letter' }).default('A4'),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

export const SHARE_DEFAULT_DAYS = 7;
export const SHARE_MAX_DAYS = 90;

export const CreateShareRequestSchema = z.strictObject({
  assessmentId: AssessmentIdSchema,
  /** How long the link works; 7 days unless said otherwise. */
  expiresInDays: z
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(SHARE_MAX_DAYS, `must be at most ${SHARE_MAX_DAYS} days`)
    .default(SHARE_DEFAULT_DAYS),
});
export type CreateShareRequest = z.input<typeof CreateShareRequestSchema>;

export const ShareSchema = z.object({
  id: z.uuid(),
  assessmentId: AssessmentIdSchema,
  testName: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type Share = z.infer<typeof ShareSchema>;

/** POST /api/health-record/shares (201): the link is shown once; the server keeps only a hash of its token. */
export const CreateShareResponseSchema = z.object({ share: ShareSchema, url: z.string() });
export type CreateShareResponse = z.infer<typeof CreateShareResponseSchema>;

export const ShareListResponseSchema = z.object({ shares: z.array(ShareSchema) });
export type ShareListResponse = z.infer<typeof ShareListResponseSchema>;

/* ----------------------------------------------------------------------------------------------------------
 * Account deletion
 * -------------------------------------------------------------------------------------------------------- */

export const DeleteAccountRequestSchema = z.strictObject({
  password: z.string().min(1, 'is required'),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;
