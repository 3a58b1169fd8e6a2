import type { RecommendationsResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { MEDICINES_CSV_HEADER, compatRecommend, recommendMedicines } from '../../../test/medicines';
import { importMedicinesCsv } from './csv-import';

/** A wart paint the catalogue lists for acne too, and an oral decongestant combination. */
const CSV = [
  MEDICINES_CSV_HEADER,
  'Wartex Paint,Salicylic Acid (16.7% w/w) + Lactic Acid (15% w/w),Treatment of Warts Treatment of Acne,Skin irritation,,Acme,30,40,30',
  'Sinusil Tablet,Paracetamol (500mg) + Phenylephrine (10mg),Treatment of Common cold Treatment of Blocked nose,Nausea,,Acme,30,40,30',
].join('\n');

/**
 * The finder weighs the person as a pharmacist would (decision 028): their own medicines, conditions and age, the
 * strength and form a complaint's guide allows, who the words say it is for, and the country's sale rule.
 */
describe('the medicine finder and the person', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await importMedicinesCsv(app.database.db, CSV);
  });
  afterAll(() => app.close());

  const recommend = (payload: object) => recommendMedicines(app, payload);
  const ingredientsOf = (body: RecommendationsResponse) => body.results.flatMap((r) => r.ingredients);

  it('joint pain at 80 on warfarin: no anti-inflammatory in any form, each named with the reason; paracetamol offered', async () => {
    const body = await recommend({
      symptoms: ['joint pain'],
      person: { kind: 'adult', ageYears: 80 },
      medicines: ['warfarin'],
    });
    expect(ingredientsOf(body)).not.toEqual(expect.arrayContaining(['ibuprofen']));
    for (const nsaid of ['ibuprofen', 'naproxen', 'diclofenac', 'aspirin'])
      expect(ingredientsOf(body)).not.toContain(nsaid);
    expect(body.hidden.map((h) => h.reason).join(' ')).toMatch(/Not with warfarin/i);
    expect(ingredientsOf(body)).toContain('paracetamol');
    expect(body.assumption).toMatch(/Checked against the medicines you take \(warfarin\).*your age \(80\)/);
    // the guidance is for everyone with joint pain: the answer says the left-out list wins for this person
    expect(body.assumption).toMatch(/left out for you below/);
    expect(body.personDescription).toBe('an adult of 80');
  });

  it('names only the medicines it could check: one it does not know is not said to have been checked', async () => {
    const body = await recommend({
      symptoms: ['headache'],
      person: { kind: 'adult' },
      medicines: ['warfarin', 'zzqx tonic'],
    });
    expect(body.assumption).toMatch(/the medicines you take \(warfarin\)/);
    expect(body.assumption).not.toMatch(/zzqx/);
  });

  it('from 65, an anti-inflammatory by mouth comes with the caution and what to try first', async () => {
    const body = await recommend({ symptoms: ['back pain'], person: { kind: 'adult', ageYears: 70 } });
    const tablets = body.results.filter(
      (r) => r.ingredients.includes('ibuprofen') && !/gel|cream|spray|foam/i.test(r.name),
    );
    expect(tablets.length).toBeGreaterThan(0);
    for (const t of tablets) expect(t.cautions.map((c) => c.text).join(' ')).toMatch(/From 65/);
    const young = await recommend({ symptoms: ['back pain'], person: { kind: 'adult', ageYears: 40 } });
    for (const r of young.results) expect(r.cautions.map((c) => c.text).join(' ')).not.toMatch(/From 65/);
  });

  it('kidney disease: no ibuprofen tablets, with what to use instead; a headache still gets paracetamol', async () => {
    const body = await recommend({ symptoms: ['headache'], person: { kind: 'adult' }, conditions: ['kidney-disease'] });
    expect(body.results.filter((r) => r.ingredients.includes('ibuprofen'))).toEqual([]);
    expect(body.hidden.map((h) => h.reason).join(' ')).toMatch(
      /kidney disease.*Paracetamol is usually the painkiller to try first/,
    );
    expect(ingredientsOf(body)).toContain('paracetamol');
  });

  it('asthma an anti-inflammatory made worse, ticked or in the words: no NSAID in any form, paracetamol offered', async () => {
    const ticked = await recommend({
      symptoms: ['period pain'],
      person: { kind: 'adult', ageYears: 24 },
      conditions: ['nsaid-sensitive-asthma'],
    });
    const worded = await recommend({
      symptoms: ['Period pain is awful. I have asthma and Nurofen made me wheezy once. What can I take?'],
      person: { kind: 'adult', ageYears: 24 },
    });
    for (const body of [ticked, worded]) {
      for (const nsaid of ['ibuprofen', 'naproxen', 'diclofenac', 'aspirin'])
        expect(ingredientsOf(body)).not.toContain(nsaid);
      expect(ingredientsOf(body)).toContain('paracetamol');
    }
    expect(ticked.hidden.map((h) => h.reason).join(' ')).toMatch(/made your asthma or breathing worse/);
  });

  it('high blood pressure: no decongestant tablets for a blocked nose', async () => {
    const body = await recommend({
      symptoms: ['blocked nose'],
      person: { kind: 'adult' },
      conditions: ['high-blood-pressure'],
    });
    for (const d of ['pseudoephedrine', 'phenylephrine']) expect(ingredientsOf(body)).not.toContain(d);
  });

  it('already taking a paracetamol product (in the list or in the words): no second paracetamol', async () => {
    const listed = await recommend({
      symptoms: ['headache'],
      person: { kind: 'adult' },
      medicines: ['Sinusil Tablet'],
    });
    expect(ingredientsOf(listed)).not.toContain('paracetamol');
    expect(listed.hidden.map((h) => h.reason).join(' ')).toMatch(/you already take it \(Sinusil Tablet\)/);
    const worded = await recommend({
      symptoms: ['taking lemsip, can i have something for headache'],
      person: { kind: 'adult' },
    });
    expect(ingredientsOf(worded)).not.toContain('paracetamol');
    const sertraline = await recommend({ symptoms: ['toothache, i take sertraline'], person: { kind: 'adult' } });
    for (const nsaid of ['ibuprofen', 'aspirin', 'naproxen']) expect(ingredientsOf(sertraline)).not.toContain(nsaid);
  });

  it('a dry cough on an SSRI: no dextromethorphan, left out with the reason; the same when the SSRI is only in the words', async () => {
    const listed = await recommend({
      symptoms: ['dry tickly cough keeping me up at night'],
      person: { kind: 'adult', ageYears: 41 },
      medicines: ['sertraline'],
    });
    expect(ingredientsOf(listed)).not.toContain('dextromethorphan');
    expect(listed.hidden.map((h) => h.reason).join(' ')).toMatch(/dextromethorphan: Not with sertraline: .*serotonin/);
    const worded = await recommend({
      symptoms: ['sukhi khansi hai raat bhar, main paroxetine leta hoon, koi syrup?'],
      person: { kind: 'adult' },
    });
    expect(ingredientsOf(worded)).not.toContain('dextromethorphan');
  });

  it("acne at 14: no wart-strength salicylic acid, named with the guide's reason; there is an acne guide", async () => {
    const body = await recommend({ symptoms: ['acne'], person: { kind: 'child', ageYears: 14 } });
    expect(body.results.map((r) => r.name)).not.toContain('Wartex Paint');
    expect(body.guidance.map((g) => g.title).join(' ')).toMatch(/acne/i);
    for (const r of body.results.filter((x) => x.ingredients.includes('salicylic acid'))) {
      expect(r.composition).not.toMatch(/1[1-9]|[2-9]\d ?%/);
    }
  });

  it('a cold in a 2-year-old: no antihistamine or decongestant, and the guide says no cough and cold medicines under 6', async () => {
    const body = await recommend({ symptoms: ['cough and runny nose'], person: { kind: 'child', ageYears: 2 } });
    for (const i of [
      'cetirizine',
      'loratadine',
      'chlorphenamine',
      'phenylephrine',
      'pseudoephedrine',
      'dextromethorphan',
    ]) {
      expect(ingredientsOf(body)).not.toContain(i);
    }
    expect(JSON.stringify(body.guidance)).toMatch(/under 6/);
  });

  it('morning sickness in pregnancy gets guidance (and when to see the midwife), never "no medicine" alone', async () => {
    const body = await recommend({ symptoms: ['morning sickness'], person: { kind: 'pregnant' } });
    expect(body.guidance.length).toBeGreaterThan(0);
    expect(JSON.stringify(body.guidance)).toMatch(/midwife|GP/);
  });

  it('the country chooses whose sale rule a card follows, and says so', async () => {
    const india = await recommend({ symptoms: ['headache'], person: { kind: 'adult' }, country: 'IN' });
    expect(india.results[0]?.saleRule).toMatch(/We do not hold India's sale rule.*ask a pharmacist/);
    const uk = await recommend({ symptoms: ['headache'], person: { kind: 'adult' }, country: 'UK' });
    expect(uk.results[0]?.saleRule).toMatch(/^In the UK/);
  });

  it('a bad condition or country is a 400 naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/medicines/recommendations',
      payload: { symptoms: ['headache'], conditions: ['gout'], country: 'FR' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/conditions/);
    expect(res.body).toMatch(/country/);
  });

  describe('the compat route reads the person from the words', () => {
    const compat = (symptoms: string[]) => compatRecommend(app, symptoms);

    it('"my child has a fever of 39": no aspirin, and the answer says it did not know the age', async () => {
      const body = await compat(['my child has a fever of 39']);
      expect(body.recommended_medicines.map((m) => m.Composition).join(' ')).not.toMatch(/aspirin/i);
      expect(body.assumption).toMatch(/did not say how old the child is/);
    });

    it('"my 3 year old has a temperature": answered for a child of 3', async () => {
      const body = await compat(['my 3 year old has a temperature']);
      expect(body.assumption).toMatch(/for a child of 3/);
      expect(body.recommended_medicines.map((m) => m.Composition).join(' ')).not.toMatch(/aspirin/i);
    });

    it('words that say nothing about who: nothing unsuitable for a young child, and it says it assumed nothing', async () => {
      const body = await compat(['fever']);
      expect(body.recommended_medicines.map((m) => m['Medicine Name'])).not.toContain('Aspirin (for pain)');
      expect(body.assumption).toMatch(/we assumed nothing/);
    });
  });
});
