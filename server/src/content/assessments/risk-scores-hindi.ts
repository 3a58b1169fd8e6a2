import path from 'node:path';
import { RISK_MODEL_SLUGS, type Language, type RiskModelSlug } from '@medibuddy/contracts';
import { z } from 'zod';
import { loadContentFile, plainText } from '../content-file';
import { loadRiskScores, RiskLevelSchema, type RiskLevel, type RiskScoreContent } from '../risk-scores';

/**
 * The validated scores' words in Hindi (risk-scores.hi.json beside this file) and each risk model's condition and
 * population. `riskScoresIn('hi')` is the English content (risk-scores/*.json: tables, cut-offs, sources)
 * with its words in Hindi, so the same code computes a score and says it in either language.
 */

export const RISK_SCORES_HINDI_FILE = path.join(import.meta.dirname, 'risk-scores.hi.json');

const ByLevel = z.partialRecord(RiskLevelSchema, plainText);

const RiskScoresHindiSchema = z.strictObject({
  about: z.array(z.string()),
  who: z.strictObject({
    name: plainText,
    outcome: plainText,
    riskBands: ByLevel,
    lower: z.strictObject({
      smoker: plainText,
      bloodPressure: plainText.includes('{sbp}'),
      weight: plainText.includes('{bmi}'),
      cholesterol: plainText,
      everyone: plainText,
    }),
    nextSteps: ByLevel,
  }),
  pce: z.strictObject({ name: plainText, outcome: plainText, note: plainText, riskBands: ByLevel }),
  findrisc: z.strictObject({
    name: plainText,
    outcome: plainText,
    riskBands: z.partialRecord(RiskLevelSchema, z.strictObject({ label: plainText, words: plainText })),
    lower: z.strictObject({ weight: plainText, activity: plainText, vegetables: plainText }),
    nextSteps: ByLevel,
  }),
  idrs: z.strictObject({
    name: plainText,
    outcome: plainText,
    note: plainText,
    riskBands: ByLevel,
    nextSteps: ByLevel,
  }),
  models: z.strictObject(
    Object.fromEntries(
      RISK_MODEL_SLUGS.map((s) => [s, z.strictObject({ condition: plainText, population: plainText.optional() })]),
    ) as Record<
      RiskModelSlug,
      z.ZodObject<{ condition: typeof plainText; population: z.ZodOptional<typeof plainText> }>
    >,
  ),
});
export type RiskScoresHindi = z.infer<typeof RiskScoresHindiSchema>;

/** Every band and step of the English in Hindi, no Hindi for a level the English lacks, a population where one is. */
export function riskScoresHindiProblems(hi: RiskScoresHindi, en: RiskScoreContent = loadRiskScores()): string[] {
  const problems: string[] = [];
  const sameLevels = (where: string, english: readonly RiskLevel[], hindi: object) => {
    for (const level of english) if (!(level in hindi)) problems.push(`${where}: "${level}" has no Hindi`);
    for (const level of Object.keys(hindi))
      if (!english.includes(level as RiskLevel)) problems.push(`${where}: the English has no "${level}"`);
  };
  const levels = (bands: readonly { level: RiskLevel }[]) => bands.map((b) => b.level);
  const steps = (s: object) => Object.keys(s) as RiskLevel[];
  sameLevels('who.riskBands', levels(en.who.riskBands), hi.who.riskBands);
  sameLevels('who.nextSteps', steps(en.who.nextSteps), hi.who.nextSteps);
  sameLevels('pce.riskBands', levels(en.pce.riskBands), hi.pce.riskBands);
  sameLevels('findrisc.riskBands', levels(en.findrisc.riskBands), hi.findrisc.riskBands);
  sameLevels('findrisc.nextSteps', steps(en.findrisc.nextSteps), hi.findrisc.nextSteps);
  sameLevels('idrs.riskBands', levels(en.idrs.riskBands), hi.idrs.riskBands);
  sameLevels('idrs.nextSteps', steps(en.idrs.nextSteps), hi.idrs.nextSteps);
  for (const slug of RISK_MODEL_SLUGS) {
    const hasPopulation = en.prevalence.models[slug].population !== null;
    if (hasPopulation !== (hi.models[slug].population !== undefined))
      problems.push(`models.${slug}.population: ${hasPopulation ? 'missing' : 'the English has none'}`);
  }
  return problems;
}

export function loadRiskScoresHindi(file = RISK_SCORES_HINDI_FILE): RiskScoresHindi {
  return loadContentFile(file, RiskScoresHindiSchema, {}, (hi) => riskScoresHindiProblems(hi));
}

/** Read when the server starts, so a broken or incomplete file stops it. */
const hindi: RiskScoresHindi = loadRiskScoresHindi();
let hindiContent: RiskScoreContent | undefined;

function translated(en: RiskScoreContent, hi: RiskScoresHindi): RiskScoreContent {
  const steps = <S extends Partial<Record<RiskLevel, { timeframe: 'routine' | 'days'; text: string }>>>(
    english: S,
    words: Partial<Record<RiskLevel, string>>,
  ): S =>
    Object.fromEntries(
      Object.entries(english).map(([level, step]) => [level, { ...step, text: words[level as RiskLevel]! }]),
    ) as S;
  const prevalence = {
    ...en.prevalence,
    models: Object.fromEntries(
      RISK_MODEL_SLUGS.map((slug) => {
        const share = en.prevalence.models[slug];
        const population = share.population ? { ...share.population, who: hi.models[slug].population! } : null;
        return [slug, { ...share, population }];
      }),
    ) as RiskScoreContent['prevalence']['models'],
  };
  return {
    who: {
      ...en.who,
      name: hi.who.name,
      outcome: hi.who.outcome,
      riskBands: en.who.riskBands.map((b) => ({ ...b, label: hi.who.riskBands[b.level]! })),
      lower: { ...en.who.lower, ...hi.who.lower },
      nextSteps: steps(en.who.nextSteps, hi.who.nextSteps),
    },
    pce: {
      ...en.pce,
      name: hi.pce.name,
      outcome: hi.pce.outcome,
      note: hi.pce.note,
      riskBands: en.pce.riskBands.map((b) => ({ ...b, label: hi.pce.riskBands[b.level]! })),
    },
    findrisc: {
      ...en.findrisc,
      name: hi.findrisc.name,
      outcome: hi.findrisc.outcome,
      riskBands: en.findrisc.riskBands.map((b) => ({ ...b, ...hi.findrisc.riskBands[b.level]! })),
      lower: { ...en.findrisc.lower, ...hi.findrisc.lower },
      nextSteps: steps(en.findrisc.nextSteps, hi.findrisc.nextSteps),
    },
    idrs: {
      ...en.idrs,
      name: hi.idrs.name,
      outcome: hi.idrs.outcome,
      note: hi.idrs.note,
      riskBands: en.idrs.riskBands.map((b) => ({ ...b, label: hi.idrs.riskBands[b.level]! })),
      nextSteps: steps(en.idrs.nextSteps, hi.idrs.nextSteps),
    },
    prevalence,
  };
}

/** The score tables with their words in a language (the English content itself for English). */
export function riskScoresIn(language: Language): RiskScoreContent {
  const en = loadRiskScores();
  if (language === 'en') return en;
  hindiContent ??= translated(en, hindi);
  return hindiContent;
}

/** A risk model's condition in a language: the card's title in English ('heart disease'), else the file's. */
export function conditionIn(language: Language, slug: RiskModelSlug, english: string): string {
  if (language === 'en') return english;
  return hindi.models[slug].condition;
}
