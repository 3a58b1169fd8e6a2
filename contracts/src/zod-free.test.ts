import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index';
import * as redFlags from './red-flag-lookup';
import type { RedFlagDataSchema } from './red-flags';

const dir = import.meta.dirname;

/**
 * The modules the web app loads before it loads zod (decision 014), as package.json exports them: the catalogue, what
 * the forms render, who to call, and the red-flag check the medicines page runs as symptoms are added.
 */
const ZOD_FREE_ENTRIES = [
  'catalogue-data.ts',
  'forms/index.ts',
  'helpline-lookup.ts',
  'red-flag-lookup.ts',
  'lab-unit-lookup.ts',
];

/** Every module a file imports, directly or not, by path from src/; packages by name. */
function importsOf(file: string, seen = new Set<string>()): Set<string> {
  for (const [, from] of readFileSync(path.join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)) {
    if (!from) continue;
    const target = from.startsWith('.') ? path.join(path.dirname(file), from) : from;
    const module = from.startsWith('.') && !/\.json$/.test(from) ? `${target}.ts` : target;
    if (seen.has(module)) continue;
    seen.add(module);
    if (module.endsWith('.ts')) importsOf(module, seen);
  }
  return seen;
}

describe('the zod-free modules (what the web app runs before it loads the schemas)', () => {
  it.each(ZOD_FREE_ENTRIES)('%s imports nothing but other modules and data of the package, and no zod', (entry) => {
    const imports = [...importsOf(entry)];
    expect(imports.filter((module) => !/\.(ts|json)$/.test(module))).toEqual([]);
  });

  it('red-flag-lookup: its types are the schema’s, and the index exports the same list and check', () => {
    expectTypeOf<z.infer<typeof RedFlagDataSchema>>().toEqualTypeOf<redFlags.RedFlagData>();
    expect(contracts.RED_FLAGS).toBe(redFlags.RED_FLAGS);
    expect(contracts.emergencyNoticeFor).toBe(redFlags.emergencyNoticeFor);
    expect(contracts.helplineUsesOf).toBe(redFlags.helplineUsesOf);
    expect(contracts.EMERGENCY_MESSAGE).toBe(redFlags.EMERGENCY_MESSAGE);
  });
});
