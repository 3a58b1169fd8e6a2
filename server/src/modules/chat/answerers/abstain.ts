import { abstainAnswer, plan } from './plan';
import type { Answerer } from './types';

/** Nothing answers it: "no reliable source", and who can answer (a pharmacist for a medicine, else a doctor). */
export const abstain: Answerer = {
  name: 'abstain',
  canAnswer: () => true,
  answer: ({ analysis, medicineFacts }) =>
    plan('abstain', analysis, [abstainAnswer(analysis, medicineFacts.find(analysis.medicines[0] ?? '')?.name)]),
};
