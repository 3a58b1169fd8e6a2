import { plan } from './plan';
import type { Answerer } from './types';

export const GREETING_ANSWER =
  'Hello! I am MediBuddy. Ask me about a condition, a symptom or a medicine, or give me a reading such as "my blood pressure is 135/85" or "my HbA1c is 6.1".';

/** "hi", "thanks": who MediBuddy is and what to ask. */
export const greeting: Answerer = {
  name: 'greeting',
  canAnswer: ({ analysis }) => analysis.type === 'greeting',
  answer: ({ analysis }) => plan('greeting', analysis, [GREETING_ANSWER]),
};
