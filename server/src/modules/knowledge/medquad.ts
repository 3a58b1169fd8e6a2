import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { createKnowledgeRepository, INSERT_BATCH } from './knowledge.repository';
import type { PassageRow } from './knowledge.types';

/** The credit CC BY 4.0 asks for, as the data set's SOURCES.md (ML_DATA_DIR/qa/) gives it. */
export const MEDQUAD_CREDIT =
  'MedQuAD (Ben Abacha A. and Demner-Fushman D., "A Question-Entailment Approach to Question Answering", BMC Bioinformatics 20, 511 (2019)), CC BY 4.0';

const PUBLISHERS: Record<string, string> = {
  GHR: 'Genetics Home Reference (U.S. National Library of Medicine)',
  GARD: 'Genetic and Rare Diseases Information Center (NIH)',
  NIDDK: 'National Institute of Diabetes and Digestive and Kidney Diseases',
  NINDS: 'National Institute of Neurological Disorders and Stroke',
  MPlusHealthTopics: 'MedlinePlus (U.S. National Library of Medicine)',
  NIHSeniorHealth: 'NIHSeniorHealth (National Institute on Aging)',
  CancerGov: 'National Cancer Institute',
  NHLBI: 'National Heart, Lung, and Blood Institute',
  CDC: 'Centers for Disease Control and Prevention',
};

const MedquadItemSchema = z.object({
  id: z.string().min(1).max(100),
  source: z.string().min(1).max(100),
  url: z.string().max(2000).nullable(),
  focus: z.string().min(1).max(500),
  category: z.string().nullable().optional(),
  qtype: z.string().max(100).nullable().optional(),
  question: z.string().min(1).max(2000),
  answer: z.string().min(1),
});

export class MedquadImportError extends Error {}

export type MedquadReport = { total: number; written: number; skipped: { index: number; reason: string }[] };

function isHttpUrl(value: string | null): value is string {
  return value !== null && /^https?:\/\/\S+$/.test(value);
}

/** Parses medquad.json (a JSON array of MedQuAD pairs); malformed items are reported by index and skipped. */
export function parseMedquad(text: string): { rows: PassageRow[]; skipped: MedquadReport['skipped']; total: number } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new MedquadImportError(`the file is not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(data))
    throw new MedquadImportError('the file must be a JSON array of MedQuAD question-answer pairs');
  const rows = new Map<string, PassageRow>();
  const skipped: MedquadReport['skipped'] = [];
  data.forEach((item, index) => {
    const parsed = MedquadItemSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      skipped.push({ index, reason: `${issue?.path.join('.') || 'item'}: ${issue?.message ?? 'invalid'}` });
      return;
    }
    const p = parsed.data;
    const publisher = PUBLISHERS[p.source] ?? p.source;
    // MedQuAD ids are not unique (one NCI page answers for several topics): the key adds a digest of the pair.
    const digest = createHash('sha1').update(`${p.focus}\n${p.question}\n${p.answer}`).digest('hex').slice(0, 12);
    const key = `medquad:${p.id}:${digest}`;
    rows.set(key, {
      key,
      sourceKind: 'medquad',
      topic: p.focus.trim(),
      question: p.question.trim(),
      qtype: p.qtype?.trim().toLowerCase() ?? '',
      body: p.answer.trim(),
      sourceTitle: `${p.focus.trim()} — ${publisher}`,
      sourceUrl: isHttpUrl(p.url) ? p.url : null,
      publisher,
      credit: MEDQUAD_CREDIT,
    });
  });
  return { rows: [...rows.values()], skipped, total: data.length };
}

/**
 * Imports MedQuAD into the knowledge passages in one transaction (batches of INSERT_BATCH rows), so a failure
 * leaves the knowledge as it was. Running the same file again writes nothing.
 */
export async function importMedquad(
  db: Db,
  text: string,
  { onBatch }: { onBatch?: (progress: { written: number; total: number }) => void } = {},
): Promise<MedquadReport> {
  const { rows, skipped, total } = parseMedquad(text);
  if (rows.length === 0) throw new MedquadImportError('the file has no usable question-answer pair');
  let written = 0;
  await withTransaction(db, async (tx) => {
    const repo = createKnowledgeRepository(tx);
    for (let start = 0; start < rows.length; start += INSERT_BATCH * 4) {
      written += await repo.upsert(rows.slice(start, start + INSERT_BATCH * 4));
      onBatch?.({ written: Math.min(start + INSERT_BATCH * 4, rows.length), total: rows.length });
    }
    await repo.compactIndexes();
  });
  return { total, written, skipped };
}
