import { SALE_CLASS_LABELS, type MedicineCheckResponse, type MedicineRecommendation } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { MEDICINES_CSV_HEADER, recommendMedicines } from '../../../test/medicines';
import { factsFor, ingredientFacts, interactions, safePairs } from '../../content/medicine-facts';
import { importMedicinesCsv } from './csv-import';

/** Imported products that must be filtered: aspirin for fever, codeine for cough, zolpidem for sleep, folic acid "for acidity". */
const SMALL_CSV = [
  MEDICINES_CSV_HEADER,
  'Ecosprin 325 Tablet,Aspirin (325mg),Treatment of Fever Pain relief,Stomach upset,https://cdn.example.com/a.jpg,USV Ltd,30,40,30',
  'Codistar Syrup,Codeine (10mg) + Chlorpheniramine Maleate (4mg),Treatment of Dry cough,Sleepiness,https://cdn.example.com/c.jpg,Acme,30,40,30',
  'Zolfresh 10 Tablet,Zolpidem (10mg),Treatment of Insomnia,Sleepiness,https://cdn.example.com/z.jpg,Abbott,30,40,30',
  'Folvite Acid Tablet,Folic Acid (5mg),Treatment of Acidity Heartburn,Nausea,https://cdn.example.com/f.jpg,Pfizer,30,40,30',
  'Dolo 650 Tablet,Paracetamol (650mg),Pain reliefTreatment of Fever,Nausea Vomiting,https://cdn.example.com/dolo.jpg,Micro Labs Ltd,40,40,20',
  'Brufamol Tablet,Ibuprofen (400mg) + Paracetamol (325mg),Pain reliefTreatment of Fever,Heartburn Nausea,https://cdn.example.com/b.jpg,Ajanta,30,40,30',
  'Levocet 5 Tablet,Levocetirizine (5mg),Treatment of Sneezing and runny nose due to allergies,Sleepiness,https://cdn.example.com/l.jpg,Hetero,30,40,30',
].join('\n');

describe('medicines for this person: age, pregnancy, guidance, relevance', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await importMedicinesCsv(app.database.db, SMALL_CSV);
  });
  afterAll(() => app.close());

  const recommend = (payload: object) => recommendMedicines(app, payload);
  const allIngredients = (results: MedicineRecommendation[]) =>
    results.flatMap((r) => r.ingredients.map((i) => i.toLowerCase()));

  it('a child with a fever: guidance first, no aspirin (named as left out, with the reason), a child dose on every card', async () => {
    const body = await recommend({ symptoms: ['my child has a fever of 39'], person: { kind: 'child', ageYears: 5 } });
    expect(body.emergency).toBeNull();
    expect(body.personDescription).toBe('a child of 5');
    expect(body.guidance.length).toBeGreaterThan(0);
    expect(body.guidance[0]?.whatToDo.length).toBeGreaterThan(0);
    for (const fact of [...(body.guidance[0]?.whatToDo ?? []), ...(body.guidance[0]?.redFlags ?? [])])
      expect(fact.source).not.toBe('');
    expect(body.results.length).toBeGreaterThan(0);
    expect(allIngredients(body.results)).not.toContain('aspirin');
    expect(body.results.map((r) => r.name).join(' ')).not.toMatch(/aspirin|ecosprin/i);
    const aspirin = body.hidden.find((h) => /aspirin|ecosprin/i.test(h.name));
    expect(aspirin?.reason).toMatch(/aspirin/i);
    const paracetamol = body.results.find((r) => r.ingredients.includes('paracetamol'));
    expect(paracetamol?.doses[0]?.dose?.source).toBeTruthy();
    // Not offered as "a doctor may prescribe" either (low-dose aspirin is prescription-only in India's catalogue).
    expect(body.doctorMayPrescribe.flatMap((p) => p.ingredients)).not.toContain('aspirin');
  });

  it("a tablet stronger than one dose for the person is not offered to them (an adult's tablet for a child)", async () => {
    const child = await recommend({ symptoms: ['fever'], person: { kind: 'child', ageYears: 5 } });
    const offered = child.results.flatMap((r) => [r.name, ...r.similarProducts]);
    expect(offered).not.toContain('Brufamol Tablet');
    expect(offered).not.toContain('Dolo 650 Tablet');
    const brufamol = child.hidden.find((h) => h.name === 'Brufamol Tablet');
    expect(brufamol?.reason).toMatch(
      /^One tablet holds 400 mg of ibuprofen, more than one dose for a child of 5 \(at most \d+ mg: NHS/,
    );
    // The child's own products are still offered.
    expect(child.results.some((r) => r.ingredients.includes('paracetamol'))).toBe(true);
    const adult = await recommend({ symptoms: ['fever'], person: { kind: 'adult' } });
    expect(adult.hidden.map((h) => h.name)).not.toContain('Brufamol Tablet');
    expect(adult.results.flatMap((r) => [r.name, ...r.similarProducts])).toContain('Dolo 650 Tablet');
  });

  it('when nothing says who it is for, nothing unsafe for a young child is offered, and the answer says it assumed nothing', async () => {
    const body = await recommend({ symptoms: ['fever'] });
    expect(body.personDescription).toBe('someone we know nothing about');
    expect(body.assumption).toMatch(/we assumed nothing: medicines not suitable for young children are left out/);
    expect(body.results.flatMap((r) => r.ingredients)).not.toContain('aspirin');
    expect(body.results.length).toBeGreaterThan(0);
  });

  it('an adult with a fever may be offered aspirin; the answer says it is for an adult', async () => {
    const body = await recommend({ symptoms: ['fever'], person: { kind: 'adult' } });
    expect(body.personDescription).toBe('an adult');
    expect(body.results.length).toBeGreaterThan(0);
    for (const r of body.results) expect(r.doses.length).toBe(r.ingredients.length);
  });

  it("a toddler with diarrhoea is offered oral rehydration salts with a child's dose (every salt in the sachet has one)", async () => {
    const body = await recommend({ symptoms: ['diarrhoea'], person: { kind: 'child', ageYears: 2 } });
    const ors = body.results.find(
      (r) => r.ingredients.includes('glucose') && r.ingredients.includes('sodium chloride'),
    );
    expect(ors, JSON.stringify(body.hidden)).toBeDefined();
    for (const d of ors?.doses ?? []) expect(d.dose?.text).toMatch(/sachet/);
  });

  it('a baby under 3 months with a fever: see a doctor, no products at all', async () => {
    const body = await recommend({ symptoms: ['fever'], person: { kind: 'child', ageMonths: 2 } });
    expect(body.results).toEqual([]);
    expect(body.guidance.some((g) => !g.isSelfCareAppropriate && g.notAppropriateReason)).toBe(true);
    expect(body.hidden).toEqual([]);
    expect(body.doctorMayPrescribe).toEqual([]);
  });

  it('burning when peeing: advice to see a doctor and no products', async () => {
    const body = await recommend({ symptoms: ['burning when i pee'] });
    expect(body.results).toEqual([]);
    expect(body.guidance.length).toBeGreaterThan(0);
    expect(body.guidance.every((g) => g.seeDoctorIf.length > 0)).toBe(true);
    expect(body.guidance.some((g) => !g.isSelfCareAppropriate)).toBe(true);
  });

  it('pregnancy: a headache gets paracetamol, never ibuprofen or aspirin', async () => {
    const body = await recommend({ symptoms: ['headache'], person: { kind: 'pregnant' } });
    const ingredients = allIngredients(body.results);
    expect(ingredients).toContain('paracetamol');
    for (const unsafe of ['ibuprofen', 'aspirin', 'naproxen', 'diclofenac']) expect(ingredients).not.toContain(unsafe);
  });

  it("pregnancy: the guide's advice ('try paracetamol or ibuprofen') says not ibuprofen, and pre-eclampsia comes first", async () => {
    const body = await recommend({ symptoms: ['headache'], person: { kind: 'pregnant' } });
    const guide = body.guidance.find((g) => g.id === 'headache');
    const advice = guide?.whatToDo.map((w) => w.text) ?? [];
    const tryLine = advice.findIndex((t) => /paracetamol or ibuprofen/.test(t));
    expect(tryLine).toBeGreaterThanOrEqual(0);
    expect(advice[tryLine + 1]).toMatch(/^Not ibuprofen for a pregnant woman: Not recommended in pregnancy/);
    expect(advice.join(' ')).not.toMatch(/Not paracetamol/);
    expect(guide?.redFlags[0]?.text).toMatch(/pre-eclampsia/);
    // Written for anyone else as it was: no pregnancy line, no "not ibuprofen" for an adult.
    const adult = (await recommend({ symptoms: ['headache'] })).guidance.find((g) => g.id === 'headache');
    expect(adult?.whatToDo.map((w) => w.text).join(' ')).not.toMatch(/^Not /m);
    expect(adult?.redFlags.map((f) => f.text).join(' ')).not.toMatch(/pre-eclampsia/);
  });

  it("a child: a guide's advice that names a medicine not for their age is followed by why", async () => {
    const body = await recommend({ symptoms: ['diarrhoea'], person: { kind: 'child', ageYears: 8 } });
    const advice = body.guidance.flatMap((g) => g.whatToDo.map((w) => w.text));
    const line = advice.findIndex((t) => /Adults can take loperamide/.test(t));
    expect(line).toBeGreaterThanOrEqual(0);
    expect(advice[line + 1]).toMatch(/^Not loperamide for a child of 8: /);
  });

  it.each([
    [['dry cough at night'], ['codeine', 'salbutamol', 'levosalbutamol']],
    [["can't sleep"], ['zolpidem']],
    [['heartburn'], ['folic acid']],
  ])('%j offers none of %j (prescription only, or not a treatment for it)', async (symptoms, unwanted) => {
    const body = await recommend({ symptoms });
    const ingredients = allIngredients(body.results);
    for (const u of unwanted) expect(ingredients).not.toContain(u);
    for (const r of body.results) expect(r.prescriptionStatus).not.toBe('prescription');
  });

  it('prescription-only medicines are named only under "a doctor may prescribe"', async () => {
    const body = await recommend({ symptoms: ['sneezing'] });
    expect(allIngredients(body.results)).not.toContain('levocetirizine');
    expect(body.results.every((r) => r.isPrescriptionOnly !== true)).toBe(true);
    expect(body.doctorMayPrescribe.some((p) => p.ingredients.includes('levocetirizine'))).toBe(true);
  });

  it('red flags still win over everything, whoever it is for', async () => {
    const body = await recommend({ symptoms: ['fever', 'stiff neck'], person: { kind: 'child', ageYears: 4 } });
    expect(body.emergency).not.toBeNull();
    expect(body.results).toEqual([]);
    expect(body.guidance).toEqual([]);
  });

  it.each([
    [{ kind: 'child' }, 'person.ageYears'],
    [{ kind: 'child', ageYears: 16 }, 'person.ageYears'],
    [{ kind: 'child', ageYears: 1 }, 'person.ageYears'],
    [{ kind: 'child', ageYears: 2.5 }, 'person.ageYears'],
    [{ kind: 'child', ageMonths: 30 }, 'person.ageMonths'],
    [{ kind: 'child', ageYears: 3, ageMonths: 2 }, 'person.ageMonths'],
    [{ kind: 'pregnant', ageYears: 30 }, 'person.ageYears'],
    [{ kind: 'grandparent' }, 'person.kind'],
    [{ kind: 'adult', weight: 70 }, 'person.weight'],
  ])('refuses the person %j with a 400 naming %s', async (person, field) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/medicines/recommendations',
      payload: { symptoms: ['fever'], person },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('a product with an ingredient the facts class as pharmacy-only is labelled a pharmacy medicine, not "over the counter"', async () => {
    const body = await recommend({ symptoms: ['dry cough at night'], person: { kind: 'adult' } });
    const dextromethorphan = body.results.find((r) => r.ingredients.includes('dextromethorphan'));
    // The catalogue calls it over the counter; the UK sells it only in pharmacies.
    expect(dextromethorphan?.prescriptionStatus).toBe('otc');
    expect(dextromethorphan?.saleClass).toBe('pharmacy');
    expect(SALE_CLASS_LABELS.pharmacy).toBe('Pharmacy medicine: ask the pharmacist');
    for (const r of body.results) {
      const isPharmacy = r.ingredients.some((i) => factsFor(i)?.legal.status === 'pharmacy');
      expect(r.saleClass, r.name).toBe(isPharmacy ? 'pharmacy' : r.prescriptionStatus);
    }
    const headache = await recommend({ symptoms: ['headache'], person: { kind: 'adult' } });
    expect(
      headache.results.find((r) => r.ingredients.includes('paracetamol') && r.ingredients.length === 1)?.saleClass,
    ).toBe('otc');
  });

  it('the compat recommender keeps its shape and filters the same way', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/compat/recommend_medicines',
      payload: { symptoms: ['fever'], person: { kind: 'child', ageYears: 5 } },
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().recommended_medicines as Record<string, string>[];
    expect(items.length).toBeGreaterThan(0);
    for (const m of items) {
      expect(Object.keys(m).sort()).toEqual([
        'Composition',
        'Image URL',
        'Manufacturer',
        'Medicine Name',
        'Prescription',
        'Side_effects',
        'Uses',
      ]);
      expect(m.Composition).not.toMatch(/aspirin/i);
      expect(m.Prescription).not.toMatch(/^Prescription only/);
    }
    const uti = await app.inject({
      method: 'POST',
      url: '/compat/recommend_medicines',
      payload: { symptoms: ['burning when i pee'] },
    });
    expect(uti.json().recommended_medicines).toEqual([]);
    const sleep = (
      await app.inject({ method: 'POST', url: '/compat/recommend_medicines', payload: { symptoms: ['insomnia'] } })
    ).json();
    expect(sleep.recommended_medicines.map((m: Record<string, string>) => m.Composition).join(' ')).not.toMatch(
      /zolpidem/i,
    );
  });
});

describe('checking medicines together without an account: POST /api/medicines/check', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await importMedicinesCsv(app.database.db, SMALL_CSV);
  });
  afterAll(() => app.close());

  const check = async (payload: object) => {
    const res = await app.inject({ method: 'POST', url: '/api/medicines/check', payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MedicineCheckResponse;
  };

  it('two paracetamol-containing products are a duplicate', async () => {
    const body = await check({ items: [{ name: 'Dolo 650 Tablet' }, { name: 'Paracetamol (acetaminophen)' }] });
    expect(body.medicines.map((m) => m.resolvedAs)).toEqual(['product', 'product']);
    const duplicate = body.findings.find((f) => f.kind === 'duplicate');
    expect(duplicate?.medicines).toEqual(['Dolo 650 Tablet', 'Paracetamol (acetaminophen)']);
    expect(duplicate?.title).toMatch(/paracetamol/);
  });

  it('adds up daily totals from the strengths and doses a day, against this person’s maximum', async () => {
    const over = await check({
      items: [
        { name: 'Dolo 650 Tablet', dosesPerDay: 4 },
        { name: 'paracetamol', strengthMg: 1000, dosesPerDay: 2 },
      ],
    });
    const total = over.findings.find((f) => f.kind === 'daily_total');
    expect(total?.title).toMatch(/4600 mg of paracetamol/);
    expect(total?.source).toBeTruthy();
    const within = await check({ items: [{ name: 'paracetamol 500 mg', dosesPerDay: 4 }] });
    expect(within.medicines[0]?.strengthsMg).toEqual({ paracetamol: 500 });
    expect(within.findings.filter((f) => f.kind === 'daily_total')).toEqual([]);
    // A child's maximum is lower than an adult's.
    const child = await check({
      items: [{ name: 'paracetamol', strengthMg: 500, dosesPerDay: 4 }],
      person: { kind: 'child', ageYears: 4 },
    });
    expect(child.findings.some((f) => f.kind === 'daily_total')).toBe(true);
  });

  it('age and pregnancy conflicts', async () => {
    const child = await check({ items: [{ name: 'aspirin' }], person: { kind: 'child', ageYears: 5 } });
    expect(child.findings.find((f) => f.kind === 'person')?.title).toMatch(/aspirin is not advised for a child of 5/);
    const adult = await check({ items: [{ name: 'aspirin' }] });
    expect(adult.findings.filter((f) => f.kind === 'person')).toEqual([]);
    const pregnant = await check({ items: [{ name: 'ibuprofen' }], person: { kind: 'pregnant' } });
    expect(pregnant.findings.some((f) => f.kind === 'person')).toBe(true);
  });

  it('names what it does not know instead of passing it silently', async () => {
    const body = await check({ items: [{ name: 'zzqx unknown tonic' }] });
    expect(body.medicines[0]?.resolvedAs).toBe('unknown');
    expect(body.findings[0]?.kind).toBe('unknown');
  });

  /** A concrete ingredient for a table reference: itself, or the first ingredient in its group. */
  function memberOf(ref: string): string | undefined {
    if (ref === 'alcohol') return undefined;
    if (!ref.startsWith('group:')) return ref;
    return ingredientFacts().find((i) => i.groups.includes(ref.slice('group:'.length)))?.id;
  }

  it('finds at least 40 known interacting pairs, with severity, what happens, what to do and source', async () => {
    const pairs = interactions().flatMap((x) => {
      const a = memberOf(x.a);
      const b = memberOf(x.b);
      return a && b && a !== b ? [{ a, b }] : [];
    });
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    const missed: string[] = [];
    for (const { a, b } of pairs) {
      const body = await check({ items: [{ name: a }, { name: b }] });
      const hit = body.findings.find((f) => f.kind === 'interaction');
      if (!hit || !hit.detail || !hit.whatToDo || !hit.source) missed.push(`${a} + ${b}`);
    }
    expect(missed).toEqual([]);
  });

  it('reports no interaction for at least 40 known safe pairs', async () => {
    const pairs = safePairs();
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    const flagged: string[] = [];
    for (const { a, b } of pairs) {
      const body = await check({ items: [{ name: a }, { name: b }] });
      expect(
        body.medicines.every((m) => m.resolvedAs !== 'unknown'),
        `${a} + ${b}`,
      ).toBe(true);
      if (body.findings.some((f) => f.kind === 'interaction' || f.kind === 'duplicate')) flagged.push(`${a} + ${b}`);
    }
    expect(flagged).toEqual([]);
  });

  it.each([
    [{}, 'items'],
    [{ items: [] }, 'items'],
    [{ items: [{ name: 'x' }] }, 'items.0.name'],
    [{ items: [{ name: 'paracetamol', dosesPerDay: 0 }] }, 'items.0.dosesPerDay'],
    [{ items: [{ name: 'paracetamol', strengthMg: -5 }] }, 'items.0.strengthMg'],
    [{ items: [{ name: 'paracetamol' }], person: { kind: 'child', ageYears: 40 } }, 'person.ageYears'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const res = await app.inject({ method: 'POST', url: '/api/medicines/check', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });
});
