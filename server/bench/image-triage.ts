import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ImageModelId } from '@medibuddy/contracts';
import {
  IMAGE_TRIAGE_FILE,
  ImageTriageSchema,
  withClassOffsets,
  type ImageTriage,
  type Rate,
} from '../src/content/image-triage';
import { ctTestHalves } from './image-splits';
import { MODELS_DIR, openRegistry, scoresOf, type Scored } from './image-scores';

/**
 * `npm run check:image-triage -w server [-- --write]`: fixes each image model's triage threshold and confidence floor on
 * its validation part (chest CT: validation and decision 016's choosing half) and then reports test sensitivity and
 * specificity once, with 95 % Wilson intervals. --write puts the chosen numbers and the figures into
 * src/content/image-triage.json (the texts and sources there are written by hand and left alone).
 *
 * - refer score: the summed probability of the model's refer classes (skin: melanoma, basal- and squamous-cell
 *   carcinoma, actinic keratosis; fundus: cataract, retinopathy, glaucoma; chest CT: the three cancers).
 * - threshold: the highest value that still sends at least `targetSensitivity` of the choosing part's refer pictures
 *   to "refer" (rounded down to 4 decimals).
 * - confidence floor: the smallest top-class probability (from 0.50 in steps of 0.05) at which the top class is right for
 *   at least `floorAccuracy` of the choosing part's pictures at or above it; below it a result names no class.
 */

export function wilson(k: number, n: number, z = 1.96): Rate {
  if (n === 0) return { value: null, low: null, high: null, k, n };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { value: r(p), low: r(Math.max(0, centre - half)), high: r(Math.min(1, centre + half)), k, n };
}

const referScore = (item: Scored, classes: string[], refer: string[]) =>
  refer.reduce((sum, key) => sum + (item.probabilities[classes.indexOf(key)] as number), 0);

export function thresholdFor(scores: number[], target: number): number {
  const sorted = [...scores].sort((a, b) => b - a);
  const needed = Math.ceil(target * sorted.length);
  return Math.floor((sorted[needed - 1] as number) * 1e4) / 1e4;
}

function topOf(item: Scored): { index: number; p: number } {
  let index = 0;
  item.probabilities.forEach((p, i) => {
    if (p > (item.probabilities[index] as number)) index = i;
  });
  return { index, p: item.probabilities[index] as number };
}

export function floorFor(items: Scored[], classes: string[], accuracy: number): number {
  for (let f = 0.5; f < 0.951; f += 0.05) {
    const above = items.filter((i) => topOf(i).p >= f);
    const right = above.filter((i) => classes[topOf(i).index] === i.label).length;
    if (above.length > 0 && right / above.length >= accuracy) return Math.round(f * 100) / 100;
  }
  return 0.95;
}

function figures(
  items: Scored[],
  classes: string[],
  refer: string[],
  threshold: number,
  floor: number,
  classThresholds: Record<string, number> = {},
) {
  const pos = items.filter((i) => refer.includes(i.label));
  const neg = items.filter((i) => !refer.includes(i.label));
  const flagged = (i: Scored) =>
    referScore(i, classes, refer) >= threshold ||
    Object.entries(classThresholds).some(([key, t]) => (i.probabilities[classes.indexOf(key)] as number) >= t);
  const named = items.filter((i) => topOf(i).p >= floor);
  return {
    sensitivity: wilson(pos.filter(flagged).length, pos.length),
    specificity: wilson(neg.filter((i) => !flagged(i)).length, neg.length),
    /** Of the refer pictures the model did not flag: how many it still named no class for ('unsure'). */
    missedButUnsure: pos.filter((i) => !flagged(i) && topOf(i).p < floor).length,
    namedShare: wilson(named.length, items.length),
    namedAccuracy: wilson(named.filter((i) => classes[topOf(i).index] === i.label).length, named.length),
    byClass: Object.fromEntries(
      refer.map((key) => {
        const of = items.filter((i) => i.label === key);
        return [key, `${of.filter(flagged).length}/${of.length}`];
      }),
    ),
  };
}

/**
 * Chest CT only: per-class offsets on the log-probabilities (the three cancers; normal stays 0), from -2 to 2 in steps
 * of 0.25, the set with the best top-class accuracy on the choosing part (ties: the smallest total shift).
 */
function offsetsFor(items: Scored[], classes: string[]): Record<string, number> {
  const steps = Array.from({ length: 17 }, (_, i) => -2 + i * 0.25);
  let best = { right: -1, size: Infinity, offsets: {} as Record<string, number> };
  for (const a of steps)
    for (const b of steps)
      for (const c of steps) {
        const offsets = {
          [classes[0] as string]: a,
          [classes[1] as string]: b,
          [classes[2] as string]: c,
          [classes[3] as string]: 0,
        };
        const right = items.filter(
          (i) =>
            classes[topOf({ ...i, probabilities: withClassOffsets(i.probabilities, classes, offsets) }).index] ===
            i.label,
        ).length;
        const size = Math.abs(a) + Math.abs(b) + Math.abs(c);
        if (right > best.right || (right === best.right && size < best.size)) best = { right, size, offsets };
      }
  return best.offsets;
}

const accuracyOf = (items: Scored[], classes: string[]) =>
  wilson(items.filter((i) => classes[topOf(i).index] === i.label).length, items.length);

const fmt = (r: Rate) =>
  r.value === null ? 'n/a' : `${r.value.toFixed(3)} (${r.low?.toFixed(3)}-${r.high?.toFixed(3)}; ${r.k}/${r.n})`;

/** What ml/images/train_pretrained.py chose on out-of-fold predictions (decision 031), written into the card. */
type CardChoice = {
  chosenOn: string;
  referThreshold: number;
  confidenceFloor: number;
  classThresholds: Record<string, number>;
  sensitivity: [number, number];
  specificity: [number, number];
};

function cardChoiceOf(model: ImageModelId): CardChoice | undefined {
  const card = JSON.parse(readFileSync(path.join(MODELS_DIR, model, 'card.json'), 'utf8')) as {
    triage_choice?: CardChoice;
  };
  return card.triage_choice;
}

/**
 * A model whose head learnt from every non-test picture has no untouched validation part: its threshold, floor and
 * class thresholds were chosen by its training run on out-of-fold predictions and are taken from its card as they
 * are; only the test figures (chest CT: decision 016's reporting half) are measured here, once.
 */
function applyCardChoice(
  model: ImageModelId,
  spec: ImageTriage['models'][ImageModelId],
  items: Scored[],
  classes: string[],
  choice: CardChoice,
  version: string,
) {
  let test = items.filter((i) => i.split === 'test');
  let reportingPart = `test (${test.length} pictures)`;
  if (model === 'chest_ct') {
    const inChoosing = new Set(ctTestHalves(test).choosing.map((i) => i.rel));
    test = test.filter((i) => !inChoosing.has(i.rel));
    reportingPart = `the test split's reporting half (${test.length} pictures), decision 016`;
  }
  const refer = spec.referClasses;
  const { referThreshold, confidenceFloor, classThresholds } = choice;
  const reported = figures(test, classes, refer, referThreshold, confidenceFloor, classThresholds);
  console.log(
    `\n${model} ${version}: from its card, chosen on ${choice.chosenOn}: refer if P(${refer.join(' + ')}) >= ${referThreshold} or ${JSON.stringify(classThresholds)}; floor ${confidenceFloor}`,
  );
  console.log(
    `  reported on ${reportingPart}: accuracy ${fmt(accuracyOf(test, classes))}, sensitivity ${fmt(reported.sensitivity)}, specificity ${fmt(reported.specificity)}`,
  );
  console.log(
    `    refer pictures flagged by class: ${JSON.stringify(reported.byClass)}; missed but 'unsure': ${reported.missedButUnsure}`,
  );
  console.log(
    `    a class named for ${fmt(reported.namedShare)} of pictures; named class right for ${fmt(reported.namedAccuracy)}`,
  );
  spec.modelVersion = version;
  delete spec.classOffsets;
  spec.referThreshold = referThreshold;
  spec.confidenceFloor = confidenceFloor;
  if (Object.keys(classThresholds).length) spec.classThresholds = classThresholds;
  else delete spec.classThresholds;
  spec.measured = {
    choosingPart: choice.chosenOn,
    reportingPart,
    choosing: { sensitivity: wilson(...choice.sensitivity), specificity: wilson(...choice.specificity) },
    reporting: {
      ...(model === 'chest_ct' ? { accuracy: accuracyOf(test, classes) } : {}),
      sensitivity: reported.sensitivity,
      specificity: reported.specificity,
      namedShare: reported.namedShare,
      namedAccuracy: reported.namedAccuracy,
      referFlaggedByClass: reported.byClass,
    },
  };
}

async function main() {
  const write = process.argv.includes('--write');
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--')) as ImageModelId[];
  const triage: ImageTriage = ImageTriageSchema.parse(JSON.parse(readFileSync(IMAGE_TRIAGE_FILE, 'utf8')));
  const registry = openRegistry();
  await registry.settled;
  for (const model of only.length ? only : (['skin', 'fundus', 'chest_ct'] as const)) {
    const spec = triage.models[model];
    const scores = await scoresOf(model, registry);
    const { classes } = scores;
    const choice = cardChoiceOf(model);
    if (choice) {
      applyCardChoice(model, spec, scores.items, classes, choice, scores.version);
      continue;
    }
    const val = scores.items.filter((i) => i.split === 'val');
    let test = scores.items.filter((i) => i.split === 'test');
    let choosing = val;
    let choosingPart = `validation (${val.length} pictures)`;
    let reportingPart = `test (${test.length} pictures)`;
    if (model === 'chest_ct') {
      const halves = ctTestHalves(test);
      const inChoosing = new Set(halves.choosing.map((i) => i.rel));
      choosing = [...val, ...test.filter((i) => inChoosing.has(i.rel))];
      test = test.filter((i) => !inChoosing.has(i.rel));
      choosingPart = `validation (${val.length}) and the test split's choosing half (${halves.choosing.length}), decision 016`;
      reportingPart = `the test split's reporting half (${test.length} pictures), decision 016`;
    }
    let offsets: Record<string, number> | undefined;
    let plainAccuracy: Rate | undefined;
    if (model === 'chest_ct') {
      offsets = offsetsFor(choosing, classes);
      plainAccuracy = accuracyOf(test, classes);
      const shift = (items: Scored[]) =>
        items.map((i) => ({ ...i, probabilities: withClassOffsets(i.probabilities, classes, offsets) }));
      console.log(
        `\nchest_ct offsets chosen on the choosing part: ${JSON.stringify(offsets)}; choosing accuracy ${fmt(accuracyOf(choosing, classes))} -> ${fmt(accuracyOf(shift(choosing), classes))}`,
      );
      choosing = shift(choosing);
      test = shift(test);
    }
    const refer = spec.referClasses;
    const threshold = thresholdFor(
      choosing.filter((i) => refer.includes(i.label)).map((i) => referScore(i, classes, refer)),
      spec.targetSensitivity,
    );
    const floor = floorFor(choosing, classes, spec.floorAccuracy);
    const chosen = figures(choosing, classes, refer, threshold, floor);
    const reported = figures(test, classes, refer, threshold, floor);
    console.log(
      `\n${model} ${scores.version}: refer if P(${refer.join(' + ')}) >= ${threshold}; name a class only at >= ${floor}`,
    );
    console.log(
      `  chosen on ${choosingPart}: sensitivity ${fmt(chosen.sensitivity)}, specificity ${fmt(chosen.specificity)}`,
    );
    console.log(
      `  reported on ${reportingPart}: sensitivity ${fmt(reported.sensitivity)}, specificity ${fmt(reported.specificity)}`,
    );
    console.log(
      `    refer pictures flagged by class: ${JSON.stringify(reported.byClass)}; missed but 'unsure': ${reported.missedButUnsure}`,
    );
    console.log(
      `    a class named for ${fmt(reported.namedShare)} of pictures; named class right for ${fmt(reported.namedAccuracy)}`,
    );
    spec.modelVersion = scores.version;
    if (offsets) {
      spec.classOffsets = offsets;
      console.log(
        `  reporting-half accuracy: as trained ${fmt(plainAccuracy as Rate)}, with the offsets ${fmt(accuracyOf(test, classes))}`,
      );
    }
    spec.referThreshold = threshold;
    spec.confidenceFloor = floor;
    spec.measured = {
      choosingPart,
      reportingPart,
      choosing: { sensitivity: chosen.sensitivity, specificity: chosen.specificity },
      reporting: {
        ...(plainAccuracy ? { accuracy: accuracyOf(test, classes), accuracyWithoutOffsets: plainAccuracy } : {}),
        sensitivity: reported.sensitivity,
        specificity: reported.specificity,
        namedShare: reported.namedShare,
        namedAccuracy: reported.namedAccuracy,
        referFlaggedByClass: reported.byClass,
      },
    };
  }
  await registry.close();
  if (write) {
    writeFileSync(IMAGE_TRIAGE_FILE, `${JSON.stringify(ImageTriageSchema.parse(triage), null, 2)}\n`);
    console.log(`\nwritten: ${IMAGE_TRIAGE_FILE}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
