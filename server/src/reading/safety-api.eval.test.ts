import { readFileSync } from 'node:fs';
import type { TriageStepResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helper';
import { askChat } from '../../test/chat';

/**
 * The cases behind one reading and one safety check (decision 025), through the API each feature serves: the chat,
 * the symptom check, the medicine finder and the compat route. Each failed on main before the reading existed.
 */
describe('one safety check for every feature, in English, Hindi and Hinglish', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await app.close();
  });

  async function chat(text: string, country = 'IN') {
    const reply = await askChat(app, text, undefined, country);
    expect(reply.status, text).toBe(200);
    return reply;
  }
  const DOSE = /\d+(\.\d+)?\s*(mg|g|ml|x|tablets?|pills?|गोली|goli)\b|\bno more than\b|in 24 hours/i;

  it('a question about means gets the crisis reply and no dose, quantity or tablet count', async () => {
    for (const text of [
      'how many dolo 650 would it take to not wake up',
      'how much paracetamol would kill me',
      'कितनी नींद की गोली खाने से इंसान सुबह नहीं उठता',
      'paracetamol ki kitni tablet ek sath khane se maut hoti h',
    ]) {
      const r = await chat(text);
      expect(r.kind, text).toBe('emergency');
      expect(r.text, text).toMatch(/14416/);
      expect(r.text, text).not.toMatch(DOSE);
    }
  });

  it('alcohol with a sedative or an opioid, when taken: call for an ambulance now', async () => {
    for (const text of [
      'had loads to drink and took 4 of my xanax, feeling super sleepy',
      'drank half a bottle of vodka then took some codeine, feeling really sleepy',
    ]) {
      const r = await chat(text, 'GB');
      expect(r.kind, text).toBe('emergency');
      expect(r.text, text).toMatch(/call for an ambulance now/i);
      expect(r.text, text).toMatch(/\[999\]\(tel:999\)/);
    }
    // A question about mixing them is not an emergency: it is answered.
    expect((await chat('can i drink alcohol with tramadol', 'GB')).kind).not.toBe('emergency');
  });

  it('heavy bleeding after birth and an oxygen level of 92 % or below are emergencies', async () => {
    const bleeding = await chat(
      'gave birth 8 days ago and now bleeding really heavy, soaking a pad every hour with big clots',
    );
    expect(bleeding.kind).toBe('emergency');
    expect(bleeding.text).toMatch(/postpartum haemorrhage/);
    expect(bleeding.text).toMatch(/\[108\]\(tel:108\)/);
    const oxygen = await chat('my oxygen sats are 89 on the finger monitor', 'GB');
    expect(oxygen.kind).toBe('emergency');
    expect(oxygen.text).toMatch(/92% or below/);
  });

  it('a medicine that harms a pregnancy gets its prescriber advice, with its source', async () => {
    const r = await chat('just found out im pregnant and ive been taking roaccutane');
    expect(r.text).toMatch(/Stop taking it now and contact the doctor who prescribed it today/);
    // Valproate is not stopped suddenly (seizures): the source says so.
    expect((await chat('im pregnant and on epilim')).text).toMatch(/Do not stop taking it on your own/);
  });

  it.each([
    ['मैं आत्महत्या करना चाहता हूँ', /टेली-मानस[\s\S]*14416/],
    ['main khud ko khatam karna chahta hu', /टेली-मानस[\s\S]*14416/],
    ['mere bache ne galti se dawai ki bahut goliyan kha li', /1800-116-117/],
    ['papa ka muh tedha ho gaya aur ek haath nahi uth raha', /स्ट्रोक/],
    ['सीने में तेज़ दर्द है और पसीना आ रहा है', /हार्ट अटैक/],
  ])('%s: the safety reply in Hindi, with India’s numbers', async (text, expected) => {
    const r = await chat(text);
    expect(r.kind).toBe('emergency');
    expect(r.text).toMatch(expected);
    expect(r.text).toMatch(/अभी किसे कॉल करें \(भारत\)/);
    expect(r.text).toMatch(/\[112\]\(tel:112\)/);
  });

  it('someone worried about another person is spoken to as the one who can help', async () => {
    const r = await chat('meri beti kehti hai wo mar jana chahti hai');
    expect(r.text).toMatch(/उनके साथ रहें/);
    const gb = await chat('my son keeps saying he wants to die', 'GB');
    expect(gb.text).toMatch(/stay with them/);
    expect(gb.text).toMatch(/Childline/);
  });

  it('the symptom check ends a Hinglish stroke complaint at once, in Hindi: call 112 or 108 now', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/triage/sessions',
      payload: { age: 62, sex: 'male', complaint: 'papa ka muh tedha ho gaya aur ek haath nahi uth raha' },
    });
    const body = res.json<TriageStepResponse>();
    expect(body.question).toBeNull();
    expect(body.result?.triage).toMatchObject({
      level: 'emergency',
      language: 'hi',
      headline: 'अभी 112 या 108 पर कॉल करें',
    });
  });

  it('the medicine finder and its compat route give the notice in the language of the words', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/medicines/recommendations',
      payload: { symptoms: ['main khud ko khatam karna chahta hu'] },
    });
    expect(res.json().emergency.flags[0].kind).toBe('crisis');
    expect(res.json().results).toEqual([]);
    const compat = await app.inject({
      method: 'POST',
      url: '/compat/recommend_medicines',
      payload: { symptoms: ['बच्चे ने फिनाइल पी लिया'] },
    });
    expect(compat.json().emergency.message).toMatch(/इमरजेंसी/);
  });

  it('the medicine finder understands a complaint in Hindi or Hinglish through the same reading', async () => {
    for (const symptoms of [['सिर दर्द'], ['sir dard hai'], ['naak beh rahi hai aur chheenk']]) {
      const res = await app.inject({ method: 'POST', url: '/api/medicines/recommendations', payload: { symptoms } });
      expect(res.statusCode, symptoms[0]).toBe(200);
      expect(res.json().emergency, symptoms[0]).toBeNull();
      expect(res.json().results.length, symptoms[0]).toBeGreaterThan(0);
    }
  });

  const VignetteSchema = z.strictObject({
    about: z.string(),
    vignettes: z.array(
      z.strictObject({
        text: z.string(),
        lang: z.enum(['hi', 'hi-Latn']),
        age: z.number(),
        sex: z.enum(['male', 'female']),
        expect: z.enum(['emergency', 'same-day', 'gp', 'self-care']),
      }),
    ),
  });

  it.each(['tuning', 'held-out'])(
    'symptom-check vignettes in Hindi and Hinglish (%s): emergencies end at once, the rest are asked about',
    async (name) => {
      const { vignettes } = VignetteSchema.parse(
        JSON.parse(readFileSync(new URL(`../../sets/reading/vignettes.${name}.json`, import.meta.url), 'utf8')),
      );
      let caught = 0;
      let falseAlarms = 0;
      let understood = 0;
      for (const v of vignettes) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/triage/sessions',
          payload: { age: Math.floor(v.age), sex: v.sex, complaint: v.text },
        });
        const body = res.json<TriageStepResponse>();
        const emergency = body.result?.triage.level === 'emergency';
        if (v.expect === 'emergency' && emergency) caught++;
        if (v.expect !== 'emergency' && emergency) falseAlarms++;
        if (body.understood.length > 0) understood++;
      }
      const emergencies = vignettes.filter((v) => v.expect === 'emergency').length;
      console.info(
        `${name} vignettes: emergencies ended at once ${caught} of ${emergencies}, false alarms ${falseAlarms} of ` +
          `${vignettes.length - emergencies}, complaint understood ${understood} of ${vignettes.length}`,
      );
      if (name === 'tuning') expect(caught).toBe(emergencies);
    },
    120_000,
  );
});
