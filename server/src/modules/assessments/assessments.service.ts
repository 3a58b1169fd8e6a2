import {
  BLOOD_TEST_LAB_FIELDS,
  CLINICAL_FORMS,
  isRiskModelSlug,
  looksNormalised,
  NORMALISED_VALUES_MESSAGE,
  type AssessmentModel,
  type AssessmentResponse,
  type AssessmentResult,
  type AssessmentSummary,
  type BloodTestClassCode,
  type BloodTestValues,
  type ClinicalTestSlug,
  type FieldError,
  type KidneyStoneInput,
  type Language,
  type ModelMetrics,
  type RiskModelSlug,
  type TestSlug,
  numberOf,
} from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { testNameIn } from '../../content/assessments/clinical-fields';
import type { DiseaseContentKey } from '../../content/diseases';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { CONSENT_REQUIRED_MESSAGE, type ConsentCheck } from '../consent';
import type { ImageModelRegistry } from '../../plugins/image-models';
import type { ModelCard, ModelRegistry } from '../../plugins/models';
import {
  applyGuidelines,
  assessKidneyStone,
  bloodTestNextStepOf,
  interpretBloodTest,
  kidneyStoneHeadlineOf,
  kidneyStoneRoutineStepOf,
  nextStepOf,
} from '../clinical';
import { createAssessmentRepository, type AssessmentRow } from './assessments.repository';
import { ENTERED_KEY, resultInEnteredUnits, splitStoredInputs, type EnteredUnits } from './entered-units';
import { imageHeadlineOf, respondImageRow } from './image-page';
import { type ImageInputs } from './image-result';
import { bloodTestHeadlineIn, resultIn } from './result-language';
import { resultPageOf } from './result-page';
import { buildRiskResult, riskHeadlineOf } from './risk';
import { slopesOf, uncertaintyOf } from './risk-probes';

/** Validated form values: numbers, null where a field allows 'not measured'. */
export type AssessmentInputs = Readonly<Record<string, number | null>>;

/** The rules tests have no card; their version changes whenever a rule or threshold does (docs/rules.md). */
export const RULES_MODELS = {
  'blood-test': { id: 'blood-test-rules', version: 'blood-test-rules-3', kind: 'rules' },
  'kidney-stone': { id: 'kidney-stone-rules', version: 'kidney-stone-stone-score-2', kind: 'rules' },
} as const satisfies Record<Exclude<ClinicalTestSlug, RiskModelSlug>, AssessmentModel>;

export const LIST_LIMIT = 50;

export const NOT_FOUND_MESSAGE = 'There is no such assessment in your account.';

const CONTENT_KEY_BY_RISK_TEST: Record<RiskModelSlug, DiseaseContentKey> = {
  heart: 'heart_disease',
  diabetes: 'diabetes',
  cardio: 'cardiovascular_disease',
  liver: 'liver_disease',
};

const CONTENT_KEY_BY_BLOOD_CLASS: Record<BloodTestClassCode, DiseaseContentKey> = {
  0: 'anemia',
  1: 'healthy_blood',
  2: 'diabetes',
  3: 'thalassemia',
  4: 'thrombocytopenia',
};

/** The disease-content entries a result page shows: the test's condition, or the blood test's main class. */
export function contentKeysOf(test: ClinicalTestSlug, result: AssessmentResult): DiseaseContentKey[] {
  if (isRiskModelSlug(test)) return [CONTENT_KEY_BY_RISK_TEST[test]];
  if (result.kind === 'blood-test') return [CONTENT_KEY_BY_BLOOD_CLASS[result.classCode]];
  return ['kidney_stones'];
}

/**
 * One line for a list of past assessments, in a language: from the stored result's numbers and ids (a score's
 * level, the blood test's class), so a list needs no answers to be said in Hindi.
 */
export function headlineOf(result: AssessmentResult, language: Language = 'en'): string {
  if (result.kind === 'image') return imageHeadlineOf(result, language);
  if (result.kind === 'risk') return riskHeadlineOf(result, language);
  if (result.kind === 'blood-test') return bloodTestHeadlineIn(language, result);
  return kidneyStoneHeadlineOf(result, language);
}

function metricsOf(card: ModelCard): ModelMetrics {
  const m = card.evaluation.metrics;
  return {
    rocAuc: m.roc_auc,
    accuracy: m.accuracy,
    sensitivity: m.sensitivity,
    specificity: m.specificity,
    rows: card.dataset.rows.kept,
    dataset: card.dataset.name,
  };
}

/**
 * The blood test's refusal of 0-1 scaled records (the old client's prefilled values): one message, and each
 * field whose value looks scaled named with its unit. Undefined when the record is in lab units.
 */
export function normalisedValuesError(values: unknown, nameOf: (key: string) => string): AppError | undefined {
  if (!looksNormalised(values)) return undefined;
  const record = values as Record<string, unknown>;
  const errors: FieldError[] = BLOOD_TEST_LAB_FIELDS.filter((f) => {
    const n = numberOf(record[f.key]);
    return n !== undefined && n >= -0.01 && n <= 1.01;
  }).map((f) => ({ field: nameOf(f.key), rule: 'lab_units', message: `looks scaled to 0-1; enter it in ${f.unit}` }));
  return new AppError('validation_failed', NORMALISED_VALUES_MESSAGE, errors);
}

export type Evaluation = {
  /** A clinical test, or an image test (image-assessments.service.ts saves through here too). */
  test: TestSlug;
  inputs: AssessmentInputs | ImageInputs;
  model: AssessmentModel;
  result: AssessmentResult;
  /** Values entered in another unit than the field's, as entered (decision 030); `inputs` holds them converted. */
  entered?: EnteredUnits;
};

export function createAssessmentService({
  db,
  log,
  models,
  consent,
  imageModels,
}: {
  db: Db;
  log: FastifyBaseLogger;
  models: ModelRegistry;
  consent: ConsentCheck;
  /** For the image tests' model-card figures on their result pages. */
  imageModels?: ImageModelRegistry;
}) {
  const repo = createAssessmentRepository(db);

  /** The model block of a response; metrics only while the served card is the one that made the result. */
  const modelOf = (test: ClinicalTestSlug, id: string, version: string): AssessmentModel => {
    if (!isRiskModelSlug(test)) return { id, version, kind: 'rules' };
    const card = models.peek(test)?.card;
    return { id, version, kind: 'model', ...(card && card.version === version ? { metrics: metricsOf(card) } : {}) };
  };

  /** A stored row as its result page shows it, in `language` (the stored English as it is for English). */
  const respond = (row: AssessmentRow, language: Language = 'en'): AssessmentResponse => {
    if ((row.result as AssessmentResult).kind === 'image') return respondImageRow(row, imageModels, language);
    const test = row.test as ClinicalTestSlug;
    const stored = row.result as AssessmentResult;
    const contentKeys = contentKeysOf(test, stored);
    const model = modelOf(test, row.modelId, row.modelVersion);
    const { inputs, entered } = splitStoredInputs(row.inputs as Record<string, unknown>);
    const said = resultIn(language, test, inputs, stored);
    const result = resultInEnteredUnits(test, inputs, entered, said, language);
    return resultPageOf(
      row,
      test,
      { inputs, model, result, contentKeys, ...(entered ? { entered } : {}) },
      model.kind === 'model' ? 'clinical_model' : 'rules',
      language,
    );
  };

  /** Runs the test on validated inputs: no database, nothing logged but the test, version and time taken. */
  async function evaluate(
    test: ClinicalTestSlug,
    inputs: AssessmentInputs,
    extraNotes: string[] = [],
  ): Promise<Evaluation> {
    const started = performance.now();
    let evaluation: Evaluation;
    if (isRiskModelSlug(test)) {
      // Guideline thresholds first: they need no model, and their step wins over the model's band.
      const guideline = applyGuidelines(test, inputs);
      const model = await models.get(test);
      const inference = await model.infer(inputs);
      const order = model.card.onnx.input.order;
      const [slopes, uncertainty] = await Promise.all([
        slopesOf(model, order, CLINICAL_FORMS[test], inputs, inference),
        uncertaintyOf(test, model, order, inputs),
      ]);
      const result = buildRiskResult(test, model.card, inference, inputs, { guideline, slopes, uncertainty });
      evaluation = { test, inputs, model: { id: model.card.id, version: model.card.version, kind: 'model' }, result };
    } else if (test === 'blood-test') {
      const interpretation = interpretBloodTest(inputs as unknown as BloodTestValues);
      const result = {
        kind: 'blood-test' as const,
        ...interpretation,
        nextStep: bloodTestNextStepOf(interpretation.findings),
      };
      evaluation = { test, inputs, model: RULES_MODELS[test], result };
    } else {
      const guideline = applyGuidelines(test, inputs);
      const assessed = assessKidneyStone(inputs as unknown as KidneyStoneInput);
      const result = {
        kind: 'kidney-stone' as const,
        ...assessed,
        notes: [...extraNotes, ...assessed.notes],
        guideline,
        // Kidney-stone answers that meet no guideline rule (no pain, fever or visible blood): a routine step.
        nextStep: nextStepOf(guideline, kidneyStoneRoutineStepOf()),
      };
      evaluation = { test, inputs, model: RULES_MODELS[test], result };
    }
    log.info(
      { test, modelVersion: evaluation.model.version, latencyMs: Number((performance.now() - started).toFixed(3)) },
      'assessment evaluated',
    );
    return evaluation;
  }

  /**
   * Saves for the user (in English, the record); answers in `language`. Refused with 409 consent_required while
   * they have not consented to storing health data.
   */
  async function save(
    userId: string,
    evaluation: Evaluation,
    isGranted = consent.isGranted(userId),
    language: Language = 'en',
  ): Promise<AssessmentResponse> {
    if (!(await isGranted)) throw new AppError('consent_required', CONSENT_REQUIRED_MESSAGE);
    const row = await repo.insert({
      userId,
      test: evaluation.test,
      inputs:
        evaluation.entered && Object.keys(evaluation.entered).length > 0
          ? { ...evaluation.inputs, [ENTERED_KEY]: evaluation.entered }
          : evaluation.inputs,
      result: evaluation.result,
      modelId: evaluation.model.id,
      modelVersion: evaluation.model.version,
    });
    return respond(row, language);
  }

  return {
    evaluate,
    save,

    /** Saves only with consent (the compat API answers the old client either way); null when not saved. */
    async saveIfConsented(userId: string, evaluation: Evaluation): Promise<AssessmentResponse | null> {
      if (!(await consent.isGranted(userId))) return null;
      return save(userId, evaluation);
    },

    /** Every assessment of the user as its result page shows it, newest first (history, reports, export). */
    async listAll(userId: string, test?: string, language: Language = 'en'): Promise<AssessmentResponse[]> {
      return (await repo.listAllForUser(userId, test)).map((row) => respond(row, language));
    },

    /** One assessment by id, with its owner: for a share link, which has already checked whose it is. */
    async getWithOwner(
      id: string,
      language: Language = 'en',
    ): Promise<{ userId: string; response: AssessmentResponse } | undefined> {
      const row = await repo.findById(id);
      return row ? { userId: row.userId, response: respond(row, language) } : undefined;
    },

    async deleteAll(userId: string): Promise<number> {
      const count = await repo.deleteAllForUser(userId);
      log.info({ userId, count }, "assessments deleted at the user's request");
      return count;
    },

    /** Evaluates and saves for the user: what POST /api/assessments/:test answers, in the request's language. */
    async create(
      userId: string,
      test: ClinicalTestSlug,
      inputs: AssessmentInputs,
      entered?: EnteredUnits,
      language: Language = 'en',
    ): Promise<AssessmentResponse> {
      // The consent read waits on the database while the model runs; an evaluation error still answers first.
      const isGranted = consent.isGranted(userId);
      isGranted.catch(() => undefined);
      return save(userId, { ...(await evaluate(test, inputs)), ...(entered ? { entered } : {}) }, isGranted, language);
    },

    async get(userId: string, id: string, language: Language = 'en'): Promise<AssessmentResponse> {
      const row = await repo.findForUser(id, userId);
      if (!row) throw new AppError('not_found', NOT_FOUND_MESSAGE);
      return respond(row, language);
    },

    async list(userId: string, language: Language = 'en'): Promise<AssessmentSummary[]> {
      const rows = await repo.listForUser(userId, LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        test: row.test as ClinicalTestSlug,
        testName: testNameIn(language, row.test as ClinicalTestSlug),
        createdAt: row.createdAt.toISOString(),
        headline: headlineOf(row.result as AssessmentResult, language),
      }));
    },
  };
}
export type AssessmentService = ReturnType<typeof createAssessmentService>;
