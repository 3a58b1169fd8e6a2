import { readFileSync } from 'node:fs';
import type { TriageDisposition, TriageLevel } from '@medibuddy/contracts';
import { z } from 'zod';
import type { Language } from '../../reading/read';
import { DispositionTextsSchema, type TriageAdviceContent } from './advice';
import type { Condition, Feature, KnowledgeBase } from './knowledge-base';

/**
 * The symptom check's words in the language the complaint was written in (decision 025): English from the knowledge
 * base and advice.json; Hindi, for a complaint in Hindi or Hinglish, from features.hi.json, conditions.hi.json and
 * advice.hi.json beside them, translated from the English (which carries the sources). A feature, condition or level
 * without its Hindi stops the server at start.
 */

const Text = z.string().min(1);
const FeaturesHindiSchema = z.strictObject({
  about: z.string(),
  features: z.record(z.string(), z.strictObject({ label: Text, question: Text, reason: Text.optional() })),
});
const ConditionsHindiSchema = z.strictObject({
  about: z.string(),
  conditions: z.record(z.string(), z.strictObject({ name: Text, summary: Text })),
});
const Level = z.strictObject({ because: Text });
const AdviceHindiSchema = z.strictObject({
  about: z.string(),
  levels: z.strictObject({ emergency: Level, urgent: Level, soon: Level, self_care: Level }),
  dispositions: DispositionTextsSchema,
  emergencyNumbers: Text,
  crisis: Text,
  notUnderstood: Text,
});

export type TriageTexts = {
  language?: 'hi';
  question(f: Feature): string;
  label(f: Feature): string;
  reason(f: Feature): string;
  conditionName(c: Condition): string;
  summary(c: Condition): string;
  /** "Your answers fit {condition}, which {why this level}." (the level for this person, after any level rule) */
  fits(c: Condition, level: TriageLevel): string;
  /** A level raised by a condition the answers leave possible but nothing said points to: no condition is named. */
  checked(level: TriageLevel): string;
  /** Where to go, what to do meanwhile and when to call again, for one of NHS 111's dispositions. */
  disposition(disposition: TriageDisposition): {
    headline: string;
    advice: string;
    meanwhile: string;
    callAgain: string;
  };
  /** The question put about a child, to a parent ("Is your child…", "क्या आपके बच्चे को…"). */
  aboutAChild(question: string): string;
  /** The crisis lines, put first when thoughts of suicide or self-harm were raised. */
  crisis: string;
  emergencyNumbers: string;
  notUnderstood: string;
};

export function loadTriageTexts(
  kb: KnowledgeBase,
  advice: TriageAdviceContent,
  dir: URL = new URL('./', import.meta.url),
): (language: Language) => TriageTexts {
  const read = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as unknown;
  const { features } = FeaturesHindiSchema.parse(read('features.hi.json'));
  const { conditions } = ConditionsHindiSchema.parse(read('conditions.hi.json'));
  const hi = AdviceHindiSchema.parse(read('advice.hi.json'));
  for (const f of kb.features) {
    if (!features[f.id]) throw new Error(`features.hi.json: the feature ${f.id} has no Hindi`);
    if (f.redFlag && !features[f.id]!.reason) throw new Error(`features.hi.json: the red flag ${f.id} has no reason`);
  }
  for (const c of kb.conditions)
    if (!conditions[c.id]) throw new Error(`conditions.hi.json: the condition ${c.id} has no Hindi`);

  const english: TriageTexts = {
    question: (f) => f.question,
    label: (f) => f.label,
    reason: (f) => f.redFlag!.reason,
    conditionName: (c) => c.name,
    summary: (c) => c.summary,
    fits: (c, level) => `Your answers fit ${c.name}, which ${advice.levels[level].because}.`,
    checked: (level) => `Your answers do not rule out a condition that ${advice.levels[level].because}.`,
    disposition: (d) => advice.dispositions[d],
    aboutAChild,
    crisis: advice.crisis,
    emergencyNumbers: advice.emergencyNumbers,
    notUnderstood: advice.notUnderstood,
  };
  const hindi: TriageTexts = {
    language: 'hi',
    question: (f) => features[f.id]!.question,
    label: (f) => features[f.id]!.label,
    reason: (f) => features[f.id]!.reason!,
    conditionName: (c) => conditions[c.id]!.name,
    summary: (c) => conditions[c.id]!.summary,
    fits: (c, level) => `आपके जवाब ${conditions[c.id]!.name} से मेल खाते हैं, जो ${hi.levels[level].because}।`,
    checked: (level) => `आपके जवाबों से ऐसी स्थिति को नकारा नहीं जा सकता जो ${hi.levels[level].because}।`,
    disposition: (d) => hi.dispositions[d],
    aboutAChild: aboutAChildHindi,
    crisis: hi.crisis,
    emergencyNumbers: hi.emergencyNumbers,
    notUnderstood: hi.notUnderstood,
  };
  return (language) => (language === 'en' ? english : hindi);
}

const ABOUT_A_CHILD: [RegExp, string][] = [
  [/^Are you\b/, 'Is your child'],
  [/^Do you\b/, 'Does your child'],
  [/^Have you\b/, 'Has your child'],
  [/^Did you\b/, 'Did your child'],
  [/^Were you\b/, 'Was your child'],
  [/^Can you\b/, 'Can your child'],
  [/^Is your\b/, "Is your child's"],
  [/^Does your\b/, "Does your child's"],
  [/^Has your\b/, "Has your child's"],
  [/\byou're\b/g, "they're"],
  [/\byou've\b/g, "they've"],
  [/\byourself\b/g, 'themselves'],
  [/\byour\b/g, 'their'],
  [/\byou\b/g, 'they'],
];

/**
 * An English question about the person asked about when that is a child: "Are you drooling?" becomes "Is your child
 * drooling?", "Do you have a rash?" "Does your child have a rash?", and the rest of the sentence says "they".
 */
export function aboutAChild(question: string): string {
  return ABOUT_A_CHILD.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), question);
}

/** 'आप' on its own (the subject, with a verb that agrees with it): such a question is left as it is. */
const HINDI_YOU_SUBJECT = /(^|[\s(])आप(?=[\s,?)।])/;
const HINDI_YOUR: [RegExp, string][] = [
  [/आपको/g, 'आपके बच्चे को'],
  [/आपका/g, 'आपके बच्चे का'],
  [/आपकी/g, 'आपके बच्चे की'],
  [/आपने/g, 'आपके बच्चे ने'],
  [/आपसे/g, 'आपके बच्चे से'],
  [/आपके(?! बच्चे)/g, 'आपके बच्चे के'],
];

/**
 * A Hindi question about a child: 'क्या आपको बुखार है?' becomes 'क्या आपके बच्चे को बुखार है?'. Only the forms with a
 * postposition change (को, का, की, के, ने, से), whose verb does not agree with the person; a question with 'आप' as its
 * subject ('क्या आप … महसूस कर रहे हैं?') would need its verb changed too, and one already about a child ('क्या बच्चा…')
 * is for the parent as written, so both are left as they are.
 */
export function aboutAChildHindi(question: string): string {
  // Already written for a parent ('क्या बच्चा…', 'शिशु…'): 'आपको … दिख रही है' there is what the parent sees.
  if (HINDI_YOU_SUBJECT.test(question) || /बच्च|शिशु/.test(question)) return question;
  return HINDI_YOUR.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), question);
}
