import { readFileSync } from 'node:fs';
import {
  TriageLevelSchema,
  TriageProfileSchema,
  type TriageAnswerValue,
  type TriageLevel,
  type TriageResult,
} from '@medibuddy/contracts';
import { z } from 'zod';

/**
 * Clinical vignettes for measuring the triage: each is a person, a complaint in their words and the facts of
 * the case (`yes`: the symptoms and risk factors they have). A question about anything else is answered "no"
 * for a symptom and "I don't know" for a risk factor, as a person who does not have it, or does not know, would.
 */
export const VignetteSchema = z.strictObject({
  id: z.string(),
  expectedLevel: TriageLevelSchema,
  expectedCondition: z.string(),
  profile: TriageProfileSchema,
  complaint: z.string(),
  yes: z.array(z.string()),
  dontKnow: z.array(z.string()),
});
export type Vignette = z.infer<typeof VignetteSchema>;

const VignetteFileSchema = z.strictObject({ split: z.string(), note: z.string(), vignettes: z.array(VignetteSchema) });

/**
 * One of the two sets in server/sets/triage/vignettes/, or any file of the same shape (TRIAGE_VIGNETTES in
 * vignettes.eval.test.ts).
 */
export function loadVignettes(split: 'holdout' | 'tuning' | { file: string }): Vignette[] {
  const file =
    typeof split === 'string'
      ? new URL(`../../../../sets/triage/vignettes/${split}.json`, import.meta.url)
      : split.file;
  return VignetteFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).vignettes;
}

export function answerFor(v: Vignette, questionId: string, kind: 'symptom' | 'risk' | undefined): TriageAnswerValue {
  if (v.yes.includes(questionId)) return 'yes';
  if (v.dontKnow.includes(questionId) || kind === 'risk') return 'dont_know';
  return 'no';
}

/** The three triage classes of the published symptom-checker audits: emergency, see a doctor, self-care. */
export type TriageClass = 'emergency' | 'doctor' | 'self_care';
export const classOf = (level: TriageLevel): TriageClass =>
  level === 'emergency' ? 'emergency' : level === 'self_care' ? 'self_care' : 'doctor';
const CLASS_RANK: Record<TriageClass, number> = { self_care: 0, doctor: 1, emergency: 2 };

export type VignetteRun = { vignette: Vignette; result: TriageResult; questions: number };

export type VignetteScore = {
  n: number;
  triageAccuracy: number;
  exactLevelAccuracy: number;
  overTriage: number;
  underTriage: number;
  emergencyUnderTriaged: string[];
  top1: number;
  top3: number;
  meanQuestions: number;
  byClass: Record<TriageClass, { n: number; correct: number }>;
  misses: string[];
};

export function scoreRuns(runs: VignetteRun[]): VignetteScore {
  const byClass: VignetteScore['byClass'] = {
    emergency: { n: 0, correct: 0 },
    doctor: { n: 0, correct: 0 },
    self_care: { n: 0, correct: 0 },
  };
  let correct = 0,
    exact = 0,
    over = 0,
    under = 0,
    top1 = 0,
    top3 = 0,
    questions = 0;
  const emergencyUnderTriaged: string[] = [];
  const misses: string[] = [];
  for (const { vignette: v, result, questions: q } of runs) {
    const expected = classOf(v.expectedLevel);
    const got = classOf(result.triage.level);
    byClass[expected].n++;
    questions += q;
    if (result.triage.level === v.expectedLevel) exact++;
    if (got === expected) {
      correct++;
      byClass[expected].correct++;
    } else if (CLASS_RANK[got] > CLASS_RANK[expected]) over++;
    else {
      under++;
      if (expected === 'emergency') emergencyUnderTriaged.push(v.id);
    }
    const ids = result.conditions.map((c) => c.id);
    if (ids[0] === v.expectedCondition) top1++;
    if (ids.slice(0, 3).includes(v.expectedCondition)) top3++;
    if (got !== expected || !ids.slice(0, 3).includes(v.expectedCondition))
      misses.push(
        `${v.id} expected ${v.expectedLevel}/${v.expectedCondition}, got ${result.triage.level}/${ids.slice(0, 3).join(',')}`,
      );
  }
  const n = runs.length;
  return {
    n,
    triageAccuracy: correct / n,
    exactLevelAccuracy: exact / n,
    overTriage: over / n,
    underTriage: under / n,
    emergencyUnderTriaged,
    top1: top1 / n,
    top3: top3 / n,
    meanQuestions: questions / n,
    byClass,
    misses,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

export function formatScore(name: string, s: VignetteScore): string {
  const cls = (Object.keys(s.byClass) as TriageClass[])
    .map((c) => `${c} ${s.byClass[c].correct}/${s.byClass[c].n}`)
    .join(', ');
  return [
    `${name} (${s.n} vignettes): triage accuracy ${pct(s.triageAccuracy)} (${cls}); exact level ${pct(s.exactLevelAccuracy)}`,
    `  over-triage ${pct(s.overTriage)}, under-triage ${pct(s.underTriage)}, emergencies under-triaged: ${s.emergencyUnderTriaged.join(', ') || 'none'}`,
    `  diagnosis top-1 ${pct(s.top1)}, top-3 ${pct(s.top3)}; ${s.meanQuestions.toFixed(1)} questions on average`,
    ...s.misses.map((m) => `  - ${m}`),
  ].join('\n');
}
