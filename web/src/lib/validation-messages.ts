import { validationMessageOf } from '../../../contracts/src/validation-messages';
import { fieldMessage, setValidationMessages, type Issue } from './form';
import { currentLanguage, t } from './i18n';

/**
 * A zod issue of the shared contracts as a sentence under a field, in the page's language (decision 032). In English
 * it is the schema's own message ("Password must be at least 8 characters."), as before; in another language the
 * issue's kind picks a catalogue message (validation.*) with the field's label and the limit, and an issue with no
 * message there keeps the schema's English words.
 */
export function issueMessage(label: string, zodIssue: Issue): string {
  if (currentLanguage() === 'en') return fieldMessage(label, zodIssue.message);
  // The contracts' mapping and catalogue (contracts/src/locales/, merged into 'common' by the build): the server
  // answers an API request in Hindi with the same messages (decision 039).
  const found = validationMessageOf(zodIssue);
  return found ? t(found.key, { label, ...found.values }) : fieldMessage(label, zodIssue.message);
}

/** "is required" under a field, in the page's language ("Email is required."). */
export function requiredMessage(label: string): string {
  return currentLanguage() === 'en' ? fieldMessage(label, 'is required') : t('validation.required', { label });
}

setValidationMessages(issueMessage, requiredMessage);
