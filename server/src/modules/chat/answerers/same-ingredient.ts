import { sameIngredientAnswer } from '../same-ingredient';
import { plan } from './plan';
import type { Answerer } from './types';

/** Two medicines named that share an ingredient (co-codamol and paracetamol): taking both doubles it. */
export const sameIngredient: Answerer = {
  name: 'same-ingredient',
  canAnswer: ({ named }) => named.length > 1,
  answer({ analysis, named, medicineFacts }) {
    const same = sameIngredientAnswer(named, medicineFacts);
    return same ? plan('medicine_fact', analysis, same.pieces, same.sources) : null;
  },
};
