import type { TriageProfile, TriageSession } from '@medibuddy/contracts';
import { loadReferenceValues, requireThreshold } from '../../content/reference-values';
import type { SafetyVerdict } from '../../reading/safety';
import { matchComplaint } from './complaint-matcher';
import type { Feature } from '../../content/triage/knowledge-base';
import { type Evidence, isEligible, type TriageModel } from './model';
import type { TriageTexts } from '../../content/triage/texts';

/**
 * What the person said, as the engine's evidence: who the check is about, and the features their complaint and
 * their answers say yes or no to.
 */

/** Below this age the questions are asked of a parent, about their child. */
export const CHILD_UNDER = 16;
/** A high temperature, in °C: 38 °C or more (NHS, reference-values.json temperature.fever). */
const FEVER_FROM_C = requireThreshold(loadReferenceValues(), 'temperature.fever.from');
/** Blood pressure read from the words (decision 030's reading): stage 2 from 140/90, a crisis above 180/120. */
const BP = {
  highFrom: requireThreshold(loadReferenceValues(), 'blood_pressure.stage2.systolicFrom'),
  highDiastolicFrom: requireThreshold(loadReferenceValues(), 'blood_pressure.stage2.diastolicFrom'),
  crisisAbove: requireThreshold(loadReferenceValues(), 'blood_pressure.crisis.systolicAbove'),
  crisisDiastolicAbove: requireThreshold(loadReferenceValues(), 'blood_pressure.crisis.diastolicAbove'),
};
/** Words that name the measurement, not a fever: with a normal number beside them they say no fever. */
const TEMPERATURE_WORDS = new Set(['temperature', 'temp']);

/** A concept of the reading said as not so: a negation among the three words before it ('not pregnant'). */
function isDenied(reading: SafetyVerdict['readings'][number], at: { start: number }): boolean {
  return reading.concepts.some((c) => c.id === 'negation' && c.start < at.start && c.start >= at.start - 3);
}

/**
 * Who the check is about, from the words as well as the form: a parent who gives their own age and writes about 'my
 * 2 year old son' is asked about a child of 2, and 'I'm 6 weeks pregnant' counts as pregnant when the form did not
 * say. The form's answer is kept where the words say nothing or say it is not so.
 */
export function profileFrom(profile: TriageProfile, verdict: SafetyVerdict): TriageProfile {
  const reading = verdict.readings[0];
  if (!reading) return profile;
  const pregnant = reading.concepts.find((c) => c.id === 'pregnant' && !isDenied(reading, c));
  const said = (id: string) => reading.concepts.some((c) => c.id === id);
  // 'I have a fever' beside 'my 6 week old' (a breastfeeding mother) is about the writer, unless the child's own
  // fever is said too ('and so does my baby').
  const writersOwn = said('own-fever') && !said('baby-fever');
  const aboutAChildOrBaby = (said('child') || said('baby')) && !writersOwn;
  const months = reading.agesInMonths.filter((m) => m < CHILD_UNDER * 12);
  if (!pregnant && aboutAChildOrBaby && months.length > 0 && profile.age >= CHILD_UNDER) {
    const { pregnant: _pregnant, ...rest } = profile;
    return { ...rest, age: Math.floor(Math.min(...months) / 12) };
  }
  if (pregnant && profile.sex === 'female' && profile.pregnant === undefined && profile.age >= 11 && profile.age <= 55)
    return { ...profile, pregnant: true };
  return profile;
}

export function evidenceOf(model: TriageModel, session: TriageSession, verdict: SafetyVerdict, say: TriageTexts) {
  const { features, patterns } = model;
  // A Hindi or Hinglish complaint is matched through the English its reading gives (decision 025).
  const complaint = verdict.readings[0]?.described || session.complaint;
  const matches = matchComplaint(patterns, complaint, (id) => isEligible(features.get(id)!, session.profile));
  // A temperature given as a number is a fever at the NHS threshold, in whichever unit it was typed (decision 030:
  // the reading measures '102 F', '38.9 C' and '102 bukhar' alike, in °C), even with no word for fever.
  // A normal temperature given as a number is not a fever because the word 'temperature' came with it.
  const temperatures = verdict.readings.flatMap((r) => r.measured).filter((m) => m.measure === 'temperature');
  const fever = temperatures.find((m) => m.value >= FEVER_FROM_C);
  if (temperatures.length > 0 && !fever) {
    const byWordOnly = matches.findIndex((m) => m.featureId === 'fever' && TEMPERATURE_WORDS.has(m.phrase));
    if (byWordOnly >= 0) matches.splice(byWordOnly, 1);
  }
  if (fever && features.has('fever') && !matches.some((m) => m.featureId === 'fever')) {
    matches.push({ featureId: 'fever', answer: 'yes', phrase: `${Number(fever.value.toFixed(1))} °C` });
  }
  // A blood pressure typed as numbers ('bp 192/122') is a reading, high or very high by the reference table.
  for (const m of verdict.readings.flatMap((r) => r.measured)) {
    if (m.measure !== 'blood-pressure' || m.second === undefined) continue;
    const add = (featureId: string, phrase: string) => {
      if (features.has(featureId) && !matches.some((x) => x.featureId === featureId))
        matches.push({ featureId, answer: 'yes', phrase });
    };
    if (m.value >= BP.highFrom || m.second >= BP.highDiastolicFrom) add('high_bp_reading', `${m.value}/${m.second}`);
    if (m.value > BP.crisisAbove || m.second > BP.crisisDiastolicAbove) add('very_high_bp', `${m.value}/${m.second}`);
  }
  // How long, said as a time ('for about 6 weeks', '2 mahine se'): more than a week, or more than 4 weeks (a GP rather
  // than more self-care; NICE NG12 counts a hoarse voice or a change in bowel habit as persistent from 3 to 6 weeks).
  const tags = new Set(verdict.readings.flatMap((r) => [...r.tags]));
  const addSaid = (featureId: string, phrase: string) => {
    if (features.has(featureId) && !matches.some((x) => x.featureId === featureId))
      matches.push({ featureId, answer: 'yes', phrase });
  };
  // Only beside a symptom read from the words: a time alone says how long, not what, and is no answer to go on.
  const symptomSaid = matches.some((m) => m.answer === 'yes' && features.get(m.featureId)?.kind === 'symptom');
  if (symptomSaid && tags.has('three-weeks-or-more')) addSaid('over_a_week', '3 weeks or more');
  if (symptomSaid && tags.has('five-weeks-or-more')) addSaid('symptoms_long', 'more than 4 weeks');
  // A baby whose age the words give in weeks or months ('my 7 week old'), under 3 months, with a fever: that is the
  // high-risk sign itself (NICE NG143), not a question to ask again.
  const months = verdict.readings.flatMap((r) => r.agesInMonths);
  const youngBaby = session.profile.age === 0 && months.length > 0 && Math.min(...months) < 3;
  const hasFever = matches.some((m) => m.featureId === 'fever' && m.answer === 'yes');
  if (
    youngBaby &&
    hasFever &&
    features.has('infant_fever_young') &&
    !matches.some((m) => m.featureId === 'infant_fever_young')
  )
    matches.push({ featureId: 'infant_fever_young', answer: 'yes', phrase: 'fever under 3 months' });
  const evidence: Evidence = new Map();
  for (const m of matches) evidence.set(m.featureId, m.answer);
  const answered = new Set<string>();
  for (const a of session.answers) {
    answered.add(a.questionId);
    if (a.answer === 'dont_know') evidence.delete(a.questionId);
    else evidence.set(a.questionId, a.answer);
  }
  const understood = matches.filter((m) => m.answer === 'yes').map((m) => say.label(features.get(m.featureId)!));
  return { evidence, answered, understood };
}

export const saidYes = (evidence: Evidence) => [...evidence].filter(([, a]) => a === 'yes').map(([id]) => id);

/** The red-flag features the person said yes to. */
export function redFlagsRaised(model: TriageModel, evidence: Evidence): Feature[] {
  return [...evidence]
    .filter(([, a]) => a === 'yes')
    .map(([id]) => model.features.get(id)!)
    .filter((f) => f.redFlag);
}
