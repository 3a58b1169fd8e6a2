import type { TriageStepResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

/**
 * Decision 030: a temperature typed as a number is read in its unit ('102 F', '38.9 C', a bare 102 as °F) and is a
 * fever at 38 °C or more, with or without a word for fever; below it, nothing is assumed.
 */
describe('symptom check: a temperature in °C or °F', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const understood = async (complaint: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/triage/sessions',
      payload: { age: 30, sex: 'male', complaint },
    });
    expect(res.statusCode, complaint).toBe(200);
    return res.json<TriageStepResponse>().understood;
  };

  it.each(['a cough and 38.9 C', 'cough, temperature 102F', 'cough since yesterday, 102 f', 'cough and temp 101.5'])(
    '"%s": a fever',
    async (complaint) => {
      expect(await understood(complaint)).toEqual(expect.arrayContaining(['Cough', 'Fever or high temperature']));
    },
  );

  it.each(['a cough and temp 37.2 C', 'cough, temperature 98.6 F'])('"%s": no fever assumed', async (complaint) => {
    const said = await understood(complaint);
    expect(said).toContain('Cough');
    expect(said).not.toContain('Fever or high temperature');
  });

  it('"102 bukhar" and "38.9 C" read the same in Hinglish', async () => {
    const a = await understood('khansi hai aur 102 bukhar');
    const b = await understood('khansi hai aur temperature 38.9 C');
    expect(a.length).toBeGreaterThan(1);
    expect(b).toEqual(a);
  });
});
