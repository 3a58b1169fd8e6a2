// What '@medibuddy/contracts' resolves to in the web build (vite.config.ts): the contracts, with zod set up for the
// browser first (zod-jitless.ts must run before the first schema is built, so it is imported first).
import './zod-jitless';

export * from '../../../contracts/src/index';
