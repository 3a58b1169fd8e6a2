/**
 * How a person's words are compared: one normalisation for every feature (decision 025). A word has a light key
 * (spelling noise removed) and, when it has three consonants or more, a consonant skeleton that matches the vowels
 * people drop or double when they write Hindi in Latin letters ("khatam", "khtm", "khatm") or misspell it in
 * Devanagari ("बच्चे", "बच्चा").
 */

const DEVANAGARI = /[\u0900-\u097F]/;
const DEVANAGARI_DIGITS = /[\u0966-\u096F]/g;
/** Nukta, chandrabindu, anusvara, zero-width joiners: spelled either way by the same people. */
const DEVANAGARI_NOISE = /[\u093C\u0901\u0902\u200C\u200D]/g;
/** Dependent vowel signs and the virama: dropped in the skeleton. */
const DEVANAGARI_MATRAS = /[\u093E-\u094D\u0962\u0963]/g;
/** Independent vowels, dropped in the skeleton after the first letter. */
const DEVANAGARI_VOWELS = /[\u0904-\u0914]/g;

export type Script = 'latin' | 'devanagari' | 'other';

export function scriptOf(word: string): Script {
  if (DEVANAGARI.test(word)) return 'devanagari';
  return /[a-z]/.test(word) ? 'latin' : 'other';
}

/** The whole text: lower case, Devanagari digits as ASCII, curly quotes straight, punctuation as spaces. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(DEVANAGARI_DIGITS, (d) => String(d.charCodeAt(0) - 0x0966))
    .replace(/[’‘`]/g, "'")
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/(\d)\s*%/g, '$1 %')
    .replace(/[।॥]/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N}'%./\s-]/gu, ' ')
    .replace(/(^|\s)['./-]+|['./-]+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function wordsOf(normalised: string): string[] {
  return normalised === '' ? [] : normalised.split(' ');
}

/** Spelling noise removed: long and short vowels, doubled letters, nukta, apostrophes. */
export function lightKey(word: string): string {
  if (DEVANAGARI.test(word)) {
    return word
      .replace(DEVANAGARI_NOISE, '')
      .replace(/\u0940/g, '\u093F')
      .replace(/\u0942/g, '\u0941')
      .replace(/\u0949/g, '\u093E')
      .replace(/\u0908/g, '\u0907')
      .replace(/\u090A/g, '\u0909')
      .replace(/\u0911/g, '\u0906');
  }
  return word
    .replace(/'/g, '')
    .replace(/ph/g, 'f')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/(.)\1+/g, '$1');
}

/** The consonants of a word; null when it has too few to compare without its vowels (three, four in Devanagari). */
export function skeletonKey(word: string): string | null {
  const light = lightKey(word);
  let skeleton: string;
  if (DEVANAGARI.test(light)) {
    skeleton = light[0] + light.slice(1).replace(DEVANAGARI_MATRAS, '').replace(DEVANAGARI_VOWELS, '');
    skeleton = skeleton.replace(DEVANAGARI_MATRAS, '');
  } else if (/^[a-z]+$/.test(light)) {
    const base = light.replace(/([bcdgkpstj])h/g, '$1');
    skeleton = (base[0] + base.slice(1).replace(/[aeiouy]/g, '')).replace(/(.)\1+/g, '$1');
  } else {
    return null;
  }
  // Devanagari needs four: three collide too often ("किडनी" and "कोडीन" are both क-ड-न).
  if (DEVANAGARI.test(skeleton)) return skeleton.length >= 4 ? `~${skeleton}` : null;
  return skeleton.replace(/^[aeiouy]/, '').length >= 3 ? `~${skeleton}` : null;
}
