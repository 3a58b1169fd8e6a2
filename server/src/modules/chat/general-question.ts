/**
 * A question about a condition in general ("what are the signs of a stroke", "how is sepsis treated"), as opposed
 * to a message about something happening to someone now. The red-flag list matches words, not meaning, so both
 * raise the same flag; a general question gets its ordinary answer with the emergency number as the first line,
 * instead of an emergency reply that leaves it unanswered. Anything personal or present (a pronoun, "now",
 * "suddenly", "today") keeps the emergency reply: when in doubt, the message is treated as an emergency.
 */

/** Opens like a question or a request for information. */
const QUESTION_OPENING =
  /^(what|what's|whats|how|why|which|when|where|who|can|could|does|do|is|are|should|would|will|tell\s+me|explain|define|describe|list|difference|signs|symptoms|causes)\b/;

/** Phrases with "i" that ask about prevention or recognition in general; removed before looking for a person. */
const GENERAL_FIRST_PERSON =
  /\b(how\s+(do|can|would|should|could)\s+(i|you|we)\s+(prevent|lower|reduce|avoid|recogni[sz]e|know|tell|spot|help|check|treat|protect)|what\s+should\s+(i|we|you)\s+(do|look\s+for|watch\s+for)\s+if|can\s+(i|we|you)\s+(prevent|lower|reduce|avoid)|(i|i'd|i\s+would|i\s+want\s+to)\s+(like\s+to\s+)?(know|learn|understand)|my\s+risk)\b/g;

/** Someone in particular, or something happening now. */
const PERSONAL_OR_PRESENT =
  /\b(i|i'm|im|i've|ive|i'd|me|my|mine|we|we're|our|us|he|he's|she|she's|they|they're|him|her|his|their|them|mum|mom|dad|baby|son|daughter|husband|wife|partner|friend|now|right\s+now|currently|at\s+the\s+moment|today|tonight|this\s+(morning|evening|afternoon)|suddenly|just|started|keeps?|won't|can't|cannot|isn't|hasn't|having)\b/;

export function isGeneralQuestion(text: string): boolean {
  const t = text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  if (!QUESTION_OPENING.test(t)) return false;
  return !PERSONAL_OR_PRESENT.test(t.replace(GENERAL_FIRST_PERSON, ' '));
}
