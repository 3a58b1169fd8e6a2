import {
  mostUrgentTimeframe,
  TIMEFRAME_HEADING,
  type Finding,
  type NextStep,
  type Timeframe,
} from '@medibuddy/contracts';
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

const list = (findings: readonly Finding[]) => findings.map((f) => f.title.toLowerCase()).join('; ');

export function bloodTestNextStepOf(findings: readonly Finding[], guidelines: Guidelines = GUIDELINES): NextStep {
  const worth = findings.filter((f) => f.severity !== 'info');
  const timeframe = mostUrgentTimeframe(worth.map((f) => bloodTestTimeframeOf(f, guidelines)));
  const lead = worth.filter((f) => bloodTestTimeframeOf(f, guidelines) === timeframe);
  const heading = TIMEFRAME_HEADING[timeframe];
  if (worth.length === 0) {
    return {
      timeframe,
      heading,
      text: 'No value needs a doctor soon. Keep to your usual check-ups, and show these results at the next one.',
    };
  }
  if (timeframe === 'today') {
    return {
      timeframe,
      heading,
      text: `Contact a doctor today about: ${list(lead)}. Each of these findings below says when to call emergency services instead.`,
    };
  }
  if (timeframe === 'days') return { timeframe, heading, text: `See a doctor within days about: ${list(lead)}.` };
  return { timeframe, heading, text: `Discuss these results at a routine appointment: ${list(worth)}.` };
}
