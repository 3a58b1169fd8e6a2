import type { Analysis } from '../analyse';
import { normalValueAnswer, readValue, unreadValueNote, valueAnswer } from '../interpret-value';
import { plan } from './plan';
import type { Answerer } from './types';

/** "My HbA1c is 6.1": the band the reading falls in, its advice and the normal range; or why it was not read. */
export const value: Answerer = {
  name: 'value',
  canAnswer: ({ analysis }) => analysis.type === 'interpret_value' && analysis.measure !== null,
  answer({ analysis, referenceValues }) {
    const measure = analysis.measure as NonNullable<Analysis['measure']>;
    const reading = readValue(
      referenceValues,
      measure.id,
      measure.numbers,
      analysis.sex,
      measure.unit ?? null,
      analysis.ageMonths,
    );
    if (reading) {
      const { pieces, sources } = valueAnswer(referenceValues, reading);
      return plan('value', analysis, pieces, sources);
    }
    const m = referenceValues.measures.find((x) => x.id === measure.id);
    if (!m) return null;
    const { pieces, sources } = normalValueAnswer(referenceValues, m);
    return plan(
      'normal_value',
      analysis,
      [`${unreadValueNote(referenceValues, measure.id, measure.numbers, measure.unit ?? null)}\n\n`, ...pieces],
      sources,
    );
  },
};
