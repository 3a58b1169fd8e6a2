import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import emergencyHeldOut from '../sets/red-flags/emergency.held-out.json';
import emergencyHeldOut2 from '../sets/red-flags/emergency.held-out-2.json';
import emergencyTuning from '../sets/red-flags/emergency.tuning.json';
import notEmergencyHeldOut from '../sets/red-flags/not-emergency.held-out.json';
import notEmergencyHeldOut2 from '../sets/red-flags/not-emergency.held-out-2.json';
import notEmergencyTuning from '../sets/red-flags/not-emergency.tuning.json';
import { detectRedFlags } from './red-flags';

/**
 * Physical emergencies (stroke, heart attack, anaphylaxis, a feverish young baby, sepsis, DKA, head injury, …) in
 * patients' words. The held-out part was written and committed, with its first figures (9/40), before the
 * emergency patterns were broadened, and was never used to tune them: it is measured and printed, a miss is
 * reported. The tuning part must be perfect. The "not emergency" parts are general questions using the same
 * words; the red-flag list may still raise a flag on them (it matches words, on purpose), and the chat answers
 * those with the emergency number first (server/src/modules/chat/general-question.ts): their count is printed.
 */
const EmergencySetSchema = z.object({
  about: z.string(),
  items: z.array(z.object({ text: z.string().min(1), flag: z.string().min(1) })).min(1),
});
const OrdinarySetSchema = z.object({ about: z.string(), items: z.array(z.string().min(1)).min(1) });

const isEmergency = (text: string) => detectRedFlags(text).some((m) => m.flag.kind === 'emergency');
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} % (${n}/${d})`;

function measure(name: string, emergencies: { text: string }[], ordinary: string[]) {
  const missed = emergencies.filter((e) => !isEmergency(e.text)).map((e) => e.text);
  const flagged = ordinary.filter(isEmergency);
  console.info(
    `${name}: emergency recall ${pct(emergencies.length - missed.length, emergencies.length)}; general questions with an emergency flag ${pct(flagged.length, ordinary.length)}\n${name} missed: ${JSON.stringify(missed)}`,
  );
  return { missed, flagged };
}

/**
 * Held-out part 2: written and committed blind (before its first measurement, without reading any pattern or
 * earlier set). Its suicidal-intent items count as recognised by a crisis flag, the others by an emergency flag.
 * Its first, honest measurement was 54/60 recognised and 9/40 ordinary questions flagged. The patterns were then
 * widened for the kinds of wording its six misses showed (a chest "like an elephant sitting on it", "can't catch
 * breath", a stiff neck with vomiting, "hard to wake", a baby that stopped moving, "can't see out of one eye") and
 * past events were kept out ("a stroke last year"), so its later figures are no longer an unseen estimate. The bars
 * are the first measurement: they may improve, never get worse.
 */
const HELD_OUT_2_MIN_RECALL = 54; // of 60, first measured 2026-11-25
const HELD_OUT_2_MAX_FLAGGED = 9; // of 40, first measured 2026-11-25

describe('physical emergencies in patients’ words', () => {
  const tuning = EmergencySetSchema.parse(emergencyTuning).items;
  const heldOut = EmergencySetSchema.parse(emergencyHeldOut).items;

  it('tuning part: every emergency is recognised', () => {
    const m = measure('tuning', tuning, OrdinarySetSchema.parse(notEmergencyTuning).items);
    expect(m.missed).toEqual([]);
  });

  it('held-out part: figures printed; at least 80 % recognised', () => {
    const m = measure('held-out', heldOut, OrdinarySetSchema.parse(notEmergencyHeldOut).items);
    expect(heldOut.length - m.missed.length).toBeGreaterThanOrEqual(Math.ceil(0.8 * heldOut.length));
  });

  it('covers every kind of emergency it names in both parts', () => {
    const kinds = (items: { flag: string }[]) => new Set(items.map((i) => i.flag));
    for (const k of kinds(heldOut)) expect(kinds(tuning)).toContain(k);
  });

  it('held-out part 2: figures printed; no worse than its first measurement', () => {
    const items = EmergencySetSchema.parse(emergencyHeldOut2).items;
    const ordinary = OrdinarySetSchema.parse(notEmergencyHeldOut2).items;
    const recognised = (e: { text: string; flag: string }) =>
      detectRedFlags(e.text).some((m) => m.flag.kind === (e.flag === 'suicidal intent' ? 'crisis' : 'emergency'));
    const missed = items.filter((e) => !recognised(e));
    const flagged = ordinary.filter((t) => detectRedFlags(t).length > 0);
    console.info(
      `held-out-2: recall ${pct(items.length - missed.length, items.length)}; ordinary questions with a red flag ${pct(flagged.length, ordinary.length)}\nheld-out-2 missed: ${JSON.stringify(missed)}\nheld-out-2 flagged: ${JSON.stringify(flagged)}`,
    );
    expect(items.length - missed.length).toBeGreaterThanOrEqual(HELD_OUT_2_MIN_RECALL);
    expect(flagged.length).toBeLessThanOrEqual(HELD_OUT_2_MAX_FLAGGED);
  });
});
