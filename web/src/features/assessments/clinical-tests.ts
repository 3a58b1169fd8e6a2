import { getTest, type CatalogueTest } from '@medibuddy/contracts/catalogue';
import { CLINICAL_FORMS, type ClinicalField, type ClinicalTestSlug } from '@medibuddy/contracts/forms';
import { CLINICAL_TEST_COPY, type ClinicalTestCopy } from './clinical-test-copy';

export type ClinicalTestPage = ClinicalTestCopy & {
  slug: ClinicalTestSlug;
  test: CatalogueTest;
  fields: readonly ClinicalField[];
};

/** The page description of a clinical test: catalogue entry, fields from the contract, words from clinical-test-copy.ts. */
export function clinicalTestPage(slug: ClinicalTestSlug): ClinicalTestPage {
  return { slug, test: getTest(slug), fields: CLINICAL_FORMS[slug], ...CLINICAL_TEST_COPY[slug] };
}

/** The groups to render: the page's own, or one untitled group of every field. */
export function groupsOf(page: ClinicalTestPage): { title?: string; description?: string; fields: ClinicalField[] }[] {
  const byKey = new Map(page.fields.map((f) => [f.key, f]));
  if (!page.groups) return [{ fields: [...page.fields] }];
  return page.groups.map((group) => ({
    title: group.title,
    description: group.description,
    fields: group.keys.map((key) => {
      const field = byKey.get(key);
      if (!field) throw new Error(`Field "${key}" of group "${group.title}" is not in the ${page.slug} form.`);
      return field;
    }),
  }));
}
