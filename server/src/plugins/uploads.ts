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

/**
 * The bytes of the one file of a multipart request, or a 4xx problem naming the field: 415 not multipart,
 * 400 no file or a body the parser cannot read (no boundary, cut short, bad part headers), 413 too large.
 * The parser's own errors carry no status, so unmapped they would be answered as 500.
 */
export async function readUploadedFile(request: FastifyRequest, rules: UploadRules): Promise<Buffer> {
  const { field } = rules;
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', rules.notMultipart, [
      { field, rule: 'multipart', message: 'must be sent as multipart/form-data' },
    ]);
  }
  const toProblem = (err: unknown): AppError | unknown => {
    if (err instanceof AppError) return err;
    const code = (err as { code?: string }).code;
    if (code && LIMIT_CODES.has(code)) return rules.tooLarge();
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== undefined && status < 500 && status !== 406) return err;
    return new AppError(
      'bad_request',
      'The upload could not be read: the multipart/form-data body is malformed or incomplete. Choose the file again and retry.',
      [{ field, rule: 'multipart', message: 'must be a complete multipart/form-data body' }],
    );
  };
  try {
    const part = await request.file();
    if (!part || (part.fieldname !== field && !(rules.alsoAccepted ?? []).includes(part.fieldname))) {
      throw new AppError('validation_failed', rules.missing, [{ field, rule: 'required', message: 'is required' }]);
    }
    const bytes = await part.toBuffer();
    // A file cut at the size limit must never be taken as the whole file.
    if (part.file.truncated) throw rules.tooLarge();
    return bytes;
  } catch (err) {
    throw toProblem(err);
  }
}
