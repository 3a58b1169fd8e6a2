import type { TriageLevel, TriageResult, TriageSaved, TriageSession } from '@medibuddy/contracts';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../plugins/errors';
import { CONSENT_REQUIRED_MESSAGE, type ConsentCheck } from '../consent';
import { createTriageRepository } from './triage.repository';
import type { TriageService } from './triage.service';

type Row = Awaited<ReturnType<ReturnType<typeof createTriageRepository>['listByUser']>>[number];

const savedOf = (row: Row): TriageSaved => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  complaint: row.complaint,
  level: row.level as TriageLevel,
  result: row.result as TriageResult,
});

/**
 * Symptom checks kept in the health record. Only with the health-data consent (409 consent_required otherwise,
 * nothing written); the result stored is the one the server computes again from the session, never the client's.
 */
export function createTriageRecords({ db, consent, triage }: { db: Db; consent: ConsentCheck; triage: TriageService }) {
  const repo = createTriageRepository(db);
  return {
    async save(userId: string, session: TriageSession): Promise<TriageSaved> {
      if (!(await consent.isGranted(userId))) throw new AppError('consent_required', CONSENT_REQUIRED_MESSAGE);
      const step = triage.resume(session);
      if (!step.result)
        throw fieldError(
          'session.answers',
          'not_finished',
          'do not finish the assessment yet',
          'Answer the remaining questions before saving.',
        );
      return savedOf(await repo.insert(userId, step.session, step.result));
    },
    async list(userId: string): Promise<TriageSaved[]> {
      return (await repo.listByUser(userId)).map(savedOf);
    },
  };
}
export type TriageRecords = ReturnType<typeof createTriageRecords>;
