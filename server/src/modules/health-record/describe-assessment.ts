import {
  CLINICAL_FORMS,
  optionsOf,
  type AssessmentResponse,
  type ClinicalField,
  type ClinicalTestSlug,
} from '@medibuddy/contracts';
import { displayValueOf } from '../assessments/risk';

/** One entered value, labelled as the form shows it. */
export type DescribedInput = {
  key: string;
  label: string;
  /** The number as entered; null when not measured. */
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
  const { test, inputs } = response.assessment;
  const fields = (CLINICAL_FORMS as Partial<Record<string, readonly ClinicalField[]>>)[test as ClinicalTestSlug] ?? [];
  const known = new Set(fields.map((f) => f.key));
  const described = fields
    .filter((f) => f.key in inputs)
    .map((field): DescribedInput => {
      const value = inputs[field.key] ?? null;
      const options = optionsOf(field);
      const codeLabel = value === null ? undefined : options.find((o) => o.value === value)?.label;
      const display = displayValueOf(field, value);
      return { key: field.key, label: field.label, value, unit: options.length ? undefined : field.unit, codeLabel, display };
    });
  // Values only: an image test's `image` input (a stored file) is listed as a picture, not as a value.
  const extra = (Object.entries(inputs) as [string, unknown][])
    .filter((entry): entry is [string, number | null] => !known.has(entry[0]) && (typeof entry[1] === 'number' || entry[1] === null))
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
    return [
      `Estimated probability of ${r.condition}: ${percentText(r.probability)} (${r.band}); flagged from ${percentText(r.threshold)}.`,
      r.summary,
    ];
  }
  if (r.kind === 'blood-test') return [`Main finding: ${r.label}.`, r.summary];
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

/** The factors behind the result, one line each. */
export function factorLines(response: AssessmentResponse): string[] {
  const r = response.assessment.result;
  if (r.kind === 'risk') {
    return r.factors.map(
      (f) => `${f.label}: ${f.displayValue} - pushes the estimate ${f.direction} (${f.contribution >= 0 ? '+' : ''}${f.contribution.toFixed(2)} log-odds)`,
    );
  }
  if (r.kind === 'blood-test') {
    return r.findings.map((f) => `${f.title} (${f.severity}): ${f.value}; reference ${f.referenceRange}. ${f.explanation}`);
  }
  if (r.kind !== 'kidney-stone') return [];
  return r.factors.map((f) => `${f.label}: ${f.answer} - ${f.points} of ${f.maxPoints} points${f.note ? ` (${f.note})` : ''}`);
}

/** The validation figures of the model that made the result, or what stands in for them. */
export function modelLines(response: AssessmentResponse): string[] {
  const { model } = response.assessment;
  const head = `${model.kind === 'model' ? 'Model' : 'Rules'} version ${model.version}.`;
  if (model.kind === 'rules') return [head, 'Published thresholds and scores; the sources below name them.'];
  if (!model.metrics) return [head, 'The validation figures of this version are no longer served (the model has been retrained since).'];
  const m = model.metrics;
  const est = (e: { mean: number; ci95: [number, number] }) => `${e.mean.toFixed(2)} (95% CI ${e.ci95[0].toFixed(2)}-${e.ci95[1].toFixed(2)})`;
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
  if (r.kind === 'blood-test') for (const f of r.findings) lines.add(`${f.citation.title}${f.citation.url ? ` - ${f.citation.url}` : ''}`);
  if (r.kind === 'kidney-stone') lines.add(`${r.citation.title}${r.citation.url ? ` - ${r.citation.url}` : ''}`);
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
