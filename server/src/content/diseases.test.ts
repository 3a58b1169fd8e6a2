import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_KEYS_BY_TEST,
  CONTENT_UPDATED,
  DISEASE_CONTENT,
  DISEASE_CONTENT_KEYS,
  DISEASES_FILE,
  DiseaseContentSchema,
  getDiseaseContent,
  LUNG_CT_CLASS_NOTES,
  parseDiseasesFile,
  RESULT_NOTICE,
} from './diseases';
import { hasDataset } from '../../test/datasets';
import { datasetFile } from '../lib/datasets';
import { ContentFileError, readContentJson } from './content-file';

const entries = Object.entries(DISEASE_CONTENT);

/** Every string in a value, with where it was found. */
function strings(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  return [];
}

/** Lower case, letters and digits only, single spaces: so punctuation and spacing cannot hide a copy. */
const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^a-z0-9']+/g, ' ')
    .trim();

const sentences = (s: string) =>
  s
    .split(/(?<=[.!?;:])\s+/)
    .map((t) => t.trim())
    .filter(Boolean);

describe('disease content', () => {
  it('has exactly the listed keys, each matching its own key field', () => {
    expect(Object.keys(DISEASE_CONTENT).sort()).toEqual([...DISEASE_CONTENT_KEYS].sort());
    for (const [key, entry] of entries) expect(entry.key, key).toBe(key);
  });

  it('covers every result a test can produce', () => {
    for (const keys of Object.values(CONTENT_KEYS_BY_TEST)) {
      for (const key of keys) expect(getDiseaseContent(key), key).toBeDefined();
    }
    expect(getDiseaseContent('no_such_key')).toBeUndefined();
  });

  it.each(entries)('%s matches the schema', (_key, entry) => {
    expect(() => DiseaseContentSchema.parse(entry)).not.toThrow();
    expect(entry.reviewedBy).toBeNull();
    expect(entry.updated).toBe(CONTENT_UPDATED);
  });

  it.each(entries)('%s has exactly 5 symptoms and 5 precautions, none repeated', (_key, entry) => {
    expect(entry.symptoms).toHaveLength(5);
    expect(entry.precautions).toHaveLength(5);
    expect(entry.whenToSeekCare.length).toBeGreaterThanOrEqual(1);
    expect(entry.whenToSeekCare.length).toBeLessThanOrEqual(3);
    const items = [...entry.symptoms, ...entry.precautions, ...entry.whenToSeekCare].map(normalize);
    expect(items.every((i) => i.length > 0)).toBe(true);
    expect(new Set(items).size).toBe(items.length);
  });

  it.each(entries)('%s has a 2-4 sentence description', (_key, entry) => {
    const count = entry.description.split(/(?<=[.!?])\s+/).filter(Boolean).length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(4);
  });

  it.each(entries)('%s cites at least one source, each with title and publisher', (_key, entry) => {
    expect(entry.sources.length).toBeGreaterThanOrEqual(1);
    for (const s of entry.sources) {
      expect(s.title.trim()).not.toBe('');
      expect(s.publisher.trim()).not.toBe('');
      if (s.url) expect(s.url).toMatch(/^https?:\/\//);
      expect(s.note, `${s.title}: say where it came from`).toMatch(/via MedQuAD|not from the bundled data/);
    }
    const urls = entry.sources.map((s) => s.url ?? s.title);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('gives a note for each CT class, and the lung entry carries them', () => {
    expect(Object.keys(LUNG_CT_CLASS_NOTES).sort()).toEqual(
      ['adenocarcinoma', 'large_cell_carcinoma', 'normal_chest_ct', 'squamous_cell_carcinoma'].sort(),
    );
    expect(DISEASE_CONTENT.lung_cancer.classNotes).toEqual(LUNG_CT_CLASS_NOTES);
  });

  it('has no string longer than 300 characters, and no empty one', () => {
    const all = [
      ...strings(DISEASE_CONTENT, 'DISEASE_CONTENT'),
      ...strings(RESULT_NOTICE, 'RESULT_NOTICE'),
      ...strings(LUNG_CT_CLASS_NOTES, 'LUNG_CT_CLASS_NOTES'),
    ];
    const tooLong = all.filter((s) => s.text.length > 300).map((s) => `${s.at} (${s.text.length})`);
    expect(tooLong).toEqual([]);
    expect(all.filter((s) => s.text.trim() === '').map((s) => s.at)).toEqual([]);
  });

  it('has the result notices for every test kind', () => {
    expect(RESULT_NOTICE.notADiagnosis).toMatch(/not a diagnosis/i);
    expect(RESULT_NOTICE.emergency).toMatch(/emergency number/i);
    expect(Object.keys(RESULT_NOTICE.whatThisDoesNotMean).sort()).toEqual(['clinical_model', 'image_model', 'rules']);
  });
});

describe('disease content is written, not copied', () => {
  const { file, isPresent } = datasetFile(undefined, process.env, 'diseases', 'disease_knowledge.json');
  const title = 'copies no sentence verbatim from the disease_knowledge.json source text';
  const present = hasDataset(`disease content ${title}`, { file, isPresent }, 'set ML_DATA_DIR to the datasets folder');

  /** Sentences of six words or more found whole in the corpus, and any twelve-word run found in it. */
  function copiedFrom(corpus: string, texts: string[]): string[] {
    const copied = new Set<string>();
    for (const t of texts) {
      for (const sentence of sentences(t)) {
        const n = normalize(sentence);
        if (n.split(' ').length >= 6 && corpus.includes(n)) copied.add(sentence);
      }
      const words = normalize(t).split(' ');
      for (let i = 0; i + 12 <= words.length; i++) {
        const run = words.slice(i, i + 12).join(' ');
        if (corpus.includes(run)) copied.add(`…${run}…`);
      }
    }
    return [...copied];
  }

  it.skipIf(!present)(
    present ? title : `${title} (skipped: ${file} not found; set ML_DATA_DIR to the datasets folder)`,
    () => {
      type Entry = { id: string; sourceText?: Record<string, string | null> };
      const data = JSON.parse(readFileSync(file, 'utf8')) as Entry[];
      const texts = data.flatMap((e) => Object.values(e.sourceText ?? {})).filter((t): t is string => !!t);
      const corpus = normalize(texts.join(' \n '));
      expect(corpus.length).toBeGreaterThan(10_000);

      // The check itself works: a sentence taken from the source text is caught.
      const sample = sentences(texts[0] ?? '').find((t) => t.split(' ').length >= 8) ?? '';
      expect(copiedFrom(corpus, [sample])).not.toEqual([]);

      const ours = [...strings(DISEASE_CONTENT), ...strings(RESULT_NOTICE), ...strings(LUNG_CT_CLASS_NOTES)]
        .filter((s) => !/\.sources\[|\.(key|updated|category)$/.test(s.at))
        .map((s) => s.text);
      expect(copiedFrom(corpus, ours)).toEqual([]);
    },
  );
});

describe('diseases.json is checked before it is served', () => {
  type Raw = { sources: Record<string, unknown>; entries: Record<string, unknown>[] } & Record<string, unknown>;
  const copy = () => JSON.parse(readFileSync(DISEASES_FILE, 'utf8')) as Raw;
  const problemsOf = (raw: unknown) => {
    try {
      parseDiseasesFile(raw);
    } catch (error) {
      if (error instanceof ContentFileError) return [...error.problems];
      throw error;
    }
    return [];
  };

  it('holds together as committed', () => {
    expect(problemsOf(copy())).toEqual([]);
  });

  it('refuses an entry that breaks the schema, naming the entry, the field and the rule', () => {
    const data = copy();
    (data.entries[2]!.symptoms as string[]).pop();
    data.entries[3]!.category = 'illness';
    const problems = problemsOf(data);
    expect(problems).toContain('entry "diabetes" (entries[2]), symptoms: Too small: expected array to have >=5 items');
    expect(problems).toContainEqual(
      expect.stringMatching(/^entry "liver_disease" \(entries\[3\]\), category: Invalid option/),
    );
    expect(problems).toHaveLength(2);
  });

  it('refuses a misspelt field rather than dropping it', () => {
    const data = copy();
    data.entries[0]!.precaution = data.entries[0]!.precautions;
    expect(problemsOf(data)).toEqual(['entry "heart_disease" (entries[0]): Unrecognized key: "precaution"']);
  });

  it('refuses a source that is cited but not declared, or declared but not cited', () => {
    const data = copy();
    (data.entries[1]!.sources as string[]).push('nhsHeart');
    data.sources.unused = { title: 'A page', publisher: 'Someone', note: 'not from the bundled data' };
    expect(problemsOf(data)).toEqual([
      'entry "cardiovascular_disease" (entries[1]), sources[6]: source "nhsHeart" is not declared in sources',
      'source "unused": declared but cited by no entry',
    ]);
  });

  it('refuses a broken source, naming it', () => {
    const data = copy();
    (data.sources.chd as Record<string, unknown>).url = 'nhlbi.nih.gov';
    expect(problemsOf(data)).toEqual([expect.stringMatching(/^source "chd", url: Invalid URL/)]);
  });

  it('refuses a missing or repeated content key', () => {
    const data = copy();
    data.entries[1]!.key = 'heart_disease';
    expect(problemsOf(data)).toEqual([
      'entry "heart_disease" (entries[1]): key appears twice',
      'entries: no entry for the content key "cardiovascular_disease"',
    ]);
  });

  it('names the file when it is not JSON at all', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-'));
    const file = path.join(dir, 'diseases.json');
    writeFileSync(file, '{ "entries": [ }');
    expect(() => readContentJson(file)).toThrow(/^diseases\.json is not valid content.*\n {2}- not valid JSON: /);
    rmSync(dir, { recursive: true });
  });
});
