import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { createKnowledgeRepository } from './knowledge.repository';
import type { PassageHit } from './knowledge.types';
import { diseasePassages, firstAidPassages, medicinePassages } from './own-content';
import { searchTermsOf } from './search-terms';

/** Passages looked at for one question; the answer uses the best few. */
const CANDIDATES = 12;

export function createKnowledgeService({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const repo = createKnowledgeRepository(db);

  return {
    /** Writes our own disease, medicine and first-aid passages; unchanged ones are left alone, so every start can call it. */
    async seedOwnContent(): Promise<number> {
      const diseases = diseasePassages();
      const medicines = medicinePassages();
      const firstAid = firstAidPassages();
      const written = await withTransaction(db, async (tx) => {
        const r = createKnowledgeRepository(tx);
        const count = await r.upsert([...diseases, ...medicines, ...firstAid]);
        await r.removeStale(
          'disease',
          diseases.map((d) => d.key),
        );
        await r.removeStale(
          'medicine',
          medicines.map((m) => m.key),
        );
        await r.removeStale(
          'first_aid',
          firstAid.map((f) => f.key),
        );
        if (count > 0) await r.compactIndexes();
        return count;
      });
      if (written > 0) log.info({ written }, 'chat knowledge: own content written');
      return written;
    },

    countBySource: () => repo.countBySource(),

    /** The passages that best answer a question, best first; [] when nothing matches. */
    async search(question: string, limit = CANDIDATES): Promise<PassageHit[]> {
      const terms = searchTermsOf(question);
      if (!terms) return [];
      return repo.search(terms, limit);
    },
    /**
     * Passages whose topic or question names one of `words` (already [a-z0-9] words of the question's subject),
     * ranked with `extra` words too (what kind of question it is: "symptoms", "treatments").
     */
    async searchWords(
      words: readonly string[],
      extra: readonly string[],
      limit = CANDIDATES,
      options: { withBody?: boolean } = {},
    ): Promise<PassageHit[]> {
      const safe = (list: readonly string[]) => list.filter((w) => /^[a-z0-9]+$/.test(w));
      const topic = safe(words);
      if (topic.length === 0) return [];
      return repo.search({ topic: topic.join(' | '), all: [...topic, ...safe(extra)].join(' | ') }, limit, options);
    },
    rareWords: (words: readonly string[]) => repo.rareWords(words),
    findByIds: (ids: readonly number[]) => repo.findByIds(ids),
    listTopics: () => repo.listTopics(),
    topicsVersion: () => repo.topicsVersion(),
  };
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
