import { z } from 'zod';
import { TRIAGE_ANSWERS, TRIAGE_DISPOSITIONS, TRIAGE_LEVELS } from './forms/triage';

export * from './forms/triage';

/**
 * Symptom triage: "what is bothering you?", then one question at a time, then how soon to get care and the
 * conditions that fit. The server keeps nothing between steps: every request carries the whole session
 * (profile, complaint, answers so far), so any server instance can answer it and nothing health-related is
 * stored unless the user saves it.
 */

export const TriageLevelSchema = z.enum(TRIAGE_LEVELS);
export const TriageDispositionSchema = z.enum(TRIAGE_DISPOSITIONS);
export type TriageDisposition = z.infer<typeof TriageDispositionSchema>;
export type TriageLevel = z.infer<typeof TriageLevelSchema>;

export const TriageAnswerValueSchema = z.enum(TRIAGE_ANSWERS);
export type TriageAnswerValue = z.infer<typeof TriageAnswerValueSchema>;

export const TriageSexSchema = z.enum(['female', 'male']);

export const TriageProfileSchema = z.strictObject({
  /** Whole years; a baby under one is 0. */
  age: z.number().int().min(0).max(120),
  sex: TriageSexSchema,
  /** Asked only of women of child-bearing age; left out otherwise. */
  pregnant: z.boolean().optional(),
});
export type TriageProfile = z.infer<typeof TriageProfileSchema>;

export const TriageStartRequestSchema = TriageProfileSchema.extend({
  /** The main complaint in the person's own words. */
  complaint: z.string().trim().min(2).max(500),
}).strict();
export type TriageStartRequest = z.infer<typeof TriageStartRequestSchema>;

export const TriageAnswerSchema = z.strictObject({
  questionId: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9_]+$/),
  answer: TriageAnswerValueSchema,
});
export type TriageAnswer = z.infer<typeof TriageAnswerSchema>;

/** The whole session, sent back by the client with each step. */
export const TriageSessionSchema = z.strictObject({
  profile: TriageProfileSchema,
  complaint: z.string().trim().min(2).max(500),
  answers: z.array(TriageAnswerSchema).max(40),
});
export type TriageSession = z.infer<typeof TriageSessionSchema>;

export const TriageStepRequestSchema = z.strictObject({
  session: TriageSessionSchema,
  questionId: TriageAnswerSchema.shape.questionId,
  answer: TriageAnswerValueSchema,
});
export type TriageStepRequest = z.infer<typeof TriageStepRequestSchema>;

export const TriageQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Red-flag questions come first and can end the assessment at once. */
  isRedFlag: z.boolean(),
  /** 1-based number of this question, and the most the assessment will ask. */
  number: z.number().int(),
  maxQuestions: z.number().int(),
  /** 'hi' when the question is in Hindi (the complaint was written in Hindi or Hinglish). */
  language: z.enum(['hi']).optional(),
});
export type TriageQuestion = z.infer<typeof TriageQuestionSchema>;

export const TriageSourceSchema = z.object({ title: z.string(), url: z.string() });

export const TriageConditionResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Posterior probability among the conditions the knowledge base holds (not a diagnosis). */
  probability: z.number(),
  level: TriageLevelSchema,
  /** The answers that point towards this condition, in plain words. */
  supportingAnswers: z.array(z.string()),
  /** The answers that point away from it. */
  opposingAnswers: z.array(z.string()),
  summary: z.string(),
  source: TriageSourceSchema,
  /** MediBuddy pages that fit this condition. */
  links: z.array(z.object({ label: z.string(), href: z.string() })),
  /**
   * Named because an emergency warning sign the person described can mean it (a bleeding ulcer for vomiting blood),
   * not by the ranking: shown first under an emergency, without a likelihood.
   */
  fromWarningSign: z.boolean().optional(),
});
export type TriageConditionResult = z.infer<typeof TriageConditionResultSchema>;

export const TriageAdviceSchema = z.object({
  level: TriageLevelSchema,
  /**
   * Where to go, as NHS 111 says it (an ambulance or A&E, a GP today or within 2 weeks, a pharmacist or home). Absent
   * only on checks saved before dispositions existed (2026-11-28), which read as their level's first disposition.
   */
  disposition: TriageDispositionSchema.optional(),
  /** One line: "Call an emergency number now". */
  headline: z.string(),
  /** What to do and how soon, in plain words. */
  advice: z.string(),
  /** What to do while waiting to be seen, or while it settles (absent on checks saved before 2026-11-28). */
  meanwhile: z.string().optional(),
  /** When to get help again, or sooner. */
  callAgain: z.string().optional(),
  /** Why this level: the red flag or the condition that requires it. */
  reasons: z.array(z.string()),
  /** Thoughts of suicide or self-harm were raised: the crisis lines come first. */
  isCrisis: z.boolean(),
  /** Shown when the level is emergency or a crisis sign was raised. */
  emergencyNumbers: z.string().optional(),
  /** The language of headline and advice when it is not English: 'hi' for a complaint in Hindi or Hinglish. */
  language: z.enum(['hi']).optional(),
});
export type TriageAdvice = z.infer<typeof TriageAdviceSchema>;

export const TriageResultSchema = z.object({
  triage: TriageAdviceSchema,
  conditions: z.array(TriageConditionResultSchema),
  /** The complaint's words matched to the symptom vocabulary, for the user to check. */
  understood: z.array(z.string()),
  notice: z.string(),
  knowledgeBaseVersion: z.string(),
});
export type TriageResult = z.infer<typeof TriageResultSchema>;

export const TriageStepResponseSchema = z.object({
  session: TriageSessionSchema,
  /** Symptoms read from the complaint. */
  understood: z.array(z.string()),
  /** Exactly one of question and result is set. */
  question: TriageQuestionSchema.nullable(),
  result: TriageResultSchema.nullable(),
});
export type TriageStepResponse = z.infer<typeof TriageStepResponseSchema>;

/** Keeping a finished symptom check in the health record (signed in, with the health-data consent). */
export const TriageSaveRequestSchema = z.strictObject({ session: TriageSessionSchema });
export type TriageSaveRequest = z.infer<typeof TriageSaveRequestSchema>;

export const TriageSavedSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  complaint: z.string(),
  level: TriageLevelSchema,
  result: TriageResultSchema,
});
export type TriageSaved = z.infer<typeof TriageSavedSchema>;

export const TriageSavedListSchema = z.object({ items: z.array(TriageSavedSchema) });
export type TriageSavedList = z.infer<typeof TriageSavedListSchema>;
