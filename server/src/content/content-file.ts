import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Reading a content file (JSON a clinician can edit) so that a mistake stops the server with a message that names
 * the file, the entry and the rule it breaks: `starter-catalogue.json: medicine "ibuprofen" (medicines[1]), uses:
 * must list at least one`, never a stack trace into TypeScript.
 */

/** How the entries of each top-level list or table are named in messages: the noun and the field that names one. */
export type EntryNames = Record<string, { noun: string; idField?: string }>;

/** Text as written: at least one character, no space at either end (an editor's stray space is a mistake). */
export const plainText = z.string().regex(/^\S(?:[\s\S]*\S)?$/, 'must be text without spaces at either end');

/** `field`, `field[2]`, `field.sub` from the path under an entry. */
function fieldPath(parts: readonly PropertyKey[]): string {
  return parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

/** `symptom "Fever" (symptoms[1])`: an entry of a list by its name and place, or of a table by its key. */
export function entryLabel(names: EntryNames, list: string, index: number | string, entry?: unknown): string {
  const spec = names[list];
  if (!spec) return typeof index === 'number' ? `${list}[${index}]` : `${list}.${index}`;
  if (typeof index === 'string') return `${spec.noun} "${index}"`;
  const id =
    spec.idField && entry && typeof entry === 'object' ? (entry as Record<string, unknown>)[spec.idField] : undefined;
  return typeof id === 'string' ? `${spec.noun} "${id}" (${list}[${index}])` : `${spec.noun} ${list}[${index}]`;
}

/** Where a schema issue lies, in words: the entry it belongs to, then the field under it. */
export function describePath(raw: unknown, issuePath: readonly PropertyKey[], names: EntryNames): string {
  const [list, index, ...rest] = issuePath;
  if (typeof list !== 'string' || !names[list] || (typeof index !== 'number' && typeof index !== 'string')) {
    return issuePath.length > 0 ? fieldPath(issuePath) : 'the file';
  }
  const entries = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[list] : undefined;
  const entry = Array.isArray(entries) && typeof index === 'number' ? entries[index] : undefined;
  const where = entryLabel(names, list, index, entry);
  return rest.length > 0 ? `${where}, ${fieldPath(rest)}` : where;
}

/** Thrown when a content file breaks a rule; the message lists every problem, one a line. */
export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file} is not valid content (fix it and start again):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentFileError';
  }
}

/** The parsed JSON of a content file; a syntax error names the file. */
export function readContentJson(file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ContentFileError(path.basename(file), [`not valid JSON: ${(error as Error).message}`]);
  }
}

/**
 * The data of a content file checked against its schema, and then against `problemsOf` (the rules across entries
 * a schema cannot state). Throws a ContentFileError naming each broken entry and rule.
 */
export function parseContent<S extends z.ZodType>(
  file: string,
  raw: unknown,
  schema: S,
  names: EntryNames,
  problemsOf: (data: z.output<S>) => string[] = () => [],
): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${describePath(raw, i.path, names)}: ${i.message}`);
    throw new ContentFileError(file, problems);
  }
  const problems = problemsOf(parsed.data);
  if (problems.length > 0) throw new ContentFileError(file, problems);
  return parsed.data;
}

/** Reads, parses and checks a content file by path. */
export function loadContentFile<S extends z.ZodType>(
  file: string,
  schema: S,
  names: EntryNames,
  problemsOf?: (data: z.output<S>) => string[],
): z.output<S> {
  return parseContent(path.basename(file), readContentJson(file), schema, names, problemsOf);
}
