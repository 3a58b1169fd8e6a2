import { isHeatmapShown } from './heatmap-checks';
import {
  getTest,
  IMAGE_GATE_ID,
  IMAGE_MODEL_BY_TEST,
  IMAGE_NEEDED_BY_TEST,
  type AssessmentModel,
  type AssessmentResponse,
  type ImageResult,
  type ImageTestSlug,
  type Language,
} from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { ImageModelRegistry } from '../../plugins/image-models';
import { createAssessmentRepository } from './assessments.repository';
import type { AssessmentService } from './assessments.service';
import { heatmapOf } from './heatmap';
import { createAssessmentImageStore, moveImageFilesIntoDatabase, type UploadStoreKind } from './image-files';
import { failedGateCheck, gateChecks, pictureStats, type GateKind } from './image-gate';
import { decodeImage, luminanceStats, toModelPixels, toStoredWebp, type DecodedImage } from './image-input';
import { buildImageResult, type ImageInputs } from './image-result';
import { scoreSkinChecklist, withSkinChecklist, type StoredSkinChecklist } from './skin-checklist';

/** Which gate class each diagnostic model expects. */
const GATE_KIND_BY_MODEL = { fundus: 'fundus', chest_ct: 'chest_ct', skin: 'skin' } as const;

/** The gate's classes in words, for saying what a refused picture looks like instead. */
const KIND_IN_WORDS: Record<string, string> = {
  fundus: 'a retina (fundus) photograph',
  chest_ct: 'a chest CT image',
  skin: 'a close-up of skin',
};

export type ImageEvaluation = {
  test: ImageTestSlug;
  inputs: ImageInputs;
  model: AssessmentModel;
  result: ImageResult;
  decoded: DecodedImage;
};

/** A file younger than this may belong to a save in flight (the file is written before its row). */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

function refused(field: string, rule: string, message: string, detail: string): AppError {
  return new AppError('unprocessable', detail, [{ field, rule, message }]);
}

export function createImageAssessmentService({
  db,
  log,
  imageModels,
  assessments,
  dataDir,
  uploadStore = 'files',
}: {
  db: Db;
  log: FastifyBaseLogger;
  imageModels: ImageModelRegistry;
  assessments: Pick<AssessmentService, 'save'>;
  dataDir: string;
  /** Where the kept pictures live (config.uploadStore): DATA_DIR files, or the database every instance shares. */
  uploadStore?: UploadStoreKind;
}) {
  const repo = createAssessmentRepository(db);
  const store = createAssessmentImageStore({ kind: uploadStore, db, dataDir });

  /**
   * Decode, gate, classify: no database, nothing logged but the test, model version, gate verdict and time.
   * 400 for a file that is not a whole JPEG/PNG/WebP picture; 422 for a picture this test cannot read (blank,
   * too dark, or not the kind it needs); 503 while a model is missing.
   */
  async function evaluate(
    test: ImageTestSlug,
    bytes: Buffer,
    field: string,
    checklist: StoredSkinChecklist | null = null,
  ): Promise<ImageEvaluation> {
    const started = performance.now();
    const testName = getTest(test).name;
    const modelId = IMAGE_MODEL_BY_TEST[test];
    const decoded = await decodeImage(bytes, field);
    const gate = await imageModels.get(IMAGE_GATE_ID, testName);
    const model = await imageModels.get(modelId, testName);
    const needed = IMAGE_NEEDED_BY_TEST[test];

    const gatePixels = await toModelPixels(decoded, gate.size);
    const thresholds = gate.card.gate as NonNullable<typeof gate.card.gate>;
    const { mean, std } = luminanceStats(gatePixels);
    if (mean < thresholds.min_mean_luminance) {
      log.info({ test, gate: 'too_dark' }, 'image refused');
      throw refused(
        field,
        'too_dark',
        'is too dark to read',
        `This image is too dark to read. ${needed} Choose a brighter picture and try again.`,
      );
    }
    if (std < thresholds.min_std) {
      log.info({ test, gate: 'blank' }, 'image refused');
      throw refused(
        field,
        'blank',
        'is blank (almost one flat colour)',
        `This image is almost blank, so there is nothing to read. ${needed} Choose another picture and try again.`,
      );
    }
    const expected = GATE_KIND_BY_MODEL[modelId];
    const gateOut = await gate.infer(gatePixels);
    const expectedIndex = gate.card.classes.findIndex((c) => c.key === expected);
    if (expectedIndex < 0) throw new Error(`the image gate has no class ${expected}`);
    const kindProbability = gateOut.probabilities[expectedIndex] as number;
    // The CNN's score, then picture statistics any kind of this test's pictures falls within (image-gate.ts).
    const checks = gateChecks();
    const stats = pictureStats(gatePixels, gate.size);
    const scoreOf = (kind: string) => gateOut.probabilities[gate.card.classes.findIndex((c) => c.key === kind)] ?? 0;
    const failed =
      kindProbability < thresholds.accept_threshold
        ? 'score'
        : failedGateCheck(checks, expected, stats, kindProbability);
    if (failed) {
      // Name another test's kind only when the picture passes that kind's own checks: a screenshot is not 'skin'.
      const other = (Object.keys(KIND_IN_WORDS) as GateKind[]).find(
        (kind) =>
          kind !== expected &&
          scoreOf(kind) >= thresholds.accept_threshold &&
          failedGateCheck(checks, kind, stats, scoreOf(kind)) === null,
      );
      log.info({ test, gate: 'wrong_kind', check: failed, gateVersion: gate.card.version }, 'image refused');
      throw refused(
        field,
        'image_kind',
        `must be ${KIND_IN_WORDS[expected]}`,
        `${needed} ${other ? `This picture looks more like ${KIND_IN_WORDS[other]}` : 'This picture does not look like one (it may be a drawing, a screenshot or a photo of something else)'}, so the test was not run. Choose the right kind of picture and try again.`,
      );
    }

    const pixels = model.size === gate.size ? gatePixels : await toModelPixels(decoded, model.size);
    const out = await model.infer(pixels);
    const pictureResult = buildImageResult({
      test,
      model: modelId,
      card: model.card,
      probabilities: out.probabilities,
      gate: { kind: expected, probability: Math.round(kindProbability * 1e6) / 1e6 },
      heatmap: (index, key) =>
        out.cam && isHeatmapShown(modelId, model.card.version) ? heatmapOf(out.cam, index, key) : null,
    });
    // The checklist beside the picture: it leads at or above its threshold, and never lowers the picture's triage.
    const result = checklist ? withSkinChecklist(pictureResult, scoreSkinChecklist(checklist)) : pictureResult;
    log.info(
      {
        test,
        modelVersion: model.card.version,
        gateVersion: gate.card.version,
        latencyMs: Number((performance.now() - started).toFixed(3)),
      },
      'image assessment evaluated',
    );
    return {
      test,
      inputs: checklist ? { image: null, checklist } : { image: null },
      model: { id: model.card.id, version: model.card.version, kind: 'model' },
      result,
      decoded,
    };
  }

  /**
   * Saves for a signed-in user with the picture (re-encoded) kept beside it. The picture is kept first and
   * removed again if the row cannot be saved (consent missing, database down): nothing half-saved. Then it is
   * linked to the row, so the row's deletion takes it along; a picture left unlinked by a crash is still
   * named by its row, which keeps it from the prune.
   */
  async function save(
    userId: string,
    evaluation: ImageEvaluation,
    language: Language = 'en',
  ): Promise<AssessmentResponse> {
    const stored = await toStoredWebp(evaluation.decoded);
    const file = await store.save(userId, stored.webp);
    let response: AssessmentResponse;
    try {
      response = await assessments.save(
        userId,
        {
          test: evaluation.test,
          inputs: { ...evaluation.inputs, image: { file, width: stored.width, height: stored.height, format: 'webp' } },
          model: evaluation.model,
          result: evaluation.result,
        },
        undefined,
        language,
      );
    } catch (err) {
      await store
        .remove(file)
        .catch((removeErr: unknown) => log.warn({ err: removeErr }, 'removing an unsaved assessment picture failed'));
      throw err;
    }
    await store
      .link(file, response.assessment.id)
      .catch((err: unknown) =>
        log.warn({ err, assessmentId: response.assessment.id }, 'linking an assessment picture failed'),
      );
    return response;
  }

  /** The picture names that saved assessments hold (all users', or one user's). */
  async function filesInUse(userId?: string): Promise<Set<string>> {
    return new Set((await repo.imageRefs(userId)).map((r) => r.file));
  }

  /**
   * Removes picture files no assessment names any more (an assessment or account deleted, a save that failed
   * half-way through a crash), once older than ORPHAN_GRACE_MS. Returns how many went.
   */
  async function pruneImages(now = Date.now()): Promise<number> {
    const inUse = await filesInUse();
    let removed = 0;
    for (const { name, ageMs } of await store.listUnlinked(now)) {
      if (!inUse.has(name) && ageMs > ORPHAN_GRACE_MS) {
        await store.remove(name);
        removed += 1;
      }
    }
    if (removed > 0) log.info({ removed }, 'orphaned assessment pictures removed');
    return removed;
  }

  return {
    evaluate,
    save,
    store,
    pruneImages,

    /**
     * Removes the user's kept pictures now: for account or data deletion, called before the rows go (the hourly
     * prune would catch them anyway, but a deletion should not wait an hour). In the database only pictures not
     * linked to their row go here; the linked ones go with the rows, in the same statement.
     */
    async removeImagesOfUser(userId: string): Promise<number> {
      const names = await filesInUse(userId);
      await store.removeOfUser(userId, [...names]);
      return names.size;
    },

    /**
     * Prunes at start and then hourly; the timer does not keep the process alive. Returns a stop function.
     * With the database store, the first run moves pictures left in DATA_DIR (kept before the switch) into it.
     */
    startPruning(): () => void {
      let isFirst = store.kind === 'database';
      const moveFiles = async () => {
        if (!isFirst) return;
        isFirst = false;
        const moved = await moveImageFilesIntoDatabase(db, dataDir);
        if (moved > 0) log.info({ moved }, 'assessment pictures moved from DATA_DIR into the database');
      };
      const run = () =>
        void moveFiles()
          .then(() => pruneImages())
          .catch((err: unknown) => log.warn({ err }, 'pruning assessment pictures failed'));
      const first = setTimeout(run, 5_000);
      const timer = setInterval(run, PRUNE_EVERY_MS);
      first.unref();
      timer.unref();
      return () => {
        clearTimeout(first);
        clearInterval(timer);
      };
    },

    async create(
      userId: string,
      test: ImageTestSlug,
      bytes: Buffer,
      field: string,
      checklist: StoredSkinChecklist | null = null,
      language: Language = 'en',
    ): Promise<AssessmentResponse> {
      return save(userId, await evaluate(test, bytes, field, checklist), language);
    },

    /** The kept picture as PNG (for PDF reports, which take PNG and JPEG only), or null. */
    async readImagePng(userId: string, assessmentId: string): Promise<Buffer | null> {
      const row = await repo.findForUser(assessmentId, userId);
      const ref = (row?.inputs as Partial<ImageInputs> | undefined)?.image;
      const webp = ref ? await store.read(userId, ref.file) : null;
      return webp ? sharp(webp).png().toBuffer() : null;
    },

    /** The kept picture of the user's own assessment, or null (unknown id, another's, or none kept). */
    async readImage(userId: string, assessmentId: string): Promise<Buffer | null> {
      const row = await repo.findForUser(assessmentId, userId);
      const ref = (row?.inputs as Partial<ImageInputs> | undefined)?.image;
      return ref ? store.read(userId, ref.file) : null;
    },
  };
}
export type ImageAssessmentService = ReturnType<typeof createImageAssessmentService>;
