import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng, heatmapOf, renderHeatmap, upsample } from './heatmap';

describe('heatmap', () => {
  it("takes one class's map out of [C, h, w], clamped and rounded", () => {
    const data = new Float32Array([0, 0, 0, 0, 0.12345, 1.2, -0.5, Number.NaN]);
    expect(heatmapOf({ data, size: 2 }, 1, 'b')).toEqual({ classKey: 'b', size: 2, values: [0.123, 1, 0, 0] });
  });

  it('upsamples bilinearly: a flat map stays flat, a ramp stays monotonic, corners keep their values', () => {
    expect(new Set(upsample([0.5, 0.5, 0.5, 0.5], 2, 8))).toEqual(new Set([0.5]));
    const ramp = upsample([0, 1, 0, 1], 2, 8);
    const row = Array.from(ramp.subarray(0, 8));
    expect(row[0]).toBe(0);
    expect(row[7]).toBe(1);
    for (let i = 1; i < 8; i += 1) expect(row[i]!).toBeGreaterThanOrEqual(row[i - 1]!);
  });

  it('encodes a PNG that a decoder reads back pixel for pixel', async () => {
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]);
    const { data, info } = await sharp(encodePng(rgba, 2, 2))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 2, height: 2, channels: 4 });
    expect([...data]).toEqual([...rgba]);
  });

  it('renders a transparent overlay: clear where the map is low, opaque and red where it is high', async () => {
    const url = renderHeatmap({ classKey: 'x', size: 2, values: [0, 0, 0, 1] }, 16);
    const { data } = await sharp(Buffer.from(url.split(',')[1]!, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)];
    expect(pixel(0, 0)[3]).toBe(0);
    const hot = pixel(15, 15);
    expect(hot[3]).toBeGreaterThan(150);
    expect(hot[0]).toBeGreaterThan(200);
  });
});
