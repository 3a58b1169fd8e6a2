import {
  SKIN_CHECKLIST_ANSWERS,
  SKIN_CHECKLIST_FIELD_PREFIX,
  type ContentSource,
  type ImageResult,
  type ImageTestSlug,
  type Language,
  type SkinChecklist,
  type SkinChecklistAnswer,
  type SkinChecklistResult,
} from '@medibuddy/contracts';
import { skinChecklist, skinChecklistIn, type SkinChecklistFile } from '../../content/skin-checklist';
import { numberIn } from '../../locales/numbers';
import { say } from '../../locales/result-texts';
import { AppError } from '../../plugins/errors';

/**
 * NICE's weighted 7-point checklist beside the skin picture (content/skin-checklist.json): reading the answers from
 * the form's fields, scoring them, and putting the score beside the picture's own triage. The checklist leads only
 * when it reaches the threshold; below it the picture's triage stays first, so the picture can raise the urgency of
 * a result but a low checklist score never lowers the picture's.
 */

/** The skin test is the one that asks the checklist. */
export const SKIN_CHECKLIST_TEST: ImageTestSlug = 'skin';

/** As stored in the assessment's `inputs.checklist`: the content version and the answers given (skipped: absent). */
export type StoredSkinChecklist = { version: string; answers: Record<string, SkinChecklistAnswer> };

/** A text field of a multipart request, as it came. */
export type FormField = { name: string; value: string };

const isAnswer = (value: string): value is SkinChecklistAnswer =>
  (SKIN_CHECKLIST_ANSWERS as readonly string[]).includes(value);

/**
 * The checklist answers among a request's text fields (`checklist.<item key>` = yes | no | not_sure), or null when
 * none came. Other fields are ignored, as before the checklist. A bad field is a 400 naming it and the rule broken,
 * all of them at once: an unknown item, an item sent twice, another value, or checklist fields on another test.
 */
export function readChecklistFields(
  test: ImageTestSlug,
  fields: readonly FormField[],
  data: SkinChecklistFile = skinChecklist(),
): StoredSkinChecklist | null {
  const sent = fields.filter((f) => f.name.startsWith(SKIN_CHECKLIST_FIELD_PREFIX));
  if (sent.length === 0) return null;
  const keys = data.items.map((i) => i.key);
  const allowed = SKIN_CHECKLIST_ANSWERS.join(', ');
  const errors: { field: string; rule: string; message: string }[] = [];
  const answers: Record<string, SkinChecklistAnswer> = {};
  for (const { name, value } of sent) {
    const key = name.slice(SKIN_CHECKLIST_FIELD_PREFIX.length);
    if (test !== SKIN_CHECKLIST_TEST) {
      errors.push({ field: name, rule: 'not_for_this_test', message: 'is asked by the skin test only' });
    } else if (!keys.includes(key)) {
      errors.push({
        field: name,
        rule: 'unknown_item',
        message: `is not an item of the checklist (its items: ${keys.map((k) => SKIN_CHECKLIST_FIELD_PREFIX + k).join(', ')})`,
      });
    } else if (key in answers || errors.some((e) => e.field === name)) {
      errors.push({ field: name, rule: 'duplicate', message: 'must be sent once' });
    } else if (!isAnswer(value)) {
      errors.push({ field: name, rule: 'one_of', message: `must be one of ${allowed} (leave it out to skip it)` });
    } else {
      answers[key] = value;
    }
  }
  if (errors.length > 0) {
    throw new AppError(
      'validation_failed',
      `The checklist answers could not be read: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}. Nothing was saved.`,
      errors,
    );
  }
  return { version: data.version, answers };
}

function sourcesOf(data: SkinChecklistFile, keys: readonly string[]): ContentSource[] {
  return [...new Set(keys)].map((key) => data.sources[key] as ContentSource);
}

/** The score: the points of every item answered 'yes'; 'no', 'not sure' and skipped items count nothing. */
export function scoreSkinChecklist(
  stored: StoredSkinChecklist,
  data: SkinChecklistFile = skinChecklist(),
): SkinChecklistResult {
  const items = data.items.map((item) => {
    const answer = stored.answers[item.key] ?? null;
    return {
      key: item.key,
      kind: item.kind,
      points: item.points,
      question: item.question,
      answer,
      isCounted: answer === 'yes',
    };
  });
  const score = items.reduce((sum, item) => sum + (item.isCounted ? item.points : 0), 0);
  const maxScore = data.items.reduce((sum, item) => sum + item.points, 0);
  const level = score >= data.threshold ? 'refer' : 'below';
  const step = level === 'refer' ? data.atOrAbove : data.below;
  return {
    version: data.version,
    level,
    score,
    maxScore,
    threshold: data.threshold,
    headline: step.headline,
    timeframe: step.timeframe,
    nextStep: step.nextStep,
    items,
    notSureNote: items.some((i) => i.answer === 'not_sure') ? data.notSure : null,
    sources: sourcesOf(data, [data.thresholdSource, ...step.sources]),
  };
}

/** The items that counted, in words: 'change in size (2), oozing (1)'; `checklist` is said in `language`. */
export function countedItemsText(checklist: SkinChecklistResult, language: Language = 'en'): string {
  const counted = checklist.items.filter((i) => i.isCounted);
  return counted.length === 0
    ? say(language, 'skin.counted.none')
    : say(language, 'skin.counted', {
        items: counted
          .map((i) =>
            say(language, 'skin.counted.item', { question: i.question, points: numberIn(language, i.points) }),
          )
          .join(', '),
      });
}

/** The checklist's own sentence for the result: its score against the threshold, and what counted. */
export function checklistSentence(checklist: SkinChecklistResult, language: Language = 'en'): string {
  const threshold = numberIn(language, checklist.threshold);
  const where = say(language, checklist.level === 'refer' ? 'skin.where.atOrAbove' : 'skin.where.below', { threshold });
  return say(language, 'skin.sentence', {
    score: numberIn(language, checklist.score),
    maxScore: numberIn(language, checklist.maxScore),
    where,
    counted: countedItemsText(checklist, language),
  });
}

/**
 * The picture's result with the checklist beside it. At or above the threshold the checklist's step leads the
 * summary; below it the picture's summary (and its triage, flagged or not) stays first, followed by the score and
 * what would change it.
 */
export function withSkinChecklist(
  result: ImageResult,
  checklist: SkinChecklistResult,
  language: Language = 'en',
): ImageResult {
  const sentence = checklistSentence(checklist, language);
  const summary =
    checklist.level === 'refer'
      ? say(language, 'skin.summary.refer', {
          headline: checklist.headline,
          sentence,
          nextStep: checklist.nextStep,
          picture: result.summary,
        })
      : `${result.summary} ${sentence} ${checklist.nextStep}`;
  return { ...result, checklist, summary };
}

/** What the result says first: the checklist's step when it reached the threshold, else the picture's triage. */
export function leadingHeadlineOf(result: ImageResult): string | null {
  if (result.checklist?.level === 'refer') return result.checklist.headline;
  return result.triage?.headline ?? null;
}

/** The questions as the test page asks them (GET /api/assessments/skin/checklist). */
export function publicSkinChecklist(data: SkinChecklistFile = skinChecklist()): SkinChecklist {
  return {
    version: data.version,
    why: data.why,
    notSure: data.notSure,
    items: data.items.map(({ key, kind, points, question, help }) => ({ key, kind, points, question, help })),
    threshold: data.threshold,
    maxScore: data.items.reduce((sum, item) => sum + item.points, 0),
    sources: sourcesOf(data, [data.thresholdSource, ...data.items.map((i) => i.source)]),
  };
}

/** The questions in a language (GET /api/assessments/skin/checklist with Accept-Language). */
export function publicSkinChecklistIn(language: Language): SkinChecklist {
  return publicSkinChecklist(skinChecklistIn(language));
}
