import type { FieldError } from './problem';

/**
 * Text fields never hold a NUL character: PostgreSQL cannot store one, and no person types one. A request
 * that carries one anywhere is refused as a whole, naming the field, before any rule or store sees it.
 */
export const NUL_CHARACTER_ERROR = { rule: 'no_nul_character', message: 'must not contain a NUL character (\\u0000)' };

/**
 * The dotted path of the first string (or key) holding a NUL character in a parsed body or query, if any. The walk
 * is iterative (an explicit stack, in the same order as a recursive one), so no nesting of untrusted input can
 * overflow the call stack.
 */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const { value: v, path: at } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at || 'body';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.some(([key]) => key.includes('\u0000'))) return at || 'body';
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ value: item, path: at ? `${at}.${key}` : key });
    }
  }
  return undefined;
}

/** How deeply a JSON body may nest: far beyond any form of the product, far below a call stack's limit. */
export const MAX_JSON_DEPTH = 32;

/**
 * The nesting depth of a JSON text, counted over its brackets outside strings without parsing it (one pass, no
 * recursion), so that a body nested too deeply is refused before anything walks it.
 */
export function jsonDepthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91 /* { [ */) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93 /* } ] */) depth--;
  }
  return deepest;
}

export function nulCharacterErrorOf(field: string): FieldError {
  return { field, ...NUL_CHARACTER_ERROR };
}
