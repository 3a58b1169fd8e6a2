import { getTest, type CatalogueTest } from '@medibuddy/contracts/catalogue';
import { CLINICAL_FORMS, type ClinicalField, type ClinicalTestSlug } from '@medibuddy/contracts/forms';
import { clinicalTestCopy, localField, type ClinicalTestCopy } from './clinical-test-copy';

export type ClinicalTestPage = ClinicalTestCopy & {
  slug: ClinicalTestSlug;
  test: CatalogueTest;
  /** The contract's fields, their label, help and options in the page's language. */
  fields: readonly ClinicalField[];
};

/** The page description of a clinical test: catalogue entry, fields from the contract, words from the catalogues. */
export function clinicalTestPage(slug: ClinicalTestSlug): ClinicalTestPage {
  return {
    slug,
    test: getTest(slug),
    fields: CLINICAL_FORMS[slug].map((field: ClinicalField) => localField(slug, field)),
    ...clinicalTestCopy(slug),
  };
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
