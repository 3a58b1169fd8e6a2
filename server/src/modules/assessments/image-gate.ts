import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Cheap, explainable checks the image gate adds to its CNN, one set per kind of picture (fundus, chest CT, skin):
 * numbers anyone can compute from the picture at the gate's size, each with a range its own kind's validation
 * pictures fall in, and the CNN's lowest accepted score for that kind. Drawn shapes and screenshots have large flat
 * areas and few colours; noise has edges everywhere; a chest CT has no colour; a fundus photo is red-orange.
 * bench/image-gate.ts fixes the ranges on a choosing part and reports refusal on a part kept apart.
 */

export const PICTURE_STATS = [
  'mean',
  'std',
  'chroma',
  'redMinusGreen',
  'greenMinusBlue',
  'flatShare',
  'edgeShare',
  'colourShare',
] as const;
export type PictureStat = (typeof PICTURE_STATS)[number];
export type PictureStats = Record<PictureStat, number>;

/** In words, for the refusal log and docs. */
export const PICTURE_STAT_WORDS: Record<PictureStat, string> = {
  mean: 'mean brightness',
  std: 'contrast (spread of brightness)',
  chroma: 'colourfulness',
  redMinusGreen: 'red over green',
  greenMinusBlue: 'green over blue',
  flatShare: 'share of perfectly flat neighbouring pixels (outside black areas)',
  edgeShare: 'share of sharp edges',
  colourShare: 'number of distinct colours',
};

/** `pixels`: size x size RGB bytes, interleaved. All figures 0-1 (the colour differences -1 to 1). */
export function pictureStats(pixels: Uint8Array, size: number): PictureStats {
  const n = size * size;
  const lum = new Float32Array(n);
  let sum = 0;
  let sumSq = 0;
  let chroma = 0;
  let r = 0;
  let g = 0;
  let b = 0;
  const colours = new Set<number>();
  for (let i = 0, p = 0; i < n; i += 1, p += 3) {
    const R = pixels[p] as number;
    const G = pixels[p + 1] as number;
    const B = pixels[p + 2] as number;
    const y = (0.2126 * R + 0.7152 * G + 0.0722 * B) / 255;
    lum[i] = y;
    sum += y;
    sumSq += y * y;
    chroma += (Math.max(R, G, B) - Math.min(R, G, B)) / 255;
    r += R;
    g += G;
    b += B;
    colours.add(((R >> 4) << 8) | ((G >> 4) << 4) | (B >> 4));
  }
  let pairs = 0;
  let flat = 0;
  let litPairs = 0;
  let edges = 0;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const i = y * size + x;
      for (const j of [x + 1 < size ? i + 1 : -1, y + 1 < size ? i + size : -1]) {
        if (j < 0) continue;
        pairs += 1;
        const d = Math.abs((lum[i] as number) - (lum[j] as number));
        if (d > 0.2) edges += 1;
        if ((lum[i] as number) > 0.1 && (lum[j] as number) > 0.1) {
          litPairs += 1;
          const same =
            Math.abs((pixels[i * 3] as number) - (pixels[j * 3] as number)) <= 1 &&
            Math.abs((pixels[i * 3 + 1] as number) - (pixels[j * 3 + 1] as number)) <= 1 &&
            Math.abs((pixels[i * 3 + 2] as number) - (pixels[j * 3 + 2] as number)) <= 1;
          if (same) flat += 1;
        }
      }
    }
  }
  const mean = sum / n;
  return {
    mean,
    std: Math.sqrt(Math.max(0, sumSq / n - mean * mean)),
    chroma: chroma / n,
    redMinusGreen: (r - g) / (255 * n),
    greenMinusBlue: (g - b) / (255 * n),
    flatShare: litPairs > 0 ? flat / litPairs : 0,
    edgeShare: edges / pairs,
    colourShare: colours.size / Math.min(n, 4096),
  };
}

const Range = z.tuple([z.number(), z.number()]);
export const GateChecksSchema = z.object({
  /** The gate model these were fixed with. */
  gateVersion: z.string(),
  note: z.string(),
  kinds: z.partialRecord(
    z.enum(['fundus', 'chest_ct', 'skin']),
    z.object({
      /** The CNN's P(this kind) must reach this (at least the card's accept_threshold). */
      minScore: z.number().min(0).max(1),
      ranges: z.object(Object.fromEntries(PICTURE_STATS.map((s) => [s, Range])) as Record<PictureStat, typeof Range>),
    }),
  ),
});
export type GateChecks = z.infer<typeof GateChecksSchema>;
export type GateKind = keyof GateChecks['kinds'];

export const GATE_CHECKS_FILE = path.join(import.meta.dirname, 'image-gate-checks.json');
let loaded: GateChecks | undefined;
export function gateChecks(): GateChecks {
  loaded ??= GateChecksSchema.parse(JSON.parse(readFileSync(GATE_CHECKS_FILE, 'utf8')));
  return loaded;
}

/** The first check a picture fails for `kind` (a statistic out of its range, or the CNN score too low), or null. */
export function failedGateCheck(
  checks: GateChecks,
  kind: GateKind,
  stats: PictureStats,
  score: number,
): PictureStat | 'score' | null {
  const spec = checks.kinds[kind];
  if (!spec) return null;
  for (const stat of PICTURE_STATS) {
    const [lo, hi] = spec.ranges[stat];
    if (stats[stat] < lo || stats[stat] > hi) return stat;
  }
  return score < spec.minScore ? 'score' : null;
}
