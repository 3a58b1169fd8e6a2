import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentFileError } from './content-file';
import {
  DISEASE_CONTENT,
  DISEASE_CONTENT_KEYS,
  DISEASES_HINDI_FILE,
  DiseaseContentSchema,
  RESULT_NOTICE,
  getDiseaseContent,
  getDiseaseContentIn,
  loadDiseasesHindi,
  resultNoticeIn,
  type DiseaseContent,
} from './diseases';

/**
 * The Hindi of the disease content (diseases.hi.json): translated from diseases.json, which carries the
 * sources. Every entry and notice is there, item for item, in Devanagari, with every number of its English; and a
 * file that lacks an entry or has one the English lacks stops the loader.
 */
const numbersOf = (text: string) => (text.match(/\d+(?:[.,]\d+)*/g) ?? []).sort();
const DEVANAGARI = /[\u0900-\u097F]/;
const raw = () => JSON.parse(readFileSync(DISEASES_HINDI_FILE, 'utf8')) as { entries: Record<string, unknown> };

/** The texts of an entry, English and Hindi side by side, each named. */
function pairsOf(en: DiseaseContent, hi: DiseaseContent): [string, string, string][] {
  const pairs: [string, string, string][] = [
    ['title', en.title, hi.title],
    ['description', en.description, hi.description],
  ];
  for (const field of ['symptoms', 'precautions', 'whenToSeekCare'] as const)
    en[field].forEach((text, i) => pairs.push([`${field}[${i}]`, text, hi[field][i] ?? '']));
  if (en.labels) {
    pairs.push(['labels.symptoms', en.labels.symptoms, hi.labels?.symptoms ?? '']);
    pairs.push(['labels.precautions', en.labels.precautions, hi.labels?.precautions ?? '']);
  }
  for (const [cls, text] of Object.entries(en.classNotes ?? {}))
    pairs.push([`classNotes.${cls}`, text, hi.classNotes?.[cls] ?? '']);
  return pairs;
}

describe('disease content in Hindi', () => {
  it('English is exactly the content and notices served today', () => {
    for (const key of DISEASE_CONTENT_KEYS) expect(getDiseaseContentIn('en', key)).toBe(getDiseaseContent(key));
    expect(resultNoticeIn('en')).toBe(RESULT_NOTICE);
  });

  it('every entry in Hindi: valid, the English facts, item for item, in Devanagari, with the numbers of its English', () => {
    for (const key of DISEASE_CONTENT_KEYS) {
      const en = DISEASE_CONTENT[key];
      const hi = getDiseaseContentIn('hi', key);
      expect(hi, key).toBeDefined();
      expect(DiseaseContentSchema.safeParse(hi).success, key).toBe(true);
      expect(hi!.key).toBe(key);
      expect(hi!.category, key).toBe(en.category);
      expect(hi!.sources, key).toEqual(en.sources);
      expect(hi!.reviewedBy, key).toBe(en.reviewedBy);
      expect(hi!.updated, key).toBe(en.updated);
      for (const field of ['symptoms', 'precautions', 'whenToSeekCare'] as const)
        expect(hi![field].length, `${key}.${field}`).toBe(en[field].length);
      expect(Object.keys(hi!.labels ?? {}), `${key}.labels`).toEqual(Object.keys(en.labels ?? {}));
      expect(Object.keys(hi!.classNotes ?? {}).sort(), `${key}.classNotes`).toEqual(
        Object.keys(en.classNotes ?? {}).sort(),
      );
      for (const [where, english, hindi] of pairsOf(en, hi!)) {
        expect(hindi, `${key}.${where}`).toMatch(DEVANAGARI);
        expect(numbersOf(hindi), `${key}.${where}: ${english}`).toEqual(expect.arrayContaining(numbersOf(english)));
      }
    }
  });

  it('every notice in Hindi, in Devanagari, with the numbers of its English', () => {
    const en = RESULT_NOTICE;
    const hi = resultNoticeIn('hi');
    const pairs: [string, string, string][] = [
      ['notADiagnosis', en.notADiagnosis, hi.notADiagnosis],
      ['emergency', en.emergency, hi.emergency],
      ...(['clinical_model', 'rules', 'image_model'] as const).map((kind): [string, string, string] => [
        `whatThisDoesNotMean.${kind}`,
        en.whatThisDoesNotMean[kind],
        hi.whatThisDoesNotMean[kind],
      ]),
    ];
    for (const [where, english, hindi] of pairs) {
      expect(hindi, where).toMatch(DEVANAGARI);
      expect(numbersOf(hindi), where).toEqual(expect.arrayContaining(numbersOf(english)));
    }
  });

  it('the file holds exactly the English entries: no orphan, none missing', () => {
    expect(Object.keys(raw().entries).sort()).toEqual([...DISEASE_CONTENT_KEYS].sort());
  });

  it('an unknown key gives undefined, never a throw', () => {
    expect(getDiseaseContentIn('hi', 'no_such_key' as never)).toBeUndefined();
  });

  describe('the loader refuses a file that does not match the English', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'diseases-hi-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const refusal = (name: string, change: (data: ReturnType<typeof raw>) => void) => {
      const data = raw();
      change(data);
      const file = path.join(dir, name);
      writeFileSync(file, JSON.stringify(data));
      try {
        loadDiseasesHindi(file);
      } catch (error) {
        expect(error).toBeInstanceOf(ContentFileError);
        return (error as ContentFileError).problems.join('\n');
      }
      throw new Error(`${name} was accepted`);
    };

    it('a missing entry', () => {
      const problems = refusal('missing.hi.json', (d) => delete d.entries.glaucoma);
      expect(problems).toContain('no entry for the content key "glaucoma"');
    });

    it('an entry the English lacks', () => {
      const problems = refusal('orphan.hi.json', (d) => (d.entries.common_cold = d.entries.anemia));
      expect(problems).toContain('entry "common_cold": diseases.json has no such entry');
    });

    it('a list of another length than its English', () => {
      const problems = refusal('short.hi.json', (d) => {
        (d.entries.anemia as { symptoms: string[] }).symptoms.pop();
      });
      expect(problems).toContain('entry "anemia", symptoms: has 4 items, the English 5');
    });

    it('a missing notice', () => {
      const problems = refusal('notice.hi.json', (d) => {
        delete (d as unknown as { resultNotice: { emergency?: string } }).resultNotice.emergency;
      });
      expect(problems).toContain('emergency');
    });
  });
});
