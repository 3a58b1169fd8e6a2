import type { MedicineCheckRequest } from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createFinder } from './finder';
import { checkMedicines } from './medicine-check';
import type { SafetyFacts } from './medicine-safety';
import { createMedicineResolver } from './my-medicines';
import { createMedicinesRepository } from './medicines.repository';
import { STARTER_CATALOGUE } from '../../content/starter-catalogue';
import { starterRowOf } from './starter-products';
import { suggestSymptoms } from '../../content/symptom-vocabulary';

/**
 * The medicines service: the starter catalogue, symptom suggestions, the check of a list of medicines together, and
 * the finder (finder.ts).
 */
export function createMedicinesService({ db, log, facts }: { db: Db; log: FastifyBaseLogger; facts: SafetyFacts }) {
  const repo = createMedicinesRepository(db);
  const resolve = createMedicineResolver(db, facts);
  const recommend = createFinder({ repo, resolve, facts, log });

  return {
    /** Writes the starter catalogue; unchanged entries are left alone, so every start can call it. */
    async seedStarterCatalogue() {
      const counts = await repo.upsert(STARTER_CATALOGUE.map(starterRowOf));
      if (counts.inserted + counts.updated > 0) log.info(counts, 'starter medicine catalogue written');
      return counts;
    },

    suggestSymptoms(query: string) {
      return { suggestions: suggestSymptoms(query) };
    },

    /** Checks a typed list of medicines together for this person; nothing is stored or logged. */
    async check({ items, person }: MedicineCheckRequest) {
      return checkMedicines(await Promise.all(items.map(resolve)), person, facts);
    },

    recommend,
  };
}
export type MedicinesService = ReturnType<typeof createMedicinesService>;
