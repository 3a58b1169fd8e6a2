import type { FieldError } from './problem';

/**
 * Text fields never hold a NUL character: PostgreSQL cannot store one, and no person types one. A request
 * that carries one anywhere is refused as a whole, naming the field, before any rule or store sees it.
 */
export const NUL_CHARACTER_ERROR = { rule: 'no_nul_character', message: 'must not contain a NUL character (\\u0000)' };

/** The dotted path of the first string (or key) holding a NUL character in a parsed body or query, if any. */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return path || 'body';
    const found = findNulCharacter(item, at);
    if (found) return found;
  }
  return undefined;
}

export function nulCharacterErrorOf(field: string): FieldError {
  return { field, ...NUL_CHARACTER_ERROR };
}
