import { fieldMessage, setValidationMessages, type Issue } from './form';
import { currentLanguage, t, type MessageKey } from './i18n';

/**
 * A zod issue of the shared contracts as a sentence under a field, in the page's language (decision 032). In English
 * it is the schema's own message ("Password must be at least 8 characters."), as before; in another language the
 * issue's kind picks a catalogue message (validation.*) with the field's label and the limit, and an issue with no
 * message there keeps the schema's English words.
 */
export function issueMessage(label: string, issue: Issue): string {
  if (currentLanguage() === 'en') return fieldMessage(label, issue.message);
  const translated = (key: MessageKey, values: Record<string, unknown> = {}) => t(key, { label, ...values });
  const isText = issue.origin === 'string';
  switch (issue.code) {
    case 'too_small':
      if (isText && Number(issue.minimum) <= 1) return translated('validation.required');
      return translated(isText ? 'validation.tooShort' : 'validation.tooSmall', { minimum: issue.minimum });
    case 'too_big':
      return translated(isText ? 'validation.tooLong' : 'validation.tooBig', { maximum: issue.maximum });
    case 'invalid_format': {
      if (issue.format === 'email') return translated('validation.email');
      const digits = /^\/\^\\d\{(\d+)\}\$\/$/.exec(issue.pattern ?? '');
      if (digits) return translated('validation.digits', { count: digits[1] });
      break;
    }
    case 'invalid_type':
      if (issue.message.includes('number')) return translated('validation.number');
      break;
  }
  return fieldMessage(label, issue.message);
}

/** "is required" under a field, in the page's language ("Email is required."). */
export function requiredMessage(label: string): string {
  return currentLanguage() === 'en' ? fieldMessage(label, 'is required') : t('validation.required', { label });
}

setValidationMessages(issueMessage, requiredMessage);
