import { plan } from './plan';
import type { Answerer } from './types';

/** A person describing their own (or someone's) symptoms, rather than asking about a condition by name. */
const DESCRIBES_SYMPTOMS =
  /\b(i|i'm|im|i've|ive|my|me|he|she|he's|she's|son|daughter|baby|child|husband|wife|mum|mom|dad)\b.*\b(have|has|had|having|feel|feels|feeling|felt|got|getting|keep|keeps|been|hurts?|hurting|pain|painful|ache|aches|aching|sore|swollen|itchy|itching|dizzy|tired|sick|late|bleeding|lump|rash)\b/;

export const SYMPTOMS_ANSWER =
  'I cannot tell what is causing this from a message, and I would rather not guess. The [symptom check](/symptom-check) asks a few questions about it and says where to get help, and how soon. If it is getting worse, or you are worried, contact a doctor or your local urgent care line; for severe or sudden symptoms, call your local emergency number.';

export function describesSymptoms(text: string): boolean {
  return DESCRIBES_SYMPTOMS.test(text.toLowerCase().replace(/[’‘]/g, "'"));
}

/** Someone describing symptoms, with no source about them: pointed to the symptom check, which asks the questions. */
export const symptoms: Answerer = {
  name: 'symptoms',
  canAnswer: ({ analysis, medicineFacts, text }) =>
    !medicineFacts.find(analysis.medicines[0] ?? '') && describesSymptoms(text),
  answer: ({ analysis }) => plan('abstain', analysis, [SYMPTOMS_ANSWER]),
};
