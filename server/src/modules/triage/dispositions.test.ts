import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TriageSession } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { loadTriageAdvice } from '../../content/triage/advice';
import { loadDispositionRules, loadKnowledgeBase } from '../../content/triage/knowledge-base';
import { createEngine } from './engine';

const kb = loadKnowledgeBase();
const engine = createEngine(kb, loadTriageAdvice());

/** Runs a check to its end, answering yes to the questions in `yes` and no to the rest. */
function finish(complaint: string, age: number, sex: 'male' | 'female', yes: string[] = []) {
  let session: TriageSession = { profile: { age, sex }, complaint, answers: [] };
  let step = engine.assess(session);
  while (step.question) {
    const answer = yes.includes(step.question.id) ? 'yes' : 'no';
    session = { ...session, answers: [...session.answers, { questionId: step.question.id, answer }] };
    step = engine.assess(session);
  }
  return step.result!.triage;
}

/** NHS 111's six dispositions: where to go as well as how soon, with what to do meanwhile and when to call again. */
describe('the disposition of a symptom check', () => {
  it('calls an ambulance for chest pain, and for anything in a crisis', () => {
    const chest = finish('crushing pain in my chest going down my left arm, sweating', 58, 'male');
    expect(chest).toMatchObject({ level: 'emergency', disposition: 'call_emergency' });
    expect(chest.headline).toBe('Call an emergency number now');
    expect(chest.meanwhile).toMatch(/While you wait/);
    expect(chest.callAgain).toMatch(/call again at once/);
    const crisis = finish('i want to end my life tonight', 24, 'female');
    expect(crisis).toMatchObject({ disposition: 'call_emergency', isCrisis: true });
  });

  it('sends to A&E what the NHS sends to A&E: sudden testicle pain, a shadow over the sight', () => {
    const testicle = finish('sudden pain in my testicle, started an hour ago', 19, 'male');
    expect(testicle).toMatchObject({ level: 'emergency', disposition: 'emergency_department' });
    expect(testicle.headline).toBe('Go to an emergency department (A&E) now');
    expect(testicle.callAgain).toMatch(/emergency number instead/);
    const shadow = finish('new floaters in my eye and now a grey curtain across the top of my sight', 58, 'female', [
      'floaters_flashes',
      'vision_loss',
    ]);
    expect(shadow).toMatchObject({ level: 'emergency', disposition: 'emergency_department' });
  });

  it('a GP today for the urgent, within 2 weeks for the soon', () => {
    const croup = finish('my little boy has a barking cough and a temperature', 2, 'male', ['barking_cough', 'fever']);
    expect(croup).toMatchObject({ level: 'urgent', disposition: 'urgent_same_day' });
    const lump = finish('i found a lump in my breast', 45, 'female', ['breast_lump']);
    expect(lump).toMatchObject({ level: 'soon', disposition: 'gp_two_weeks', headline: 'See a GP within 2 weeks' });
  });

  it('a pharmacist for what a pharmacist can help with, home for the rest', () => {
    const coldSore = finish('tingly spot on my lip turning into a blister, i always get these', 24, 'female', [
      'cold_sore',
      'blisters',
      'previous_episodes',
    ]);
    expect(coldSore).toMatchObject({ level: 'self_care', disposition: 'pharmacy', headline: 'A pharmacist can help' });
    const back = finish('my lower back aches after gardening', 40, 'male', ['back_pain']);
    expect(back).toMatchObject({ level: 'self_care', disposition: 'self_care' });
  });

  it('speaks Hindi for a complaint in Hindi', () => {
    const chest = finish('seene mein tez dard hai aur paseena aa raha hai', 60, 'male');
    expect(chest).toMatchObject({ disposition: 'call_emergency', language: 'hi' });
    expect(chest.meanwhile).toMatch(/[\u0900-\u097F]/);
  });

  it('refuses a dispositions.json that names a condition the knowledge base lacks, naming it', () => {
    const content = new URL('../../content/triage/', import.meta.url);
    const dir = mkdtempSync(join(tmpdir(), 'triage-dispositions-'));
    cpSync(content, dir, { recursive: true });
    const file = join(dir, 'dispositions.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { pharmacy: { conditions: string[] } };
    data.pharmacy.conditions.push('no_such_condition');
    writeFileSync(file, JSON.stringify(data));
    expect(() => loadDispositionRules(kb, pathToFileURL(`${dir}/`))).toThrow(/no_such_condition/);
  });
});
