import { normalValueAnswer } from '../interpret-value';
import { plan } from './plan';
import type { Answerer } from './types';

/** "What is a normal blood pressure": the normal range, with its source. */
export const normalValue: Answerer = {
  name: 'normal-value',
  canAnswer: ({ analysis }) => analysis.type === 'normal_value',
  answer({ analysis, referenceValues }) {
    const m = referenceValues.measures.find((x) => x.id === analysis.measure?.id);
    if (!m) return null;
    const { pieces, sources } = normalValueAnswer(referenceValues, m);
    return plan('normal_value', analysis, pieces, sources);
  },
};
