/**
 * Red-flag symptoms: signs that need emergency care, not a medicine, a form result or a chat answer.
 * ONE list for the whole product (medicines, chatbot, forms), so a symptom cannot be an emergency on one
 * page and a shopping list on another. Written from public first-aid guidance (NHS "When to call 999",
 * MedlinePlus "Recognizing medical emergencies", the FAST stroke signs); it is deliberately cautious: a
 * false alarm costs a phone call, a missed one can cost a life.
 *
 * Patterns are matched against lower-cased text with underscores read as spaces (dataset symptom names such
 * as "chest_pain" are caught too). Negations ("no chest pain") are not understood, on purpose: the notice
 * is shown anyway, because guessing wrong in the other direction is the dangerous mistake.
 */

export const EMERGENCY_MESSAGE =
  'These symptoms can be a sign of a medical emergency. Call your local emergency number now, or go to the nearest emergency department. Do not wait and do not take medicines to hide the symptoms.';

export const CRISIS_MESSAGE =
  'You do not have to face this alone. If you might act on thoughts of harming yourself, contact a crisis line or your local emergency number now. If you can, tell someone near you how you feel.';

export type RedFlagKind = 'emergency' | 'crisis';

export type RedFlag = {
  id: string;
  /** Plain words, shown to the user: "Chest pain". */
  label: string;
  kind: RedFlagKind;
  /** What to do, for this sign. */
  advice: string;
  /** Any one matches a single text. */
  patterns: RegExp[];
  /**
   * Signs that are an emergency together but not alone (a stiff neck with a high fever): each group needs a
   * match in at least one of the texts.
   */
  together?: RegExp[][];
};

const CALL_NOW = 'Call your local emergency number now.';

export const RED_FLAGS: RedFlag[] = [
  {
    id: 'chest-pain',
    label: 'Chest pain or pressure',
    kind: 'emergency',
    advice: `Chest pain, pressure or tightness can be a heart attack. ${CALL_NOW}`,
    patterns: [
      /\bchest\s*(pain|pains|tightness|pressure|discomfort|ache|heaviness)\b/,
      /\b(pain|pressure|tightness|heaviness)\s+(in|on|across)\s+(my|the)\s+chest\b/,
      /\b(tight|crushing|heavy|painful)\s+chest\b/,
      /\bchest\s+(feels|felt|is|was|getting)\s+(so\s+|very\s+)?(tight|heavy|crushed|squeezed|painful)\b/,
      /\bheart\s+attack\b/,
    ],
  },
  {
    id: 'coughing-blood',
    label: 'Coughing up blood',
    kind: 'emergency',
    advice: `Coughing up blood needs urgent medical care. ${CALL_NOW}`,
    patterns: [
      /\b(cough|coughs|coughing|coughed|spit|spitting|spat)\s+(up\s+)?(blood|bloody)\b/,
      /\bblood(y)?\s+(in|with)\s+(my\s+|the\s+)?(sputum|phlegm|mucus|spit|cough)\b/,
      /\bbloody\s+(sputum|phlegm|mucus|cough)\b/,
      /\bha?emoptysis\b/,
    ],
  },
  {
    id: 'vomiting-blood',
    label: 'Vomiting blood',
    kind: 'emergency',
    advice: `Vomiting blood, or vomit that looks like coffee grounds, can mean bleeding inside. ${CALL_NOW}`,
    patterns: [
      /\b(vomit|vomits|vomiting|vomited|throw\s+up|throwing\s+up|threw\s+up|puke|puking)\s+(up\s+)?(blood|bloody)\b/,
      /\bblood(y)?\s+(in\s+)?(my\s+|the\s+)?vomit\b/,
      /\bcoffee[\s-]ground(s)?\b/,
      /\bha?ematemesis\b/,
      /\bstomach\s+bleeding\b/,
    ],
  },
  {
    id: 'breathing',
    label: 'Difficulty breathing',
    kind: 'emergency',
    advice: `Struggling to breathe, or blue lips or skin, is an emergency. ${CALL_NOW}`,
    patterns: [
      /\bshort(ness)?\s+of\s+breath\b/,
      /\b(difficulty|difficult|trouble|problems?|struggling|struggle|hard)\s+(in\s+|with\s+)?breath(ing|e)?\b/,
      /\b(can'?t|cannot|can\s+not|unable\s+to)\s+(catch\s+my\s+)?breath(e)?\b/,
      /\bbreathless(ness)?\b/,
      /\bgasping\b/,
      /\bdyspno?ea\b/,
      /\bblue\s+(lips|face|skin|tongue)\b/,
      /\bcyanosis\b/,
      /\bchoking\b/,
    ],
  },
  {
    id: 'stroke',
    label: 'Signs of a stroke',
    kind: 'emergency',
    advice: `Face drooping, arm weakness or slurred speech can be a stroke: every minute counts. ${CALL_NOW}`,
    patterns: [
      /\b(face|facial|mouth|eye)\s+(is\s+)?(droop|drooping|drooped|dropping|fallen)\b/,
      /\b(droop|drooping|drooped)\s+(of\s+)?(the\s+|my\s+)?(face|mouth|eye)\b/,
      /\bfacial\s+(palsy|weakness|paralysis)\b/,
      /\b(arm|leg)\s+(weakness|numbness|paralysis)\b/,
      /\b(weak|numb|paralysed|paralyzed)\s+(arm|leg|face)\b/,
      /\b(weakness|numbness|paralysis)\s+(in|of|on)\s+(one|my|an|the)\s+(arm|leg|side)\b/,
      /\b(weakness|numbness|paralysis)\s+of\s+one\s+body\s+side\b/,
      /\bone[\s-]sided\s+(weakness|numbness)\b/,
      /\bslurr(ed|ing)\s+(speech|words)\b/,
      /\bspeech\s+(is\s+)?slurred\b/,
      /\b(sudden\s+)?(loss\s+of\s+speech|can'?t\s+speak|cannot\s+speak|unable\s+to\s+speak)\b/,
      /\bstroke\b/,
    ],
  },
  {
    id: 'self-harm',
    label: 'Thoughts of suicide or self-harm',
    kind: 'crisis',
    advice: CRISIS_MESSAGE,
    patterns: [
      /\bsuicid(e|al)\b/,
      /\bkill(ing)?\s+my\s*self\b/,
      /\b(end|ending|take|taking)\s+my\s+(own\s+)?life\b/,
      /\bself[\s-]?harm(ing)?\b/,
      /\b(hurt|hurting|harm|harming|cut|cutting)\s+my\s*self\b/,
      /\b(want|wanting|wish)\s+(to\s+)?(be\s+)?dead\b/,
      /\bwant\s+to\s+die\b/,
    ],
  },
  {
    id: 'anaphylaxis',
    label: 'Severe allergic reaction',
    kind: 'emergency',
    advice: `Swelling of the throat, tongue or lips, or a sudden widespread rash with feeling faint, can be anaphylaxis. Use an adrenaline auto-injector if you have one. ${CALL_NOW}`,
    patterns: [
      /\banaphyla(xis|ctic)\b/,
      /\b(severe|serious|bad)\s+allergic\s+reaction\b/,
      /\b(throat|tongue|lips?|mouth|face)\s+(is\s+|are\s+)?(swelling|swollen|swells|closing|tightening|tight)\b/,
      /\b(swelling|swollen)\s+(of\s+)?(the\s+|my\s+)?(throat|tongue|lips?)\b/,
      /\bangioedema\b/,
    ],
  },
  {
    id: 'unconscious',
    label: 'Fainting or unconsciousness',
    kind: 'emergency',
    advice: `Fainting, passing out or being hard to wake needs urgent medical care. ${CALL_NOW}`,
    patterns: [
      /\bfaint(ing|ed|s)?\b/,
      /\bpass(ed|ing)?\s+out\b/,
      /\b(un|not\s+)conscious(ness)?\b/,
      /\bloss\s+of\s+consciousness\b/,
      /\bunresponsive\b/,
      /\bcollaps(e|ed|ing)\b/,
      /\bcoma\b/,
      /\bblack(ed|ing)?\s*out\b/,
      /\bsyncope\b/,
    ],
  },
  {
    id: 'seizure',
    label: 'Seizure',
    kind: 'emergency',
    advice: `A seizure that lasts more than 5 minutes, a first seizure, or one with an injury is an emergency. ${CALL_NOW}`,
    patterns: [/\bseizures?\b/, /\bconvuls(ion|ions|ing|ed)\b/, /\b(having|had)\s+(a\s+)?fits?\b/, /\bfitting\b/],
  },
  {
    id: 'severe-bleeding',
    label: 'Severe bleeding',
    kind: 'emergency',
    advice: `Press firmly on the wound with a clean cloth and keep pressing. ${CALL_NOW}`,
    patterns: [
      /\b(severe|heavy|uncontrolled|uncontrollable|massive|profuse|serious)\s+bleeding\b/,
      /\bbleeding\s+(heavily|badly|a\s+lot|profusely|that\s+won'?t\s+stop|won'?t\s+stop|will\s+not\s+stop|does\s+not\s+stop|doesn'?t\s+stop)\b/,
      /\bha?emorrhag(e|ing)\b/,
    ],
  },
  {
    id: 'sudden-headache',
    label: 'Sudden, severe headache',
    kind: 'emergency',
    advice: `A sudden, very severe headache (the worst you have ever had) can be bleeding in the brain. ${CALL_NOW}`,
    patterns: [
      /\b(sudden|thunderclap|explosive|worst|excruciating|blinding)\b.{0,30}\bheadache\b/,
      /\bheadache\b.{0,30}\b(sudden|worst\s+ever|thunderclap|explosive|excruciating)\b/,
      /\bworst\s+headache\b/,
    ],
  },
  {
    id: 'gi-bleeding',
    label: 'Black or bloody stools',
    kind: 'emergency',
    advice: `Black, tarry or bloody stools can mean bleeding in the gut. Get medical help now: ${CALL_NOW.toLowerCase()}`,
    patterns: [
      /\bblack\s+(and\s+)?(tarry\s+)?(stool|stools|poo|poop|faeces|feces)\b/,
      /\btarry\s+(stool|stools|poo|poop)\b/,
      /\bblood(y)?\s+(in\s+)?(the\s+|my\s+)?(stool|stools|poo|poop|faeces|feces)\b/,
      /\bbloody\s+(diarrh(o)?ea|motion|motions)\b/,
      /\bblood\s+from\s+(the\s+|my\s+)?(bottom|back\s+passage|rectum)\b/,
      /\brectal\s+bleeding\b/,
      /\bmela?ena\b/,
    ],
  },
  {
    id: 'meningitis',
    label: 'High fever with a stiff neck or a rash that does not fade',
    kind: 'emergency',
    advice: `A fever with a stiff neck, a rash that does not fade under a pressed glass, or confusion can be meningitis or sepsis. ${CALL_NOW}`,
    patterns: [
      /\b(rash|spots)\s+(that\s+)?(does\s+not|doesn'?t|won'?t)\s+fade\b/,
      /\bnon[\s-]?blanching\s+rash\b/,
      /\bmeningitis\b/,
      /\bsepsis\b/,
    ],
    together: [
      [/\b(fever|high\s+temperature|temperature|pyrexia|feverish)\b/],
      [/\bstiff(ness)?\s+neck\b/, /\bneck\s+stiff(ness)?\b/, /\b(can'?t|cannot)\s+bend\s+(my\s+)?neck\b/],
    ],
  },
  {
    id: 'confusion',
    label: 'Sudden confusion',
    kind: 'emergency',
    advice: `Sudden confusion, drowsiness or not making sense needs urgent medical care. ${CALL_NOW}`,
    patterns: [/\bsudden(ly)?\s+confus(ed|ion)\b/, /\baltered\s+sensorium\b/, /\bdelirium\b/, /\bdisorient(ed|ation)\b/],
  },
  {
    id: 'severe-abdominal-pain',
    label: 'Severe abdominal pain',
    kind: 'emergency',
    advice: `Sudden, severe pain in the belly, or a belly that is hard and very tender, needs urgent care. ${CALL_NOW}`,
    patterns: [
      /\b(severe|extreme|unbearable|excruciating|agonising|agonizing)\s+(abdominal|stomach|belly|tummy)\s+(pain|ache|cramps?)\b/,
      /\b(severe|extreme|unbearable|excruciating)\s+pain\s+in\s+(my\s+|the\s+)?(abdomen|stomach|belly|tummy)\b/,
    ],
  },
  {
    id: 'poisoning',
    label: 'Poisoning',
    kind: 'emergency',
    advice: `If someone has swallowed poison or too much of a medicine, ${CALL_NOW.toLowerCase()} Bring the packet with you.`,
    patterns: [
      // Poison ivy, oak and sumac are itchy rashes, not poisoning.
      /\bpoison(ed|ing)?\b(?!\s+(ivy|oak|sumac))/,
      /\boverdos(e|ed|ing)\b/,
      /\bswallowed\s+(bleach|batteries|a\s+battery|chemicals?)\b/,
    ],
  },
];

export type RedFlagMatch = {
  flag: Pick<RedFlag, 'id' | 'label' | 'kind' | 'advice'>;
  /** The input texts (as given) that raised it. */
  texts: string[];
};

function normalise(text: string): string {
  return text.toLowerCase().replaceAll('_', ' ').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}

/**
 * The red flags raised by a text or a list of texts (a chat message, a form's symptoms, the medicine
 * search's symptoms). Each flag is reported once, with the texts that raised it, in the order of RED_FLAGS.
 */
export function detectRedFlags(input: string | readonly string[]): RedFlagMatch[] {
  const texts = (typeof input === 'string' ? [input] : [...input]).filter((t) => t.trim() !== '');
  const normalised = texts.map(normalise);
  const matches: RedFlagMatch[] = [];
  for (const flag of RED_FLAGS) {
    const hit = new Set<number>();
    normalised.forEach((text, i) => {
      if (flag.patterns.some((p) => p.test(text))) hit.add(i);
    });
    if (flag.together) {
      const groupHits = flag.together.map((group) =>
        normalised.flatMap((text, i) => (group.some((p) => p.test(text)) ? [i] : [])),
      );
      if (groupHits.every((h) => h.length > 0)) for (const h of groupHits) for (const i of h) hit.add(i);
    }
    if (hit.size > 0) {
      const { id, label, kind, advice } = flag;
      matches.push({ flag: { id, label, kind, advice }, texts: [...hit].sort((a, b) => a - b).map((i) => texts[i] as string) });
    }
  }
  return matches;
}

export type EmergencyNotice = {
  /** The one sentence to show first: the crisis message when self-harm is among the flags. */
  message: string;
  /** The user's texts that raised a flag, in their order. */
  matched: string[];
  flags: { id: string; label: string; kind: RedFlagKind; advice: string }[];
};

/** What to show instead of medicines (or a model's answer): null when nothing is a red flag. */
export function emergencyNoticeFor(input: string | readonly string[]): EmergencyNotice | null {
  const matches = detectRedFlags(input);
  if (matches.length === 0) return null;
  const texts = typeof input === 'string' ? [input] : [...input];
  const raised = new Set(matches.flatMap((m) => m.texts));
  const hasCrisis = matches.some((m) => m.flag.kind === 'crisis');
  const hasEmergency = matches.some((m) => m.flag.kind === 'emergency');
  const message =
    hasCrisis && hasEmergency ? `${CRISIS_MESSAGE} ${EMERGENCY_MESSAGE}` : hasCrisis ? CRISIS_MESSAGE : EMERGENCY_MESSAGE;
  return {
    message,
    matched: texts.filter((t) => raised.has(t)),
    flags: matches.map((m) => m.flag),
  };
}
