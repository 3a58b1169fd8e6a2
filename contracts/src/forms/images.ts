/**
 * What the image test pages show and the upload form checks before sending, without zod (the web app renders them
 * before it loads any validation; imaging.ts has the schemas).
 */

export const IMAGE_TEST_SLUGS = ['skin', 'diabetic-retinopathy', 'ct-scan', 'cataract'] as const;
export type ImageTestSlug = (typeof IMAGE_TEST_SLUGS)[number];

/** What each test needs, in the words of the refusal and of the upload page. */
export const IMAGE_NEEDED_BY_TEST = {
  cataract: 'This test needs a colour photograph of the retina (fundus photo).',
  'diabetic-retinopathy': 'This test needs a colour photograph of the retina (fundus photo).',
  'ct-scan': 'This test needs one image (slice) of a chest CT scan.',
  skin: 'This test needs a close-up photograph of the skin spot, ideally taken through a dermatoscope.',
} as const satisfies Record<ImageTestSlug, string>;

/** The multipart file field of POST /api/assessments/<image test>. (The compat API takes the legacy `file`.) */
export const IMAGE_UPLOAD_FIELD = 'image';
export const COMPAT_IMAGE_UPLOAD_FIELD = 'file';
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What the picker accepts; the server decodes the file and trusts neither its name nor its type. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * The skin test's weighted 7-point checklist (NICE NG12 1.7.2), sent beside its picture: one multipart text field
 * per item, `checklist.<item key>` (the keys and questions are the server's content, GET
 * /api/assessments/skin/checklist), each `yes`, `no` or `not_sure`. Every item may be left out; `not_sure` is not
 * counted.
 */
export const SKIN_CHECKLIST_FIELD_PREFIX = 'checklist.';
export const SKIN_CHECKLIST_ANSWERS = ['yes', 'no', 'not_sure'] as const;
export type SkinChecklistAnswer = (typeof SKIN_CHECKLIST_ANSWERS)[number];
export const SKIN_CHECKLIST_ANSWER_LABELS = {
  yes: 'Yes',
  no: 'No',
  not_sure: 'Not sure',
} as const satisfies Record<SkinChecklistAnswer, string>;
