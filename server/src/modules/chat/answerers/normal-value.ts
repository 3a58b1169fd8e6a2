import { normalValueAnswer } from '../interpret-value';
import { normalValueAnswerHindi } from '../value-answer-hindi';
import { plan } from './plan';
import type { Answerer } from './types';

/** "What is a normal blood pressure": the normal range, with its source. */
export const normalValue: Answerer = {
  name: 'normal-value',
  canAnswer: ({ analysis }) => analysis.type === 'normal_value',
  answer({ analysis, referenceValues, referenceValuesHindi, reading }) {
    const m = referenceValues.measures.find((x) => x.id === analysis.measure?.id);
    if (!m) return null;
    if (reading.language !== 'en') {
      const { pieces, sources } = normalValueAnswerHindi(referenceValues, referenceValuesHindi, m);
      return { ...plan('normal_value', analysis, pieces, sources), language: 'hi' };
    }
    const { pieces, sources } = normalValueAnswer(referenceValues, m);
    return plan('normal_value', analysis, pieces, sources);
  },
};
