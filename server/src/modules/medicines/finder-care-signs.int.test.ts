import type { CompatRecommendResponse, RecommendationsResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { recommendMedicines } from '../../../test/medicines';

/**
 * Signs that need a doctor or an ambulance, asked of the medicine finder in fresh wording (English, Hinglish, Hindi):
 * an emergency notice or the safety check's advice, and no product; the ordinary case beside each still gets products.
 * The safety rules themselves are tested in src/reading/safety-signs.test.ts.
 */
describe('the finder: signs that need a doctor or an ambulance get advice and no product', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const recommend = (payload: object) => recommendMedicines(app, payload);
  const emergencyOf = (body: RecommendationsResponse) => body.emergency?.flags.map((f) => f.id) ?? [];
  const guidanceOf = (body: RecommendationsResponse) => body.guidance.map((g) => g.id);
  /** The safety rules that send the person to a doctor first (safety-rules.json). */
  const DOCTOR_FIRST = [
    'leg-clot-signs',
    'mouth-ulcer-three-weeks',
    'mouth-ulcer-not-healing-tobacco',
    'bloating-three-weeks',
    'bloating-full-quickly',
  ];

  it.each([
    [
      'en',
      'my 3 year old has a fever and dark red pinprick spots that stay when I press a glass on them',
      'meningitis',
    ],
    ['hi-Latn', 'diclofenac 2 hafte se le raha hu, aaj ulti me coffee jaisa kala kala aaya', 'vomiting-blood'],
    ['hi', 'माँ warfarin लेती हैं, आज सीढ़ी पर सिर टकरा गया', 'head-injury'],
    ['en', '35 weeks pregnant, pain under my ribs on the right and my face is puffy', 'pregnancy-warning'],
  ])('an emergency: %s', async (_language, words, flag) => {
    const body = await recommend({ symptoms: [words], person: { kind: 'adult' } });
    expect(body.results).toEqual([]);
    expect(emergencyOf(body)).toContain(flag);
  });

  it.each([
    ['en', 'swollen warm calf since my flight home, can I rub some ibuprofen gel on it?', 'leg-clot-signs'],
    [
      'hi-Latn',
      'methotrexate leta hu, gale me kharash aur munh me chhale hai, koi goli do',
      'methotrexate-blood-signs',
    ],
    ['hi', 'कल से दस्त में खून आ रहा है, Imodium ले लूँ?', 'diarrhoea-with-blood'],
    [
      'en',
      'bloated most days for a month and full after a few bites, any peppermint capsules?',
      'bloating-three-weeks',
    ],
    ['hi-Latn', 'gutkha khata hu, gaal ke andar chhala 5 hafte se hai', 'mouth-ulcer-three-weeks'],
    // Referrals the blind pharmacist set 4 answered with products, in new words.
    ['en', "I'm 26 weeks pregnant and it stings when I wee, can I get cystitis sachets?", 'uti-in-pregnancy'],
    [
      'hi-Latn',
      'baby ko feed karati hu, left breast me dard aur laal ho gaya, bukhar 38.8, koi painkiller?',
      'breast-infection-with-fever',
    ],
    [
      'en',
      'food keeps getting stuck in my chest when I eat bread, any antacid that helps?',
      'food-sticking-when-swallowing',
    ],
    ['en', 'found a pea sized lump in my breast last week, what cream can I use?', 'new-breast-lump'],
    [
      'en',
      'a bit of blood on the loo roll and I have lost a stone without trying, any piles cream?',
      'blood-in-stool-weight-loss',
    ],
    ['en', 'is it safe to get viagra connect, I carry a GTN spray for my angina', 'sildenafil-with-nitrate'],
  ])('a doctor first: %s', async (_language, words, rule) => {
    const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 55 } });
    expect(body.emergency).toBeNull();
    expect(body.results).toEqual([]);
    expect(guidanceOf(body)).toContain(rule);
  });

  it('on the compat route too, words only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/compat/recommend_medicines',
      payload: { symptoms: ['diarrhoea with blood since this morning, need loperamide'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CompatRecommendResponse).recommended_medicines).toEqual([]);
  });

  it.each([
    ['en', 'I have a mouth ulcer since 3 days, what gel helps?'],
    ['en', 'I get cramp in my calf at night'],
    ['hi-Latn', 'khana khane ke baad pet phool jata hai'],
    ['hi', 'बेटे के हाथ पर दाने हैं जो दबाने पर चले जाते हैं, खुजली है'],
    ['en', 'I have a cold and a fever, what can I take?'],
    ['en', 'my breasts are sore before my period'],
    ['hi-Latn', 'piles hai, latrine ke baad thoda khoon aata hai, koi cream batao'],
  ])('ordinary stays ordinary: %s', async (_language, words) => {
    const body = await recommend({ symptoms: [words], person: { kind: 'adult', ageYears: 30 } });
    expect(body.emergency).toBeNull();
    expect(guidanceOf(body).filter((id) => DOCTOR_FIRST.includes(id))).toEqual([]);
  });
});
