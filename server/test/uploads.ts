import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, fileName: string, contentType: string, data: Buffer) {
  const boundary = `----medibuddy${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A noisy (so hard to compress) test picture in the given format. */
export async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
