import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildTestApp, sql, type TestApp } from '../../../test/helper';
import { CsvImportError, IMPORT_SOURCE, importMedicinesCsv, parseMedicineCsv, splitUses } from './csv-import';
import { IMPORTED_OTC_NOTE, IMPORTED_PRESCRIPTION_NOTE, IMPORTED_UNKNOWN_NOTE } from './ingredients';

const HEADER =
  'Medicine Name,Composition,Uses,Side_effects,Image URL,Manufacturer,Excellent Review %,Average Review %,Poor Review %';
const row = (name: string, composition: string, uses: string, extra = 'Nausea,,Acme Labs,40,40,20') =>
  `${name},${composition},${uses},${extra}`;

/** Good rows, including the CSV features the real file has: quoted commas, quotes, and a BOM. */
const GOOD = [
  row('Calpol 500 Tablet', 'Paracetamol (500mg)', 'Pain reliefTreatment of Fever'),
  row(
    'Mox 500 Capsule',
    'Amoxycillin  (500mg)',
    'Treatment of Bacterial infections',
    '"Rash, Diarrhea",https://cdn.example.com/mox.jpg,"Sun ""Pharma"" Ltd",50,30,20',
  ),
  row('Herbo Drops', 'Tulsi Extract (5ml)', '"Cough, cold and sore throat"'),
];

const csv = (rows: string[]) => `\uFEFF${[HEADER, ...rows].join('\n')}\n`;

describe('importing Medicine_Details.csv', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await sql(app, "delete from medicines where source_kind = 'import'");
  });

  type ImportedRow = {
    name: string;
    manufacturer: string;
    image_url: string | null;
    source: string;
    prescription_status: string;
    prescription_note: string;
    uses_list: string[];
    review_excellent: number | null;
  };
  const imported = () =>
    sql<ImportedRow>(
      app,
      `select name, manufacturer, image_url, source, prescription_status, prescription_note, uses_list, review_excellent
       from medicines where source_kind = 'import' order by name`,
    );

  it('loads every good row with its source, split uses and an inferred prescription status', async () => {
    const report = await importMedicinesCsv(app.database.db, csv(GOOD));
    expect(report).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, problems: [], duplicates: 0, total: 3 });
    const rows = await imported();
    expect(rows.map((r) => r.name)).toEqual(['Calpol 500 Tablet', 'Herbo Drops', 'Mox 500 Capsule']);
    expect(rows.every((r) => r.source === IMPORT_SOURCE)).toBe(true);
    const [calpol, herbo, mox] = rows;
    expect(calpol).toMatchObject({
      uses_list: ['Pain relief', 'Treatment of Fever'],
      prescription_status: 'otc',
      prescription_note: IMPORTED_OTC_NOTE,
      image_url: null,
    });
    expect(mox).toMatchObject({
      manufacturer: 'Sun "Pharma" Ltd',
      image_url: 'https://cdn.example.com/mox.jpg',
      prescription_status: 'prescription',
      prescription_note: IMPORTED_PRESCRIPTION_NOTE,
      review_excellent: 50,
    });
    expect(herbo).toMatchObject({
      uses_list: ['Cough, cold and sore throat'],
      prescription_status: 'unknown',
      prescription_note: IMPORTED_UNKNOWN_NOTE,
    });
  });

  it('is idempotent: the same file again changes nothing; a changed row is updated', async () => {
    await importMedicinesCsv(app.database.db, csv(GOOD));
    const before = await sql(app, "select id, updated_at from medicines where source_kind = 'import' order by id");
    const again = await importMedicinesCsv(app.database.db, csv(GOOD));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await sql(app, "select id, updated_at from medicines where source_kind = 'import' order by id")).toEqual(
      before,
    );

    const changed = GOOD.map((r) => r.replace('Pain reliefTreatment of Fever', 'Pain relief'));
    expect(await importMedicinesCsv(app.database.db, csv(changed))).toMatchObject({
      inserted: 0,
      updated: 1,
      unchanged: 2,
    });
    expect((await imported())[0]?.uses_list).toEqual(['Pain relief']);
    // The search follows the change: the old use no longer finds it.
    const fever = await app.inject({
      method: 'POST',
      url: '/api/medicines/recommendations',
      payload: { symptoms: ['fever'] },
    });
    expect(JSON.stringify(fever.json())).not.toContain('Calpol 500 Tablet');
  });

  it('reports each malformed row with its line number, skips it, and loads the rest', async () => {
    const text = csv([
      GOOD[0] as string, // line 2
      'Broken Tablet,Paracetamol (500mg),Pain relief', // line 3: too few fields
      row('', 'Ibuprofen (400mg)', 'Pain relief'), // line 4: no name
      row('Odd Tablet', 'Ibuprofen (400mg)', 'Pain relief', 'Nausea,,Acme Labs,lots,40,20'), // line 5: review not a number
      row('Pic Tablet', 'Ibuprofen (400mg)', 'Pain relief', 'Nausea,ftp://example.com/x.jpg,Acme Labs,40,40,20'), // line 6
      GOOD[1] as string, // line 7
      GOOD[0] as string, // line 8: a repeat of line 2
      row('Multi Line Syrup', 'Guaifenesin (100mg/5ml)', '"Treatment of Cough\nwith mucus"'), // lines 9-10
      row('No Uses Tablet', 'Cetirizine (10mg)', ''), // line 11: no uses
    ]);
    const report = await importMedicinesCsv(app.database.db, text);
    expect(report.problems).toEqual([
      { line: 3, reason: 'has 3 fields, expected 9' },
      { line: 4, reason: 'Medicine Name is empty' },
      { line: 5, reason: 'Excellent Review % is not a whole number from 0 to 100' },
      { line: 6, reason: 'Image URL is not an http(s) address' },
      { line: 11, reason: 'Uses is empty' },
    ]);
    expect(report).toMatchObject({ inserted: 3, duplicates: 1 });
    expect((await imported()).map((r) => r.name)).toEqual(['Calpol 500 Tablet', 'Mox 500 Capsule', 'Multi Line Syrup']);
  });

  it('reports a quote that is never closed and keeps the rows before it', async () => {
    const report = await importMedicinesCsv(
      app.database.db,
      csv([GOOD[0] as string, 'Bad "Tablet,"Paracetamol,Pain relief,x,,y,1,2,3', GOOD[1] as string]),
    );
    expect(report.problems.length).toBeGreaterThan(0);
    expect(report.problems[0]?.line).toBeGreaterThanOrEqual(3);
    expect(report.problems[0]?.reason).toMatch(/cannot be read as CSV/);
    expect((await imported()).map((r) => r.name)).toContain('Calpol 500 Tablet');
  });

  it('refuses a file without the expected columns, and writes nothing', async () => {
    const text = ['Name,Composition,Uses', 'Calpol,Paracetamol,Fever'].join('\n');
    await expect(importMedicinesCsv(app.database.db, text)).rejects.toThrow(CsvImportError);
    await expect(importMedicinesCsv(app.database.db, text)).rejects.toThrow(
      /"Medicine Name", "Side_effects", "Manufacturer"/,
    );
    await expect(importMedicinesCsv(app.database.db, '')).rejects.toThrow(/empty/);
    expect(await imported()).toEqual([]);
  });

  it('writes all rows or none: a failure part-way rolls the whole import back', async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      row(`Brand ${i} Tablet`, `Paracetamol (${500 + i}mg)`, 'Pain relief'),
    );
    await expect(
      importMedicinesCsv(app.database.db, csv(many), {
        batchSize: 2,
        onBatch: ({ written }) => {
          if (written >= 4) throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(await imported()).toEqual([]);
    const links = await sql<{ count: string | number }>(
      app,
      "select count(*) as count from medicine_use_links l join medicines m on m.id = l.medicine_id where m.source_kind = 'import'",
    );
    expect(Number(links[0]?.count)).toBe(0);
  });

  it('runs from the command line as npm run medicines:import -- <file>, against DATA_DIR', () => {
    const dir = path.join(inject('testTmpDir'), `cli-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'medicines.csv');
    writeFileSync(file, csv([...GOOD, 'Broken,Row']));
    const run = () =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', path.resolve(import.meta.dirname, 'import-cli.ts'), 'medicines.csv'],
        {
          env: { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '', INIT_CWD: dir, NODE_ENV: 'test' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('line 5: has 2 fields, expected 9 (skipped)');
    expect(first.stdout).toContain('3 added, 0 updated, 0 unchanged');
    const second = run();
    expect(second.stdout).toContain('0 added, 0 updated, 3 unchanged');
  }, 60_000);
});

describe('reading the CSV', () => {
  it('splits uses the scraper glued together, and nothing else', () => {
    expect(
      splitUses('Treatment of Gastroesophageal reflux disease (Acid reflux)Treatment of Peptic ulcer disease'),
    ).toEqual(['Treatment of Gastroesophageal reflux disease (Acid reflux)', 'Treatment of Peptic ulcer disease']);
    expect(splitUses('Treatment of Sneezing and runny nose due to allergiesTreatment of Allergic conditions')).toEqual([
      'Treatment of Sneezing and runny nose due to allergies',
      'Treatment of Allergic conditions',
    ]);
    expect(splitUses('Cancer of colon and rectum Non-small cell lung cancer')).toEqual([
      'Cancer of colon and rectum Non-small cell lung cancer',
    ]);
    expect(splitUses('  Treatment of  HIV infection ')).toEqual(['Treatment of HIV infection']);
  });

  it('keys rows by name, composition and manufacturer, ignoring case and spacing', () => {
    const parsed = parseMedicineCsv(
      csv([GOOD[0] as string, (GOOD[0] as string).replace('Calpol 500 Tablet', 'CALPOL  500 tablet')]),
    );
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.duplicates).toBe(1);
  });
});
