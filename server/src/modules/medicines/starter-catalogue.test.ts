import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ContentFileError } from '../../content/content-file';
import { parseStarterCatalogue, STARTER_CATALOGUE, STARTER_CATALOGUE_FILE } from '../../content/starter-catalogue';

/** A fresh copy of the real file's data, to break one thing in. */
const copy = () =>
  JSON.parse(readFileSync(STARTER_CATALOGUE_FILE, 'utf8')) as { medicines: Record<string, unknown>[] } & Record<
    string,
    unknown
  >;
const problemsOf = (raw: unknown) => {
  try {
    parseStarterCatalogue(raw);
  } catch (error) {
    if (error instanceof ContentFileError) return [...error.problems];
    throw error;
  }
  return [];
};

describe('starter-catalogue.json', () => {
  it('holds together as committed', () => {
    expect(problemsOf(copy())).toEqual([]);
    expect(STARTER_CATALOGUE[0]?.slug).toBe('paracetamol');
  });

  it('refuses a broken entry, naming the medicine, the field and the rule', () => {
    const data = copy();
    data.medicines[1]!.prescription = 'otc only';
    data.medicines[2]!.uses = [];
    expect(problemsOf(data)).toEqual([
      expect.stringMatching(
        /^medicine "ibuprofen" \(medicines\[1\]\), prescription: Invalid option: expected one of "otc"\|"prescription"$/,
      ),
      'medicine "aspirin-pain" (medicines[2]), uses: must list at least one use',
    ]);
  });

  it('refuses a misspelt field and a stray space rather than dropping them', () => {
    const data = copy();
    data.medicines[0]!.sideEffect = data.medicines[0]!.sideEffects;
    data.medicines[3]!.name = 'Naproxen ';
    const problems = problemsOf(data);
    expect(problems).toContain('medicine "paracetamol" (medicines[0]): Unrecognized key: "sideEffect"');
    expect(problems).toContain('medicine "naproxen" (medicines[3]), name: must be text without spaces at either end');
  });

  it('refuses a slug used twice, naming both entries', () => {
    const data = copy();
    data.medicines[4]!.slug = 'paracetamol';
    expect(problemsOf(data)).toEqual(['medicine "paracetamol" (medicines[4]): slug already used by medicines[0]']);
  });

  it('names the file in the message the server stops with', () => {
    const data = copy();
    data.medicines[1]!.sourceUrl = 'nhs.uk';
    expect(() => parseStarterCatalogue(data)).toThrow(
      /^starter-catalogue\.json is not valid content.*\n {2}- medicine "ibuprofen" \(medicines\[1\]\), sourceUrl: /,
    );
  });
});
