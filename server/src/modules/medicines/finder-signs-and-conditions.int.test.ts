import type { RecommendationsResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { MEDICINES_CSV_HEADER, compatRecommend, recommendMedicines } from '../../../test/medicines';
import { importMedicinesCsv } from './csv-import';

/** Cold combinations with a decongestant and a drowsy antihistamine, as the Indian catalogue lists them. */
const CSV = [
  MEDICINES_CSV_HEADER,
  'Coldnil Tablet,Paracetamol (500mg) + Phenylephrine (10mg) + Chlorpheniramine Maleate (2mg),Treatment of Common cold Treatment of Runny nose Treatment of Sneezing,Sleepiness,,Acme,30,40,30',
  'Sinusil Tablet,Paracetamol (500mg) + Phenylephrine (10mg),Treatment of Common cold Treatment of Blocked nose,Nausea,,Acme,30,40,30',
].join('\n');

const NSAIDS = ['ibuprofen', 'aspirin', 'diclofenac', 'naproxen', 'mefenamic acid', 'nimesulide', 'aceclofenac'];
const DECONGESTANTS = ['pseudoephedrine', 'phenylephrine', 'xylometazoline', 'oxymetazoline'];
const ORAL_DECONGESTANTS = ['pseudoephedrine', 'phenylephrine'];
/** What is swallowed: a gel, cream, spray or rub on the skin is not. */
const swallowed = (body: RecommendationsResponse) =>
  body.results.filter((r) => !/\b(gel|cream|spray|rub|ointment|drops)\b/i.test(r.name)).flatMap((r) => r.ingredients);
const DROWSY = ['chlorphenamine', 'diphenhydramine', 'promethazine'];

/**
 * The unsafe answers the second blind pharmacist set found (held-out-pharmacist-2.results.md), fixed through the
 * shared reading and safety check rather than for one query's words: each case in fresh wording, in English,
 * Hinglish and Hindi, on the main route and on the compat route the original client calls with words only.
 */
describe('the finder: signs that need a doctor, and the conditions that change what suits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await importMedicinesCsv(app.database.db, CSV);
  });
  afterAll(() => app.close());

  const recommend = (payload: object) => recommendMedicines(app, payload);
  const compat = (symptoms: string[]) => compatRecommend(app, symptoms);
  const ingredientsOf = (body: RecommendationsResponse) => body.results.flatMap((r) => r.ingredients);
  const flagsOf = (body: RecommendationsResponse) => body.emergency?.flags.map((f) => f.id) ?? [];

  describe('a painful red eye with blurred vision or halos is an emergency, with no eye drops', () => {
    it.each([
      [
        'en',
        'my left eye went red and painful this evening, everything looks blurry and there are rings around lights',
      ],
      ['hi-Latn', 'kal raat se aankh me bahut dard hai, light ke charo taraf gol ghere dikh rahe hai, koi drop batao'],
      ['hi', 'आँख में तेज़ दर्द है, आँख लाल है, सिर भी दर्द कर रहा है और उल्टी आ रही है'],
    ])('%s', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 64 } });
      expect(body.results).toEqual([]);
      expect(flagsOf(body).some((id) => id.startsWith('painful-red-eye'))).toBe(true);
    });

    it('on the compat route too, words only', async () => {
      const body = await compat(['red painful eye with halos round the street lights, need drops']);
      expect(body.recommended_medicines).toEqual([]);
      expect(body.emergency).not.toBeNull();
    });
  });

  describe('not passing wind or poo with vomiting or a swollen tummy is an emergency, with no laxative', () => {
    it.each([
      ['en', "vomiting since last night, tummy swollen and hard, and I haven't passed wind or pooed for 4 days"],
      ['hi-Latn', '4 din se latrine nahi hui, gas bhi nahi nikal rahi aur ulti ho rahi hai, jullab chahiye'],
      ['hi', 'पाँच दिन से पॉटी नहीं हुई, पेट फूल गया है और उल्टी हो रही है'],
    ])('%s', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 78 } });
      expect(body.results).toEqual([]);
      expect(flagsOf(body).some((id) => /wind|constipated/.test(id))).toBe(true);
    });

    it('on the compat route too', async () => {
      const body = await compat(['constipated, being sick and cant pass wind']);
      expect(body.recommended_medicines).toEqual([]);
      expect(body.emergency).not.toBeNull();
    });
  });

  describe('a cough with weight loss, night sweats or blood: a doctor, no cough medicine', () => {
    it.each([
      ['en', "I've been coughing for a month, I have lost weight and I wake up soaked in sweat at night"],
      ['hi-Latn', 'sukhi khansi hai, wajan ghat gaya hai aur raat me paseena aata hai, syrup batao'],
      ['hi', 'खाँसी जा नहीं रही, वज़न कम हो गया और रात में पसीने आते हैं'],
    ])('%s: see a doctor within days', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 38 } });
      expect(body.results).toEqual([]);
      expect(body.emergency).toBeNull();
      expect(body.guidance.map((g) => g.id)).toContain('cough-weight-loss-night-sweats');
      expect(body.guidance.every((g) => !g.isSelfCareAppropriate)).toBe(true);
      expect(body.message).toBeTruthy();
    });

    it('Hindi and Hinglish are answered in Hindi', async () => {
      const body = await recommend({ symptoms: ['खाँसी जा नहीं रही, वज़न कम हो गया और रात में पसीने आते हैं'] });
      expect(body.message).toMatch(/टीबी/);
    });

    it('a cough of 3 weeks or more, said with a number in any language, needs a doctor', async () => {
      for (const words of ['dry cough for 5 weeks', '4 hafte se khansi hai, theek nahi ho rahi', '6 हफ्ते से खाँसी है']) {
        const body = await recommend({ symptoms: [words], person: { kind: 'adult' } });
        expect(body.results, words).toEqual([]);
        expect(
          body.guidance.map((g) => g.id),
          words,
        ).toContain('cough-three-weeks');
      }
      // a cough of a few days still gets its guidance and products
      const short = await recommend({ symptoms: ['dry cough for 3 days'], person: { kind: 'adult' } });
      expect(short.results.length).toBeGreaterThan(0);
    });

    it('blood with the cough, in Hinglish or Hindi, is the coughing-blood emergency', async () => {
      for (const words of ['teen hafte se khansi, balgam me khoon aa raha hai, bukhar bhi', 'खाँसी के साथ खून आता है']) {
        const body = await recommend({ symptoms: [words], person: { kind: 'adult' } });
        expect(body.results, words).toEqual([]);
        expect(flagsOf(body), words).toContain('coughing-blood');
      }
    });

    it('on the compat route too', async () => {
      const body = await compat(['khansi 5 hafte se, wajan kam ho gaya']);
      expect(body.recommended_medicines).toEqual([]);
      expect(body.message).toBeTruthy();
    });
  });

  describe('blood in the poo with weight loss, or for 3 weeks: a doctor within days, not a piles cream', () => {
    it.each([
      ['en', 'bleeding from my bottom on and off and losing weight, can I get a piles cream'],
      ['hi-Latn', 'nanaji ko 6 hafte se potty me khoon aa raha hai, koi cream batao'],
      ['hi', 'पॉटी में खून आता है और वज़न कम हो रहा है, बवासीर की दवा बताइए'],
    ])('%s', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 63 } });
      expect(body.results).toEqual([]);
      expect(body.guidance.map((g) => g.id).join(' ')).toMatch(/blood-in-stool/);
    });
  });

  describe('an animal bite: wash it and see a doctor today (rabies, tetanus), not a cream', () => {
    it.each([
      ['en', 'a stray dog bit me on the ankle this morning and it bled a little, which cream should I put on'],
      ['hi-Latn', 'bandar ne kaat liya haath par, thoda khoon aaya, koi ointment bata do'],
      ['hi', 'पड़ोस की बिल्ली ने काट लिया, उंगली से खून निकला, क्या लगाऊँ'],
    ])('%s', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 25 } });
      expect(body.results).toEqual([]);
      expect(body.guidance.map((g) => g.id)).toContain('animal-bite-today');
    });
  });

  describe('a fever that may be dengue: paracetamol only, with the warning signs for hospital', () => {
    it.each([
      ['en', "there's a lot of dengue in our area and I've had a high fever and bad body aches for two days"],
      ['hi-Latn', 'tez bukhar hai aur aankhon ke peeche dard, yahan dengue chal raha hai, kaunsi goli lu'],
      ['hi', 'डेंगू फैला हुआ है, दो दिन से तेज़ बुखार और बदन दर्द है'],
    ])('%s', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 30 } });
      for (const nsaid of NSAIDS) expect(ingredientsOf(body), words).not.toContain(nsaid);
      expect(ingredientsOf(body)).toContain('paracetamol');
      const dengue = body.guidance.find((g) => g.id === 'dengue-fever');
      expect(dengue, words).toBeDefined();
      expect(dengue!.redFlags.map((f) => f.text).join(' ')).toMatch(/bleeding gums/);
      // the fever guide's "paracetamol or ibuprofen" is followed by why not ibuprofen here
      const said = body.guidance.flatMap((g) => g.whatToDo.map((w) => w.text)).join(' ');
      if (/ibuprofen can/i.test(said)) expect(said).toMatch(/Not ibuprofen for .*bleeding/);
    });

    it('for a child too, and on the compat route', async () => {
      const child = await recommend({ symptoms: ['dengue fever'], person: { kind: 'child', ageYears: 8 } });
      for (const nsaid of NSAIDS) expect(ingredientsOf(child)).not.toContain(nsaid);
      const body = await compat(['high fever in dengue season, body pain']);
      const names = body.recommended_medicines.map((m) => m['Medicine Name'].toLowerCase()).join(' ');
      expect(names).not.toMatch(/ibuprofen|aspirin|diclofenac|naproxen/);
    });
  });

  describe('liver disease: no anti-inflammatory painkiller, paracetamol with its caution', () => {
    it.each([
      ['en', 'need something for a headache, I have cirrhosis and drink most days'],
      ['hi-Latn', 'sar dard ki dawai chahiye, mera fatty liver hai aur roz sharab peeta hoon'],
      ['hi', 'बुखार और बदन दर्द है, मेरा लिवर खराब है, कौन सी दवा लूँ'],
    ])('%s: read from the words', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 52 } });
      // a gel on the skin is not the BNF's concern in liver disease; tablets are
      for (const nsaid of NSAIDS) expect(swallowed(body), words).not.toContain(nsaid);
      const paracetamol = body.results.find((r) => r.ingredients.includes('paracetamol'));
      expect(paracetamol, words).toBeDefined();
      expect(paracetamol!.cautions.map((c) => c.text).join(' ')).toMatch(/liver/i);
      expect(body.assumption).toMatch(/liver disease/i);
    });

    it('ticked on the form', async () => {
      const body = await recommend({
        symptoms: ['back pain'],
        person: { kind: 'adult', ageYears: 45 },
        conditions: ['liver-disease'],
      });
      for (const nsaid of NSAIDS) expect(swallowed(body)).not.toContain(nsaid);
      expect(body.hidden.map((h) => h.reason).join(' ')).toMatch(/liver disease/);
    });
  });

  // Glaucoma: no decongestant in any form (nose sprays too); an enlarged prostate: none by mouth (a nose spray is
  // absorbed too little to hold urine back).
  describe('angle-closure glaucoma and an enlarged prostate: no decongestant, no drowsy antihistamine', () => {
    it.each([
      ['en', 'blocked nose and sneezing, I have an enlarged prostate', ORAL_DECONGESTANTS],
      ['en', 'runny nose and a cold, I have glaucoma', DECONGESTANTS],
      ['hi-Latn', 'zukam hai, naak band hai, mujhe kala motiya hai', DECONGESTANTS],
      ['hi', 'सर्दी जुकाम है, नाक बह रही है, प्रोस्टेट बढ़ा हुआ है', ORAL_DECONGESTANTS],
    ])('%s: read from the words (%s)', async (_language, words, decongestants) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 71 } });
      for (const bad of [...decongestants, ...DROWSY]) expect(ingredientsOf(body), words).not.toContain(bad);
    });

    it.each([
      ['angle-closure-glaucoma', DECONGESTANTS],
      ['enlarged-prostate', ORAL_DECONGESTANTS],
    ])('ticked on the form: %s', async (condition, decongestants) => {
      const body = await recommend({
        symptoms: ['common cold', 'sneezing'],
        person: { kind: 'adult', ageYears: 66 },
        conditions: [condition],
      });
      for (const bad of [...decongestants, ...DROWSY]) expect(ingredientsOf(body)).not.toContain(bad);
      expect(body.hidden.map((h) => h.name).join(' ')).toMatch(/Coldnil|Sinusil|Phenylephrine|Chlorphenamine/);
    });

    it('on the compat route, words only', async () => {
      const body = await compat(['sneezing and blocked nose, I have an enlarged prostate']);
      const names = body.recommended_medicines.map((m) => `${m['Medicine Name']} ${m.Composition}`).join(' ');
      expect(names).not.toMatch(/phenylephrine|pseudoephedrine|chlorphen/i);
    });

    it('a condition the form does not offer is a 400 naming the field', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/medicines/recommendations',
        payload: { symptoms: ['cold'], conditions: ['glaucoma'] },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().errors)).toMatch(/conditions/);
    });
  });

  it('kidney disease: anti-inflammatory tablets left out; a gel, if offered, carries the kidney caution (BNF)', async () => {
    const body = await recommend({
      symptoms: ['knee pain'],
      person: { kind: 'adult', ageYears: 70 },
      conditions: ['kidney-disease'],
    });
    for (const r of body.results) {
      if (!r.ingredients.some((i) => NSAIDS.includes(i))) continue;
      expect(r.name.toLowerCase(), r.name).toMatch(/gel|cream|spray/);
      expect(r.cautions.map((c) => c.text).join(' ')).toMatch(/kidney/);
    }
    expect(ingredientsOf(body)).toContain('paracetamol');
  });

  describe('chlorphenamine is a drowsy antihistamine', () => {
    it('its card says so wherever it is offered', async () => {
      const body = await recommend({ symptoms: ['hay fever'], person: { kind: 'adult', ageYears: 30 } });
      const drowsy = body.results.filter((r) => r.ingredients.includes('chlorphenamine'));
      for (const r of drowsy) expect(r.cautions.map((c) => c.text).join(' '), r.name).toMatch(/drows/i);
      // and it comes after the non-drowsy ones
      const first = body.results.findIndex((r) => r.ingredients.includes('chlorphenamine'));
      if (first >= 0) expect(body.results.slice(0, first).length).toBeGreaterThan(0);
    });

    it.each([
      ['en', "itchy eyes and sneezing from pollen, I need a tablet that won't make me drowsy"],
      ['hi-Latn', 'chheenk aur naak beh rahi hai, allergy ki aisi goli do jisse neend na aaye, gaadi chalata hoon'],
      ['hi', 'छींकें आ रही हैं, नाक बह रही है, ऐसी दवा दो जिससे नींद न आए'],
    ])('%s: asked for a non-drowsy medicine, no drowsy one is offered', async (_language, words) => {
      const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 30 } });
      for (const bad of DROWSY) expect(ingredientsOf(body), words).not.toContain(bad);
      expect(body.results.length, words).toBeGreaterThan(0);
    });
  });
});
