/**
 * What the web app's forms render, without zod: field lists, limits, labels and the texts they show. Imported as
 * '@medibuddy/contracts/forms' by code that runs on a page's first load, which must not load zod (decision 014);
 * the schemas built from these (the package's index) are imported when a form is used. Nothing under forms/ may
 * import zod or a module outside forms/ (forms.test.ts).
 */
export * from './auth';
export * from './blood-test-fields';
export * from './clinical-field';
export * from './clinical-forms';
export * from './consent';
export * from './images';
export * from './kidney-stone-fields';
export * from './medicines';
export * from './triage';
