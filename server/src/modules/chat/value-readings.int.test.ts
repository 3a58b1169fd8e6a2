import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askChat } from '../../../test/chat';
import { buildTestApp, type TestApp } from '../../../test/helper';

/**
 * Numbers patients give, read through the API against reference-values.json: both sides of every urgent cut-off
 * (the band named, and "needs attention now" only where the band says now), a bare blood pressure reading, and
 * units: the unit typed is used, and a unit mix-up is refused plainly rather than read calmly.
 */
const NOW = /^\*\*This needs attention now\.\*\*/;

describe('value readings through the chat API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => app?.close());

  async function expectBand(question: string, label: RegExp, isNow: boolean) {
    const r = await askChat(app, question);
    expect(r.status).toBe(200);
    expect(r.kind, question).toBe('answer');
    expect(r.text, question).toMatch(label);
    expect(NOW.test(r.text), `${question}: "needs attention now" lead`).toBe(isNow);
    expect(r.sources.length, question).toBeGreaterThan(0);
    return r;
  }

  it.each([
    ['my potassium is 6.5', /\*\*severely high potassium \(6\.5 mmol\/L or more\)\*\*/, true],
    ['my potassium is 6.4', /\*\*moderately high potassium/, false],
    ['potassium 6.0 on my blood test', /\*\*moderately high potassium/, false],
    ['potassium 5.9', /\*\*mildly high potassium/, false],
    ['potassium 3.0', /\*\*mildly low potassium/, false],
    ['my potassium was 2.9', /\*\*low potassium that needs prompt treatment/, false],
    ['sodium 156', /\*\*very high sodium/, false],
    ['sodium 155', /\*\*high sodium \(146-155/, false],
    ['sodium 125 is that bad', /\*\*moderately low sodium/, false],
    ['my sodium is 124', /\*\*severely low sodium/, false],
    ['my inr is 8.1 and im on warfarin', /\*\*far above the warfarin target[\s\S]*vitamin K/, false],
    ['inr 8', /\*\*well above the usual warfarin target \(5-8\)/, false],
    ['inr 5', /\*\*well above the usual warfarin target/, false],
    ['inr 4.9', /\*\*above the usual target range of 2-3/, false],
    ['inr 2.5 is that ok on warfarin', /\*\*within the usual warfarin target range/, false],
    ['my o2 is 93', /\*\*slightly below the usual range \(93-94%\)/, false],
    ['blood sugar 2.9 mmol', /\*\*very low blood sugar \(below 54 mg\/dL, 3\.0 mmol\/L\)/, true],
    ['blood sugar 3.0 mmol/l', /\*\*low blood sugar \(below 70/, false],
    ['fasting sugar 3.9 mmol', /\*\*just below 4 mmol\/L/, false],
    ['fasting sugar 4.0 mmol', /\*\*normal for a fasting test/, false],
    ['fasting sugar 249', /\*\*in the diabetes range for a fasting test/, false],
    ['fasting sugar 250', /\*\*very high blood sugar, well into the diabetes range/, false],
    ['my platelets are 19', /\*\*dangerously low \(below 20\)/, false],
    ['platelets 20', /\*\*very low \(20-49\)/, false],
    ['crp 101', /\*\*very high \(above 100 mg\/L\)/, false],
    ['crp 100', /\*\*raised \(10-100 mg\/L\)/, false],
    ['bilirubin 51', /\*\*high enough to cause jaundice/, false],
    ['bilirubin 50 umol/l', /\*\*above the usual range \(about 22-50/, false],
    ['tsh 0.05', /\*\*very low \(below 0\.1 mU\/L\)/, false],
    ['tsh 7.5 is my thyroid ok', /\*\*above the usual range \(about 4-10 mU\/L\)/, false],
    ['free t4 30', /\*\*above the usual range \(above about 22 pmol\/L\)/, false],
    ['my b12 is 150 ng/l', /\*\*low, suggesting B12 deficiency/, false],
    ['ferritin 9 is that low', /\*\*low iron stores/, false],
    ['my alt is 130', /\*\*well above the usual range/, false],
    ['ast 45', /\*\*mildly above the usual range/, false],
    ['white cells 2.5', /\*\*below the usual range \(below 4\.0\)[\s\S]*chemotherapy/, false],
    ['wbc 7500', /I read 7500 as per microlitre[\s\S]*\*\*within the usual range \(4\.0-11\.0\)/, false],
    ['creatinine 90 is my kidney ok', /For a woman: \*\*not above the usual range for a woman[\s\S]*eGFR/, false],
  ] as const)('%s', async (question, label, isNow) => {
    await expectBand(question, label, isNow);
  });

  // NHS: 92% or below, A&E or 999. The safety check answers before the value is read (decision 025).
  it.each([
    'my oxygen is 87',
    'oxygen level 88',
    'sats 91%',
    'my o2 is 92',
    'my oxygen sats are 89 on the finger monitor',
  ])('%s: the emergency reply', async (question) => {
    const r = await askChat(app, question);
    expect(r.kind, question).toBe('emergency');
    expect(r.text).toMatch(/92% or below/);
  });

  it('reads a bare number pair as blood pressure when no other measure is named', async () => {
    const r = await expectBand('is 140/90 high', /\*\*stage 2 high blood pressure/, false);
    expect(r.text).toMatch(/See a doctor within a few days/);
    await expectBand('138 over 88 ok?', /\*\*stage 1 high blood pressure/, false);
    await expectBand('my reading was 160/100 this morning', /\*\*stage 2 high blood pressure/, false);
    await expectBand('got 190/125 on my machine at home', /hypertensive crisis/, true);
    // A dose, a date and a pair no blood pressure can be are not read as one.
    for (const text of [
      'can i take co-amoxiclav 500/125 twice a day',
      'my appointment is on 10/12',
      'is 300/20 high',
    ]) {
      const other = await askChat(app, text);
      expect(other.text, text).not.toMatch(/high blood pressure \(|normal \(below 120\/80\)/);
    }
  });

  it('uses the unit typed, and refuses a unit or a value that cannot be right instead of reading it calmly', async () => {
    const mg = await askChat(app, 'my potassium is 6.8 mg/dl');
    expect(mg.text).toMatch(/You wrote 6\.8 mg\/dl, but potassium is reported in mmol\/L or mEq\/L/);
    expect(mg.text).not.toMatch(/within the usual range/);
    expect(mg.text).toMatch(/6\.5 or more severely high, an emergency/);
    await expectBand('potassium 6.8 mmol/l', /\*\*severely high potassium/, true);
    await expectBand('potassium 6.8 meq/l', /\*\*severely high potassium/, true);

    const sugar = await askChat(app, 'blood sugar 5.5 mg/dl');
    expect(sugar.text).toMatch(/5\.5 mg\/dl is outside what a blood sugar \(glucose\) can be/);
    expect(sugar.text).not.toMatch(/\*\*(normal|low blood sugar)/);
    await expectBand('my sugar is 2.8 mmol/l', /\*\*very low blood sugar/, true);
    // 50 mg/dL typed as mmol: read as 900 mg/dL, never as something calm.
    await expectBand('my sugar is 50 mmol', /\*\*very high blood sugar/, false);

    const a1c = await askChat(app, 'my hba1c is 53%');
    expect(a1c.text).toMatch(/53 % is outside what a hba1c/);
    await expectBand(
      'my hba1c is 53 mmol/mol',
      /I read 53 as mmol\/mol[\s\S]*\*\*at or above the 6\.5% diagnostic threshold/,
      false,
    );

    // Vitamin D without a unit: read both ways (nmol/L and ng/mL), with the more urgent reading counting.
    const vitD = await expectBand('vitamin d 20', /read 20 both as nmol\/L and as ng\/mL/, false);
    expect(vitD.text).toMatch(/If it is in nmol\/L: \*\*deficient/);
    expect(vitD.text).toMatch(/If it is in ng\/mL: \*\*enough for almost everyone/);
    await expectBand('vit d came back 20 nmol/l', /\*\*deficient \(below 25 nmol\/L/, false);
    await expectBand('creatinine 1.5 mg/dl', /I read 1\.5 as mg\/dL \(133 µmol\/L\)/, false);
  });
});
