import { plan } from './plan';
import type { Answerer } from './types';

export const DECLINE_ANSWER =
  'I am MediBuddy, a health assistant, so I can only help with questions about health, illnesses, medicines and healthy living. For anything else, a general search engine or assistant will serve you better.';

/** A question that is not about health ("write me a poem"): declined, with where to ask instead. */
export const decline: Answerer = {
  name: 'decline',
  canAnswer: ({ analysis }) => analysis.type === 'out_of_scope',
  answer: ({ analysis }) => plan('decline', analysis, [DECLINE_ANSWER]),
};
