import {
  bloodTestHeadline,
  CLINICAL_FORMS,
  enteredText,
  optionsOf,
  SKIN_CHECKLIST_ANSWER_LABELS,
  type AssessmentResponse,
  type ClinicalField,
  type ClinicalTestSlug,
} from '@medibuddy/contracts';
import { displayValueOf, riskHeadlineOf } from '../assessments';

/** One entered value, labelled as the form shows it. */
export type DescribedInput = {
  key: string;
  label: string;
  /** The number as entered (in `unit`, which may be another than the field's: decision 030); null when not measured. */
  value: number | null;
  unit: string | undefined;
  /** For a coded answer: the option's label ('Asymptomatic'). */
  codeLabel: string | undefined;
  /** '130 mm Hg', 'Asymptomatic', 'Not measured'. */
  display: string;
};

/**
 * Labels every input with its form field: unit, code labels, decimals. A key the form does not know (a test
 * added later, e.g. the image tests) is still listed, with its key as label, so a report never drops a value.
 */
export function describeInputs(response: AssessmentResponse): DescribedInput[] {
  const { test, inputs, entered } = response.assessment;
  const fields = (CLINICAL_FORMS as Partial<Record<string, readonly ClinicalField[]>>)[test as ClinicalTestSlug] ?? [];
  const known = new Set(fields.map((f) => f.key));
  const described = fields
    .filter((f) => f.key in inputs)
    .map((field): DescribedInput => {
      const value = inputs[field.key] ?? null;
      const options = optionsOf(field);
      const codeLabel = value === null ? undefined : options.find((o) => o.value === value)?.label;
      const asEntered = entered?.[field.key];
      const display = enteredText(field, asEntered, value) ?? displayValueOf(field, value);
      return {
        key: field.key,
        label: field.label,
        value: asEntered && value !== null ? asEntered.value : value,
        unit: options.length ? undefined : (asEntered?.unit ?? field.unit),
        codeLabel,
        display,
      };
    });
  // Values only: an image test's `image` input (a stored file) is listed as a picture, not as a value.
  const extra = (Object.entries(inputs) as [string, unknown][])
    .filter(
      (entry): entry is [string, number | null] =>
        !known.has(entry[0]) && (typeof entry[1] === 'number' || entry[1] === null),
    )
    .map(([key, value]): DescribedInput => ({
      key,
      label: key,
      value,
      unit: undefined,
      codeLabel: undefined,
      display: value === null ? 'Not measured' : String(value),
    }));
  return [...described, ...extra];
}

export const percentText = (p: number) => `${Math.round(p * 100)}%`;

/** The result in one or two lines: probability and band, the class, or the STONE score. */
export function resultLines(response: AssessmentResponse): string[] {
  const r = response.assessment.result;
  if (r.kind === 'risk') {
    const u = r.uncertainty;
    return [
      `Result: ${riskHeadlineOf(r)}.`,
      r.summary,
      ...(r.scores ?? []).flatMap((s) => (s.lower.length > 0 ? [`What would lower it: ${s.lower.join(' ')}`] : [])),
      ...(u
        ? [
            `${u.unknownFields.length} answers were not known; had they been measured, the model's score could be anywhere from ${Math.round(u.low * 100)} to ${Math.round(u.high * 100)} on its scale of 0 to 100.`,
          ]
        : []),
    ];
  }
  if (r.kind === 'blood-test') return [`Main finding: ${bloodTestHeadline(r)}.`, r.summary];
  if (r.kind !== 'kidney-stone') return [otherSummary(r)];
  const lines = [`Symptoms answered yes: ${r.total} of 8.`];
  if (r.applies && r.band) {
    lines.push(
      `STONE score ${r.score} of 13 (up to ${r.maxScore} once untested items are known): ${r.band}` +
        (r.probability === null ? '.' : `; ${percentText(r.probability)} of people in this band had a stone on CT.`),
    );
  } else {
    lines.push('The STONE score does not apply without back, side or belly pain.');
  }
  if (r.urgentMessage) lines.push(r.urgentMessage);
  return lines;
}

/** What to do and by when, as the result page says it; empty for a result saved before next steps were given. */
export function nextStepLines(response: AssessmentResponse): string[] {
  const r = response.assessment.result;
  if (r.kind === 'image') {
    // With the skin test's checklist: its step when it reached the threshold, else the picture's, then the score's.
    if (!r.checklist) return [];
    if (r.checklist.level === 'refer') return [`${r.checklist.headline}. ${r.checklist.nextStep}`];
    return [
      ...(r.triage ? [`${r.triage.headline}. ${r.triage.nextStep}`] : []),
      `${r.checklist.headline} (${r.checklist.score} of ${r.checklist.maxScore}). ${r.checklist.nextStep}`,
    ];
  }
  const step = r.nextStep;
  if (!step) return [];
  return [`${step.heading}. ${step.text}`];
}

/** The guideline thresholds the values met, checked before any model. */
export function guidelineLines(response: AssessmentResponse): string[] {
  const r = response.assessment.result;
  const findings = r.kind === 'risk' || r.kind === 'kidney-stone' ? (r.guideline ?? []) : [];
  return findings.map((f) => `${f.title}: ${f.value}; ${f.referenceRange}. ${f.explanation}`);
}

/** The inputs answered 'I don't know' (or not measured): named apart, never as values the person entered. */
export function notKnownLabels(response: AssessmentResponse): string[] {
  return describeInputs(response)
    .filter((item) => item.value === null)
    .map((item) => item.label);
}

/** Shares of the strongest reason, in words: 'strongly', 'moderately', 'slightly'. */
function strength(share: number): string {
  if (share >= 0.66) return 'strongly';
  if (share >= 0.33) return 'moderately';
  return 'slightly';
}

/**
 * The factors behind the result, one line each. For a model: only the answers shown as reasons (those whose
 * direction agrees with medical knowledge), in plain words; the others are named once, as not counted.
 */
export function factorLines(response: AssessmentResponse): string[] {
  const r = response.assessment.result;
  if (r.kind === 'risk') {
    const reasons = r.factors.filter((f) => f.isReason !== false);
    const largest = Math.max(...reasons.map((f) => Math.abs(f.contribution)), 0);
    const lines = reasons.map(
      (f) =>
        `${f.label}: ${f.displayValue} - ${f.direction === 'up' ? 'raises' : 'lowers'} the estimate ${strength(largest > 0 ? Math.abs(f.contribution) / largest : 0)}`,
    );
    const others = r.factors.filter((f) => f.isReason === false && f.value !== null);
    if (others.length > 0) {
      lines.push(
        `Not counted as reasons (the model reads them against medical knowledge, or they barely changed the estimate): ${others.map((f) => f.label).join('; ')}.`,
      );
    }
    return lines;
  }
  if (r.kind === 'blood-test') {
    return r.findings.map(
      (f) => `${f.title} (${f.severity}): ${f.value}; reference ${f.referenceRange}. ${f.explanation}`,
    );
  }
  if (r.kind === 'image') {
    const checklist = r.checklist;
    if (!checklist) return [];
    return [
      ...checklist.items.map(
        (i) =>
          `${i.question} ${i.answer === null ? 'Skipped' : SKIN_CHECKLIST_ANSWER_LABELS[i.answer]} - ${i.isCounted ? `${i.points} of ${i.points}` : `0 of ${i.points}`} points`,
      ),
      `Checklist score ${checklist.score} of ${checklist.maxScore}; ${checklist.threshold} or more calls for a suspected cancer pathway referral.`,
      ...(checklist.notSureNote ? [checklist.notSureNote] : []),
    ];
  }
  if (r.kind !== 'kidney-stone') return [];
  return r.factors.map(
    (f) => `${f.label}: ${f.answer} - ${f.points} of ${f.maxPoints} points${f.note ? ` (${f.note})` : ''}`,
  );
}

/** The validation figures of the model that made the result, or what stands in for them. */
export function modelLines(response: AssessmentResponse): string[] {
  const { model } = response.assessment;
  const head = `${model.kind === 'model' ? 'Model' : 'Rules'} version ${model.version}.`;
  if (model.kind === 'rules') return [head, 'Published thresholds and scores; the sources below name them.'];
  if (model.imageMetrics) {
    const m = model.imageMetrics;
    return [
      head,
      `Tested once on ${m.testSet ?? 'pictures it never learnt from'}: accuracy ${percentText(m.accuracy)}, balanced accuracy ${percentText(m.balancedAccuracy)}.`,
    ];
  }
  if (!model.metrics)
    return [head, 'The validation figures of this version are no longer served (the model has been retrained since).'];
  const m = model.metrics;
  const est = (e: { mean: number; ci95: [number, number] }) =>
    `${e.mean.toFixed(2)} (95% CI ${e.ci95[0].toFixed(2)}-${e.ci95[1].toFixed(2)})`;
  return [
    head,
    `Repeated cross-validation on ${m.dataset}, ${m.rows} records: ROC AUC ${est(m.rocAuc)}; at the screening threshold ` +
      `sensitivity ${est(m.sensitivity)}, specificity ${est(m.specificity)}, accuracy ${est(m.accuracy)}.`,
  ];
}

/** Every source the result rests on: the disease content's, the findings' and the score's citations. */
export function sourceLines(response: AssessmentResponse): string[] {
  const r = response.assessment.result;
  const lines = new Set<string>();
  if (r.kind === 'blood-test')
    for (const f of r.findings) lines.add(`${f.citation.title}${f.citation.url ? ` - ${f.citation.url}` : ''}`);
  if (r.kind === 'kidney-stone') lines.add(`${r.citation.title}${r.citation.url ? ` - ${r.citation.url}` : ''}`);
  if (r.kind === 'risk' || r.kind === 'kidney-stone') {
    for (const f of r.guideline ?? []) lines.add(`${f.citation.title}${f.citation.url ? ` - ${f.citation.url}` : ''}`);
  }
  if (r.kind === 'image')
    for (const s of [...(r.checklist?.sources ?? []), ...(r.triage?.sources ?? [])])
      lines.add(`${s.title}, ${s.publisher}${s.url ? ` - ${s.url}` : ''}`);
  if (response.assessment.model.metrics) lines.add(`Training data: ${response.assessment.model.metrics.dataset}`);
  for (const c of response.content) {
    for (const s of c.sources) lines.add(`${s.title}, ${s.publisher}${s.url ? ` - ${s.url}` : ''}`);
  }
  return [...lines];
}

/** A result kind this module does not know in detail (the image tests'): its summary, if it has one. */
function otherSummary(result: object): string {
  const summary = (result as { summary?: unknown }).summary;
  return typeof summary === 'string' ? summary : 'See the result page for this assessment.';
}
