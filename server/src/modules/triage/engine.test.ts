import type { TriageSession } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { loadTriageAdvice } from '../../content/triage/advice';
import { compilePatterns, matchComplaint } from './complaint-matcher';
import { ageBandOf, createEngine, MAX_QUESTIONS } from './engine';
import { loadKnowledgeBase } from '../../content/triage/knowledge-base';

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
    // The bleed itself first, then the ulcer that commonly causes it.
    expect(blood.result?.conditions.map((c) => c.id).slice(0, 2)).toEqual(['upper_gi_bleed', 'peptic_ulcer']);
    for (const r of [stroke.result, blood.result]) {
      for (const c of r?.conditions ?? []) expect(c.level).not.toBe('self_care');
      expect(r?.triage.reasons.join(' ')).not.toMatch(/within a few days/);
    }
  });

  /** Runs a whole check, answering yes to `yes` and no to everything else. */
  function finish(session: TriageSession, yes: string[] = []) {
    let a = engine.assess(session);
    while (a.question) {
      session = {
        ...session,
        answers: [
          ...session.answers,
          { questionId: a.question.id, answer: yes.includes(a.question.id) ? 'yes' : 'no' },
        ],
      };
      a = engine.assess(session);
    }
    return a.result!;
  }

  it('an emergency lists the emergency that holds what was said first, and "fits" only conditions that have it', () => {
    const hypo = finish(start('dad takes insulin, he is clammy and talking nonsense, his meter read 2.4', 77, 'male'));
    expect(hypo.triage.level).toBe('emergency');
    expect(hypo.conditions[0]?.id).toBe('hypoglycaemia');
    const weak = finish(start('my right arm and leg went weak twenty minutes ago', 69, 'male'));
    expect(weak.conditions[0]?.id).toBe('stroke');
    expect(weak.conditions.map((c) => c.id)).not.toContain('heart_attack');
    // A weak arm is not 'chest pain spreading to the arm': only what was said is given as said.
    for (const c of weak.conditions) expect(c.supportingAnswers.join(' ')).not.toMatch(/chest pain/i);
    expect(weak.triage.reasons.join(' ')).not.toMatch(/Heart attack/);
  });

  it('an emergency in someone who names their illness lists it first: "my asthma" before anaphylaxis', () => {
    const r = engine.assess(
      start('asthma really bad tonight, reliever does nothing and I can hardly speak', 23),
    ).result;
    expect(r?.triage.level).toBe('emergency');
    expect(r?.conditions[0]?.id).toBe('asthma_attack');
  });

  it('eyes: floaters and flashes, an eye injury and a contact-lens red eye are seen the same day or sooner, with eye questions', () => {
    const floaters = engine.assess(
      start('all of a sudden a shower of black specks and flashing lights in one eye', 63),
    );
    expect(floaters.question?.id).toMatch(/vision_loss|eye_injury_serious|floaters_flashes/);
    const floatersResult = finish(
      start('all of a sudden a shower of black specks and flashing lights in one eye', 63),
      ['floaters_flashes', 'sudden_onset'],
    );
    expect(floatersResult.triage.level).toBe('urgent');
    expect(floatersResult.conditions.map((c) => c.id).slice(0, 2)).toContain('retinal_detachment');
    const shadow = finish(start('new floaters in my eye and now a grey curtain across the top of my sight', 58), [
      'floaters_flashes',
      'vision_loss',
    ]);
    expect(shadow.triage.level).toBe('emergency');
    expect(shadow.conditions[0]?.id).toBe('retinal_detachment');
    const grit = finish(start('got something in my eye at work, it is red and streaming and hurts', 35, 'male'), [
      'eye_injury',
      'red_eye',
      'eye_pain',
    ]);
    expect(grit.triage.level).toBe('urgent');
    expect(grit.conditions[0]?.id).toBe('eye_injury');
    const lens = finish(start('I sleep in my contacts and now one eye is red, sore and bright light hurts', 27), [
      'contact_lens',
      'red_eye',
      'eye_pain',
      'photophobia',
    ]);
    expect(lens.triage.level).toBe('urgent');
    expect(lens.conditions[0]?.id).toBe('keratitis');
  });

  it('ears: hearing that went suddenly is seen the same day, not taken for earwax', () => {
    const r = finish(start('this morning I suddenly cannot hear out of my right ear and it is buzzing', 50, 'male'), [
      'hearing_loss',
      'sudden_hearing_loss',
      'tinnitus',
      'sudden_onset',
    ]);
    expect(r.triage.level).toBe('urgent');
    expect(r.conditions[0]?.id).toBe('sudden_hearing_loss');
  });

  it('same day for children with croup or a urine infection, for shingles, and at once for a feverish baby under 3 months', () => {
    const croup = finish(start('my toddler sounds like a seal when he coughs', 2, 'male'), ['barking_cough', 'cough']);
    expect(croup.triage.level).toBe('urgent');
    const wee = finish(start('my 4 year old cries when he wees and his wee smells strong', 4, 'male'), [
      'painful_urination',
      'cloudy_urine',
    ]);
    expect(wee.conditions[0]?.id).toBe('cystitis');
    expect(wee.triage.level).toBe('urgent');
    // The same words from an adult who is not pregnant stay a GP visit within days or self-care.
    const adult = finish(start('it burns when I pee and I need to go all the time', 30), [
      'painful_urination',
      'frequent_urination',
    ]);
    expect(adult.triage.level).not.toBe('urgent');
    const pregnant = finish(
      {
        ...start('it burns when I pee and I need to go all the time', 30),
        profile: { age: 30, sex: 'female', pregnant: true },
      },
      ['painful_urination', 'frequent_urination'],
    );
    expect(pregnant.triage.level).toBe('urgent');
    const shingles = finish(start('a stripe of painful blisters round one side of my ribs', 71, 'male'), [
      'band_rash',
      'blisters',
      'rash',
    ]);
    expect(shingles.conditions[0]?.id).toBe('shingles');
    expect(shingles.triage.level).toBe('urgent');
    const baby = engine.assess(start('my 5 week old daughter feels hot and the thermometer says 38.3', 0));
    expect(baby.result?.triage.level).toBe('emergency');
  });

  it('who it is about comes from the words too: a parent writing about a toddler, a woman who says she is pregnant', () => {
    const toddler = engine.assess(start('my daughter is 3 years old and has had a barking cough since tea time', 36));
    expect(toddler.question?.text).toMatch(/your child|their|they/);
    const toddlerResult = finish(start('my daughter is 3 years old and has had a barking cough since tea time', 36), [
      'barking_cough',
      'cough',
    ]);
    expect(toddlerResult.conditions[0]?.id).toBe('croup');
    const early = finish(start("I'm about 7 weeks pregnant with cramps low down and some bleeding", 26), [
      'pregnancy_bleeding',
      'pelvic_pain',
      'abdominal_pain',
    ]);
    expect(early.conditions.map((c) => c.id)).toContain('miscarriage');
    expect(early.triage.level).not.toBe('self_care');
    // 'not pregnant' is not pregnant.
    const denied = engine.assess(start('definitely not pregnant, lower tummy cramps', 26));
    expect(denied.question?.id ?? '').not.toMatch(/pregnancy_bleeding|reduced_movements|preeclampsia_signs/);
    // A breastfeeding mother's own fever beside her baby's age is about her, not an infant fever; the baby's is.
    const mother = finish(start('I am breastfeeding my 6 week old baby and I have a fever of 38.5', 30));
    expect(mother.triage.reasons.join(' ')).not.toMatch(/under 3 months/);
    expect(mother.triage.level).not.toBe('emergency');
    const baby = engine.assess(start('my 6 week old baby has a fever of 38.5', 30));
    expect(baby.result?.triage.level).toBe('emergency');
  });

  it('names the emergency for what it is: pre-eclampsia for a swollen face in pregnancy, a snake bite, and a dog bite same day', () => {
    const swollen = finish(
      {
        ...start('32 weeks gone, thumping headache and my face and hands have swollen up today', 33),
        profile: { age: 33, sex: 'female', pregnant: true },
      },
      ['preeclampsia_signs', 'headache'],
    );
    expect(swollen.triage.level).toBe('emergency');
    expect(swollen.conditions[0]?.id).toBe('pre_eclampsia');
    // Not pregnant: a swollen face is anaphylaxis, and pre-eclampsia is never named.
    const allergy = finish(start('my face and tongue are swelling up after a peanut biscuit', 33), [
      'swollen_lips_tongue',
    ]);
    expect(allergy.conditions[0]?.id).toBe('anaphylaxis');
    expect(allergy.conditions.map((c) => c.id)).not.toContain('pre_eclampsia');
    const snake = finish(start('something bit my foot in the long grass, I think it was a snake', 41, 'male'), [
      'snake_bite',
    ]);
    expect(snake.triage.level).toBe('emergency');
    expect(snake.conditions[0]?.id).toBe('snake_bite');
    const dog = finish(start('a stray dog bit my leg this morning and it drew blood', 24, 'male'), [
      'animal_bite',
      'wound',
    ]);
    expect(dog.triage.level).toBe('urgent');
    expect(dog.conditions[0]?.id).toBe('animal_bite');
  });

  it("reads a pain that 'started at the belly button and moved down to the right' as tummy pain on the lower right", () => {
    const { understood } = engine.assess(
      start('ache started near my belly button last night and has moved down to the right since', 22, 'male'),
    );
    expect(understood).toEqual(
      expect.arrayContaining(['Tummy (abdominal) pain', 'Pain in the lower right of the tummy']),
    );
  });

  it.each([
    [
      'a bulge in the groin that comes out when I lift and goes back lying down',
      52,
      'male',
      ['groin_lump'],
      'inguinal_hernia',
      'soon',
    ],
    [
      'since my second baby I leak a bit of wee whenever I laugh or sneeze',
      41,
      'female',
      ['leak_urine'],
      'stress_incontinence',
      'soon',
    ],
    ['my son of 8 has a nose bleed after picking it', 8, 'male', ['nosebleed'], 'nosebleed', 'self_care'],
    ['my 5 week old has yellow crusty patches on his head', 0, 'male', ['cradle_cap'], 'cradle_cap', 'self_care'],
    [
      'the baby spits up some milk after most feeds but is putting on weight',
      0,
      'female',
      ['posseting'],
      'infant_reflux',
      'self_care',
    ],
    [
      'my brother, 24, says the TV is sending him messages and he keeps hearing voices',
      24,
      'male',
      ['hearing_voices'],
      'psychosis',
      'urgent',
    ],
    [
      'I always get seasick on ferries and we sail tomorrow',
      35,
      'female',
      ['travel_sickness', 'nausea', 'previous_episodes'],
      'motion_sickness',
      'self_care',
    ],
    [
      'still breastfeeding and my left breast has a hot red painful patch, temperature 38.6',
      31,
      'female',
      ['breast_red_painful', 'fever', 'hot_red_skin'],
      'mastitis',
      'urgent',
    ],
  ] as const)('coverage: %s', (complaint, age, sex, yes, condition, level) => {
    const r = finish(start(complaint, age, sex), [...yes]);
    expect(r.conditions[0]?.id).toBe(condition);
    expect(r.triage.level).toBe(level);
  });

  it('reads Hindi and Hinglish through the shared reading: a fall with a hip that will not bear weight, a baby moving less', () => {
    const fall = engine.assess(start('दादाजी आँगन में फिसल गए, कूल्हे में बहुत दर्द है और खड़े नहीं हो पा रहे', 79, 'male'));
    expect(fall.understood.length).toBeGreaterThan(0);
    const fallResult = finish(start('दादाजी आँगन में फिसल गए, कूल्हे में बहुत दर्द है और खड़े नहीं हो पा रहे', 79, 'male'), [
      'injury',
      'cant_bear_weight',
      'joint_pain',
    ]);
    expect(fallResult.conditions[0]?.id).toBe('fracture');
    expect(['urgent', 'emergency']).toContain(fallResult.triage.level);
    const moves = finish(
      {
        ...start('6 mahine ki pregnant hu, kal se baby ki halchal kam hai', 29),
        profile: { age: 29, sex: 'female', pregnant: true },
      },
      ['reduced_movements'],
    );
    expect(moves.triage.level).not.toBe('self_care');
    expect(moves.conditions[0]?.id).toBe('reduced_fetal_movements');
    // A child's check in Hindi asks the parent about 'आपके बच्चे', in the first questions that can be put so.
    let kid = start('मेरी 3 साल की बेटी को कल से बुखार और दस्त हैं', 3);
    const texts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const step = engine.assess(kid);
      if (!step.question) break;
      texts.push(step.question.text);
      kid = { ...kid, answers: [...kid.answers, { questionId: step.question.id, answer: 'no' }] };
    }
    expect(texts.some((q) => q.includes('आपके बच्चे'))).toBe(true);
    const low = engine.assess(start('कई हफ़्तों से मन उदास है और किसी चीज़ में मन नहीं लगता', 41));
    expect(low.understood.length).toBeGreaterThanOrEqual(2);
  });
});
