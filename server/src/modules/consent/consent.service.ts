import { HEALTH_DATA_CONSENT_TEXT, HEALTH_DATA_CONSENT_VERSION, type ConsentStatus } from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createConsentRepository, type ConsentRow } from './consent.repository';

/** Whether the user has consented to storing health data: all a module that stores health data asks. */
export type ConsentCheck = { isGranted(userId: string): Promise<boolean> };

/** The 409 consent_required answer's detail when a result is saved without consent. */
export const CONSENT_REQUIRED_MESSAGE =
  'Before we save your first result, we need your consent to store health data in your account. ' +
  'Agree to it on the test page (or on your health record page), then run the test again.';

function consentStatusOf(row: ConsentRow | undefined): ConsentStatus {
  return {
    status: !row ? 'none' : row.withdrawnAt ? 'withdrawn' : 'granted',
    version: row?.version ?? null,
    grantedAt: row?.grantedAt.toISOString() ?? null,
    withdrawnAt: row?.withdrawnAt?.toISOString() ?? null,
    text: HEALTH_DATA_CONSENT_TEXT,
    currentVersion: HEALTH_DATA_CONSENT_VERSION,
  };
}

/**
 * The user's consent to store health data (decision 012): asked by every module that stores it (assessments, my
 * medicines, kept symptom checks, the chat's "my results"), given and withdrawn through the health record.
 */
export function createConsentService({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const repo = createConsentRepository(db);
  return {
    async isGranted(userId: string): Promise<boolean> {
      const row = await repo.findConsent(userId);
      return row !== undefined && row.withdrawnAt === null;
    },

    async status(userId: string): Promise<ConsentStatus> {
      return consentStatusOf(await repo.findConsent(userId));
    },

    async grant(userId: string): Promise<ConsentStatus> {
      const row = await repo.grantConsent(userId, HEALTH_DATA_CONSENT_VERSION);
      log.info({ userId, version: row.version }, 'health-data consent granted');
      return consentStatusOf(row);
    },

    /** Stops storing from now on; the status as it stands after (unchanged when there was nothing to withdraw). */
    async withdraw(userId: string): Promise<ConsentStatus> {
      return consentStatusOf((await repo.withdrawConsent(userId)) ?? (await repo.findConsent(userId)));
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
