import type { TriageSession } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { loadTriageAdvice } from './advice';
import { compilePatterns, matchComplaint } from './complaint-matcher';
import { ageBandOf, createEngine, MAX_QUESTIONS } from './engine';
import { loadKnowledgeBase } from './knowledge-base';

const kb = loadKnowledgeBase();
const engine = createEngine(kb, loadTriageAdvice());
const patterns = compilePatterns(kb.features);
const matched = (text: string) =>
  Object.fromEntries(matchComplaint(patterns, text).map((m) => [m.featureId, m.answer]));

describe('reading a complaint', () => {
  it('forgives typos in longer words and reads synonyms', () => {
    expect(matched('sore throught and a runny noes, feel nauseous')).toMatchObject({
      sore_throat: 'yes',
      runny_nose: 'yes',
      nausea: 'yes',
    });
    expect(matched('the runs and tummy ache')).toMatchObject({ diarrhoea: 'yes', abdominal_pain: 'yes' });
  });

  it('reads burning when peeing as a urinary symptom, not a burn', () => {
    const m = matched('it burns when i pee and i need to go all the time');
    expect(m).toMatchObject({ painful_urination: 'yes', frequent_urination: 'yes' });
    expect(m.burn).toBeUndefined();
  });

  it('reads a negation just before a symptom as "no"', () => {
    expect(matched('cough but no fever')).toMatchObject({ cough: 'yes', fever: 'no' });
  });

  it('does not let a typo allowance turn an ordinary word into a red flag', () => {
    expect(matched('pain worse bending over')).not.toHaveProperty('suicidal_thoughts');
    expect(matched('my ear hurts')).not.toHaveProperty('eye_pain');
    expect(matched('my chest feels heavy')).not.toHaveProperty('heel_pain');
    expect(matched('crushing pain')).not.toHaveProperty('cough');
    expect(matched('skin peeling between my toes')).not.toHaveProperty('frequent_urination');
  });
});

describe('the triage engine', () => {
  const session = (complaint: string, answers: TriageSession['answers'] = [], age = 30): TriageSession => ({
    profile: { age, sex: 'female' },
    complaint,
    answers,
  });

  it('asks red-flag questions first', () => {
    const first = engine.assess(session('headache'));
    expect(first.question?.isRedFlag).toBe(true);
    expect(first.question?.id).toBe('sudden_severe_headache');
  });

  it('screens for the worst signs first when the complaint says nothing it knows', () => {
    const first = engine.assess(session('i just dont feel right'));
    expect(first.understood).toEqual([]);
    const screen = kb.features.filter((f) => f.askWhenUnclear).map((f) => f.id);
    expect(screen).toEqual(
      expect.arrayContaining(['severe_breathlessness', 'chest_pain_spreading', 'one_sided_weakness']),
    );
    expect(screen).toContain(first.question?.id);
    expect(first.question?.isRedFlag).toBe(true);
  });

  it('a complaint it cannot read, answered "no" throughout, is never told to look after itself', () => {
    let s = session('something is wrong with me');
    for (let i = 0; i <= MAX_QUESTIONS; i++) {
      const a = engine.assess(s);
      if (!a.question) break;
      s = { ...s, answers: [...s.answers, { questionId: a.question.id, answer: 'no' }] };
    }
    const { result } = engine.assess(s);
    expect(result?.understood).toEqual([]);
    expect(result?.triage.level).toBe('soon');
    expect(result?.triage.reasons.join(' ')).toMatch(/could not match what you wrote/);
    expect(result?.conditions).toEqual([]);
  });

  it("reads 'pain in my lower right tummy' as right-sided tummy pain", () => {
    expect(matched('pain in my lower right tummy and i was sick')).toMatchObject({ pain_lower_right: 'yes' });
    expect(matched('really bad pain low down on my right side')).toMatchObject({ pain_lower_right: 'yes' });
  });

  it('sudden testicle pain in a young man: an emergency, with torsion shown first', () => {
    const { result } = engine.assess({
      profile: { age: 19, sex: 'male' },
      complaint: 'sudden pain in my testicle, started an hour ago',
      answers: [],
    });
    expect(result?.triage.level).toBe('emergency');
    expect(result?.conditions[0]?.id).toBe('testicular_torsion');
  });

  it('lists only conditions that have something the person said yes to', () => {
    const { result } = engine.assess({
      profile: { age: 60, sex: 'male' },
      complaint: 'crushing chest pain going down my left arm',
      answers: [],
    });
    expect(result?.triage.level).toBe('emergency');
    const ids = result!.conditions.map((c) => c.id);
    expect(ids).toContain('heart_attack');
    for (const id of ids) expect(kb.conditions.find((c) => c.id === id)!.symptoms).toHaveProperty('chest_pain');
  });

  it('never asks more than the most questions, and always ends with a result', () => {
    let s = session('feel unwell');
    for (let i = 0; i <= MAX_QUESTIONS; i++) {
      const a = engine.assess(s);
      if (!a.question) break;
      s = { ...s, answers: [...s.answers, { questionId: a.question.id, answer: 'dont_know' }] };
    }
    expect(s.answers.length).toBeLessThanOrEqual(MAX_QUESTIONS);
    expect(engine.assess(s).result).not.toBeNull();
  });

  it('ranks appendicitis among the first three for right-sided tummy pain with fever in a teenager', () => {
    const yes = (ids: string[]) => ids.map((questionId) => ({ questionId, answer: 'yes' as const }));
    const result = engine.assess(
      session('tummy pain', yes(['pain_lower_right', 'fever', 'loss_appetite', 'nausea']), 15),
    );
    const ranked = result.ranking.map((r) => r.id);
    expect(ranked.indexOf('appendicitis')).toBeLessThan(3);
  });

  it("asks about pregnancy-only signs only in pregnancy, and children's signs only of children", () => {
    expect(ageBandOf(0)).toBe('infant');
    const adult = engine.assess(session('baby not moving as much'));
    expect(adult.understood).not.toContain('Baby moving less');
    const pregnant = engine.assess({
      ...session('baby not moving as much'),
      profile: { age: 30, sex: 'female', pregnant: true },
    });
    expect(pregnant.understood).toContain('Baby moving less');
  });
});

describe('results a GP would sign', () => {
  const start = (complaint: string, age: number, sex: 'male' | 'female' = 'female'): TriageSession => ({
    profile: { age, sex },
    complaint,
    answers: [],
  });

  it("a child is asked about as a child: 'Is your child…', 'Does your child…', never 'Are you…'", () => {
    const { question } = engine.assess(start('my little boy has a barking cough and a temperature', 2, 'male'));
    expect(question?.text).toBeDefined();
    expect(question?.text).not.toMatch(/^(Are|Do|Have|Did) you\b/);
    expect(question?.text).toMatch(/your child|their|they/);
    const adult = engine.assess(start('barking cough and a temperature', 30));
    expect(adult.question?.text).not.toMatch(/your child/);
  });

  it('an emergency names the emergency the warning sign can mean first, with no likelihood, and no condition a guideline calls self-care', () => {
    const stroke = engine.assess(
      start('mums face looks lopsided and she cant lift her right arm, her words are slurred', 74),
    );
    expect(stroke.result?.triage.level).toBe('emergency');
    expect(stroke.result?.conditions[0]).toMatchObject({ id: 'stroke', fromWarningSign: true });
    const blood = engine.assess(start('throwing up blood', 50, 'male'));
    expect(blood.result?.triage.level).toBe('emergency');
    expect(blood.result?.conditions[0]?.id).toBe('peptic_ulcer');
    for (const r of [stroke.result, blood.result]) {
      for (const c of r?.conditions ?? []) expect(c.level).not.toBe('self_care');
      expect(r?.triage.reasons.join(' ')).not.toMatch(/within a few days/);
    }
  });
});
