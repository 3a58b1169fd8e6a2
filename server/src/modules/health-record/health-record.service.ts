import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  AssessmentIdSchema,
  resultPath,
  type AssessmentResponse,
  type ConsentStatus,
  type CreateShareResponse,
  type HistoryEntry,
  type Language,
  type ReportQuery,
  type RiskResult,
  type Share,
  type TestSlug,
} from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../plugins/errors';
import { keyedHash, newToken, type CurrentUser } from '../../plugins/session';
import { type AssessmentService, headlineOf } from '../assessments';
import type { AuthService } from '../auth';
import type { ConsentService } from '../consent';
import { toPublicUser } from '../users';
import { createAvatarFiles } from '../profile';
import { buildFhirBundle, type FhirBundle, type ImageReference } from './fhir';
import { createHealthRecordRepository, type ShareRow } from './health-record.repository';
import { renderReportPdf, type ReportInput } from './report-pdf';

export const SHARE_GONE_MESSAGE =
  'This report link has expired or was withdrawn by the person who shared it. Ask them for a new link.';
export const NO_ASSESSMENT_MESSAGE = 'There is no such assessment in your account.';

/**
 * Hooks for data other features keep outside the tables (the image tests' uploads): what the export lists
 * and which files account deletion removes. Files under DATA_DIR/uploads/users/<user id>/ are removed
 * without a hook.
 */
export type UserDataHooks = {
  listImages?: (userId: string) => Promise<ImageReference[]>;
  /** Removes files the user's assessments name (the image tests' pictures): before their rows go. */
  removeAssessmentFiles?: (userId: string) => Promise<unknown>;
  /** An image assessment's kept picture as PNG, for its PDF (null when none was kept). */
  assessmentPicture?: (userId: string, assessmentId: string) => Promise<Buffer | null>;
  /** The user's "My medicines" list and its check, for the record's PDF (null when there is none). */
  medicinesCheck?: (userId: string) => Promise<ReportInput['medicines']>;
  /** The symptom checks the user kept, for the record's PDF. */
  symptomChecks?: (userId: string) => Promise<ReportInput['symptomChecks']>;
};

export type HealthRecordDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  assessments: AssessmentService;
  auth: AuthService;
  consent: ConsentService;
  hooks?: UserDataHooks;
  /** Renders a PDF report: in the worker pool (report-pdf-pool.ts) in the app; on the event loop by default. */
  renderPdf?: (input: ReportInput) => Promise<Buffer>;
};

function shareOf(row: ShareRow, testName: string, now = new Date()): Share {
  return {
    id: row.id,
    assessmentId: row.assessmentId,
    testName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
  };
}

const isHashLike = (column: string) => /hash|secret|token/i.test(column);

function historyEntryOf({ assessment }: AssessmentResponse, language: Language): HistoryEntry {
  return {
    id: assessment.id,
    test: assessment.test,
    testName: assessment.testName,
    createdAt: assessment.createdAt,
    headline: headlineOf(assessment.result, language),
    resultPath: resultPath(assessment.test, assessment.id),
    risk: assessment.result.kind === 'risk' ? historyRiskOf(assessment.result) : null,
    values: Object.fromEntries(
      (Object.entries(assessment.inputs) as [string, unknown][]).filter(
        (e): e is [string, number | null] => typeof e[1] === 'number' || e[1] === null,
      ),
    ),
  };
}

/** The trend's figures of a risk result: the model's score and, where one led, the validated score's risk. */
function historyRiskOf(result: RiskResult): NonNullable<HistoryEntry['risk']> {
  const lead = result.scores?.find((s) => s.risk !== undefined && s.timeframeYears !== undefined);
  return {
    probability: result.probability,
    band: result.band,
    threshold: result.threshold,
    ...(lead ? { score: { name: lead.name, risk: lead.risk!, timeframeYears: lead.timeframeYears! } } : {}),
  };
}

type HistoryCursor = { createdAt: string; id: string };
const CURSOR_RULE = 'must be the nextCursor of a previous page';

/** The history's cursor: the last entry's time and id, as base64url text (opaque to clients). */
const encodeCursor = ({ createdAt, id }: HistoryCursor) => Buffer.from(`${createdAt}|${id}`).toString('base64url');

function decodeCursor(cursor: string): HistoryCursor {
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !AssessmentIdSchema.safeParse(id).success || Number.isNaN(Date.parse(createdAt)))
    throw fieldError('cursor', 'format', CURSOR_RULE);
  return { createdAt: new Date(createdAt).toISOString(), id };
}

/** Where the page after the cursor starts: after the entry it names or, if that was deleted since, its place. */
function startAfter(all: AssessmentResponse[], cursor: HistoryCursor): number {
  const index = all.findIndex(({ assessment }) => assessment.id === cursor.id);
  if (index >= 0) return index + 1;
  const older = all.findIndex(({ assessment }) => isOlder(assessment, cursor));
  return older < 0 ? all.length : older;
}

/** Whether `a` comes after the cursor's entry in the history's order (newest first, then by id, descending). */
function isOlder(a: HistoryCursor, cursor: HistoryCursor): boolean {
  const at = new Date(a.createdAt).toISOString();
  return at < cursor.createdAt || (at === cursor.createdAt && a.id < cursor.id);
}

export function createHealthRecordService({
  db,
  config,
  log,
  assessments,
  auth,
  consent,
  hooks = {},
  renderPdf = renderReportPdf,
}: HealthRecordDeps) {
  /** The kept pictures of the image assessments among `responses`, by id, for their PDF. */
  async function picturesOf(userId: string, responses: AssessmentResponse[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    for (const r of responses) {
      if (r.assessment.result.kind !== 'image' || !r.assessment.image?.url) continue;
      const png = await hooks.assessmentPicture?.(userId, r.assessment.id);
      if (png) out.set(r.assessment.id, png);
    }
    return out;
  }

  const repo = createHealthRecordRepository(db);
  const avatars = createAvatarFiles(config.dataDir);
  const hashToken = (token: string) => keyedHash(config.sessionSecret, `report-share:${token}`);

  async function ownAssessment(userId: string, id: string, language: Language = 'en'): Promise<AssessmentResponse> {
    const found = await assessments.getWithOwner(id, language);
    if (!found || found.userId !== userId) throw new AppError('not_found', NO_ASSESSMENT_MESSAGE);
    return found.response;
  }

  return {
    async consent(userId: string): Promise<ConsentStatus> {
      return consent.status(userId);
    },

    async grantConsent(userId: string): Promise<ConsentStatus> {
      return consent.grant(userId);
    },

    /** Stops storing; with deleteData, also deletes every stored assessment (their share links go too). */
    async withdrawConsent(
      userId: string,
      deleteData: boolean,
    ): Promise<{ consent: ConsentStatus; deletedAssessments: number }> {
      const status = await consent.withdraw(userId);
      if (deleteData) await hooks.removeAssessmentFiles?.(userId);
      const deletedAssessments = deleteData ? await assessments.deleteAll(userId) : 0;
      log.info({ userId, deleteData }, 'health-data consent withdrawn');
      return { consent: status, deletedAssessments };
    },

    /**
     * One page of the history, newest first, and the cursor of the next page (null on the last). The cursor names
     * the last entry given (its time and id), so a page is the same whether or not newer results were saved since.
     */
    async history(
      userId: string,
      { test, limit, cursor }: { test?: TestSlug; limit: number; cursor?: string },
      language: Language = 'en',
    ): Promise<{ assessments: HistoryEntry[]; nextCursor: string | null }> {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const all = await assessments.listAll(userId, test, language);
      const start = after ? startAfter(all, after) : 0;
      const page = all.slice(start, start + limit);
      const last = page.at(-1)?.assessment;
      const nextCursor = last && start + limit < all.length ? encodeCursor(last) : null;
      return { assessments: page.map((entry) => historyEntryOf(entry, language)), nextCursor };
    },

    /** One result as a PDF, in `language` (the routes choose it: reportLanguageOf). */
    async assessmentReport(
      user: CurrentUser,
      id: string,
      paper: ReportQuery['paper'],
      language: Language = 'en',
    ): Promise<Buffer> {
      const response = await ownAssessment(user.id, id, language);
      const pictures = await picturesOf(user.id, [response]);
      return renderPdf({
        personName: user.name,
        generatedAt: new Date(),
        paper,
        assessments: [response],
        scope: 'assessment',
        pictures,
        language,
      });
    },

    async historyReport(user: CurrentUser, paper: ReportQuery['paper'], language: Language = 'en'): Promise<Buffer> {
      const all = await assessments.listAll(user.id, undefined, language);
      const medicines = (await hooks.medicinesCheck?.(user.id)) ?? null;
      const symptomChecks = (await hooks.symptomChecks?.(user.id)) ?? null;
      const pictures = await picturesOf(user.id, all);
      return renderPdf({
        personName: user.name,
        generatedAt: new Date(),
        paper,
        assessments: all,
        scope: 'history',
        medicines,
        symptomChecks,
        pictures,
        language,
      });
    },

    async createShare(userId: string, assessmentId: string, expiresInDays: number): Promise<CreateShareResponse> {
      const response = await ownAssessment(userId, assessmentId);
      const token = newToken();
      const row = await repo.insertShare({
        userId,
        assessmentId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000),
      });
      log.info({ userId, shareId: row.id }, 'report share link created');
      return {
        share: shareOf(row, response.assessment.testName),
        url: `${config.publicOrigin}/api/shared-reports/${token}`,
      };
    },

    async listShares(userId: string): Promise<Share[]> {
      const rows = await repo.listShares(userId);
      const names = new Map((await assessments.listAll(userId)).map((r) => [r.assessment.id, r.assessment.testName]));
      return rows.map((row) => shareOf(row, names.get(row.assessmentId) ?? ''));
    },

    async revokeShare(userId: string, id: string): Promise<Share> {
      const row = await repo.revokeShare(userId, id);
      if (!row) throw new AppError('not_found', 'There is no such share link in your account.');
      log.info({ userId, shareId: id }, 'report share link revoked');
      const found = await assessments.getWithOwner(row.assessmentId);
      return shareOf(row, found?.response.assessment.testName ?? '');
    },

    /** The shared report, read-only, by the link's token; expired, revoked and unknown links look alike. */
    async sharedReport(token: string, paper: ReportQuery['paper'], language: Language = 'en'): Promise<Buffer> {
      const row = await repo.findShareByTokenHash(hashToken(token));
      if (!row || row.revokedAt || row.expiresAt <= new Date()) throw new AppError('not_found', SHARE_GONE_MESSAGE);
      const found = await assessments.getWithOwner(row.assessmentId, language);
      const owner = found && found.userId === row.userId ? await auth.publicUser(row.userId) : null;
      if (!found || !owner) throw new AppError('not_found', SHARE_GONE_MESSAGE);
      return renderPdf({
        personName: owner.name,
        generatedAt: new Date(),
        paper,
        assessments: [found.response],
        scope: 'assessment',
        pictures: await picturesOf(row.userId, [found.response]),
        language,
      });
    },

    /**
     * Everything the product holds about the user: the profile, consent, assessments as their pages show
     * them, share links (never their tokens), and every row of any other table that refers to the user
     * (found in the catalogue, so tables added later are included), hashes of secrets left out. Rows of a table
     * that hangs under one of those (chat messages under their conversation) are nested in their parent row,
     * under the child table's name, oldest first.
     */
    async exportJson(user: CurrentUser) {
      const all = await assessments.listAll(user.id);
      const skip = new Set(['assessments', 'report_shares', 'health_data_consents']);
      // Binary columns (a kept picture's bytes) as base64 text, not JSON arrays of numbers.
      const withoutHashes = (r: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(r)
            .filter(([k]) => !isHashLike(k))
            .map(([k, v]) => [k, v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v]),
        );
      const otherRecords: Record<string, Record<string, unknown>[]> = {};
      for (const { table, column } of await repo.tablesReferencingUsers()) {
        if (skip.has(table)) continue;
        const rows = (await repo.rowsOf(table, column, user.id)).map(withoutHashes);
        for (const child of await repo.tablesReferencing(table)) {
          const childRows = await repo.childRowsOf(child, { table, column }, user.id);
          for (const row of rows) {
            row[child.table] = childRows.filter((c) => c[child.column] === row[child.refColumn]).map(withoutHashes);
          }
        }
        otherRecords[table] = rows;
      }
      return {
        format: 'medibuddy-export-1',
        exportedAt: new Date().toISOString(),
        user: toPublicUser(user),
        consent: await consent.status(user.id),
        assessments: all.map((r) => r.assessment),
        shares: await this.listShares(user.id),
        images: (await hooks.listImages?.(user.id)) ?? [],
        otherRecords,
      };
    },

    async exportFhir(user: CurrentUser): Promise<FhirBundle> {
      return buildFhirBundle({
        user: toPublicUser(user),
        assessments: await assessments.listAll(user.id),
        images: (await hooks.listImages?.(user.id)) ?? [],
        bundleId: randomUUID(),
        now: new Date(),
        origin: config.publicOrigin,
      });
    },

    /**
     * Deletes the account after the password is proved: the user row goes, and with it (by cascade) every
     * row that refers to it; then the user's files in DATA_DIR. File names are collected before the rows go.
     */
    async deleteAccount(user: CurrentUser, password: string): Promise<void> {
      // Pictures are named by the rows, so they go once the password is proved and before the rows do.
      const { avatarPath } = await auth.deleteAccount(user.id, password, async () => {
        await hooks.removeAssessmentFiles?.(user.id);
      });
      const userDir = path.join(config.dataDir, 'uploads', 'users', user.id);
      const removals = [
        ...(avatarPath ? [avatars.remove(avatarPath)] : []),
        rm(userDir, { recursive: true, force: true }),
      ];
      const failed = (await Promise.allSettled(removals)).filter((r) => r.status === 'rejected').length;
      if (failed) log.error({ userId: user.id, failed }, 'account deleted, but some of its files could not be removed');
    },
  };
}
export type HealthRecordService = ReturnType<typeof createHealthRecordService>;
