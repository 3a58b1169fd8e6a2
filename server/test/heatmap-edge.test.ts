import { describe, expect, it } from 'vitest';
import { edgeShare } from '../bench/heatmap-edge';

describe('edgeShare (npm run check:heatmaps)', () => {
  const map = (size: number, at: (x: number, y: number) => number) =>
    Float32Array.from({ length: size * size }, (_, i) => at(i % size, Math.floor(i / size)));

  it('a uniform map puts on the ring exactly the ring’s share of the area', () => {
    const share = edgeShare(
      map(8, () => 1),
      8,
    );
    expect(share.area).toBeCloseTo(28 / 64, 10);
    expect(share.weight).toBeCloseTo(28 / 64, 10);
  });

  it('a map on the centre only has no ring weight; one on a corner has it all and its peak there', () => {
    const centre = edgeShare(
      map(8, (x, y) => (x > 2 && x < 5 && y > 2 && y < 5 ? 1 : 0)),
      8,
    );
    expect(centre).toMatchObject({ weight: 0, peakOnEdge: false });
    const corner = edgeShare(
      map(8, (x, y) => (x === 7 && y === 0 ? 1 : 0)),
      8,
    );
    expect(corner).toMatchObject({ weight: 1, peakOnEdge: true });
  });
});
