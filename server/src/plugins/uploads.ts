import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export type UploadRules = {
  /** The form field the file must come in (others in `alsoAccepted` are taken too). */
  field: string;
  alsoAccepted?: string[];
  /** Sentences for the user: what to send when the request is not multipart, or has no file. */
  notMultipart: string;
  missing: string;
  tooLarge: () => AppError;
};

const LIMIT_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** A text field of a multipart request, in the order it came. */
export type UploadedField = { name: string; value: string };

function requireMultipart(request: FastifyRequest, rules: UploadRules): void {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', rules.notMultipart, [
      { field: rules.field, rule: 'multipart', message: 'must be sent as multipart/form-data' },
    ]);
  }
}

/** The parser's errors as problems: its limits as 413, anything it cannot read as 400 (never a 500). */
function uploadProblemOf(err: unknown, rules: UploadRules): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code && LIMIT_CODES.has(code)) return rules.tooLarge();
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== undefined && status < 500 && status !== 406) return err;
  return new AppError(
    'bad_request',
    'The upload could not be read: the multipart/form-data body is malformed or incomplete. Choose the file again and retry.',
    [{ field: rules.field, rule: 'multipart', message: 'must be a complete multipart/form-data body' }],
  );
}

const missingFile = (rules: UploadRules) =>
  new AppError('validation_failed', rules.missing, [{ field: rules.field, rule: 'required', message: 'is required' }]);
const isRightField = (name: string, rules: UploadRules) =>
  name === rules.field || (rules.alsoAccepted ?? []).includes(name);

/**
 * The bytes of the one file of a multipart request, or a 4xx problem naming the field: 415 not multipart,
 * 400 no file or a body the parser cannot read (no boundary, cut short, bad part headers), 413 too large.
 * The parser's own errors carry no status, so unmapped they would be answered as 500.
 */
export async function readUploadedFile(request: FastifyRequest, rules: UploadRules): Promise<Buffer> {
  requireMultipart(request, rules);
  try {
    const part = await request.file();
    if (!part || !isRightField(part.fieldname, rules)) throw missingFile(rules);
    const bytes = await part.toBuffer();
    // A file cut at the size limit must never be taken as the whole file.
    if (part.file.truncated) throw rules.tooLarge();
    return bytes;
  } catch (err) {
    throw uploadProblemOf(err, rules);
  }
}

/**
 * As readUploadedFile, with the request's text fields too, before or after the file (every part is read), for a
 * form that sends answers beside its file.
 */
export async function readUploadedFileAndFields(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<{ bytes: Buffer; fields: UploadedField[] }> {
  requireMultipart(request, rules);
  const fields: UploadedField[] = [];
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields.push({ name: part.fieldname, value: typeof part.value === 'string' ? part.value : String(part.value) });
        continue;
      }
      if (bytes !== undefined || !isRightField(part.fieldname, rules)) throw missingFile(rules);
      bytes = await part.toBuffer();
      if (part.file.truncated) throw rules.tooLarge();
    }
  } catch (err) {
    throw uploadProblemOf(err, rules);
  }
  if (!bytes) throw missingFile(rules);
  return { bytes, fields };
}
