import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { failedGateCheck, gateChecks, pictureStats } from './image-gate';

const GATE_CARD = path.resolve(import.meta.dirname, '../../../models/image_gate/card.json');

async function pixelsOf(svg: string, size = 64): Promise<Uint8Array> {
  const { data } = await sharp(Buffer.from(svg))
    .resize(size, size, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

describe('image gate checks', () => {
  it('were fixed for the served gate and give every kind a range for every statistic', () => {
    const card = JSON.parse(readFileSync(GATE_CARD, 'utf8')) as { version: string; gate: { accept_threshold: number } };
    const checks = gateChecks();
    // A retrained gate needs `npm run check:image-gate -w server -- --write`.
    expect(checks.gateVersion).toBe(card.version);
    for (const kind of ['fundus', 'chest_ct', 'skin'] as const) {
      const spec = checks.kinds[kind];
      expect(spec?.minScore).toBeGreaterThanOrEqual(card.gate.accept_threshold);
      for (const [lo, hi] of Object.values(spec?.ranges ?? {})) expect(lo).toBeLessThan(hi);
    }
  });

  it('a flat drawn disc is all flat pixels and few colours; noise is all edges and colours', async () => {
    const disc = pictureStats(
      await pixelsOf(
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="100%" height="100%" fill="#000"/><circle cx="128" cy="128" r="115" fill="#e07020"/></svg>',
      ),
      64,
    );
    expect(disc.flatShare).toBeGreaterThan(0.8);
    expect(disc.colourShare).toBeLessThan(0.01);
    expect(failedGateCheck(gateChecks(), 'fundus', disc, 0.99)).not.toBeNull();
    const grey = pictureStats(
      await pixelsOf(
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="100%" height="100%" fill="#777"/></svg>',
      ),
      64,
    );
    expect(grey.chroma).toBe(0);
    expect(grey.std).toBe(0);
  });

  it('the CNN score alone decides when every statistic is in range', () => {
    const spec = gateChecks().kinds.chest_ct!;
    const mid = Object.fromEntries(
      Object.entries(spec.ranges).map(([k, [lo, hi]]) => [k, (lo + hi) / 2]),
    ) as Parameters<typeof failedGateCheck>[2];
    expect(failedGateCheck(gateChecks(), 'chest_ct', mid, spec.minScore)).toBeNull();
    expect(failedGateCheck(gateChecks(), 'chest_ct', mid, spec.minScore - 0.01)).toBe('score');
  });
});
