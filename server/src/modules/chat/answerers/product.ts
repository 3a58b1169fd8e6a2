import { productAnswer } from '../product-answer';
import { ASK_PHARMACIST, plan } from './plan';
import type { Answerer } from './types';

/** A product of several ingredients (co-codamol, Lemsip): what each ingredient's facts say for the question. */
export const product: Answerer = {
  name: 'product',
  canAnswer: ({ named }) => named.length > 0,
  answer({ analysis, named, medicineFacts }) {
    const answer = productAnswer(named, analysis, medicineFacts);
    return answer ? plan('medicine_fact', analysis, [...answer.pieces, ASK_PHARMACIST], answer.sources) : null;
  },
};
