import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import crisisHeldOut from '../sets/distress/crisis.held-out.json';
import crisisHeldOut2 from '../sets/distress/crisis.held-out-2.json';
import crisisHeldOut3 from '../sets/distress/crisis.held-out-3.json';
import crisisHeldOut4 from '../sets/distress/crisis.held-out-4.json';
import crisisHeldOut5 from '../sets/distress/crisis.held-out-5.json';
import crisisHeldOut6 from '../sets/distress/crisis.held-out-6.json';
import crisisHeldOut7 from '../sets/distress/crisis.held-out-7.json';
import crisisTuning from '../sets/distress/crisis.tuning.json';
import ordinaryHeldOut from '../sets/distress/ordinary.held-out.json';
import ordinaryHeldOut2 from '../sets/distress/ordinary.held-out-2.json';
import ordinaryHeldOut3 from '../sets/distress/ordinary.held-out-3.json';
import ordinaryHeldOut4 from '../sets/distress/ordinary.held-out-4.json';
import ordinaryHeldOut5 from '../sets/distress/ordinary.held-out-5.json';
import ordinaryHeldOut6 from '../sets/distress/ordinary.held-out-6.json';
import ordinaryHeldOut7 from '../sets/distress/ordinary.held-out-7.json';
import ordinaryTuning from '../sets/distress/ordinary.tuning.json';
import { detectDistress, helplineLine, needsHelplineLine } from './distress';
import { helplinesFor } from './helplines';
import { detectRedFlags } from './red-flags';

/**
 * The distress safety net on patients' words. What matters is the miss: a crisis phrasing that gets neither the
 * crisis reply nor the helpline line. The tuning part must have no miss and at most 10 % ordinary questions with
 * the line. Each held-out part was written before the round it measures and is only printed; a part's honest figures
 * are its FIRST measurement (in the commit that added it to this test), before later rounds were seen to learn from it:
 *   part 1 (before any tuning):     neither 2.3 % (1/44), ordinary with the line 3.6 % (4/110)
 *   part 2 (after round 1):         neither 42.5 % (17/40), ordinary with the line 3.3 % (2/60)
 *   part 3 (after round 1):         neither 57.5 % (23/40), ordinary with the line 0 % (0/60)
 *   part 4 (after round 2):         neither 42.5 % (17/40), ordinary with the line 1.7 % (1/60)
 *   part 5 (after round 3):         neither 52.5 % (21/40), ordinary with the line 3.3 % (2/60)
 *   part 6 (after round 4):         neither 45.0 % (18/40), ordinary with the line 3.3 % (2/60)
 *   part 7 (after round 5, as now): neither 57.5 % (23/40), ordinary with the line 1.7 % (1/60)
 * Part 1 was written by the same hand just before the groups, so its figure flatters them. Word patterns do not
 * reach unseen wording: the chat page therefore also shows the crisis lines under the chat box at all times.
 */
const CrisisSetSchema = z.object({
  about: z.string(),
  items: z.array(z.object({ text: z.string().min(1), style: z.enum(['explicit', 'indirect']) })).min(1),
});
const OrdinarySetSchema = z.object({ about: z.string(), items: z.array(z.string().min(1)).min(1) });

const sets = {
  tuning: {
    crisis: CrisisSetSchema.parse(crisisTuning).items,
    ordinary: OrdinarySetSchema.parse(ordinaryTuning).items,
  },
  heldOut: {
    crisis: CrisisSetSchema.parse(crisisHeldOut).items,
    ordinary: OrdinarySetSchema.parse(ordinaryHeldOut).items,
  },
  heldOut2: {
    crisis: CrisisSetSchema.parse(crisisHeldOut2).items,
    ordinary: OrdinarySetSchema.parse(ordinaryHeldOut2).items,
  },
  heldOut3: {
    crisis: CrisisSetSchema.parse(crisisHeldOut3).items,
    ordinary: OrdinarySetSchema.parse(ordinaryHeldOut3).items,
  },
  heldOut4: {
    crisis: CrisisSetSchema.parse(crisisHeldOut4).items,
    ordinary: OrdinarySetSchema.parse(ordinaryHeldOut4).items,
  },
  heldOut5: {
    crisis: CrisisSetSchema.parse(crisisHeldOut5).items,
    ordinary: OrdinarySetSchema.parse(ordinaryHeldOut5).items,
  },
  heldOut6: {
    crisis: CrisisSetSchema.parse(crisisHeldOut6).items,
    ordinary: OrdinarySetSchema.parse(ordinaryHeldOut6).items,
  },
  heldOut7: {
    crisis: CrisisSetSchema.parse(crisisHeldOut7).items,
    ordinary: OrdinarySetSchema.parse(ordinaryHeldOut7).items,
  },
};

const isCrisisReply = (text: string) => detectRedFlags(text).some((m) => m.flag.kind === 'crisis');
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} % (${n}/${d})`;

function measure(part: keyof typeof sets) {
  const { crisis, ordinary } = sets[part];
  const reply = crisis.filter((c) => isCrisisReply(c.text));
  const line = crisis.filter((c) => needsHelplineLine(c.text));
  const missed = crisis.filter((c) => !isCrisisReply(c.text) && !needsHelplineLine(c.text));
  const indirectMissed = missed.filter((c) => c.style === 'indirect').length;
  const ordinaryLine = ordinary.filter(needsHelplineLine);
  const ordinaryCrisis = ordinary.filter(isCrisisReply);
  return {
    lines: [
      `${part}: crisis phrasings: crisis reply ${pct(reply.length, crisis.length)}, helpline line ${pct(line.length, crisis.length)}, NEITHER (missed) ${pct(missed.length, crisis.length)} (indirect missed ${indirectMissed})`,
      `${part}: ordinary questions: with the helpline line ${pct(ordinaryLine.length, ordinary.length)}, with the crisis reply ${pct(ordinaryCrisis.length, ordinary.length)}`,
      `${part}: missed: ${JSON.stringify(missed.map((c) => c.text))}`,
      `${part}: ordinary with the line: ${JSON.stringify(ordinaryLine)}`,
    ],
    missed: missed.map((c) => c.text),
    ordinaryLine,
    ordinary,
  };
}

describe('distress safety net on patients’ words', () => {
  it('has a held-out part of ≥40 crisis phrasings (half indirect) and ≥100 ordinary questions', () => {
    const { crisis, ordinary } = sets.heldOut;
    expect(crisis.length).toBeGreaterThanOrEqual(40);
    expect(crisis.filter((c) => c.style === 'indirect').length * 2).toBeGreaterThanOrEqual(crisis.length);
    expect(ordinary.length).toBeGreaterThanOrEqual(100);
  });

  it('tuning part: no crisis phrasing gets neither reply nor line; at most 10 % of ordinary questions carry the line', () => {
    const m = measure('tuning');
    console.info(m.lines.join('\n'));
    expect(m.missed).toEqual([]);
    expect(m.ordinaryLine.length / m.ordinary.length).toBeLessThanOrEqual(0.1);
  });

  it.each(['heldOut', 'heldOut2', 'heldOut3', 'heldOut4', 'heldOut5', 'heldOut6', 'heldOut7'] as const)(
    '%s part: figures printed, not tuned on',
    (part) => {
      console.info(measure(part).lines.join('\n'));
    },
  );

  it('plain physical wording never carries the line', () => {
    for (const text of [
      'how do i end a migraine',
      'my knee is killing me',
      'when does the flu end',
      'tired all the time, could it be anaemia',
    ])
      expect(detectDistress(text), text).toEqual([]);
  });

  it('the line names the country’s crisis lines as tel: links, or the emergency number where it has none', () => {
    expect(helplineLine(helplinesFor('IN')).text).toMatch(
      /\[14416\]\(tel:14416\).*\[1-800-891-4416\]\(tel:18008914416\) now, any time/,
    );
    expect(helplineLine(helplinesFor('US')).text).toContain('[988](tel:988)');
    expect(helplineLine(helplinesFor('GB')).text).toContain('[116 123](tel:116123)');
    const fallback = helplineLine(helplinesFor('FR'));
    expect(fallback.text).toContain('your local emergency number [112](tel:112)');
    expect(fallback.sources.length).toBeGreaterThan(0);
  });
});
