import {
  CRISIS_MESSAGE,
  detectRedFlags,
  EMERGENCY_MESSAGE,
  type EmergencyNotice,
  RED_FLAGS,
  type HelplineUse,
  type RedFlagSourceSchema,
} from '@medibuddy/contracts';
// The learned classifier (a large weight table) is a subpath of its own so the web bundle never loads it.
import { CRISIS_CLASSIFIER_THRESHOLDS, crisisScore, raisesHelplineLine } from '@medibuddy/contracts/crisis-classifier';
import type { z } from 'zod';
import { loadSafetyHindi } from '../content/reading/safety-hi';
import { loadSafetyRules, type SafetyRules } from '../content/reading/safety-rules';
import { framingOf } from './framing';
import { CONCEPTS } from './lexicon';
import { readMessage, type Language, type Reading } from './read';

/**
 * One safety check (decision 025), run first by every feature that takes free text: the chat, the symptom check,
 * the medicine finder and the compat routes. It judges the reading of each text (read.ts) by the rules of
 * content/reading/safety-rules.json, over concepts in any language the lexicon reads, and the red flags' English patterns
 * (contracts/src/content/red-flags.json) and the distress signal, which stay as a second net for English wording.
 * Its verdict is what the features act on; safety-reply.ts turns it into words, in the reading's language.
 */

type SafetyRule = SafetyRules['rules'][number];

const rules = loadSafetyRules();
export const HINDI = loadSafetyHindi();
/** Tags the reading adds beside concepts and classes (read.ts). */
const READ_TAGS = ['many-tablets', 'three-weeks-or-more', 'pregnancy-20-weeks'];
const KNOWN = new Set([...CONCEPTS.values()].flatMap((c) => [c.id, ...(c.classes ?? [])]).concat(READ_TAGS));
for (const rule of rules.rules) {
  for (const name of [...rule.all.flat(), ...(rule.none ?? [])])
    if (!KNOWN.has(name)) throw new Error(`safety-rules.json: rule ${rule.id} names no concept or class: ${name}`);
  if (rule.flag && !RED_FLAGS.some((f) => f.id === rule.flag))
    throw new Error(`safety-rules.json: rule ${rule.id} names no red flag: ${rule.flag}`);
}
for (const flag of RED_FLAGS)
  if (!HINDI.flags[flag.id]) throw new Error(`safety-hi.json: the red flag ${flag.id} has no Hindi text`);

export type Source = z.infer<typeof RedFlagSourceSchema>;
export type SafetyKind = 'crisis' | 'emergency' | 'urgent' | 'soon';
export type SafetyFlag = {
  id: string;
  kind: SafetyKind;
  label: { en: string; hi: string };
  advice: { en: string; hi: string };
  helplines: HelplineUse[];
  sources: Source[];
};

export type SafetyVerdict = {
  /** The reading of each text, in order. */
  readings: Reading[];
  /** The language to answer in: the first text's that is not English, else English. */
  language: Language;
  /** The flags raised, crisis first, each once. */
  flags: SafetyFlag[];
  /** Distress without a crisis flag: the crisis lines go before the answer. */
  distress: boolean;
  /** A crisis flag raised by someone writing about another person ("my son says he wants to die"). */
  someoneElse: boolean;
  /** The texts that raised a flag, as given. */
  matched: string[];
  /**
   * Emergency flags the words name but place as not happening now (denied, in the past, or asked about in general:
   * "what are the signs of a stroke"): no emergency reply, but an answer may put the emergency number first.
   */
  namedNotNow: string[];
};

function flagOfRedFlag(id: string): SafetyFlag {
  const flag = RED_FLAGS.find((f) => f.id === id)!;
  const hi = HINDI.flags[id]!;
  return {
    id,
    kind: flag.kind,
    label: { en: flag.label, hi: hi.label },
    advice: { en: flag.advice, hi: hi.advice },
    helplines: flag.helplines ?? [],
    sources: flag.sources,
  };
}

function flagOfRule(rule: SafetyRule): SafetyFlag {
  if (rule.flag) return flagOfRedFlag(rule.flag);
  return {
    id: rule.id,
    kind: rule.kind!,
    label: rule.label!,
    advice: rule.advice!,
    helplines: rule.helplines ?? [],
    sources: rule.sources!,
  };
}

function fires(rule: SafetyRule, reading: Reading, tags: ReadonlySet<string>): boolean {
  if (!rule.all.every((group) => group.some((name) => tags.has(name)))) return false;
  if (rule.none?.some((name) => tags.has(name))) return false;
  if (rule.measure) {
    const { id, atMost, atLeast } = rule.measure;
    if (!reading.measured.some((m) => m.measure === id && m.value <= atMost && m.value >= atLeast)) return false;
  }
  if (rule.ageMonthsBelow !== undefined && !reading.agesInMonths.some((a) => a < rule.ageMonthsBelow!)) return false;
  return true;
}

/** The reading's tags without the signs read only where they are denied, past or asked about (framing.ts). */
function tagsNow(reading: Reading, notNow: ReadonlySet<string>): ReadonlySet<string> {
  if (notNow.size === 0) return reading.tags;
  const tags = new Set(reading.tags);
  const classesNow = new Set(
    reading.concepts.filter((c) => !notNow.has(c.id)).flatMap((c) => CONCEPTS.get(c.id)?.classes ?? []),
  );
  for (const id of notNow) {
    tags.delete(id);
    for (const cls of CONCEPTS.get(id)?.classes ?? []) if (!classesNow.has(cls)) tags.delete(cls);
  }
  return tags;
}

/** The learned classifier's line, at the threshold chosen for the reading's language. */
function classifierRaisesLine(reading: Reading): boolean {
  if (reading.language === 'en') return raisesHelplineLine(reading.text);
  return crisisScore(reading.text) >= CRISIS_CLASSIFIER_THRESHOLDS.lineHindi;
}

const KIND_ORDER: Record<SafetyKind, number> = { crisis: 0, emergency: 1, urgent: 2, soon: 3 };

/** The safety check of one text or several (a form's symptoms): see the module's comment. */
export function checkSafety(input: string | readonly string[]): SafetyVerdict {
  const texts = (typeof input === 'string' ? [input] : [...input]).filter((t) => t.trim() !== '');
  const readings = texts.map(readMessage);
  const flags = new Map<string, SafetyFlag>();
  const matched = new Set<string>();
  // Signs denied, in the past or asked about in general raise no emergency; crisis words count wherever they are.
  const framings = readings.map(framingOf);
  const raise = (flag: SafetyFlag, text: string) => {
    if (!flags.has(flag.id)) flags.set(flag.id, flag);
    matched.add(text);
  };
  const inWords = detectRedFlags(texts);
  for (const m of inWords) if (m.flag.kind === 'crisis') for (const t of m.texts) raise(flagOfRedFlag(m.flag.id), t);
  const now = framings.map((f) => f.now);
  for (const m of detectRedFlags(now))
    if (m.flag.kind !== 'crisis') for (const t of m.texts) raise(flagOfRedFlag(m.flag.id), texts[now.indexOf(t)]!);
  // Every emergency the words name, now or not: those left out of the flags are named to the answer (namedNotNow).
  const named = new Map(inWords.map((m) => [m.flag.id, m.flag.kind as SafetyKind]));
  readings.forEach((reading, i) => {
    const tags = tagsNow(reading, framings[i]!.notNow);
    for (const rule of rules.rules) {
      const firesInWords = fires(rule, reading, reading.tags);
      const firesNow = tags === reading.tags ? firesInWords : fires(rule, reading, tags);
      if (!firesInWords && !firesNow) continue;
      const flag = flagOfRule(rule);
      if (firesInWords) named.set(flag.id, flag.kind);
      if (firesNow) raise(flag, texts[i]!);
    }
  });
  const ordered = [...flags.values()].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const hasCrisis = ordered.some((f) => f.kind === 'crisis');
  const distress =
    !hasCrisis && readings.some((r) => rules.distress.some((id) => r.tags.has(id)) || classifierRaisesLine(r));
  const someoneElse =
    (hasCrisis || distress) && readings.some((r) => r.tags.has('other-person') || r.tags.has('child'));
  return {
    readings,
    language: readings.find((r) => r.language !== 'en')?.language ?? 'en',
    flags: ordered,
    distress,
    someoneElse,
    matched: texts.filter((t) => matched.has(t)),
    namedNotNow: [...named].filter(([id, kind]) => kind === 'emergency' && !flags.has(id)).map(([id]) => id),
  };
}

/** The flags that need care now (crisis and emergency), leaving out urgent medicine safety and 'see a doctor soon'. */
export function urgentNow(verdict: SafetyVerdict): SafetyFlag[] {
  return verdict.flags.filter((f) => f.kind === 'crisis' || f.kind === 'emergency');
}

/**
 * The flags that send the person to a doctor rather than to a medicine bought to treat it, without an emergency: a
 * doctor today (urgent: a medicine taken that needs its prescriber, an animal bite), or within days (soon).
 */
export function doctorFirst(verdict: SafetyVerdict): SafetyFlag[] {
  return verdict.flags.filter((f) => f.kind === 'urgent' || f.kind === 'soon');
}

/** The text in the reading's language: Hindi for Hindi and Hinglish. */
export function inLanguage(texts: { en: string; hi: string }, language: Language): string {
  return language === 'en' ? texts.en : texts.hi;
}

/**
 * The verdict as the emergency notice the medicine finder and the symptom check return (crisis and emergency flags
 * only), in the reading's language; null when nothing needs care now.
 */
export function noticeOf(verdict: SafetyVerdict): EmergencyNotice | null {
  const now = urgentNow(verdict);
  if (now.length === 0) return null;
  const { language } = verdict;
  const messages = language === 'en' ? { crisis: CRISIS_MESSAGE, emergency: EMERGENCY_MESSAGE } : HINDI.messages;
  const hasCrisis = now.some((f) => f.kind === 'crisis');
  const hasEmergency = now.some((f) => f.kind === 'emergency');
  return {
    message: [hasCrisis ? messages.crisis : '', hasEmergency ? messages.emergency : ''].filter(Boolean).join(' '),
    matched: verdict.matched,
    flags: now.map((f) => ({
      id: f.id,
      label: inLanguage(f.label, language),
      kind: f.kind as 'crisis' | 'emergency',
      advice: inLanguage(f.advice, language),
    })),
  };
}
