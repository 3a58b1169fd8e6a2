import { config } from 'zod';

/**
 * zod 4 compiles fast object parsers with `new Function` when it can, and finds out by trying one. The app's
 * CSP (script-src 'self') forbids that, so the try shows up as a CSP violation in the console and in
 * Lighthouse's best practices. In the browser, parse without compiling; it must run before any schema is built.
 */
config({ jitless: true });
