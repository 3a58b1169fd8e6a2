import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as forms from './index';
import * as contracts from '../index';

const dir = import.meta.dirname;
const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('forms/ (what the web app renders before it loads zod)', () => {
  it.each(sources)('%s imports neither zod nor a module outside forms/', (name) => {
    const imports = [...readFileSync(path.join(dir, name), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports.filter((from) => !from?.startsWith('./'))).toEqual([]);
  });

  it('is part of the package index: the schemas and what the forms render are one set of values', () => {
    for (const [name, value] of Object.entries(forms))
      expect(contracts[name as keyof typeof contracts], name).toBe(value);
  });
});
