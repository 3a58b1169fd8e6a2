/**
 * A judged set for the medicine search, kept with the tests. Each query lists the uses a good answer must
 * be about (`relevant`, matched against the use each result says it matched), and uses that look close but
 * are wrong (`wrong`: hay fever is not a fever, preventing migraine does not treat a headache). Written from
 * what a pharmacist would consider a reasonable suggestion, independently of the search's own vocabulary.
 */
export type JudgedQuery = { symptoms: string[]; relevant: RegExp; wrong?: RegExp };

const FEVER = /fever|temperature|pyrexia/i;
const NOT_FEVER = /hay fever|fever blister|typhoid|rheumatic|yellow fever/i;
const PAIN = /pain relief|analgesi|aches?\b|pain\b/i;
const NOSE_ALLERGY = /runny nose|rhinitis|hay fever|sneez|nasal|allerg|common cold/i;
const HEARTBURN = /heartburn|acid|reflux|gerd|gord|gastro-?o?esophageal|indigestion|dyspepsia/i;
const DIARRHOEA = /diarrh|loose motion|rehydrat|dehydrat/i;
const SKIN_ITCH = /itch|urticaria|hives|prurit|allergic skin|eczema|dermatitis|rash/i;
const FUNGAL = /fungal|ringworm|tinea|athlete|jock itch/i;

export const JUDGED_QUERIES: JudgedQuery[] = [
  { symptoms: ['headache'], relevant: /headache|pain relief|migraine/i, wrong: /prevention of migraine/i },
  { symptoms: ['migraine'], relevant: /migraine|headache/i, wrong: /prevention of migraine/i },
  { symptoms: ['fever'], relevant: FEVER, wrong: NOT_FEVER },
  { symptoms: ['pyrexia'], relevant: FEVER, wrong: NOT_FEVER },
  { symptoms: ['high temperature'], relevant: FEVER, wrong: NOT_FEVER },
  { symptoms: ['body aches'], relevant: PAIN },
  { symptoms: ['toothache'], relevant: /tooth|dental|pain relief/i },
  { symptoms: ['back pain'], relevant: /back pain|muscular pain|muscle|pain relief|sprain/i },
  { symptoms: ['muscle pain'], relevant: /muscular pain|muscle|pain relief|sprain/i },
  { symptoms: ['joint pain'], relevant: /joint|arthralgia|arthritis|pain relief/i },
  { symptoms: ['period pain'], relevant: /menstrua|period|dysmenorr|pain relief/i },
  { symptoms: ['runny nose'], relevant: NOSE_ALLERGY },
  { symptoms: ['rhinitis'], relevant: NOSE_ALLERGY },
  { symptoms: ['my nose is runny'], relevant: NOSE_ALLERGY },
  { symptoms: ['blocked nose'], relevant: /blocked nose|nasal congestion|congestion|stuffy|sinus|common cold/i },
  { symptoms: ['sneezing'], relevant: /sneez|hay fever|rhinitis|allerg/i },
  { symptoms: ['hay fever'], relevant: /hay fever|allergic rhinitis|sneez|runny nose|allerg/i },
  { symptoms: ['sore throat'], relevant: /sore throat|pharyngitis|throat/i },
  { symptoms: ['cough'], relevant: /cough/i },
  { symptoms: ['dry cough'], relevant: /dry cough|tickly|cough/i },
  { symptoms: ['cough with phlegm'], relevant: /chesty|mucus|phlegm|catarrh|expectorant|cough/i },
  { symptoms: ['common cold'], relevant: /common cold|\bcolds?\b|nasal congestion|runny nose/i },
  { symptoms: ['heartburn'], relevant: HEARTBURN },
  { symptoms: ['acidity'], relevant: HEARTBURN },
  { symptoms: ['acid reflux'], relevant: HEARTBURN },
  { symptoms: ['indigestion'], relevant: /indigestion|dyspepsia|acid|heartburn|reflux/i },
  { symptoms: ['bloating'], relevant: /bloat|wind|flatulen|\bgas\b/i },
  {
    symptoms: ['stomach cramps'],
    relevant: /abdominal (pain|cramp)|stomach (pain|cramp)|spasm|irritable bowel|colic/i,
  },
  { symptoms: ['diarrhoea'], relevant: DIARRHOEA },
  { symptoms: ['loose motions'], relevant: DIARRHOEA },
  { symptoms: ['constipation'], relevant: /constipat/i },
  { symptoms: ['nausea'], relevant: /nausea|vomit|sickness/i },
  { symptoms: ['vomiting'], relevant: /vomit|nausea/i },
  { symptoms: ['motion sickness'], relevant: /motion sickness|travel sickness/i },
  { symptoms: ['itching'], relevant: SKIN_ITCH },
  {
    symptoms: ['skin rash'],
    relevant: /rash|dermatitis|eczema|allergic skin|skin conditions with inflammation|itch|urticaria|hives/i,
  },
  { symptoms: ['hives'], relevant: /urticaria|hives|allergic skin|itch/i },
  { symptoms: ['eczema'], relevant: /eczema|dermatitis/i },
  { symptoms: ['acne'], relevant: /acne|pimple|spots|blackheads/i },
  { symptoms: ['dandruff'], relevant: /dandruff|seborrh/i },
  { symptoms: ['ringworm'], relevant: FUNGAL },
  { symptoms: ["athlete's foot"], relevant: FUNGAL },
  { symptoms: ['vaginal thrush'], relevant: /thrush|vagin|candid|yeast/i },
  { symptoms: ['cold sores'], relevant: /cold sore|herpes labialis/i },
  { symptoms: ['mouth ulcers'], relevant: /mouth ulcer|aphthous|canker/i },
  { symptoms: ['dry eyes'], relevant: /dry eye/i },
  { symptoms: ['itchy eyes'], relevant: /allergic (eye|conjunctivitis)|itchy.*eyes|watery eyes|hay fever/i },
  { symptoms: ['conjunctivitis'], relevant: /conjunctivitis|eye infection|red eye|redness.*eye/i },
  { symptoms: ['earwax'], relevant: /ear ?wax|cerumen/i },
  { symptoms: ['insomnia'], relevant: /insomnia|sleep/i },
  { symptoms: ['dehydration'], relevant: /dehydrat|rehydrat/i },
  { symptoms: ['piles'], relevant: /piles|ha?emorrhoid|anal fissure/i },
  { symptoms: ['threadworms'], relevant: /worm/i },
  { symptoms: ['head lice'], relevant: /lice|pediculosis|nits/i },
  { symptoms: ['scabies'], relevant: /scabies/i },
  { symptoms: ['burning when urinating'], relevant: /cystitis|urinary|uti\b|dysuria|burning/i },
  { symptoms: ['nappy rash'], relevant: /nappy|diaper/i },
  { symptoms: ['hair loss'], relevant: /hair loss|alopecia/i },
  { symptoms: ['quit smoking'], relevant: /smok|nicotine/i },
  {
    symptoms: ['runny nose', 'sneezing', 'itchy eyes'],
    relevant: /hay fever|rhinitis|sneez|runny nose|allerg|itchy|watery eyes/i,
  },
  {
    symptoms: ['fever', 'headache', 'body aches'],
    relevant: /fever|headache|pain relief|aches|muscle/i,
    wrong: NOT_FEVER,
  },
  { symptoms: ['diarrhoea', 'vomiting'], relevant: /diarrh|vomit|nausea|rehydrat|dehydrat/i },
  {
    symptoms: ['heartburn', 'bloating'],
    relevant: new RegExp(`${HEARTBURN.source}|bloat|wind|flatulen|\\bgas\\b`, 'i'),
  },
  { symptoms: ['sore throat', 'cough', 'fever'], relevant: /sore throat|throat|cough|fever/i, wrong: NOT_FEVER },
];

/** Red flags: each must be answered with the emergency notice and no medicine. */
export const RED_FLAG_QUERIES: string[][] = [
  ['chest pain'],
  ['crushing pressure in my chest'],
  ['coughing up blood'],
  ['vomiting blood'],
  ['shortness of breath'],
  ["can't breathe"],
  ['difficulty breathing'],
  ['face drooping'],
  ['slurred speech'],
  ['arm weakness'],
  ['suicidal thoughts'],
  ['I want to kill myself'],
  ['self-harm'],
  ['throat swelling'],
  ['severe allergic reaction'],
  ['fainting'],
  ['passed out'],
  ['seizure'],
  ['severe bleeding'],
  ['sudden severe headache'],
  ['worst headache of my life'],
  ['black stools'],
  ['blood in stool'],
  ['high fever', 'stiff neck'],
  ['headache', 'chest pain'],
  ['chest_pain'],
];
