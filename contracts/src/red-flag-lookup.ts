import redFlagData from './content/red-flags.json';
import { HELPLINE_USES, type HelplineUse } from './helpline-lookup';

/**
 * Red-flag symptoms: signs that need emergency care, not a medicine, a form result or a chat answer.
 * ONE list for the whole product (medicines, chatbot, forms), so a symptom cannot be an emergency on one
 * page and a shopping list on another. Written from public first-aid guidance (NHS "When to call 999",
 * MedlinePlus "Recognizing medical emergencies", the FAST stroke signs); it is deliberately cautious: a
 * false alarm costs a phone call, a missed one can cost a life. The flags, their patterns and sources are data
 * (content/red-flags.json).
 *
 * This module has no zod: the web app checks symptoms in the browser with it, and loads the contracts' schemas only
 * when a form is used (decision 014). The data is checked against RedFlagDataSchema (red-flags.ts) by the
 * contracts' tests and by every server start; the types below are the schema's (red-flags.ts fails typecheck
 * otherwise).
 *
 * Patterns are matched against lower-cased text with underscores read as spaces (dataset symptom names such
 * as "chest_pain" are caught too). Negations ("no chest pain") are not understood, on purpose: the notice
 * is shown anyway, because guessing wrong in the other direction is the dangerous mistake.
 */

export type RedFlagKind = 'emergency' | 'crisis';
export type { HelplineUse };

export type RedFlagSource = { title: string; publisher: string; url: string };

/** A flag as written in the data file (RedFlagEntrySchema). */
export type RedFlagEntry = {
  id: string;
  /** Plain words, shown to the user: "Chest pain". */
  label: string;
  kind: RedFlagKind;
  /** What to do, for this sign. */
  advice: string;
  /** Any one matches a single text. */
  patterns: string[];
  /**
   * Signs that are an emergency together but not alone (a stiff neck with a high fever): each group needs a
   * match in at least one of the texts.
   */
  together?: string[][] | undefined;
  /** Which helplines a flag calls for beside the local emergency number (see helplines.ts). */
  helplines?: HelplineUse[] | undefined;
  sources: RedFlagSource[];
};

/** The data file (RedFlagDataSchema). */
export type RedFlagData = {
  about: string;
  messages: { emergency: string; crisis: string };
  flags: RedFlagEntry[];
};

const data = redFlagData as RedFlagData;

export const EMERGENCY_MESSAGE = data.messages.emergency;
export const CRISIS_MESSAGE = data.messages.crisis;

export type RedFlag = Omit<RedFlagEntry, 'patterns' | 'together'> & {
  patterns: RegExp[];
  together?: RegExp[][];
};

export const RED_FLAGS: RedFlag[] = data.flags.map((flag) => ({
  ...flag,
  patterns: flag.patterns.map((p) => new RegExp(p)),
  together: flag.together?.map((group) => group.map((p) => new RegExp(p))),
}));

export type RedFlagMatch = {
  flag: Pick<RedFlag, 'id' | 'label' | 'kind' | 'advice'>;
  /** The input texts (as given) that raised it. */
  texts: string[];
};

export function normaliseForRedFlags(text: string): string {
  return text.toLowerCase().replaceAll('_', ' ').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}

/**
 * The red flags raised by a text or a list of texts (a chat message, a form's symptoms, the medicine
 * search's symptoms). Each flag is reported once, with the texts that raised it, in the order of RED_FLAGS.
 */
export function detectRedFlags(input: string | readonly string[]): RedFlagMatch[] {
  const texts = (typeof input === 'string' ? [input] : [...input]).filter((t) => t.trim() !== '');
  const normalised = texts.map(normaliseForRedFlags);
  const matches: RedFlagMatch[] = [];
  for (const flag of RED_FLAGS) {
    const hit = new Set<number>();
    normalised.forEach((text, i) => {
      if (flag.patterns.some((p) => p.test(text))) hit.add(i);
    });
    if (flag.together) {
      const groupHits = flag.together.map((group) =>
        normalised.flatMap((text, i) => (group.some((p) => p.test(text)) ? [i] : [])),
      );
      if (groupHits.every((h) => h.length > 0)) for (const h of groupHits) for (const i of h) hit.add(i);
    }
    if (hit.size > 0) {
      const { id, label, kind, advice } = flag;
      matches.push({
        flag: { id, label, kind, advice },
        texts: [...hit].sort((a, b) => a - b).map((i) => texts[i] as string),
      });
    }
  }
  return matches;
}

export type EmergencyNotice = {
  /** The one sentence to show first: the crisis message when self-harm is among the flags. */
  message: string;
  /** The user's texts that raised a flag, in their order. */
  matched: string[];
  flags: { id: string; label: string; kind: RedFlagKind; advice: string }[];
};

/** What to show instead of medicines (or a model's answer): null when nothing is a red flag. */
export function emergencyNoticeFor(input: string | readonly string[]): EmergencyNotice | null {
  const matches = detectRedFlags(input);
  if (matches.length === 0) return null;
  const texts = typeof input === 'string' ? [input] : [...input];
  const raised = new Set(matches.flatMap((m) => m.texts));
  const hasCrisis = matches.some((m) => m.flag.kind === 'crisis');
  const hasEmergency = matches.some((m) => m.flag.kind === 'emergency');
  const message =
    hasCrisis && hasEmergency
      ? `${CRISIS_MESSAGE} ${EMERGENCY_MESSAGE}`
      : hasCrisis
        ? CRISIS_MESSAGE
        : EMERGENCY_MESSAGE;
  return {
    message,
    matched: texts.filter((t) => raised.has(t)),
    flags: matches.map((m) => m.flag),
  };
}

/** The helplines a notice calls for beside the local emergency number: a crisis line, a poison centre. */
export function helplineUsesOf(flags: readonly { id: string }[]): HelplineUse[] {
  const uses = new Set<HelplineUse>();
  for (const { id } of flags) for (const use of RED_FLAGS.find((f) => f.id === id)?.helplines ?? []) uses.add(use);
  return HELPLINE_USES.filter((use) => uses.has(use));
}
