import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_SOURCE_GROUPS, groupTitle, sourceTexts } from './data-sources';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
/**
 * The project's data folder, as ml/ and the server find it: ML_DATA_DIR, else the shared data sets folder (see README).
 */
const dataDir = process.env.ML_DATA_DIR
  ? path.resolve(repoRoot, process.env.ML_DATA_DIR)
  : path.resolve(repoRoot, '../shared/datasets');
const isPresent = existsSync(dataDir);

describe('the data sources page', () => {
  it('gives every data set a name, a use, a licence and a credit in the catalogue', () => {
    const sources = DATA_SOURCE_GROUPS.flatMap((g) => g.sources);
    expect(sources.length).toBeGreaterThanOrEqual(15);
    for (const group of DATA_SOURCE_GROUPS) expect(groupTitle(group), group.folder).not.toMatch(/^sources\./);
    for (const source of sources) {
      const texts = sourceTexts(source);
      // A message missing from the catalogue reads as its key (sources.<id>.usedFor).
      for (const text of [texts.name, texts.usedFor, texts.licence, texts.credit, texts.link?.label ?? 'none'])
        expect(text, source.id).not.toMatch(/^sources\./);
      expect(texts.usedFor.length, source.id).toBeGreaterThan(10);
      expect(texts.licence.length, source.id).toBeGreaterThan(5);
      expect(texts.credit.length, source.id).toBeGreaterThan(5);
      if (texts.link) expect(texts.link.href, source.id).toMatch(/^https:\/\//);
    }
  });

  // Runs wherever the data folder is; CI must have it (a check that silently skips proves nothing); elsewhere it skips, saying why.
  const isCi = !!process.env.CI && !/^(false|0)$/i.test(process.env.CI);
  if (!isPresent && isCi) {
    it('has the data folder (CI never skips the comparison)', () => {
      throw new Error(
        `the data sources page comparison needs the data folder in CI: ${dataDir} not found (set ML_DATA_DIR).`,
      );
    });
  } else if (!isPresent) {
    console.log(
      `Skipped comparing the data sources page with the data folder: ${dataDir} not found (set ML_DATA_DIR).`,
    );
  }
  it.runIf(isPresent)('lists every folder with a SOURCES.md and every data file in it', () => {
    const folders = readdirSync(dataDir).filter((name) => existsSync(path.join(dataDir, name, 'SOURCES.md')));
    expect(folders.length).toBeGreaterThan(0);
    expect(DATA_SOURCE_GROUPS.map((g) => g.folder).sort()).toEqual([...folders].sort());
    for (const folder of folders) {
      const group = DATA_SOURCE_GROUPS.find((g) => g.folder === folder)!;
      const listed = new Set(group.sources.flatMap((s) => s.files));
      const entries = readdirSync(path.join(dataDir, folder))
        .filter((name) => name !== 'SOURCES.md' && !name.startsWith('.'))
        .map((name) => (statSync(path.join(dataDir, folder, name)).isDirectory() ? `${name}/` : name));
      for (const entry of entries)
        expect(listed, `${folder}/${entry} is not on the data sources page`).toContain(entry);
    }
  });
});
