import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@medibuddy/contracts';
import sharp from 'sharp';
import { createWebpFiles } from '../../lib/webp-files';
import { fieldError, AppError } from '../../plugins/errors';

export const AVATAR_SIZE = 256;
/** Only names we generate: a UUID and .webp. Anything else is not ours, and never touches the file system. */
export const AVATAR_FILE_PATTERN = /^[a-z0-9-]+\.webp$/;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** 40 megapixels: far above any camera photo a person uploads, far below a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

export function avatarTooLarge(): AppError {
  return new AppError('payload_too_large', `The picture is larger than ${MAX_MB} MB. Choose a smaller one.`, [
    { field: 'image', rule: 'max_size', message: `must be at most ${MAX_MB} MB` },
  ]);
}

/**
 * Decodes the upload with sharp (its name and content type are the sender's word, not evidence) and
 * re-encodes it as a 256x256 WebP square. Re-encoding also drops EXIF metadata such as GPS position.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  if (input.length > AVATAR_MAX_BYTES) throw avatarTooLarge();
  const options = { failOn: 'warning' as const, limitInputPixels: MAX_INPUT_PIXELS };
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw fieldError(
      'image',
      'image_type',
      'must be a JPEG, PNG or WebP image',
      'That file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.',
    );
  }
  try {
    return await sharp(input, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw fieldError(
      'image',
      'corrupt',
      'could not be read: the file is damaged or incomplete',
      'That picture could not be read: the file is damaged or incomplete. Try another one.',
    );
  }
}

/** Avatar files under DATA_DIR/uploads/avatars. */
export function createAvatarFiles(dataDir: string) {
  return createWebpFiles(path.join(dataDir, 'uploads', 'avatars'), AVATAR_FILE_PATTERN, 'an avatar');
}
export type AvatarFiles = ReturnType<typeof createAvatarFiles>;
