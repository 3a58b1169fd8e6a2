import { describe, expect, it } from 'vitest';
import { loadReferenceValues, ReferenceValuesSchema } from './reference-values';

describe('reference values (reference-values.json)', () => {
  const values = loadReferenceValues();

  it('parse, and every band and measure cites a declared source with a public https page', () => {
    expect(values.measures.length).toBeGreaterThanOrEqual(12);
    for (const source of Object.values(values.sources)) expect(source.url).toMatch(/^https:\/\//);
    for (const m of values.measures)
      for (const key of [m.source, ...m.bands.map((b) => b.source)])
        expect(values.sources[key], `${m.id} ${key}`).toBeDefined();
  });

  it('give each alias to one measure only, so a question names one measure', () => {
    const seen = new Map<string, string>();
    for (const m of values.measures) {
      for (const alias of m.aliases) {
        expect(seen.get(alias), `${alias} in ${m.id} and ${seen.get(alias)}`).toBeUndefined();
        seen.set(alias, m.id);
      }
    }
  });

  it('refuse a band that cites an undeclared source, and bands with no catch-all last band', () => {
    const broken = structuredClone(values) as unknown as { measures: { bands: { source: string; from?: number }[] }[] };
    (broken.measures[1]?.bands[0] as { source: string }).source = 'nowhere';
    expect(ReferenceValuesSchema.safeParse(broken).success).toBe(false);
    const open = structuredClone(values) as unknown as { measures: { bands: { from?: number }[] }[] };
    (open.measures[2]?.bands.at(-1) as { from?: number }).from = 1;
    expect(ReferenceValuesSchema.safeParse(open).success).toBe(false);
  });
});
