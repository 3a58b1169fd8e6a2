import { IMAGE_MAX_BYTES } from '@medibuddy/contracts';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError, fieldError } from '../../plugins/errors';

/**
 * An uploaded picture, from bytes to model input. The file's name and declared type are the sender's word, not
 * evidence: only what sharp decodes counts. Preprocessing follows docs/image-models.md exactly (the training
 * pipeline's): EXIF orientation applied, alpha flattened onto black, sRGB, resized to S x S ignoring the aspect
 * ratio with a bilinear kernel, RGB bytes.
 */

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** 40 megapixels: above any fundus camera, dermatoscope or phone photo, far below a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;
const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);
/** Kept pictures: at most this many pixels on the long side, re-encoded as WebP (metadata such as GPS dropped). */
export const STORED_IMAGE_MAX_SIDE = 1024;

const SHARP_OPTIONS = { failOn: 'warning', limitInputPixels: IMAGE_MAX_PIXELS } as const;

export function imageTooLarge(field: string): AppError {
  return new AppError(
    'payload_too_large',
    `The image is larger than ${MAX_MB} MB. Choose a smaller one, or export it at a lower resolution.`,
    [{ field, rule: 'max_size', message: `must be at most ${MAX_MB} MB` }],
  );
}

export type DecodedImage = {
  bytes: Buffer;
  /** The form field it came in, for naming it in errors found while decoding. */
  field: string;
  format: 'jpeg' | 'png' | 'webp';
  /** As displayed, after EXIF orientation. */
  width: number;
  height: number;
};

function notAnImage(field: string): AppError {
  return fieldError(
    field,
    'image_type',
    'must be a JPEG, PNG or WebP image',
    'That file is not a JPEG, PNG or WebP image. Choose a picture in one of those formats.',
  );
}

function unreadable(field: string): AppError {
  return fieldError(
    field,
    'corrupt',
    'could not be read: the file is damaged or incomplete',
    'That image could not be read: the file is damaged or incomplete (perhaps cut short while copying). Try another copy of it.',
  );
}

/** The orientation-aware pipeline every output starts from. */
function pipelineOf(image: DecodedImage): Sharp {
  return sharp(image.bytes, SHARP_OPTIONS).rotate().flatten({ background: '#000000' }).toColourspace('srgb');
}

/**
 * Checks that the bytes are a JPEG, PNG or WebP picture of a sane size by reading its header (400 naming `field`
 * otherwise). The pixels are decoded by the first real use (toModelPixels), which refuses a damaged or
 * truncated file with a 400 too: one full decode fewer per request.
 */
export async function decodeImage(bytes: Buffer, field: string): Promise<DecodedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge(field);
  if (bytes.length === 0)
    throw fieldError(field, 'required', 'is empty', 'The file is empty. Choose a picture to upload.');
  let meta: Metadata;
  try {
    // The header only (no pixels decoded), so no pixel limit here: the check below names the size instead.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(field);
  }
  const format = meta.format;
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage(field);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < 1 || height < 1) throw unreadable(field);
  // Checked before any decoding: a small file can declare a huge picture (a decompression bomb).
  if (width * height > IMAGE_MAX_PIXELS) {
    throw fieldError(
      field,
      'max_pixels',
      `must be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
      `That image is ${width} x ${height} pixels, more than the ${IMAGE_MAX_PIXELS / 1_000_000} megapixels this test accepts. Export it at a lower resolution and try again.`,
    );
  }
  if (meta.pages && meta.pages > 1) {
    throw fieldError(
      field,
      'single_image',
      'must hold a single picture',
      'That file holds an animation or several pictures. Choose a single still picture.',
    );
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    bytes,
    field,
    format: format as DecodedImage['format'],
    width: rotated ? height : width,
    height: rotated ? width : height,
  };
}

/** The model input: S x S RGB bytes, interleaved, as the training pipeline made them. */
export async function toModelPixels(image: DecodedImage, size: number): Promise<Uint8Array> {
  let decoded: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    decoded = await pipelineOf(image)
      // fastShrinkOnLoad would let libjpeg drop resolution while decoding: faster, but not what training did.
      .resize(size, size, { fit: 'fill', kernel: 'linear', fastShrinkOnLoad: false })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // failOn 'warning': a file cut short anywhere (libjpeg's 'premature end') fails here.
    throw unreadable(image.field);
  }
  const { data, info } = decoded;
  if (info.width !== size || info.height !== size || info.channels !== 3) throw new Error('unexpected resize output');
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** Mean and standard deviation of luminance (Rec. 709 weights), 0-1, over RGB bytes: how blank or dark it is. */
export function luminanceStats(pixels: Uint8Array): { mean: number; std: number } {
  const n = pixels.length / 3;
  let sum = 0;
  let sumSq = 0;
  for (let p = 0; p < pixels.length; p += 3) {
    const y =
      (0.2126 * (pixels[p] as number) + 0.7152 * (pixels[p + 1] as number) + 0.0722 * (pixels[p + 2] as number)) / 255;
    sum += y;
    sumSq += y * y;
  }
  const mean = sum / n;
  return { mean, std: Math.sqrt(Math.max(0, sumSq / n - mean * mean)) };
}

/** The picture as kept with a signed-in user's assessment: upright, at most 1024 px, WebP, no metadata. */
export async function toStoredWebp(image: DecodedImage): Promise<{ webp: Buffer; width: number; height: number }> {
  const { data, info } = await pipelineOf(image)
    .resize(STORED_IMAGE_MAX_SIDE, STORED_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { webp: data, width: info.width, height: info.height };
}
