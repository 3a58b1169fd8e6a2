/**
 * What the symptom check shows before it loads any validation, without zod: its levels and their headlines, the
 * answers to a question. triage.ts builds the schemas from the same values and re-exports them.
 */

export const TRIAGE_LEVELS = ['emergency', 'urgent', 'soon', 'self_care'] as const;

/**
 * NHS 111's six dispositions, most urgent first: the levels say how soon, a disposition also where (an ambulance or
 * A&E, a pharmacist or home); TRIAGE_LEVEL_OF_DISPOSITION gives each one's level.
 */
export const TRIAGE_DISPOSITIONS = [
  'call_emergency',
  'emergency_department',
  'urgent_same_day',
  'gp_two_weeks',
  'pharmacy',
  'self_care',
] as const;

/** The level each disposition belongs to (its 'how soon'). */
export const TRIAGE_LEVEL_OF_DISPOSITION: Record<(typeof TRIAGE_DISPOSITIONS)[number], (typeof TRIAGE_LEVELS)[number]> =
  {
    call_emergency: 'emergency',
    emergency_department: 'emergency',
    urgent_same_day: 'urgent',
    gp_two_weeks: 'soon',
    pharmacy: 'self_care',
    self_care: 'self_care',
  };

export const TRIAGE_ANSWERS = ['yes', 'no', 'dont_know'] as const;

export const TRIAGE_NOT_A_DIAGNOSIS =
  'This is not a diagnosis. It is information to help you decide where to get care, based on the answers you gave. If you are worried, or your symptoms get worse, contact a doctor or your local emergency number.';

export const TRIAGE_HEADLINES: Record<(typeof TRIAGE_LEVELS)[number], string> = {
  emergency: 'Call an emergency number now',
  urgent: 'Get medical help today',
  soon: 'See a GP within 2 weeks',
  self_care: 'You can probably look after this yourself',
};
