import {
  CRISIS_MESSAGE,
  EMERGENCY_MESSAGE,
  helplineLine,
  helplinesFor,
  linesFor,
  listeningAnswer,
  telLink,
  type ChatSource,
} from '@medibuddy/contracts';
import { loadSafetyTexts, type Phone } from '../content/reading/safety-texts';
import type { Language } from './read';
import { HINDI, inLanguage, urgentNow, type SafetyFlag, type SafetyVerdict, type Source } from './safety';

/**
 * The words of the safety check's verdict, in the language the person wrote in: the reply to a crisis, an
 * emergency or poisoning (who to call in their country, then the advice for each sign), the urgent medicine
 * safety reply, the signs that need a doctor within days, and the crisis line that goes before an ordinary answer.
 * Never a dose, a quantity or a tablet count: the texts hold none (a test checks every language).
 */

/** content/reading/safety-texts.json, checked when this module loads: Hindi has the same words and its own extras. */
const TEXTS = loadSafetyTexts();

const isHindi = (language: Language) => language !== 'en';
const nameOf = (phone: Phone, language: Language) =>
  isHindi(language) ? (TEXTS.hi.names[phone.dial] ?? phone.name) : phone.name;
const call = (phone: Phone, language: Language) =>
  `- **${nameOf(phone, language)}:** ${telLink(phone.number, phone.dial)}`;

export function chatSources(sources: readonly Source[]): ChatSource[] {
  return [...new Map(sources.map((s) => [s.url, s])).values()].map((s) => ({
    title: s.title,
    url: s.url,
    publisher: s.publisher,
    credit: null,
  }));
}

/** "No reliable source" in Hindi, for a Hindi or Hinglish message the English answers could not place. */
export const HINDI_ABSTAIN = TEXTS.hi.abstain;

/** The note before an answer that exists only in English, for a person who wrote in Hindi or Hinglish. */
export function englishOnlyNote(language: Language): string {
  return isHindi(language) ? `*${TEXTS.hi.englishOnly}*\n\n` : '';
}

/** The reply to a verdict with flags: see the module's comment. */
export function safetyReply(verdict: SafetyVerdict, country?: string | null): { text: string; sources: ChatSource[] } {
  const { language } = verdict;
  const texts = isHindi(language) ? TEXTS.hi : TEXTS.en;
  const now = urgentNow(verdict);
  const urgent = verdict.flags.filter((f) => f.kind === 'urgent');
  const soon = verdict.flags.filter((f) => f.kind === 'soon');
  const line = (f: SafetyFlag) => `- **${inLanguage(f.label, language)}:** ${inLanguage(f.advice, language)}`;
  const hasCrisis = now.some((f) => f.kind === 'crisis');
  const helplines = helplinesFor(country);
  const uses = [...new Set(now.flatMap((f) => f.helplines))];
  const lines = linesFor(helplines, uses);
  const cited: Source[] = [];
  const out: string[] = [];

  if (now.length > 0) {
    const message = isHindi(language) ? HINDI.messages : { crisis: CRISIS_MESSAGE, emergency: EMERGENCY_MESSAGE };
    const hasEmergency = now.some((f) => f.kind === 'emergency');
    const headline = [hasCrisis ? message.crisis : '', hasEmergency ? message.emergency : ''].filter(Boolean).join(' ');
    const country = isHindi(language) ? (TEXTS.hi.countries[helplines.country] ?? helplines.name) : helplines.name;
    const where = helplines.country === 'default' ? '' : ` (${country})`;
    out.push(`**${headline}**`, '');
    if (verdict.someoneElse && hasCrisis) out.push(texts.someoneElse, '');
    out.push(`**${texts.whoToCall}${where}:**`);
    const crisisLines = lines.filter((l) => l.use === 'crisis');
    const poisonLines = lines.filter((l) => l.use === 'poison');
    out.push(...crisisLines.map((l) => call(l, language)), call(helplines.emergency, language));
    if (helplines.ambulance && hasEmergency) out.push(call(helplines.ambulance, language));
    out.push(...poisonLines.map((l) => call(l, language)));
    cited.push(...crisisLines.map((l) => l.source), helplines.emergency.source, ...poisonLines.map((l) => l.source));
    if (helplines.ambulance && hasEmergency) cited.push(helplines.ambulance.source);
    if (uses.includes('poison')) {
      const advice = isHindi(language)
        ? helplines.country === 'IN'
          ? TEXTS.hi.poisonAdvice
          : TEXTS.hi.poisonAdviceOther
        : helplines.poisonAdvice;
      out.push('', advice);
    }
    if (verdict.someoneElse && hasCrisis) {
      const youth = TEXTS.youthLines[helplines.country] ?? [];
      if (youth.length > 0) out.push('', `**${texts.youthLines}:**`, ...youth.map((p) => call(p, language)));
      cited.push(...youth.map((p) => p.source));
    }
    // The crisis flag's advice is the crisis message itself; it is not repeated below it.
    const advice = now.filter((f) => f.kind !== 'crisis').map(line);
    if (advice.length > 0) out.push('', ...advice);
    cited.push(...now.flatMap((f) => f.sources));
  }
  // A doctor today, then within days: each under its heading.
  for (const [flags, heading] of [
    [urgent, texts.urgentHeading],
    [soon, texts.soonHeading],
  ] as const) {
    if (flags.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(`**${heading}:**`, ...flags.map(line));
    cited.push(...flags.flatMap((f) => f.sources));
  }
  return { text: out.join('\n'), sources: chatSources(cited) };
}

/** The crisis lines of the person's country, as one line before an ordinary answer, in their language. */
export function crisisLine(language: Language, country?: string | null): { text: string; sources: ChatSource[] } {
  const helplines = helplinesFor(country);
  if (!isHindi(language)) {
    const { text, sources } = helplineLine(helplines);
    return { text: `**${text}**\n\n`, sources: chatSources(sources) };
  }
  const crisis = linesFor(helplines, ['crisis']);
  const phones: Phone[] = crisis.length > 0 ? crisis : [helplines.emergency];
  const links = phones.map((p) => `${nameOf(p, language)} ${telLink(p.number, p.dial)}`);
  const joined = links.length > 1 ? `${links.slice(0, -1).join(', ')} या ${links.at(-1)}` : links[0]!;
  return {
    text: `**${HINDI.distress.line.replace('{lines}', joined)}**\n\n`,
    sources: chatSources(phones.map((p) => p.source)),
  };
}

/**
 * Words that listen, after the crisis line, when the message asks nothing a source answers, or asks how much of a
 * medicine (`askedAmount`: then no amount follows, only who can tell a safe dose).
 */
export function listening(
  language: Language,
  country?: string | null,
  askedAmount = false,
): { text: string; sources: ChatSource[] } {
  const helplines = helplinesFor(country);
  const { text, sources } = listeningAnswer(helplines);
  const { emergency } = helplines;
  const words = isHindi(language)
    ? HINDI.distress.listen.replace('{emergency}', telLink(emergency.number, emergency.dial))
    : text;
  const dose = askedAmount ? `\n\n${(isHindi(language) ? TEXTS.hi : TEXTS.en).doseElsewhere}` : '';
  return { text: words + dose, sources: chatSources(sources) };
}
