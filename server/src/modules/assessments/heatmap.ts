import { crc32, deflateSync } from 'node:zlib';
import type { StoredHeatmap } from '@medibuddy/contracts';

/**
 * The class-activation heatmap a result page lays over the picture. The model writes one small map per class
 * ([h, w], 0-1); the assessment keeps the top class's map (a few hundred numbers), and every read turns it into
 * a transparent PNG: upsampled bilinearly as a grey map first (so colours never blend across the scale), then
 * coloured blue -> cyan -> green -> yellow -> red, with weak areas see-through. It is built synchronously (pure
 * JS and zlib, 1-2 ms) so that every reader of an assessment (result page, history, share link) gets the same.
 *
 * Why a data URL, not a file or a short-lived URL: it is ~10-30 KB, derived from data the assessment already
 * holds, needs no second request, no storage, no signing or expiry, and cannot leak through a guessable path.
 */

/** The browser scales it up smoothly over the picture; 128 px keeps the PNG small and the render ~1-2 ms. */
export const HEATMAP_SIZE = 128;

/** From a model's [C, h, w] maps: the one class's map, rounded to 3 decimals (enough for 256 grey levels). */
export function heatmapOf(
  cam: { data: Float32Array; size: number },
  classIndex: number,
  classKey: string,
): StoredHeatmap {
  const plane = cam.size * cam.size;
  const values = Array.from(
    cam.data.subarray(classIndex * plane, (classIndex + 1) * plane),
    (v) => Math.round(Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0)) * 1000) / 1000,
  );
  return { classKey, size: cam.size, values };
}

const STOPS: readonly [number, number, number, number][] = [
  // position, r, g, b
  [0, 30, 60, 200],
  [0.3, 0, 190, 230],
  [0.55, 40, 200, 80],
  [0.75, 250, 220, 30],
  [1, 230, 30, 30],
];

function colourOf(v: number): [number, number, number] {
  for (let i = 1; i < STOPS.length; i += 1) {
    const [p1, r1, g1, b1] = STOPS[i] as [number, number, number, number];
    if (v <= p1) {
      const [p0, r0, g0, b0] = STOPS[i - 1] as [number, number, number, number];
      const t = (v - p0) / (p1 - p0);
      return [r0 + (r1 - r0) * t, g0 + (g1 - g0) * t, b0 + (b1 - b0) * t];
    }
  }
  return [230, 30, 30];
}

/** 256 colours with alpha, looked up by grey level: under 0.15 fully transparent, at most 70% opaque. */
const PALETTE: Uint8Array = (() => {
  const out = new Uint8Array(256 * 4);
  for (let g = 0; g < 256; g += 1) {
    const v = g / 255;
    const [r, gr, b] = colourOf(v);
    out.set(
      [Math.round(r), Math.round(gr), Math.round(b), Math.round(v < 0.15 ? 0 : Math.min(0.7, (v - 0.15) * 1.1) * 255)],
      g * 4,
    );
  }
  return out;
})();

/** Bilinear upsampling of a square grey map (values 0-1) to `out` x `out`, pixel centres aligned. */
export function upsample(values: readonly number[], size: number, out: number): Float32Array {
  const result = new Float32Array(out * out);
  const scale = size / out;
  for (let y = 0; y < out; y += 1) {
    const sy = Math.min(size - 1, Math.max(0, (y + 0.5) * scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(size - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < out; x += 1) {
      const sx = Math.min(size - 1, Math.max(0, (x + 0.5) * scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(size - 1, x0 + 1);
      const fx = sx - x0;
      const top = (values[y0 * size + x0] as number) * (1 - fx) + (values[y0 * size + x1] as number) * fx;
      const bottom = (values[y1 * size + x0] as number) * (1 - fx) + (values[y1 * size + x1] as number) * fx;
      result[y * out + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return result;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A minimal RGBA PNG encoder (filter 0 per row, zlib): synchronous, so a result can be built without awaiting. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 4 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The stored map as a transparent PNG data URL, `outSize` square. */
export function renderHeatmap(heatmap: StoredHeatmap, outSize = HEATMAP_SIZE): string {
  const { size, values } = heatmap;
  if (values.length !== size * size) throw new Error('heatmap has the wrong number of values');
  const grey = upsample(values, size, outSize);
  const rgba = new Uint8Array(outSize * outSize * 4);
  for (let i = 0; i < grey.length; i += 1) {
    const g = Math.round(Math.min(1, Math.max(0, grey[i] as number)) * 255) * 4;
    rgba[i * 4] = PALETTE[g] as number;
    rgba[i * 4 + 1] = PALETTE[g + 1] as number;
    rgba[i * 4 + 2] = PALETTE[g + 2] as number;
    rgba[i * 4 + 3] = PALETTE[g + 3] as number;
  }
  return `data:image/png;base64,${encodePng(rgba, outSize, outSize).toString('base64')}`;
}
