/**
 * The consent to store health data as the forms ask for it, without zod (the web app's test forms show it before
 * they load any validation; health-record.ts has the schemas).
 */

/** Bump with any change to the wording below; a stored consent records the version agreed to. */
export const HEALTH_DATA_CONSENT_VERSION = 'health-data-1';

export const HEALTH_DATA_CONSENT_TEXT =
  'MediBuddy stores the answers you enter and the results of your tests in your account, so you can see them ' +
  'again, follow them over time and download or share a report. Only you can see them, unless you create a share ' +
  'link. You can withdraw this consent at any time on your health record page: we then stop storing new results, ' +
  'and delete the ones already stored if you ask us to.';

/** The problem code of a POST /api/assessments/:test refused for want of consent (409). */
export const CONSENT_REQUIRED_CODE = 'consent_required';
