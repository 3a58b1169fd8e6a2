import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import crisisHeldOut from '../sets/red-flags/crisis.held-out.json';
import crisisHeldOut2 from '../sets/red-flags/crisis.held-out-2.json';
import crisisHeldOut3 from '../sets/red-flags/crisis.held-out-3.json';
import crisisHeldOut4 from '../sets/red-flags/crisis.held-out-4.json';
import crisisHeldOut5 from '../sets/red-flags/crisis.held-out-5.json';
import crisisHeldOut6 from '../sets/red-flags/crisis.held-out-6.json';
import crisisHeldOut7 from '../sets/red-flags/crisis.held-out-7.json';
import crisisHeldOut8 from '../sets/red-flags/crisis.held-out-8.json';
import crisisHeldOut9 from '../sets/red-flags/crisis.held-out-9.json';
import crisisHeldOut10 from '../sets/red-flags/crisis.held-out-10.json';
import crisisTuning from '../sets/red-flags/crisis.tuning.json';
import ordinaryHeldOut from '../sets/red-flags/ordinary.held-out.json';
import ordinaryHeldOut2 from '../sets/red-flags/ordinary.held-out-2.json';
import ordinaryHeldOut3 from '../sets/red-flags/ordinary.held-out-3.json';
import ordinaryHeldOut4 from '../sets/red-flags/ordinary.held-out-4.json';
import ordinaryHeldOut5 from '../sets/red-flags/ordinary.held-out-5.json';
import ordinaryHeldOut6 from '../sets/red-flags/ordinary.held-out-6.json';
import ordinaryHeldOut7 from '../sets/red-flags/ordinary.held-out-7.json';
import ordinaryHeldOut8 from '../sets/red-flags/ordinary.held-out-8.json';
import ordinaryHeldOut9 from '../sets/red-flags/ordinary.held-out-9.json';
import ordinaryHeldOut10 from '../sets/red-flags/ordinary.held-out-10.json';
import ordinaryTuning from '../sets/red-flags/ordinary.tuning.json';
import poisoningHeldOut from '../sets/red-flags/poisoning.held-out.json';
import poisoningHeldOut2 from '../sets/red-flags/poisoning.held-out-2.json';
import poisoningHeldOut3 from '../sets/red-flags/poisoning.held-out-3.json';
import poisoningHeldOut4 from '../sets/red-flags/poisoning.held-out-4.json';
import poisoningHeldOut5 from '../sets/red-flags/poisoning.held-out-5.json';
import poisoningHeldOut6 from '../sets/red-flags/poisoning.held-out-6.json';
import poisoningHeldOut7 from '../sets/red-flags/poisoning.held-out-7.json';
import poisoningHeldOut8 from '../sets/red-flags/poisoning.held-out-8.json';
import poisoningHeldOut9 from '../sets/red-flags/poisoning.held-out-9.json';
import poisoningHeldOut10 from '../sets/red-flags/poisoning.held-out-10.json';
import poisoningTuning from '../sets/red-flags/poisoning.tuning.json';
import { detectRedFlags } from './red-flags';

/**
 * Recall and precision of the red flags on phrasings written in patients' words. The held-out parts were
 * written before the patterns were tuned and were never used to tune them: they are measured and printed,
 * and a miss there is reported rather than hidden. The tuning parts must be perfect.
 */
const CrisisSetSchema = z.object({
  about: z.string(),
  items: z.array(z.object({ text: z.string().min(1), style: z.enum(['explicit', 'indirect']) })).min(1),
});
const PoisoningSetSchema = z.object({
  about: z.string(),
  items: z.array(z.object({ text: z.string().min(1) })).min(1),
});
const OrdinarySetSchema = z.object({ about: z.string(), items: z.array(z.string().min(1)).min(1) });

/**
 * Ten held-out parts, each written before a tuning round and printed apart: the first before any tuning, the
 * second after the second round, the third after the second part had been measured, the fourth after the third
 * round, and each later one after the round before it. A part's first figures are its honest ones (they are in the commit that
 * added it); later rounds may have learnt from the kinds of wording it missed.
 */
const sets = {
  crisis: {
    tuning: CrisisSetSchema.parse(crisisTuning).items,
    heldOut: CrisisSetSchema.parse(crisisHeldOut).items,
    heldOut2: CrisisSetSchema.parse(crisisHeldOut2).items,
    heldOut3: CrisisSetSchema.parse(crisisHeldOut3).items,
    heldOut4: CrisisSetSchema.parse(crisisHeldOut4).items,
    heldOut5: CrisisSetSchema.parse(crisisHeldOut5).items,
    heldOut6: CrisisSetSchema.parse(crisisHeldOut6).items,
    heldOut7: CrisisSetSchema.parse(crisisHeldOut7).items,
    heldOut8: CrisisSetSchema.parse(crisisHeldOut8).items,
    heldOut9: CrisisSetSchema.parse(crisisHeldOut9).items,
    heldOut10: CrisisSetSchema.parse(crisisHeldOut10).items,
  },
  poisoning: {
    tuning: PoisoningSetSchema.parse(poisoningTuning).items,
    heldOut: PoisoningSetSchema.parse(poisoningHeldOut).items,
    heldOut2: PoisoningSetSchema.parse(poisoningHeldOut2).items,
    heldOut3: PoisoningSetSchema.parse(poisoningHeldOut3).items,
    heldOut4: PoisoningSetSchema.parse(poisoningHeldOut4).items,
    heldOut5: PoisoningSetSchema.parse(poisoningHeldOut5).items,
    heldOut6: PoisoningSetSchema.parse(poisoningHeldOut6).items,
    heldOut7: PoisoningSetSchema.parse(poisoningHeldOut7).items,
    heldOut8: PoisoningSetSchema.parse(poisoningHeldOut8).items,
    heldOut9: PoisoningSetSchema.parse(poisoningHeldOut9).items,
    heldOut10: PoisoningSetSchema.parse(poisoningHeldOut10).items,
  },
  ordinary: {
    tuning: OrdinarySetSchema.parse(ordinaryTuning).items,
    heldOut: OrdinarySetSchema.parse(ordinaryHeldOut).items,
    heldOut2: OrdinarySetSchema.parse(ordinaryHeldOut2).items,
    heldOut3: OrdinarySetSchema.parse(ordinaryHeldOut3).items,
    heldOut4: OrdinarySetSchema.parse(ordinaryHeldOut4).items,
    heldOut5: OrdinarySetSchema.parse(ordinaryHeldOut5).items,
    heldOut6: OrdinarySetSchema.parse(ordinaryHeldOut6).items,
    heldOut7: OrdinarySetSchema.parse(ordinaryHeldOut7).items,
    heldOut8: OrdinarySetSchema.parse(ordinaryHeldOut8).items,
    heldOut9: OrdinarySetSchema.parse(ordinaryHeldOut9).items,
    heldOut10: OrdinarySetSchema.parse(ordinaryHeldOut10).items,
  },
};
type Part =
  | 'tuning'
  | 'heldOut'
  | 'heldOut2'
  | 'heldOut3'
  | 'heldOut4'
  | 'heldOut5'
  | 'heldOut6'
  | 'heldOut7'
  | 'heldOut8'
  | 'heldOut9'
  | 'heldOut10';

const isCrisis = (text: string) => detectRedFlags(text).some((m) => m.flag.kind === 'crisis');
const isPoisoning = (text: string) => detectRedFlags(text).some((m) => m.flag.id === 'poisoning');
const isAnyFlag = (text: string) => detectRedFlags(text).length > 0;

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} % (${n}/${d})`;

function measure(part: Part) {
  const crisis = sets.crisis[part];
  const indirect = crisis.filter((c) => c.style === 'indirect');
  const poisoning = sets.poisoning[part];
  const ordinary = sets.ordinary[part];
  const crisisMissed = crisis.filter((c) => !isCrisis(c.text)).map((c) => c.text);
  const poisoningMissed = poisoning.filter((p) => !isPoisoning(p.text)).map((p) => p.text);
  const crisisFalse = ordinary.filter(isCrisis);
  const anyFlag = ordinary.filter(isAnyFlag);
  const crisisFound = crisis.length - crisisMissed.length;
  return {
    lines: [
      `${part}: crisis recall ${pct(crisisFound, crisis.length)}, indirect ${pct(indirect.filter((c) => isCrisis(c.text)).length, indirect.length)}`,
      `${part}: poisoning/overdose recall ${pct(poisoning.length - poisoningMissed.length, poisoning.length)}`,
      `${part}: crisis precision ${pct(crisisFound, crisisFound + crisisFalse.length)}; ordinary questions given the crisis reply ${pct(crisisFalse.length, ordinary.length)}; given any red-flag notice ${pct(anyFlag.length, ordinary.length)}`,
    ],
    crisisMissed,
    poisoningMissed,
    crisisFalse,
    anyFlag,
  };
}

describe('red flags on patients’ words', () => {
  it('has sets of the promised size: ≥60 crisis (half indirect), ≥20 poisoning, ≥200 ordinary, a fifth held out', () => {
    const all = <T>(s: Record<Part, T[]>) => [
      ...s.tuning,
      ...s.heldOut,
      ...s.heldOut2,
      ...s.heldOut3,
      ...s.heldOut4,
      ...s.heldOut5,
      ...s.heldOut6,
      ...s.heldOut7,
      ...s.heldOut8,
      ...s.heldOut9,
      ...s.heldOut10,
    ];
    expect(all(sets.crisis).length).toBeGreaterThanOrEqual(60);
    expect(all(sets.crisis).filter((c) => c.style === 'indirect').length * 2).toBeGreaterThanOrEqual(
      all(sets.crisis).length,
    );
    expect(all(sets.poisoning).length).toBeGreaterThanOrEqual(20);
    expect(all(sets.ordinary).length).toBeGreaterThanOrEqual(200);
    for (const s of [sets.crisis, sets.poisoning, sets.ordinary]) {
      const heldOut =
        s.heldOut.length +
        s.heldOut2.length +
        s.heldOut3.length +
        s.heldOut4.length +
        s.heldOut5.length +
        s.heldOut6.length +
        s.heldOut7.length +
        s.heldOut8.length +
        s.heldOut9.length +
        s.heldOut10.length;
      expect(heldOut / (heldOut + s.tuning.length)).toBeGreaterThanOrEqual(0.2);
    }
  });

  it('tuning part: every crisis and poisoning phrasing is caught, no ordinary question gets the crisis reply', () => {
    const m = measure('tuning');
    console.info(m.lines.join('\n'));
    expect(m.crisisMissed).toEqual([]);
    expect(m.poisoningMissed).toEqual([]);
    expect(m.crisisFalse).toEqual([]);
  });

  it.each([
    'heldOut',
    'heldOut2',
    'heldOut3',
    'heldOut4',
    'heldOut5',
    'heldOut6',
    'heldOut7',
    'heldOut8',
    'heldOut9',
    'heldOut10',
  ] as const)('%s part: figures printed; an ordinary question given the crisis reply still fails', (part) => {
    const m = measure(part);
    console.info(
      [
        ...m.lines,
        `${part} crisis missed: ${JSON.stringify(m.crisisMissed)}`,
        `${part} poisoning missed: ${JSON.stringify(m.poisoningMissed)}`,
      ].join('\n'),
    );
    expect(m.crisisFalse).toEqual([]);
  });
});
