import type { ClinicalTestSlug, ImageTestSlug } from '@medibuddy/contracts';

/**
 * Which page file (src/app/routes/<file>.tsx) serves which path: plain data, read by the router and by the build
 * (web/build/route-pages.ts), which writes for each page an index.html that preloads that page's chunks.
 * No React and no zod here: the Vite config imports this file.
 */

/**
 * The six clinical-value tests: form page and result page (docs/product.md#routes-and-pages), as the catalogue names
 * them (router.test.tsx checks these against CATALOGUE). Written out here rather than read from the catalogue, which
 * would pull zod into the first download.
 */
export const CLINICAL_ROUTES = [
  { test: 'heart', path: '/heart-disease', result: '/heart-disease-results/:id' },
  { test: 'diabetes', path: '/diabetes', result: '/diabetes-results/:id' },
  { test: 'cardio', path: '/cardioDisease', result: '/cardio-disease-results/:id' },
  { test: 'liver', path: '/liverDisease', result: '/liver-disease-results/:id' },
  { test: 'blood-test', path: '/bloodTest', result: '/bloodtest/:id' },
  { test: 'kidney-stone', path: '/kidneyStone', result: '/kidney-stone-results/:id' },
] as const satisfies readonly { test: ClinicalTestSlug; path: string; result: string }[];

/**
 * The four imaging tests (docs/product.md#routes-and-pages; catalogue ids 1, 2, 3, 5), checked against CATALOGUE in
 * router.test.tsx.
 */
export const IMAGE_ROUTES = [
  { test: 'skin', path: '/skin-disease', result: '/skin-disease-results/:id' },
  { test: 'diabetic-retinopathy', path: '/diabetic-retinopathy', result: '/diabetic-retinopathy-results/:id' },
  { test: 'ct-scan', path: '/ct-scan', result: '/ct-scan-results/:id' },
  { test: 'cataract', path: '/cataract', result: '/cataract-results/:id' },
] as const satisfies readonly { test: ImageTestSlug; path: string; result: string }[];

/** Pages that take no props: path and page file (docs/product.md#routes-and-pages); the chat page is /medibuddy. */
export const PLAIN_ROUTES = [
  ['/', 'home'],
  ['/login', 'login'],
  ['/signup', 'login'],
  ['/forgotPassword', 'forgot-password'],
  ['/changePassword', 'change-password'],
  ['/user-profile', 'user-profile'],
  ['/health-record', 'health-record'],
  ['/diagnosis', 'diagnosis'],
  ['/medicines', 'medicines'],
  ['/medibuddy', 'medibuddy'],
  ['/symptom-check', 'symptom-check'],
  // The footer's pages (decision 011).
  ['/about', 'about'],
  ['/privacy', 'privacy'],
  ['/terms', 'terms'],
  ['/data-sources', 'data-sources'],
  ['/contact', 'contact'],
] as const;

export type PlainPageFile = (typeof PLAIN_ROUTES)[number][1];

/**
 * The Hindi site (decision 032) is the same app under /hi: the router's basename, so every route has a Hindi twin
 * (/diagnosis and /hi/diagnosis, / and /hi).
 */
export const HINDI_BASE = '/hi';

/** An English path's Hindi twin. */
export function hindiPath(path: string): string {
  return path === '/' ? HINDI_BASE : `${HINDI_BASE}${path}`;
}

/**
 * Page files whose every text comes from the catalogues (src/locales/<language>/), in both languages. Their Hindi
 * twins are prerendered with <html lang="hi">; any other page still shows its English text under /hi, marked
 * lang="en". Translating a page adds it here.
 */
export const TRANSLATED_PAGES: readonly string[] = [
  'home',
  'diagnosis',
  'login',
  'forgot-password',
  'not-found',
  'about',
  'symptom-check',
  'medicines',
  'clinical-test',
  'assessment-result',
  'image-test',
  'change-password',
  'user-profile',
  'health-record',
  'medibuddy',
  'privacy',
  'terms',
  'data-sources',
  'contact',
];

/** Every path the app serves and its page file, in the router's order; '*' (the 404 page) comes last. */
export function pageFiles(): { path: string; file: string }[] {
  const english = [
    ...PLAIN_ROUTES.map(([path, file]) => ({ path, file })),
    ...CLINICAL_ROUTES.flatMap((r) => [
      { path: r.path, file: 'clinical-test' },
      { path: r.result, file: 'assessment-result' },
    ]),
    ...IMAGE_ROUTES.flatMap((r) => [
      { path: r.path, file: 'image-test' },
      { path: r.result, file: 'assessment-result' },
    ]),
  ];
  return [
    ...english,
    ...english.map(({ path, file }) => ({ path: hindiPath(path), file })),
    { path: '*', file: 'not-found' },
  ];
}

/** The page file that serves an English path without parameters (PLAIN_ROUTES, the test forms). */
function fileOf(path: string): string | undefined {
  return pageFiles().find((row) => row.path === path)?.file;
}

/**
 * Pages whose HTML the build prerenders (web/build/prerender.ts): public pages that every visitor first sees the same
 * way, before the session is known. Pages behind sign-in, results (one per assessment), the chat (its layout depends
 * on the window's width) and the 404 page are rendered in the browser only.
 */
export const ENGLISH_PRERENDERED_PATHS: readonly string[] = [
  ...PLAIN_ROUTES.map(([path]) => path).filter(
    (path) => !['/changePassword', '/user-profile', '/health-record', '/medibuddy'].includes(path),
  ),
  ...CLINICAL_ROUTES.map((r) => r.path),
  ...IMAGE_ROUTES.map((r) => r.path),
];

/** The prerendered English pages that are translated: their Hindi twins are prerendered too (decision 032). */
export const TRANSLATED_PATHS: readonly string[] = ENGLISH_PRERENDERED_PATHS.filter((path) =>
  TRANSLATED_PAGES.includes(fileOf(path) ?? ''),
);

export const PRERENDERED_PATHS: readonly string[] = [...ENGLISH_PRERENDERED_PATHS, ...TRANSLATED_PATHS.map(hindiPath)];
