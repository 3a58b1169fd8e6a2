import { describe, expect, it } from 'vitest';
import { loadReferenceValues } from '../../content/reference-values';
import { ageMonthsOf, analyseQuestion, tookTooMuch, valueNumbers, type Vocabulary } from './analyse';
import { readValue } from './interpret-value';
import { chatMedicineSheets } from './medicine-sheets';
import { TEST_VOCABULARY } from './respond';
import { correctTypo, topicAlternatives, topicMatch, stemsOf } from './topic-match';

const values = loadReferenceValues();
const facts = chatMedicineSheets();
const vocabulary: Vocabulary = {
  measures: values.measures.map((m) => ({ id: m.id, aliases: m.aliases })),
  medicines: facts.sheets.map((s) => ({ id: s.id, names: s.names })),
  tests: TEST_VOCABULARY,
};
const analyse = (text: string) => analyseQuestion(text, vocabulary);

describe('question analysis', () => {
  it.each([
    ['How much paracetamol can an adult take in a day?', 'dose', ['paracetamol']],
    ['whats the max dose of tylenol', 'dose', ['paracetamol']],
    ['Can I drink alcohol while taking metronidazole?', 'alcohol', ['metronidazole']],
    ['can i have a couple of beers on flagyl', 'alcohol', ['metronidazole']],
    ['can i take ibuprofen with warfarin', 'interaction', ['ibuprofen', 'warfarin']],
    ['is it ok to take ibuprofin when pregnant', 'pregnancy', ['ibuprofen']],
    ['how much calpol can my 3 year old have', 'children', ['paracetamol']],
    ['my 4 year old has fever 39 can i give aspirin', 'children', ['aspirin']],
    ['pregnant with a temperature of 38, can i take ibuprofen', 'pregnancy', ['ibuprofen']],
  ])('%s → %s about %j', (text, type, medicines) => {
    const a = analyse(text);
    expect(a.type).toBe(type);
    expect(a.medicines).toEqual(medicines);
  });

  it.each([
    ['What is a normal resting heart rate?', 'normal_value', 'resting_heart_rate'],
    ['whats a healthy blood pressure for my age', 'normal_value', 'blood_pressure'],
    ['my hba1c is 7.2', 'interpret_value', 'hba1c'],
    ['bp 185/125', 'interpret_value', 'blood_pressure'],
    ['blood pressure 150 over 95 is that bad', 'interpret_value', 'blood_pressure'],
    ['fasting sugar 132 mg', 'interpret_value', 'fasting_glucose'],
    ['my ldl cholesterol came back 4.1', 'interpret_value', 'ldl'],
  ])('%s → %s of %s', (text, type, measure) => {
    const a = analyse(text);
    expect(a.type).toBe(type);
    expect(a.measure?.id).toBe(measure);
  });

  it('keeps conditions named like a measure as conditions ("how is high blood pressure treated")', () => {
    const a = analyse('how is high blood pressure treated');
    expect(a.type).toBe('treatment');
    expect(a.subjectWords).toEqual(['high', 'blood', 'pressure']);
  });

  it.each([
    ['What is the capital of France?', 'out_of_scope'],
    ['write me a poem about the sea', 'out_of_scope'],
    ['who won the cricket match yesterday', 'out_of_scope'],
    ['hi there', 'greeting'],
    ['explain my heart test result', 'my_result'],
    ['what does my last diabetes result mean', 'my_result'],
    ['what are the symptoms of gout', 'symptoms'],
    ['why do i keep getting kidney stones', 'causes'],
    ['how do i stop getting utis', 'prevention'],
    ['is glaucoma hereditary', 'inheritance'],
  ])('%s → %s', (text, type) => {
    expect(analyse(text).type).toBe(type);
  });

  it('a named medicine with dose words wins over a reading; a condition named like a value stays a condition', () => {
    expect(analyse('my 5 yr old has a temp of 38.5, how much calpol')).toMatchObject({
      type: 'children',
      medicines: ['paracetamol'],
      ageMonths: 60,
    });
    expect(analyse('what is hypertension')).toMatchObject({
      type: 'what_is',
      subjectWords: ['high', 'blood', 'pressure'],
    });
    expect(analyse('my bmi is 22 am i healthy')).toMatchObject({
      type: 'interpret_value',
      measure: { id: 'bmi', numbers: [22] },
    });
    expect(analyse('heart rate 150 while running')).toMatchObject({ type: 'normal_value' });
  });

  it('never reads a correctly spelled word as a typo of a medicine', () => {
    expect(analyse('whats retinal detachment').medicines).toEqual(['vitamin a']);
    expect(
      analyseQuestion('whats retinal detachment', { ...vocabulary, knownWords: new Set(['retinal', 'detachment']) })
        .medicines,
    ).toEqual([]);
    expect(
      analyseQuestion('max dose of paracetmol', { ...vocabulary, knownWords: new Set(['dose']) }).medicines,
    ).toEqual(['paracetamol']);
  });

  it('does not decline a health question that mentions a sport or a recipe', () => {
    expect(analyse('i hurt my knee playing football, what helps').type).not.toBe('out_of_scope');
  });

  it('finds the subject words, and keeps the number of "type 2"', () => {
    expect(analyse('what are the early signs of type 2 diabetes in a 45 year old').subjectWords).toEqual([
      'type',
      '2',
      'diabetes',
    ]);
  });

  it('reads values, not ages, doses or durations', () => {
    expect(valueNumbers('i am 45 years old and my bp is 140/90')).toEqual([140, 90]);
    expect(valueNumbers('hba1c 6,4 after 3 months')).toEqual([6.4]);
    expect(valueNumbers('took 2 tablets, temperature 38.5')).toEqual([38.5]);
    expect(valueNumbers('my daughter is 10 and has a temp of 38.5')).toEqual([38.5]);
    expect(ageMonthsOf('my 8 year old')).toBe(96);
    expect(ageMonthsOf('baby of 18 months')).toBe(18);
    expect(ageMonthsOf('how much paracetamol')).toBeNull();
    // Ages as people write them, and numbers that are not ages.
    expect(ageMonthsOf('my daughter is 10 and has a temp')).toBe(120);
    expect(ageMonthsOf('can my 3 yr old have calpol')).toBe(36);
    expect(ageMonthsOf('my 7 week old baby feels hot')).toBe(1);
    expect(ageMonthsOf('a child of 6')).toBe(72);
    expect(ageMonthsOf('is 2 paracetamol every 2 hours ok')).toBeNull();
    expect(ageMonthsOf("i've had back pain for 2 years, how much ibuprofen can i take")).toBeNull();
    expect(ageMonthsOf('cough for 3 months, can i take honey')).toBeNull();
    expect(ageMonthsOf('she is 2 tablets in and still in pain')).toBeNull();
  });
});

describe('too much of a medicine taken', () => {
  it('reads an extra or double dose already taken or given, not a question about the limit or a drink', () => {
    for (const taken of [
      'i took 2 extra paracetamol by mistake',
      'accidentally gave my son too much calpol',
      'what if i take too much ibuprofen',
      'i think i doubled up on my blood pressure tablets',
      "i've taken more than it says on the box",
    ])
      expect(tookTooMuch(taken), taken).toBe(true);
    for (const asked of [
      'how much paracetamol is too much',
      'can i take an extra paracetamol',
      'i had extra strength tylenol for my headache',
      'i had too much to drink last night, can i take paracetamol',
    ])
      expect(tookTooMuch(asked), asked).toBe(false);
  });
});

describe('reading a value against its bands', () => {
  it.each([
    ['hba1c', [7.2], 'diabetes', 'days'],
    ['hba1c', [6.0], 'prediabetes', 'routine'],
    ['hba1c', [53], 'diabetes', 'days'], // mmol/mol
    ['blood_pressure', [185, 125], 'crisis', 'now'],
    ['blood_pressure', [125, 75], 'elevated', 'routine'],
    ['blood_pressure', [135, 70], 'stage1', 'routine'],
    ['blood_pressure', [118, 92], 'stage2', 'days'],
    ['blood_pressure', [85, 55], 'low', 'routine'],
    ['resting_heart_rate', [48], 'low', 'routine'],
    ['resting_heart_rate', [72], 'normal', 'routine'],
    ['fasting_glucose', [7.4], 'diabetes', 'days'], // mmol/L
    ['bmi', [31], 'obesity1', 'routine'],
    ['temperature', [103.5], 'very_high', 'today'], // °F
    ['temperature', [102], 'fever', 'routine'], // °F: 38.9 °C
    ['temperature', [34.2], 'hypothermia', 'now'],
    ['egfr', [52], 'g3a', 'routine'],
    ['triglycerides', [2.1], 'borderline', 'routine'], // mmol/L: 186 mg/dL
  ])('%s %j → %s', (measure, numbers, band, timeframe) => {
    const reading = readValue(values, measure, numbers, null);
    expect(reading?.readings[0]?.band.id).toBe(band);
    expect(reading?.timeframe).toBe(timeframe);
  });

  it('reads haemoglobin for each sex when the sex is not given, and blood sugar as fasting and 2-hour', () => {
    expect(readValue(values, 'haemoglobin', [12.5], null)?.readings.map((r) => r.band.id)).toEqual([
      'mild_m',
      'normal_f',
    ]);
    expect(readValue(values, 'haemoglobin', [12.5], 'female')?.readings.map((r) => r.band.id)).toEqual(['normal_f']);
    expect(readValue(values, 'blood_glucose', [150], null)?.readings.map((r) => r.band.id)).toEqual([
      'diabetes',
      'prediabetes',
    ]);
  });

  it('refuses numbers that are not a reading of the measure', () => {
    expect(readValue(values, 'blood_pressure', [120], null)).toBeNull();
    expect(readValue(values, 'blood_pressure', [80, 120], null)).toBeNull();
  });
});

describe('topic matching', () => {
  const subject = (...w: string[]) => stemsOf(w);
  it('accepts a topic only when all its words are in the question', () => {
    expect(topicMatch('ADULT syndrome', subject('paracetamol', 'adult'))).toBeNull();
    expect(topicMatch("Alzheimer's Disease", subject('alzheimers', 'signs'))).not.toBeNull();
    expect(topicMatch('Heart Disease', subject('heart', 'rate'))).toBeNull();
    expect(topicMatch('Kidney Stones in Adults', subject('kidney', 'stones'))).not.toBeNull();
    expect(topicMatch('Kidney Stones in Children', subject('kidney', 'stones'))).toBeNull();
    expect(topicMatch('Kidney Stones in Children', subject('kidney', 'stones'), 'child')).not.toBeNull();
    expect(topicMatch('Anemia', subject('anaemia'))).not.toBeNull();
    expect(topicAlternatives('High Blood Pressure (Hypertension)')).toEqual([
      ['high', 'blood', 'pressure'],
      ['hypertension'],
    ]);
  });

  it('corrects a typo to a topic word a letter or two away', () => {
    const vocab = new Set(['migraine', 'diabetes', 'asthma', 'arthritis']);
    expect(correctTypo('migrane', vocab)).toBe('migraine');
    expect(correctTypo('artheritis', vocab)).toBe('arthritis');
    expect(correctTypo('astma', vocab)).toBe('asthma');
    expect(correctTypo('fly', vocab)).toBeNull();
    expect(correctTypo('mountain', vocab)).toBeNull();
  });
});
