import { z } from 'zod';
import classifierData from './content/crisis-classifier.json';
import { detectDistress } from './distress';

/**
 * The learned crisis classifier: a logistic regression over word uni/bi-grams and character 3-5-grams, trained by
 * ml/crisis/train.py on the labelled phrasings in contracts/sets/ (its card: ml/crisis/README.md).
 * The hand-written patterns do not reach wording they have never seen; this scores a message's closeness to all the
 * crisis phrasings written so far, as one more input to the helpline line (never in place of the patterns). Its
 * table, thresholds and out-of-part figures are data (content/crisis-classifier.json), checked below at load.
 * The normalisation and features mirror ml/crisis/features.py rule for rule; a parity test holds them together.
 */

const Rate = z.number().min(0).max(1);
const ThresholdFigures = z
  .object({ threshold: Rate, crisisRecall: Rate, ordinaryOver: Rate, poisoningOver: Rate })
  .loose();

export const CrisisClassifierSchema = z
  .object({
    about: z.string().min(1),
    model: z.string().min(1),
    normalisation: z.array(z.string().min(1)).min(1),
    features: z.object({
      words: z.tuple([z.literal(1), z.literal(2)]),
      chars: z.tuple([z.number().int().min(1), z.number().int().min(1)]),
      charPadding: z.literal(' '),
    }),
    /** The helpline line's threshold for English, and for Hindi in Devanagari or Latin letters (decision 025). */
    thresholds: z.object({ line: Rate, lineHindi: Rate }),
    training: z.object({
      texts: z.number().int().positive(),
      crisis: z.number().int().positive(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      seed: z.number().int(),
    }),
    figures: z
      .object({
        parts: z.number().int().min(2),
        crisisPhrasings: z.number().int().positive(),
        ordinaryQuestions: z.number().int().positive(),
        poisoningPhrasings: z.number().int().nonnegative(),
        classifierAlone: z.object({
          line: ThresholdFigures,
          crisisReplyNotUsed: ThresholdFigures.extend({ why: z.string().min(1) }),
        }),
      })
      .loose(),
    parity: z.array(z.object({ text: z.string().min(1), score: Rate })).min(1),
    bias: z.number().finite(),
    weights: z.record(
      // The Devanagari block as a range of code points (its vowel signs are combining marks, on purpose).
      // eslint-disable-next-line no-misleading-character-class
      z.string().regex(/^(w:[a-z0-9\u0900-\u097f]+( [a-z0-9\u0900-\u097f]+)?|c:[ a-z0-9\u0900-\u097f]+)$/),
      z.number().finite(),
    ),
  })
  .refine((d) => d.features.chars[0] <= d.features.chars[1], {
    path: ['features', 'chars'],
    message: 'must be [min, max]',
  });

export type CrisisClassifier = z.infer<typeof CrisisClassifierSchema>;

const model: CrisisClassifier = CrisisClassifierSchema.parse(classifierData);
const weights = new Map(Object.entries(model.weights));
const [CHAR_MIN, CHAR_MAX] = model.features.chars;

export const CRISIS_CLASSIFIER_THRESHOLDS = model.thresholds;

/**
 * NFC, lower case, curly apostrophes straight then dropped, the Devanagari nukta dropped and chandrabindu read as
 * anusvara, every run outside a-z, 0-9 and the Devanagari letters and signs one space, trimmed.
 */
export function normaliseForClassifier(text: string): string {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[\u2018\u2019]/g, "'")
      .replaceAll("'", '')
      .replaceAll('\u093c', '')
      .replaceAll('\u0901', '\u0902')
      // Devanagari letters and signs as ranges of code points (the vowel signs are combining marks, on purpose).
      // eslint-disable-next-line no-misleading-character-class
      .replace(/[^a-z0-9\u0900-\u0963\u0966-\u097f]+/g, ' ')
      .trim()
  );
}

/** The distinct features of a text, each block (words, characters) of unit length. */
export function classifierFeatures(text: string): Map<string, number> {
  const norm = normaliseForClassifier(text);
  const words = norm ? norm.split(' ') : [];
  const wordFeatures = new Set(words.map((w) => `w:${w}`));
  for (let i = 0; i + 1 < words.length; i++) wordFeatures.add(`w:${words[i]} ${words[i + 1]}`);
  const padded = ` ${norm} `;
  const charFeatures = new Set<string>();
  for (let n = CHAR_MIN; n <= CHAR_MAX; n++)
    for (let i = 0; i + n <= padded.length; i++) charFeatures.add(`c:${padded.slice(i, i + n)}`);
  const out = new Map<string, number>();
  for (const block of [wordFeatures, charFeatures]) {
    if (block.size === 0) continue;
    const value = 1 / Math.sqrt(block.size);
    for (const f of block) out.set(f, value);
  }
  return out;
}

/** The probability the classifier gives that a text speaks of suicide or self-harm (0-1). */
export function crisisScore(text: string): number {
  const features = classifierFeatures(text);
  let z = model.bias;
  // Summed in sorted order, as the Python scorer does, so both give the same floating-point result.
  for (const f of [...features.keys()].sort()) {
    const w = weights.get(f);
    if (w !== undefined) z += w * (features.get(f) as number);
  }
  return 1 / (1 + Math.exp(-z));
}

/**
 * Whether a message raises the helpline line: the distress patterns OR the classifier (score at the line threshold,
 * chosen for 95 % crisis recall out of part). The caller answers crisis red flags and classifierCrisisNotice first.
 */
export function raisesHelplineLine(text: string): boolean {
  return detectDistress(text).length > 0 || crisisScore(text) >= model.thresholds.line;
}
