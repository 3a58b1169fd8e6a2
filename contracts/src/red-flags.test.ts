import { describe, expect, it } from 'vitest';
import { CRISIS_MESSAGE, detectRedFlags, EMERGENCY_MESSAGE, emergencyNoticeFor } from './red-flags';

const ids = (input: string | string[]) => detectRedFlags(input).map((m) => m.flag.id);

describe('red flags', () => {
  it.each([
    ['chest pain', 'chest-pain'],
    ['tightness in my chest', 'chest-pain'],
    ["i think i'm having a heart attack", 'chest-pain'],
    ['my dad is showing signs of a heart attack', 'chest-pain'],
    ['my chest feels tight and heavy', 'chest-pain'],
    ['coughing up blood', 'coughing-blood'],
    ['blood in phlegm', 'coughing-blood'],
    ['vomiting blood', 'vomiting-blood'],
    ['vomit looks like coffee grounds', 'vomiting-blood'],
    ['shortness of breath', 'breathing'],
    ['difficulty breathing', 'breathing'],
    ["I can't breathe", 'breathing'],
    ['breathlessness', 'breathing'],
    ['blue lips', 'breathing'],
    ['face drooping', 'stroke'],
    ['arm weakness', 'stroke'],
    ['slurred speech', 'stroke'],
    ['weakness_of_one_body_side', 'stroke'],
    ['suicidal thoughts', 'self-harm'],
    ['self-harm', 'self-harm'],
    ['thinking of ending my life', 'self-harm'],
    ['throat swelling', 'anaphylaxis'],
    ['swollen tongue', 'anaphylaxis'],
    ['severe allergic reaction', 'anaphylaxis'],
    ['fainting', 'unconscious'],
    ['passed out', 'unconscious'],
    ['coma', 'unconscious'],
    ['seizure', 'seizure'],
    ['having fits', 'seizure'],
    ['severe bleeding', 'severe-bleeding'],
    ["bleeding that won't stop", 'severe-bleeding'],
    ['sudden severe headache', 'sudden-headache'],
    ['worst headache of my life', 'sudden-headache'],
    ['black stools', 'gi-bleeding'],
    ['blood in my stool', 'gi-bleeding'],
    ['bloody_stool', 'gi-bleeding'],
    ['rash that does not fade', 'meningitis'],
    ['overdose', 'poisoning'],
    ['better off without me', 'self-harm'],
    ['i dont want to wake up tomorrow', 'self-harm'],
    ['thinking of ending things', 'self-harm'],
    ['sucide', 'self-harm'],
    ['i want to kil myself', 'self-harm'],
    ['took 30 tablets', 'poisoning'],
    ['swallowed bleach', 'poisoning'],
    ['my child ate some pills', 'poisoning'],
    ['drank antifreeze', 'poisoning'],
    ['took too many sleeping pills', 'poisoning'],
  ])('%s → %s', (text, id) => {
    expect(ids(text)).toContain(id);
  });

  it.each([
    'headache',
    'fever',
    'runny nose',
    'heartburn',
    'cough',
    'sore throat',
    'back pain',
    'itching',
    'stiff neck',
    'heavy menstrual bleeding',
    'mild allergy',
    'poison ivy rash',
    'muscle cramps',
    'nosebleed after blowing my nose',
    'how do i end a migraine',
    'when does the flu end',
    'my knee is killing me',
    'food poisoning',
    'i hurt myself lifting a box',
    'how much paracetamol can an adult take in a day',
    'i took 2 paracetamol for my headache',
    'how to prevent a heart attack',
    'is it safe to fly after a heart attack',
    'my dad had a heart attack 2 years ago, can he exercise',
  ])('%s is not a red flag', (text) => {
    expect(ids(text)).toEqual([]);
  });

  it('sees a fever with a stiff neck together, even as two symptoms', () => {
    expect(ids(['high fever', 'stiff neck'])).toEqual(['meningitis']);
    expect(detectRedFlags(['headache', 'high fever', 'stiff neck'])[0]?.texts).toEqual(['high fever', 'stiff neck']);
    expect(ids(['stiff neck'])).toEqual([]);
  });

  it('builds the notice: emergency message, or the crisis message first for self-harm', () => {
    expect(emergencyNoticeFor(['headache'])).toBeNull();
    expect(emergencyNoticeFor(['headache', 'chest pain'])).toMatchObject({
      message: EMERGENCY_MESSAGE,
      matched: ['chest pain'],
    });
    expect(EMERGENCY_MESSAGE).toMatch(/call your local emergency number now/i);
    expect(emergencyNoticeFor('I want to hurt myself')?.message).toBe(CRISIS_MESSAGE);
    expect(CRISIS_MESSAGE).toMatch(/contact a crisis line or your local emergency number/);
    const both = emergencyNoticeFor(['self harm', 'chest pain']);
    expect(both?.message.startsWith(CRISIS_MESSAGE)).toBe(true);
    expect(both?.message).toContain(EMERGENCY_MESSAGE);
    expect(both?.flags.map((f) => f.id)).toEqual(['chest-pain', 'self-harm']);
  });
});
