import { z } from 'zod';
import { LAB_UNIT_DATA, type LabUnitData } from './lab-unit-lookup';

/**
 * The schema of content/lab-units.json (decision 030), checked when this module loads: every server start and the
 * contracts tests. The web form reads the same data through lab-unit-lookup.ts, which has no zod.
 */
export * from './lab-unit-lookup';

const UnitConversionSchema = z
  .strictObject({
    unit: z.string().min(1),
    canonicalPer: z.number().positive().optional(),
    perCanonical: z.number().positive().optional(),
    offset: z.number().optional(),
    decimals: z.number().int().min(0).max(3),
    basis: z.string().min(10),
  })
  .refine((u) => (u.canonicalPer === undefined) !== (u.perCanonical === undefined), {
    message: 'needs exactly one of canonicalPer and perCanonical',
  })
  .refine((u) => u.offset === undefined || u.perCanonical !== undefined, {
    message: 'an offset goes with perCanonical (unit = canonical x perCanonical + offset)',
  });

const AnalyteSchema = z.strictObject({
  key: z.string().regex(/^[a-z]+$/),
  name: z.string().min(3),
  canonical: z.string().min(1),
  canonicalDecimals: z.number().int().min(0).max(3),
  units: z.array(UnitConversionSchema).min(1),
  plausible: z.tuple([z.number(), z.number()]).refine(([low, high]) => low < high, 'low must be below high'),
  readBare: z
    .array(
      z.strictObject({ unit: z.string(), above: z.number().optional(), below: z.number().optional(), why: z.string() }),
    )
    .optional(),
  sources: z.array(z.string()).min(1),
});

export const LabUnitDataSchema = z
  .strictObject({
    version: z.string(),
    reviewedBy: z.string().nullable(),
    about: z.string().min(20),
    sources: z.record(z.string(), z.strictObject({ title: z.string().min(10), url: z.url() })),
    analytes: z.array(AnalyteSchema).min(1),
  })
  .superRefine((data, ctx) => {
    const keys = new Set<string>();
    data.analytes.forEach((a, i) => {
      if (keys.has(a.key)) ctx.addIssue({ code: 'custom', path: ['analytes', i, 'key'], message: 'is listed twice' });
      keys.add(a.key);
      for (const s of a.sources)
        if (!(s in data.sources))
          ctx.addIssue({ code: 'custom', path: ['analytes', i, 'sources'], message: `cites unknown source ${s}` });
    });
  });

/** The data, checked: a wrong file stops the server at start. */
export const LAB_UNITS: LabUnitData = LabUnitDataSchema.parse(LAB_UNIT_DATA) as LabUnitData;
