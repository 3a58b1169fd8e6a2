import type {
  AssessmentModel,
  AssessmentResponse,
  ImageClassProbability,
  ImageResult,
  ImageTestSlug,
  Language,
} from '@medibuddy/contracts';
import { classLabelIn, imageTriageIn } from '../../content/image-triage';
import { skinChecklistIn } from '../../content/skin-checklist';
import { numberIn } from '../../locales/numbers';
import { say } from '../../locales/result-texts';
import type { ImageModelRegistry } from '../../plugins/image-models';
import type { AssessmentRow } from './assessments.repository';
import { renderHeatmap } from './heatmap';
import {
  imageContentKeysOf,
  imageMetricsOf,
  imageSummaryOf,
  imageTriageOf,
  lower,
  withTriage,
  type ImageInputs,
} from './image-result';
import { resultPageOf } from './result-page';
import { percent } from './risk';
import { leadingHeadlineOf, scoreSkinChecklist, withSkinChecklist } from './skin-checklist';

/**
 * A saved image assessment as its result page and the list show it, in a language. The stored result is
 * English; a Hindi page is built from its probabilities, the triage level and the checklist's answers by the same
 * generators (image-result.ts, skin-checklist.ts), each taking the language.
 */

export function assessmentImageUrl(id: string): string {
  return `/api/assessments/${id}/image`;
}

/**
 * A stored image result (with its triage: withTriage) in a language: class names, the triage's words and why, the
 * summary, the checklist. The triage is said again only when the stored probabilities give the same level, and the
 * checklist only when the stored answers give the same score; otherwise they stay as stored.
 */
export function imageResultIn(
  language: Language,
  test: ImageTestSlug,
  inputs: Partial<ImageInputs>,
  stored: ImageResult,
): ImageResult {
  if (language === 'en') return stored;
  const named = <C extends ImageClassProbability | null>(c: C): C =>
    (c ? { ...c, label: classLabelIn(language, stored.model, c.key, c.label) } : c) as C;
  const classes = stored.classes.map(named);
  const top = named(stored.top);
  const focus = named(stored.focus);
  const { triage, isClassNamed } = imageTriageOf(stored.model, classes, language);
  const sameTriage = stored.triage?.level === triage.level && (stored.isClassNamed ?? true) === isClassNamed;
  const picture: ImageResult = {
    ...stored,
    classes,
    top,
    focus,
    prediction: top.label,
    ...(sameTriage ? { triage, summary: imageSummaryOf(test, classes, focus, triage, isClassNamed, language) } : {}),
  };
  if (!stored.checklist || !inputs.checklist || !sameTriage) return picture;
  const checklist = scoreSkinChecklist(inputs.checklist, skinChecklistIn(language));
  const sameChecklist = checklist.score === stored.checklist.score && checklist.level === stored.checklist.level;
  return sameChecklist ? withSkinChecklist(picture, checklist, language) : { ...picture, summary: stored.summary };
}

/** A saved image assessment as its result page shows it. Metrics only while the served card made the result. */
export function respondImageRow(
  row: AssessmentRow,
  imageModels?: ImageModelRegistry,
  language: Language = 'en',
): AssessmentResponse {
  const test = row.test as ImageTestSlug;
  const inputs = (row.inputs ?? {}) as Partial<ImageInputs>;
  const result = imageResultIn(language, test, inputs, withTriage(test, row.result as ImageResult));
  const contentKeys = imageContentKeysOf(result);
  const card = imageModels?.peek(result.model)?.card;
  const model: AssessmentModel = {
    id: row.modelId,
    version: row.modelVersion,
    kind: 'model',
    ...(card && card.version === row.modelVersion
      ? { imageMetrics: imageMetricsOf(card, result.model, result.top.key, language) }
      : {}),
  };
  const stored = inputs.image ?? null;
  const heatmapClass = result.heatmap ? result.classes.find((c) => c.key === result.heatmap?.classKey) : undefined;
  return resultPageOf(
    row,
    test,
    {
      inputs: {},
      model,
      result,
      contentKeys,
      image: {
        url: stored ? assessmentImageUrl(row.id) : null,
        width: stored?.width ?? null,
        height: stored?.height ?? null,
        heatmap: result.heatmap ? renderHeatmap(result.heatmap) : null,
        // No class named below the confidence floor, not even in the heatmap's caption.
        heatmapLabel: result.isClassNamed === false ? null : (heatmapClass?.label ?? null),
      },
    },
    'image_model',
    language,
  );
}

/**
 * The headline a stored result leads with, in a language: the checklist's step when it reached its threshold, else
 * the picture's triage, by their level (so a list needs no answers to say it in Hindi).
 */
function leadIn(language: Language, result: ImageResult): string | null {
  if (language === 'en') return leadingHeadlineOf(result);
  if (result.checklist?.level === 'refer') return skinChecklistIn(language).atOrAbove.headline;
  return result.triage ? imageTriageIn(language).models[result.model].levels[result.triage.level].headline : null;
}

/**
 * One line for a list of past assessments: the triage first (the 7-point checklist's step when it reached its
 * threshold, else the picture's), then the class when one is named.
 */
export function imageHeadlineOf(result: ImageResult, language: Language = 'en'): string {
  const triaged = withTriage(undefined, result);
  const label = (c: ImageClassProbability) => lower(classLabelIn(language, result.model, c.key, c.label), language);
  const lead = leadIn(language, triaged);
  if (lead) {
    const score = triaged.checklist
      ? say(language, 'image.headline.checklist', {
          score: numberIn(language, triaged.checklist.score),
          maxScore: numberIn(language, triaged.checklist.maxScore),
        })
      : null;
    const notes = [
      score,
      triaged.isClassNamed === false ? null : say(language, 'image.headline.mostLike', { label: label(triaged.top) }),
    ].filter(Boolean);
    return notes.length > 0 ? say(language, 'image.headline.withNotes', { lead, notes: notes.join('; ') }) : lead;
  }
  if (result.focus)
    return say(language, 'image.headline.focus', {
      focus: classLabelIn(language, result.model, result.focus.key, result.focus.label),
      score: percent(result.focus.probability, language),
      top: label(result.top),
    });
  return say(language, 'image.headline.top', {
    top: label(result.top),
    score: percent(result.top.probability, language),
  });
}
