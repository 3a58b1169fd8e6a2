import { describe, expect, it } from 'vitest';
import { CATALOGUE, CatalogueEntrySchema, getTest, resultPath, searchTests, TEST_SLUGS } from './catalogue';

describe('catalogue', () => {
  it('holds the ten tests, by id, in order', () => {
    expect(CATALOGUE.map((t) => [t.id, t.name])).toEqual([
      [1, 'Skin Disease'],
      [2, 'Diabetic Retinopathy'],
      [3, 'CT Scan'],
      [4, 'Diabetes'],
      [5, 'Cataract Disease'],
      [6, 'Blood Test'],
      [7, 'CardioDisease'],
      [8, 'LiverDisease'],
      [9, 'Kidney Stone'],
      [10, 'Heart Disease'],
    ]);
  });

  it('uses the legacy slugs, form routes and result routes', () => {
    expect(CATALOGUE.map((t) => t.slug)).toEqual([...TEST_SLUGS]);
    expect(CATALOGUE.map((t) => t.path)).toEqual([
      '/skin-disease',
      '/diabetic-retinopathy',
      '/ct-scan',
      '/diabetes',
      '/cataract',
      '/bloodTest',
      '/cardioDisease',
      '/liverDisease',
      '/kidneyStone',
      '/heart-disease',
    ]);
    expect(CATALOGUE.map((t) => resultPath(t, '42'))).toEqual([
      '/skin-disease-results/42',
      '/diabetic-retinopathy-results/42',
      '/ct-scan-results/42',
      '/diabetes-results/42',
      '/cataract-results/42',
      '/bloodtest/42',
      '/cardio-disease-results/42',
      '/liver-disease-results/42',
      '/kidney-stone-results/42',
      '/heart-disease-results/42',
    ]);
  });

  it('marks image tests, and the two tests that use published rules instead of a model', () => {
    expect(CATALOGUE.filter((t) => t.kind === 'image').map((t) => t.slug)).toEqual([
      'skin',
      'diabetic-retinopathy',
      'ct-scan',
      'cataract',
    ]);
    expect(CATALOGUE.filter((t) => t.method === 'rules').map((t) => t.slug)).toEqual(['blood-test', 'kidney-stone']);
    expect(CATALOGUE.filter((t) => t.method === 'rules').every((t) => t.kind === 'clinical')).toBe(true);
  });

  it('validates against its own schema, with one-sentence descriptions', () => {
    for (const entry of CATALOGUE) {
      expect(CatalogueEntrySchema.parse(entry)).toEqual(entry);
      expect(entry.description).toMatch(/^[A-Z].*\.$/);
      expect(entry.description.split(/\.\s/)).toHaveLength(1);
    }
    expect(getTest('blood-test').description).toMatch(
      /^Checks 17 common lab values against published reference ranges/,
    );
  });

  it('finds entries by id or slug, and refuses unknown ones', () => {
    expect(getTest(6).slug).toBe('blood-test');
    expect(getTest('heart').id).toBe(10);
    expect(() => getTest(11 as never)).toThrow(/No test/);
  });

  it('fills in result paths by id or slug and encodes the assessment id', () => {
    expect(resultPath(6, 'abc')).toBe('/bloodtest/abc');
    expect(resultPath('kidney-stone', 'a/b c')).toBe('/kidney-stone-results/a%2Fb%20c');
  });
});

describe('searchTests', () => {
  const names = (query: string) => searchTests(query).map((t) => t.name);

  it('lists every test, in catalogue order, for an empty or blank query', () => {
    expect(names('')).toHaveLength(10);
    expect(names('   ')).toEqual(CATALOGUE.map((t) => t.name));
  });

  it('matches a case-insensitive substring of the name', () => {
    expect(names('disease')).toEqual([
      'Skin Disease',
      'Cataract Disease',
      'CardioDisease',
      'LiverDisease',
      'Heart Disease',
    ]);
    expect(names('DIAB')).toEqual(['Diabetic Retinopathy', 'Diabetes']);
    expect(names('ct')).toEqual(['CT Scan', 'Cataract Disease']);
    expect(names(' stone ')).toEqual(['Kidney Stone']);
  });

  it('ignores spaces, so "liver disease" finds LiverDisease', () => {
    expect(names('liver disease')).toEqual(['LiverDisease']);
    expect(names('bloodtest')).toEqual(['Blood Test']);
  });

  it('returns nothing for a name that is not there, and does not match descriptions', () => {
    expect(names('xray')).toEqual([]);
    expect(names('reference ranges')).toEqual([]);
  });
});
