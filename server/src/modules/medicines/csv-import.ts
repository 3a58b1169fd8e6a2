import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { ingredientKeyOf, ingredientsOf, inferPrescriptionStatus, productFormOf } from './ingredients';
import { createMedicinesRepository, type MedicineRow, type WriteCounts } from './medicines.repository';

/**
 * Importing a medicine CSV in the layout of Medicine_Details.csv (Kaggle "11000 Medicine details"):
 * parse and check every row first, report each malformed one by line number and skip it, then write all
 * good rows in ONE transaction (in batches of statements), so a failure part-way leaves the catalogue as
 * it was. Re-running the same file changes nothing: rows are keyed by name + composition + manufacturer.
 */

export const IMPORT_SOURCE =
  'Medicine_Details.csv (Kaggle "11000 Medicine details", scraped from 1mg; licence not established)';

export const COLUMNS = {
  name: 'Medicine Name',
  composition: 'Composition',
  uses: 'Uses',
  sideEffects: 'Side_effects',
  imageUrl: 'Image URL',
  manufacturer: 'Manufacturer',
  excellent: 'Excellent Review %',
  average: 'Average Review %',
  poor: 'Poor Review %',
} as const;
type Column = keyof typeof COLUMNS;

const REQUIRED_COLUMNS: Column[] = ['name', 'composition', 'uses', 'sideEffects', 'manufacturer'];
const LIMITS = { name: 200, composition: 1000, uses: 3000, sideEffects: 3000, manufacturer: 200, imageUrl: 2000 };
const BATCH_SIZE = 500;

export class CsvImportError extends Error {}

export type RowProblem = { line: number; reason: string };

export type ParsedCsv = {
  rows: MedicineRow[];
  /** Malformed rows, skipped. */
  problems: RowProblem[];
  /** Rows that repeat an earlier row's name + composition + manufacturer, skipped. */
  duplicates: number;
  /** Data rows read (good, malformed and repeated). */
  total: number;
};

const compact = (s: string) => s.replace(/\s+/g, ' ').trim();
const keyPart = (s: string) => compact(s).toLowerCase();

/**
 * The scraped "Uses" glue phrases together ("…due to allergiesTreatment of Allergic conditions"): split where a
 * lower-case letter or a closing bracket runs straight into a capital letter.
 */
export function splitUses(uses: string): string[] {
  return compact(uses)
    .split(/(?<=[a-z)\]])(?=[A-Z])/)
    .map((u) => u.trim())
    .filter(Boolean);
}

function checkText(value: string, label: string, limit: number, isRequired: boolean): string | undefined {
  if (isRequired && value === '') return `${label} is empty`;
  if (value.length > limit) return `${label} is longer than ${limit} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) return `${label} contains control characters`;
  return undefined;
}

function readPercent(value: string, label: string): { value: number | null; problem?: string } {
  if (value === '') return { value: null };
  if (!/^\d{1,3}$/.test(value) || Number(value) > 100)
    return { value: null, problem: `${label} is not a whole number from 0 to 100` };
  return { value: Number(value) };
}

function readImageUrl(value: string): { value: string | null; problem?: string } {
  if (value === '') return { value: null };
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return { value: url.toString() };
  } catch {
    // reported below
  }
  return { value: null, problem: 'Image URL is not an http(s) address' };
}

/** Reads the file and checks every row; throws CsvImportError only when the file as a whole is unusable. */
export function parseMedicineCsv(text: string): ParsedCsv {
  const problems: RowProblem[] = [];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error: { lines?: number; message?: string } | undefined) => {
        if (error)
          problems.push({ line: error.lines ?? 0, reason: `cannot be read as CSV (${error.message ?? 'malformed'})` });
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new CsvImportError(`The file cannot be read as CSV: ${(error as Error).message}`);
  }
  const header = records.shift();
  if (!header) throw new CsvImportError('The file is empty: it has no header row.');
  const position = new Map(header.record.map((name, i) => [compact(name).toLowerCase(), i]));
  const indexOf = Object.fromEntries(
    (Object.keys(COLUMNS) as Column[]).map((c) => [c, position.get(COLUMNS[c].toLowerCase())]),
  ) as Record<Column, number | undefined>;
  const missing = REQUIRED_COLUMNS.filter((c) => indexOf[c] === undefined).map((c) => COLUMNS[c]);
  if (missing.length > 0) {
    throw new CsvImportError(
      `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}. ` +
        `Expected the layout of Medicine_Details.csv: ${Object.values(COLUMNS).join(', ')}.`,
    );
  }

  const rows: MedicineRow[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  let previousEnd = header.info.lines;
  for (const { record, info } of records) {
    // A quoted field may span lines: the record starts on the line after the previous one ended.
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.length !== header.record.length) {
      problems.push({ line, reason: `has ${record.length} fields, expected ${header.record.length}` });
      continue;
    }
    const field = (c: Column) => (indexOf[c] === undefined ? '' : compact(record[indexOf[c]] ?? ''));
    const name = field('name');
    const composition = field('composition');
    const uses = field('uses');
    const sideEffects = field('sideEffects');
    const manufacturer = field('manufacturer');
    const image = readImageUrl(field('imageUrl'));
    const excellent = readPercent(field('excellent'), COLUMNS.excellent);
    const average = readPercent(field('average'), COLUMNS.average);
    const poor = readPercent(field('poor'), COLUMNS.poor);
    const reasons = [
      checkText(name, COLUMNS.name, LIMITS.name, true),
      checkText(composition, COLUMNS.composition, LIMITS.composition, true),
      checkText(uses, COLUMNS.uses, LIMITS.uses, true),
      checkText(sideEffects, COLUMNS.sideEffects, LIMITS.sideEffects, false),
      checkText(manufacturer, COLUMNS.manufacturer, LIMITS.manufacturer, false),
      checkText(field('imageUrl'), COLUMNS.imageUrl, LIMITS.imageUrl, false),
      image.problem,
      excellent.problem,
      average.problem,
      poor.problem,
    ].filter((r): r is string => r !== undefined);
    const ingredients = ingredientsOf(composition);
    if (reasons.length === 0 && ingredients.length === 0) reasons.push(`${COLUMNS.composition} names no ingredient`);
    if (reasons.length > 0) {
      problems.push({ line, reason: reasons.join('; ') });
      continue;
    }
    const key = `csv:${keyPart(name)}|${keyPart(composition)}|${keyPart(manufacturer)}`;
    if (seen.has(key)) {
      duplicates += 1;
      continue;
    }
    seen.add(key);
    const { status, note } = inferPrescriptionStatus(name, ingredients);
    rows.push({
      key,
      sourceKind: 'import',
      name,
      composition,
      ingredients,
      ingredientKey: ingredientKeyOf(ingredients),
      form: productFormOf(name),
      uses,
      usesList: splitUses(uses),
      sideEffects,
      manufacturer: manufacturer || null,
      imageUrl: image.value,
      prescriptionStatus: status,
      prescriptionNote: note,
      source: IMPORT_SOURCE,
      sourceUrl: null,
      reviewExcellent: excellent.value,
      reviewAverage: average.value,
      reviewPoor: poor.value,
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    rows,
    problems,
    duplicates,
    total: records.length + problems.filter((p) => p.reason.startsWith('cannot be read')).length,
  };
}

export type ImportReport = ParsedCsv & WriteCounts;

export type ImportOptions = {
  /** Called after each batch is written (inside the transaction); throwing rolls the whole import back. */
  onBatch?: (progress: { written: number; total: number }) => void;
  batchSize?: number;
};

/** Parses, checks and writes a CSV; all rows or none are written. */
export async function importMedicinesCsv(db: Db, text: string, options: ImportOptions = {}): Promise<ImportReport> {
  const parsed = parseMedicineCsv(text);
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const counts = await withTransaction(db, async (tx) => {
    const repo = createMedicinesRepository(tx);
    const sum: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };
    for (let start = 0; start < parsed.rows.length; start += batchSize) {
      const batch = parsed.rows.slice(start, start + batchSize);
      const c = await repo.upsert(batch);
      sum.inserted += c.inserted;
      sum.updated += c.updated;
      sum.unchanged += c.unchanged;
      options.onBatch?.({ written: start + batch.length, total: parsed.rows.length });
    }
    return sum;
  });
  return { ...parsed, ...counts };
}
