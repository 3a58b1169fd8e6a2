import type enValidation from './locales/en/validation.json';

/**
 * How a zod issue of these contracts reads in a language other than the schema's English (decisions 032 and 039): the
 * issue's kind picks a message of the validation catalogue (`src/locales/<language>/validation.json`, ICU messages
 * with `{label}`, the field, and the limit). The web app shows it under a form's field (lib/validation-messages.ts,
 * the label being the field's label on the page); the server writes it into a problem's field errors for a request
 * in that language (server/src/plugins/errors.ts, server/src/locales/texts.ts; the label being the field's name in
 * the API). One mapping and one set of texts for both. Zod-free: the web app imports it with the schemas; the
 * catalogue JSON is not imported here (the web build compiles it into 'common', the server reads it itself).
 */
export type ValidationMessageKey = Extract<keyof typeof enValidation, string>;

/** What the mapping reads of a zod issue (zod's own type is not imported). */
export type ValidationIssue = {
  code: string;
  message: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  pattern?: string;
  values?: readonly unknown[];
  expected?: string;
};

export type ValidationMessage = { key: ValidationMessageKey; values: Record<string, unknown> };

/** The catalogue message for an issue, with its values (all but `label`); undefined when there is none for it. */
export function validationMessageOf(issue: ValidationIssue): ValidationMessage | undefined {
  const isText = issue.origin === 'string';
  const message = (key: ValidationMessageKey, values: Record<string, unknown> = {}) => ({ key, values });
  switch (issue.code) {
    case 'too_small':
      if (isText && Number(issue.minimum) <= 1) return message('validation.required');
      return message(isText ? 'validation.tooShort' : 'validation.tooSmall', { minimum: issue.minimum });
    case 'too_big':
      return message(isText ? 'validation.tooLong' : 'validation.tooBig', { maximum: issue.maximum });
    case 'invalid_format': {
      if (issue.format === 'email') return message('validation.email');
      const digits = /^\/\^\\d\{(\d+)\}\$\/$/.exec(issue.pattern ?? '');
      if (digits) return message('validation.digits', { count: digits[1] });
      break;
    }
    case 'invalid_value':
      if (Array.isArray(issue.values) && issue.values.length > 0) {
        return message('validation.oneOf', { options: issue.values.map(String).join(', ') });
      }
      break;
    case 'invalid_type':
      if (issue.expected === 'number' || issue.message.includes('number')) return message('validation.number');
      break;
  }
  return undefined;
}
