import type { ChatSource } from '@medibuddy/contracts';
import type { Measure, ReferenceValues, ReferenceValuesHindi } from '../../content/reference-values';
import { round, sourceOfReference, type ValueReading } from './interpret-value';

/**
 * A value reading said in Hindi (decision 025), for a question asked in Hindi or Hinglish: the same bands, advice
 * and sources as the English answer (interpret-value.ts), in the words of reference-values.hi.json.
 */

const NOW = '**इस पर अभी ध्यान देने की ज़रूरत है।**';
const SEE_DOCTOR =
  'यह सामान्य जानकारी है, निदान (डायग्नोसिस) नहीं: एक रीडिंग से किसी बीमारी का पता नहीं चलता, इसलिए डॉक्टर से पूछें कि आपके लिए इसका क्या मतलब है।';
const TIMING = { fasting: 'अगर यह खाली पेट की रीडिंग थी', after: 'अगर यह ग्लूकोज़ ड्रिंक या खाने के 2 घंटे बाद की रीडिंग थी' };
const SEX = { male: 'पुरुष के लिए', female: 'महिला के लिए' };

function contextOf(parts: NonNullable<ValueReading['readings'][number]['parts']>): string | null {
  const said = [
    parts.timing ? TIMING[parts.timing] : null,
    parts.unit ? `अगर यह ${parts.unit} में है` : null,
    parts.sex ? SEX[parts.sex] : null,
  ].filter((c) => c !== null);
  return said.length > 0 ? said.join(', ') : null;
}

export function valueAnswerHindi(
  values: ReferenceValues,
  hindi: ReferenceValuesHindi,
  reading: ValueReading,
): { pieces: string[]; sources: ChatSource[] } {
  const { measure } = reading;
  const hi = hindi.measures[measure.id]!;
  const shown =
    measure.kind === 'pair'
      ? `${reading.value[0]}/${reading.value[1]} ${measure.unit}`
      : `${round(reading.value[0] as number)} ${measure.unit}`.trim();
  const pieces: string[] = [];
  if (reading.timeframe === 'now') pieces.push(`${NOW}\n\n`);
  if (reading.unitRead) {
    const { raw, units } = reading.unitRead;
    pieces.push(
      units.length > 1
        ? `आपने यूनिट नहीं लिखी, इसलिए मैंने ${raw} को ${units.join(' और ')} दोनों तरह पढ़ा: आपकी रिपोर्ट पर छपी यूनिट बताएगी कि कौन-सा सही है।\n\n`
        : `मैंने ${raw} को ${units[0]} में पढ़ा।\n\n`,
    );
  }
  if (reading.readings.length === 1) {
    const { band } = reading.readings[0]!;
    const b = hi.bands[band.id]!;
    pieces.push(`${hi.name}: ${shown} — **${b.label}**।\n\n`, `${b.advice}\n\n`);
  } else {
    pieces.push(`**${hi.name} (${shown}):**\n`);
    for (const r of reading.readings) {
      const b = hi.bands[r.band.id]!;
      // A band whose label names the sex already ("पुरुष के लिए ...") is not told the sex twice.
      const parts = r.parts && r.parts.sex && b.label.includes(SEX[r.parts.sex]) ? { ...r.parts, sex: null } : r.parts;
      const context = parts ? contextOf(parts) : null;
      pieces.push(`- ${context ? `${context}: ` : ''}**${b.label}**। ${b.advice}\n`);
    }
    pieces.push('\n');
  }
  pieces.push(`सामान्य क्या है: ${hi.normal}\n\n`, SEE_DOCTOR);
  const keys = [...new Set(reading.readings.map((r) => r.band.source))];
  return { pieces, sources: keys.map((k) => sourceOfReference(values, k)) };
}

/** "What is a normal X", in Hindi. */
export function normalValueAnswerHindi(
  values: ReferenceValues,
  hindi: ReferenceValuesHindi,
  measure: Measure,
): { pieces: string[]; sources: ChatSource[] } {
  const hi = hindi.measures[measure.id]!;
  return {
    pieces: [`**${hi.name}:** ${hi.normal}\n\n`, SEE_DOCTOR],
    sources: [sourceOfReference(values, measure.source)],
  };
}
