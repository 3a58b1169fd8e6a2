/**
 * The diagnosis catalogue (docs/product.md#diagnosis-catalogue), imported through catalogue.ts (or, by pages that must
 * not load zod, as '@medibuddy/contracts/catalogue'): ten tests, ids 1 to 10 in that order. Web pages, routes and the
 * server all read this one list.
 */
export const TEST_SLUGS = [
  'skin',
  'diabetic-retinopathy',
  'ct-scan',
  'diabetes',
  'cataract',
  'blood-test',
  'cardio',
  'liver',
  'kidney-stone',
  'heart',
] as const;
/** Plain types here (no zod), so pages that only list tests load no validation library; catalogue.ts has the schemas. */
export type TestSlug = (typeof TEST_SLUGS)[number];
/** 1 to 10 (TestIdSchema checks the range). */
export type TestId = number;
/** clinical: typed-in values; image: an uploaded picture. */
export type TestKind = 'clinical' | 'image';
/** model: a trained model answers; rules: published criteria and scores, no model (see docs/rules.md). */
export type TestMethod = 'model' | 'rules';
export type CatalogueEntry = {
  id: TestId;
  slug: TestSlug;
  name: string;
  /** The form page's path (docs/product.md#routes-and-pages). */
  path: string;
  /** The result page with a router-style `:id` placeholder; `resultPath` fills it in. */
  resultRoute: string;
  kind: TestKind;
  method: TestMethod;
  description: string;
};

export const CATALOGUE = [
  {
    id: 1,
    slug: 'skin',
    name: 'Skin Disease',
    path: '/skin-disease',
    resultRoute: '/skin-disease-results/:id',
    kind: 'image',
    method: 'model',
    description:
      'Suggests which of nine common skin-lesion types a close-up photo most resembles, using an image model trained on public dermatology images.',
  },
  {
    id: 2,
    slug: 'diabetic-retinopathy',
    name: 'Diabetic Retinopathy',
    path: '/diabetic-retinopathy',
    resultRoute: '/diabetic-retinopathy-results/:id',
    kind: 'image',
    method: 'model',
    description:
      'Looks for signs of diabetic retinopathy in a retinal (fundus) photograph with an image model; it says present or not, without a severity grade.',
  },
  {
    id: 3,
    slug: 'ct-scan',
    name: 'CT Scan',
    path: '/ct-scan',
    resultRoute: '/ct-scan-results/:id',
    kind: 'image',
    method: 'model',
    description:
      'Sorts a chest CT image into normal or one of three lung-cancer types (adenocarcinoma, large-cell, squamous-cell) with an image model trained on a small public set.',
  },
  {
    id: 4,
    slug: 'diabetes',
    name: 'Diabetes',
    path: '/diabetes',
    resultRoute: '/diabetes-results/:id',
    kind: 'clinical',
    method: 'model',
    description:
      'Estimates the chance of diabetes from eight values such as glucose, blood pressure, BMI and age, with a model trained on the Pima Indians diabetes data.',
  },
  {
    id: 5,
    slug: 'cataract',
    name: 'Cataract Disease',
    path: '/cataract',
    resultRoute: '/cataract-results/:id',
    kind: 'image',
    method: 'model',
    description: 'Checks a retinal (fundus) photograph for signs of cataract with an image model.',
  },
  {
    id: 6,
    slug: 'blood-test',
    name: 'Blood Test',
    path: '/bloodTest',
    resultRoute: '/bloodtest/:id',
    kind: 'clinical',
    method: 'rules',
    description:
      'Checks 17 common lab values against published reference ranges and criteria (WHO, ADA, NCEP, ACC/AHA) and explains each value that falls outside them.',
  },
  {
    id: 7,
    slug: 'cardio',
    name: 'CardioDisease',
    path: '/cardioDisease',
    resultRoute: '/cardio-disease-results/:id',
    kind: 'clinical',
    method: 'model',
    description:
      'Estimates the risk of cardiovascular disease from age, sex, height, weight, blood pressure, cholesterol, glucose and lifestyle, with a model trained on 70,000 check-up records.',
  },
  {
    id: 8,
    slug: 'liver',
    name: 'LiverDisease',
    path: '/liverDisease',
    resultRoute: '/liver-disease-results/:id',
    kind: 'clinical',
    method: 'model',
    description:
      'Estimates the chance of liver disease from age, sex and eight liver blood tests, with a model trained on the Indian Liver Patient data.',
  },
  {
    id: 9,
    slug: 'kidney-stone',
    name: 'Kidney Stone',
    path: '/kidneyStone',
    resultRoute: '/kidney-stone-results/:id',
    kind: 'clinical',
    method: 'rules',
    description:
      'Counts your urinary symptoms and, for back or side pain, applies the published STONE score to estimate how likely a stone in the ureter is.',
  },
  {
    id: 10,
    slug: 'heart',
    name: 'Heart Disease',
    path: '/heart-disease',
    resultRoute: '/heart-disease-results/:id',
    kind: 'clinical',
    method: 'model',
    description:
      'Estimates the chance of coronary heart disease from 13 clinical and exercise-test values, with a model trained on the Statlog heart data.',
  },
] as const satisfies readonly CatalogueEntry[];

export type CatalogueTest = (typeof CATALOGUE)[number];

/** The entry for an id (1-10) or a slug; throws for anything else, since callers pass known constants. */
export function getTest(key: TestId | TestSlug): CatalogueTest {
  const entry = CATALOGUE.find((t) => t.id === key || t.slug === key);
  if (!entry) throw new Error(`No test "${String(key)}" in the catalogue.`);
  return entry;
}

/** The result page of one saved assessment, e.g. resultPath('blood-test', 'a1b2') -> '/bloodtest/a1b2'. */
export function resultPath(test: TestId | TestSlug | CatalogueEntry, assessmentId: string): string {
  const entry = typeof test === 'object' ? test : getTest(test);
  return entry.resultRoute.replace(':id', encodeURIComponent(assessmentId));
}

/**
 * The Diagnosis page's search: case-insensitive substring of the name (docs/product.md, Routes and pages). Spaces are also
 * ignored on both sides, so "liver disease" finds "LiverDisease". An empty query lists every test.
 */
export function searchTests(query: string): CatalogueTest[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...CATALOGUE];
  const compact = needle.replace(/\s+/g, '');
  return CATALOGUE.filter((t) => {
    const name = t.name.toLowerCase();
    return name.includes(needle) || name.replace(/\s+/g, '').includes(compact);
  });
}
