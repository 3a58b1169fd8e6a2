import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMessage } from '../../reading/read';
import { checkSafety } from '../../reading/safety';
import { askChat } from '../../../test/chat';
import { buildTestApp, type TestApp } from '../../../test/helper';

/**
 * Decision 030: the chat reads a lab value in either unit through contracts' lab-units.json, the same factors the
 * forms use, and the safety check measures a value in the unit typed after it (12 mmol/L of sugar is no hypo).
 */
describe('lab values in either unit, in the chat', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => app?.close());

  it.each([
    ['my sugar is 7.8 mmol/l', [/I read 7\.8 as mmol\/L \(141 mg\/dL\)/, /in the diabetes range for a fasting test/]],
    ['fasting 140 mg/dl', [/\*\*in the diabetes range for a fasting test/]],
    ['creatinine 110 umol/L', [/not above the usual range for a man/, /above the usual range for a woman/]],
    ['creatinine 1.2 mg/dl', [/I read 1\.2 as mg\/dL \(106 µmol\/L\)/]],
    ['my cholesterol is 5.2 mmol/l', [/I read 5\.2 as mmol\/L \(201 mg\/dL\)/, /borderline high/]],
    ['my temperature is 102 F', [/I read 102 as °F \(38\.9 °C\)/, /a high temperature/]],
  ])('%s', async (question, expected) => {
    const reply = await askChat(app, question);
    expect(reply.status).toBe(200);
    expect(reply.kind, question).toBe('answer');
    for (const pattern of expected) expect(reply.text, question).toMatch(pattern);
  });

  it('a sugar of 12 mmol/L is no emergency hypo: the safety check reads the unit', async () => {
    const [sugar] = readMessage('my sugar is 12 mmol/l').measured;
    expect(sugar?.measure).toBe('blood-sugar');
    expect(sugar?.value).toBeCloseTo(216.192, 6);
    expect(checkSafety('my sugar is 12 mmol/l').flags).toEqual([]);
    // the same number in mg/dL still is one
    expect(checkSafety('my sugar is 12 mg/dl').flags.map((f) => f.id)).toEqual(['diabetes-emergency']);
    // and 20 mmol/L with vomiting is read as 360 mg/dL, very high with an unwell sign
    expect(checkSafety('sugar 20 mmol/l and vomiting').flags.map((f) => f.id)).toEqual(['diabetes-emergency']);
    const reply = await askChat(app, 'my sugar is 12 mmol/l');
    expect(reply.kind).toBe('answer');
    expect(reply.text).not.toMatch(/very low blood sugar|take 15/i);
  });

  it('a sugar with no unit below 20 is read in mmol/L: a hypo is caught, a high reading is no hypo', async () => {
    // 2.5 mmol/L is 45 mg/dL: read as 2.5 mg/dL it was below every rule and nothing was flagged.
    for (const text of [
      'sugar 2.5 and shaky',
      'meri sugar 2.6 hai aur haath kaanp rahe hain',
      'शुगर 2.5 है और पसीना आ रहा है',
    ]) {
      expect(
        checkSafety(text).flags.map((f) => f.id),
        text,
      ).toEqual(['diabetes-emergency']);
    }
    expect(readMessage('my sugar is 12').measured[0]?.value).toBeCloseTo(216.192, 6);
    expect(checkSafety('my sugar is 12').flags).toEqual([]);
    // From 20 up a bare number stays mg/dL, so a low reading is never taken for a high one.
    expect(readMessage('sugar 35').measured[0]?.value).toBe(35);
    expect(checkSafety('sugar 35').flags.map((f) => f.id)).toEqual(['diabetes-emergency']);
    const reply = await askChat(app, 'my sugar is 12');
    expect(reply.status).toBe(200);
    expect(reply.text).not.toMatch(/very low blood sugar|take 15/i);
  });

  it.each([
    ['102 bukhar', 38.9],
    ['bukhar 102 f hai', 38.9],
    ['temperature 102F', 38.9],
    ['fever 38.9 C', 38.9],
    ['मुझे 102 बुखार है', 38.9],
  ])('"%s" is a temperature of %s °C', (text, celsius) => {
    const temperature = readMessage(text).measured.find((m) => m.measure === 'temperature');
    expect(temperature?.value).toBeCloseTo(celsius, 1);
  });
});
