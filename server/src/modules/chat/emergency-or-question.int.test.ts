import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { askChat } from '../../../test/chat';
import { isGeneralQuestion } from './general-question';
import { describesSymptoms } from './respond';

/**
 * A message about someone with an emergency sign now gets the emergency reply; a general question that only
 * names the sign ("what are the signs of a stroke") gets its answer, with the emergency number as the first line.
 */
describe('chat: an emergency now, or a question about one', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    'my 80 year old dad suddenly cant lift his right arm and his face looks droopy',
    'my 6 week old has a temperature of 38.5',
    'my blood sugar is 450 and im vomiting and my breath smells fruity',
    'what should i do my husband collapsed and is not responding',
    'is it a stroke if my face is drooping on one side',
  ])('"%s" gets the emergency reply', async (text) => {
    const reply = await askChat(app, text);
    expect(reply.kind).toBe('emergency');
    expect(reply.text).toMatch(/emergency/i);
  });

  it.each([
    'what are the signs of a stroke',
    'what is sepsis',
    'what is the difference between a heart attack and cardiac arrest',
  ])('"%s" gets an answer with the emergency number first', async (text) => {
    const reply = await askChat(app, text);
    expect(reply.kind).not.toBe('emergency');
    expect(reply.text).toMatch(
      /^\*\*If this is happening to you or someone with you now, call \[112\]\(tel:112\) now\.\*\*/,
    );
    expect(reply.text.length).toBeGreaterThan(200);
  });

  it('a poisoning question is always the emergency reply', async () => {
    expect((await askChat(app, 'what happens if someone takes an overdose of paracetamol')).kind).toBe('emergency');
  });

  it('someone describing symptoms with no source to answer from is pointed to the symptom check', async () => {
    const reply = await askChat(app, "i've had a weird tingling in my toes for a week");
    expect(reply.kind).toBe('no_source');
    expect(reply.text).toContain('[symptom check](/symptom-check)');
    expect(describesSymptoms('my period is 2 weeks late and i feel sick')).toBe(true);
    expect(describesSymptoms('what is the capital of france')).toBe(false);
  });

  it('tells a general question from a personal or present one', () => {
    expect(isGeneralQuestion('what are the warning signs of a stroke')).toBe(true);
    expect(isGeneralQuestion('how do i prevent a stroke')).toBe(true);
    expect(isGeneralQuestion('what should i do if someone has a seizure')).toBe(true);
    expect(isGeneralQuestion('what should i do, my son is having a seizure')).toBe(false);
    expect(isGeneralQuestion('is chest pain when i cough a sign of a cold')).toBe(false);
    expect(isGeneralQuestion('my grandad had a stroke 5 years ago, can he take ibuprofen')).toBe(false);
    expect(isGeneralQuestion('chest pain')).toBe(false);
    expect(isGeneralQuestion('what is happening, chest pain right now')).toBe(false);
  });
});
