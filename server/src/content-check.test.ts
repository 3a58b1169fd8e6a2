import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RedFlagDataSchema } from '@medibuddy/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentFileError } from './content/content-file';
import { LEXICON_FILE, loadLexicon } from './content/reading/lexicon';
import { checkContent, checkedFiles, CONTENT_CHECKS, CONTENT_FOLDERS } from './content-check';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every JSON file under a folder, relative to the repository root. */
function jsonFilesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${folder}/${f.split(path.sep).join('/')}`);
}

describe('check:content (content-check.ts)', () => {
  it('reads every JSON file of the content folders, and no file outside them', () => {
    const onDisk = CONTENT_FOLDERS.flatMap(jsonFilesUnder).sort();
    const checked = checkedFiles().sort();
    expect(onDisk.length).toBeGreaterThan(40);
    expect(checked).toEqual([...new Set(checked)]);
    expect(checked).toEqual(onDisk);
  });

  it('passes on the files as they are, one line per check', async () => {
    const lines = await checkContent();
    expect(lines).toHaveLength(CONTENT_CHECKS.length);
    expect(lines).toContainEqual(expect.stringMatching(/^lexicon\.json: \d+ concepts$/));
  });

  it("turns a schema's error into one that names the file and the field", async () => {
    const broken = { ...JSON.parse(readFileSync(path.join(ROOT, 'contracts/src/content/red-flags.json'), 'utf8')) };
    broken.flags = [{ ...broken.flags[0], id: 7 }, ...broken.flags.slice(1)];
    const error = await checkContent([
      { files: ['contracts/src/content/red-flags.json'], check: async () => String(RedFlagDataSchema.parse(broken)) },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentFileError);
    expect((error as Error).message).toMatch(/^contracts\/src\/content\/red-flags\.json is not valid content/);
    expect((error as Error).message).toContain('flags.0.id:');
  });

  describe('a loader given a broken copy of its file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'medibuddy-content-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('names the file, the entry and the field', () => {
      const lexicon = JSON.parse(readFileSync(LEXICON_FILE, 'utf8'));
      const [first, ...rest] = lexicon.concepts;
      const file = path.join(dir, 'lexicon.json');
      writeFileSync(file, JSON.stringify({ ...lexicon, concepts: [{ ...first, kind: 'mood' }, ...rest] }));
      const error = (() => {
        try {
          loadLexicon(file);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ContentFileError);
      expect((error as ContentFileError).file).toBe('lexicon.json');
      expect((error as ContentFileError).problems).toEqual([
        expect.stringMatching(new RegExp(`^concept "${first.id}" \\(concepts\\[0\\]\\), kind: `)),
      ]);
    });
  });
});
