/**
 * The numbers of a chat question (decision 025 keeps each file of the chat under 400 lines): the age it gives, and
 * the numbers that can be a measured value, with their unit, never an age, a duration, a dose or "type 2".
 */

/** Who a question gives the age of ("my son is 4", "a child of 6"). */
const WHO_HAS_AN_AGE =
  'he|she|son|daughter|child|kid|boy|girl|baby|babies|toddler|grandson|granddaughter|nephew|niece|teen|teenager';
/** What a number after those words is when it is not an age ("she is 2 tablets in"). */
const NOT_AN_AGE =
  'kg|kilos?|lbs?|mg|ml|%|tablets?|pills?|capsules?|caps|doses?|hours?|hrs?|days?|weeks?|times?|spoons?|cm|feet|ft|degrees?|°';
/** "baby of 7 months", "aged 7 months". */
const MONTHS_OF_SOMEONE = new RegExp(
  `\\b(?:${WHO_HAS_AN_AGE}|aged?)\\s+(?:of\\s+|is\\s+)?(\\d{1,2})\\s*(?:months?|mths?|mo)\\b`,
);
/** "my daughter is 10", "a child of 6", "son's 4". */
const YEARS_OF_SOMEONE = new RegExp(
  `\\b(?:${WHO_HAS_AN_AGE})(?:\\s+is|'s|s)?\\s+(?:of\\s+)?(\\d{1,2})\\b(?!\\s*(?:${NOT_AN_AGE}))`,
);

/** The age a question gives, in months: "8 year old", "8yrs", "18 months old"; null when none. */
export function ageMonthsOf(text: string): number | null {
  const lower = text.toLowerCase();
  // An age, never a duration or an amount: "a 7 month old", "baby of 7 months", not "a cough for 3 months";
  // "my daughter is 10", not "is 2 paracetamol every 2 hours ok".
  const months = /(\d{1,2})\s*-?\s*(?:months?|mths?|mo)\s*-?\s*old\b/.exec(lower) ?? MONTHS_OF_SOMEONE.exec(lower);
  if (months) return Number(months[1]);
  const weeks = /(\d{1,2})\s*-?\s*(?:weeks?|wks?)\s*-?\s*old\b/.exec(lower);
  if (weeks) return Math.floor(Number(weeks[1]) / 4.35);
  const years =
    /(\d{1,2})\s*-?\s*(?:years?|yrs?|yr)\s*-?\s*old\b/.exec(lower) ??
    /\b(\d{1,2})\s*(?:yo|y\/o)\b/.exec(lower) ??
    /\baged?\s+(\d{1,2})\b/.exec(lower) ??
    YEARS_OF_SOMEONE.exec(lower);
  return years ? Number(years[1]) * 12 : null;
}

const NUMBER_FOLLOWED_BY_NON_VALUE =
  /^\s*-?\s*(oh|hydroxy)|^\s*(years?|yrs?|yo|y o|year old|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|times?|tablets?|tabs?|pills?|capsules?|mcg|ml|kg|lbs?|pounds?|cm|feet|ft|inches|in|st|nd|rd|th)\b|^\s*(am|pm)\b(?!\s+i\b)/;
// "My daughter is 10 and has a temp of 38.5": the 10 is her age, not a reading.
// "Level 2" is a grade; "oxygen level 88" and "sugar level 6.5" are readings.
const NUMBER_PRECEDED_BY_NON_VALUE =
  /\b(type|stage|grade|class|age|aged|step)\s*$|\b(son|daughter|child|kid|baby|boy|girl|toddler|he|she)\s+is\s*$/;
/** A unit written right after a number: "mmol/l", "mg/dl", "ng/ml", "u/l", "%", "mmol", "mg". */
const UNIT_AFTER =
  /^\s*(%|percent\b|(?:m|n|p|u|µ|μ|mc|micro)?(?:mol|g|iu|u|eq)\s*\/\s*(?:dl|ml|ul|µl|l|mol)\b|(?:mmol|nmol|pmol|umol|micromol|mg|meq)\b|µmol)/;

/** The numbers of a question that can be a measured value (not ages, durations, doses, "type 2"). */
export function valueNumbers(text: string): number[] {
  return valueNumbersOf(text).numbers;
}

/** valueNumbers, with the unit written after the first number and whether they came as a pair ("140/90"). */
export function valueNumbersOf(text: string): { numbers: number[]; unit: string | null; isPair: boolean } {
  const lower = text.toLowerCase().replace(/(\d),(\d{1,2})\b/g, '$1.$2');
  const pair = /(\d{2,3})\s*(?:\/|over|by|-)\s*(\d{2,3})\b/.exec(lower);
  if (pair) return { numbers: [Number(pair[1]), Number(pair[2])], unit: null, isPair: true };
  const numbers: number[] = [];
  let unit: string | null = null;
  for (const match of lower.matchAll(/\d+(?:\.\d+)?/g)) {
    const before = lower.slice(0, match.index);
    const after = lower.slice((match.index ?? 0) + match[0].length);
    if (/[a-z]$/.test(before) && !/(bp|hba1c|a1c|hb)$/.test(before)) continue; // part of a word (hba1c, b12)
    if (NUMBER_FOLLOWED_BY_NON_VALUE.test(after) || NUMBER_PRECEDED_BY_NON_VALUE.test(before)) continue;
    if (/\blevel\s*$/.test(before) && /^\d$/.test(match[0])) continue;
    if (numbers.length === 0) unit = UNIT_AFTER.exec(after)?.[1]?.replace(/\s+/g, '') ?? null;
    numbers.push(Number(match[0]));
  }
  return { numbers, unit, isPair: false };
}

/**
 * A number pair that can only be a blood pressure: systolic 70-260 over diastolic 40-160, the lower one smaller
 * ("is 140/90 high", "138 over 88 ok?"). Doses and dates ("co-amoxiclav 500/125", "10/12") fall outside.
 */
export function isBloodPressurePair(numbers: readonly number[]): boolean {
  const [s, d] = numbers;
  return s !== undefined && d !== undefined && s >= 70 && s <= 260 && d >= 40 && d <= 160 && d < s;
}
