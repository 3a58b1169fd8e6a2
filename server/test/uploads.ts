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

/** A multipart/form-data body with text fields (in order), one file part, and text fields after it. */
export function multipartForm(
  fields: readonly (readonly [string, string])[],
  file: { field: string; fileName: string; contentType: string; data: Buffer },
  after: readonly (readonly [string, string])[] = [],
) {
  const boundary = `----medibuddy${Math.random().toString(16).slice(2)}`;
  const text = ([name, value]: readonly [string, string]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const filePart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...fields.map(text), filePart, ...after.map(text), Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
