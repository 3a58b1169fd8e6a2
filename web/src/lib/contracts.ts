// What '@medibuddy/contracts' resolves to in the web build (vite.config.ts): the contracts, with zod set up for the
// browser first (zod-jitless.ts must run before the first schema is built, so it is imported first).
import './zod-jitless';
// Zod's issues in the page's language (decision 032), registered with the forms' validation as the schemas arrive.
import './validation-messages';

export * from '../../../contracts/src/index';
