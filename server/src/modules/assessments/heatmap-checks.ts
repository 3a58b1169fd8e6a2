import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Whether a model's class-activation map is shown (decision 031). `npm run check:heatmaps -w server -- --write`
 * measures, on the held-out test pictures, how much of the top class's map falls on the outer ring of map cells,
 * where the instrument sits (a dermoscope's rim, a fundus camera's black surround), not the finding. A model whose
 * maps lean on the ring more than a uniform map would is served without a heatmap: a map on the picture's edge would
 * point a person at the wrong place. A model missing here, or measured for another version, shows none either.
 */

export const HEATMAP_CHECKS_FILE = path.join(import.meta.dirname, 'heatmap-checks.json');
export const HEATMAP_CHECKS_NOTE =
  'Written by bench/heatmap-edge.ts --write on the held-out test pictures; shown = ring weight below the ring’s share of the area.';

export const HeatmapChecksSchema = z.object({
  note: z.string(),
  models: z.record(
    z.string(),
    z.object({
      version: z.string(),
      ringWeight: z.number().min(0).max(1),
      ringArea: z.number().min(0).max(1),
      shown: z.boolean(),
    }),
  ),
});
export type HeatmapChecks = z.infer<typeof HeatmapChecksSchema>;

let cached: HeatmapChecks | undefined;

export function isHeatmapShown(model: string, version: string): boolean {
  cached ??= HeatmapChecksSchema.parse(JSON.parse(readFileSync(HEATMAP_CHECKS_FILE, 'utf8')));
  const entry = cached.models[model];
  return entry !== undefined && entry.version === version && entry.shown;
}
