import { mostUrgentTimeframe, type Finding, type Language, type NextStep, type Timeframe } from '@medibuddy/contracts';
import { say } from '../../../locales/result-texts';
import { timeframeHeadingIn } from '../scores/scores';
import { GUIDELINES, type Guidelines } from './guidelines';

/**
 * The blood test's rules (rules/blood-test.ts) grade each finding info, attention or urgent. Its timeframe is
 * today for urgent and routine otherwise, unless guidelines.json names another for that finding (a fasting glucose
 * in the diabetes range: within days).
 */
export function bloodTestTimeframeOf(
  finding: Pick<Finding, 'id' | 'severity'>,
  guidelines: Guidelines = GUIDELINES,
): Timeframe {
  return guidelines.bloodTestTimeframes[finding.id] ?? (finding.severity === 'urgent' ? 'today' : 'routine');
}

/** The findings' titles inside a sentence: lower case in English, as they are in Hindi. */
const list = (findings: readonly Finding[], language: Language) =>
  findings.map((f) => (language === 'en' ? f.title.toLowerCase() : f.title)).join('; ');

export function bloodTestNextStepOf(
  findings: readonly Finding[],
  guidelines: Guidelines = GUIDELINES,
  language: Language = 'en',
): NextStep {
  const worth = findings.filter((f) => f.severity !== 'info');
  const timeframe = mostUrgentTimeframe(worth.map((f) => bloodTestTimeframeOf(f, guidelines)));
  const lead = worth.filter((f) => bloodTestTimeframeOf(f, guidelines) === timeframe);
  const heading = timeframeHeadingIn(language, timeframe);
  if (worth.length === 0) return { timeframe, heading, text: say(language, 'blood.step.none') };
  if (timeframe === 'today' || timeframe === 'days')
    return { timeframe, heading, text: say(language, `blood.step.${timeframe}`, { findings: list(lead, language) }) };
  return { timeframe, heading, text: say(language, 'blood.step.routine', { findings: list(worth, language) }) };
}
