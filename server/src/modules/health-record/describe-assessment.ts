import {
  CLINICAL_FORMS,
  enteredText,
  optionsOf,
  type AssessmentResponse,
  type ClinicalField,
  type ClinicalTestSlug,
  type Language,
} from '@medibuddy/contracts';
import { fieldIn } from '../../content/assessments/clinical-fields';
import { textIn, type TextKey, type TextValues } from '../../locales/texts';
import { bloodTestHeadlineIn, displayValueOf, riskHeadlineOf } from '../assessments';

/**
 * An assessment in lines of text, for the PDF report, the FHIR export and the chat's "my result": in English unless a
 * language is given (then the response should have been built in it too: the assessment service's `language`).
 */

const say = (language: Language, key: TextKey, values?: TextValues) => textIn(language, key, values);

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
export function describeInputs(response: AssessmentResponse, language: Language = 'en'): DescribedInput[] {
  const { test, inputs, entered } = response.assessment;
  const fields = (CLINICAL_FORMS as Partial<Record<string, readonly ClinicalField[]>>)[test as ClinicalTestSlug] ?? [];
  const known = new Set(fields.map((f) => f.key));
  const described = fields
    .filter((f) => f.key in inputs)
    .map((contractField): DescribedInput => {
      const field = fieldIn(language, test as ClinicalTestSlug, contractField);
      const value = inputs[field.key] ?? null;
      const options = optionsOf(field);
      const codeLabel = value === null ? undefined : options.find((o) => o.value === value)?.label;
      const asEntered = entered?.[field.key];
      const display = enteredText(field, asEntered, value) ?? displayValueOf(field, value, language);
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
      display: value === null ? say(language, 'report.line.notMeasured') : String(value),
    }));
  return [...described, ...extra];
}

export const percentText = (p: number) => `${Math.round(p * 100)}%`;

/** The result in one or two lines: probability and band, the class, or the STONE score. */
export function resultLines(response: AssessmentResponse, language: Language = 'en'): string[] {
  const r = response.assessment.result;
  if (r.kind === 'risk') {
    const u = r.uncertainty;
    return [
      say(language, 'report.line.result', { headline: riskHeadlineOf(r, language) }),
      r.summary,
      ...(r.scores ?? []).flatMap((s) =>
        s.lower.length > 0 ? [say(language, 'report.line.lowerIt', { text: s.lower.join(' ') })] : [],
      ),
      ...(u
        ? [
            say(language, 'report.line.uncertainty', {
              count: u.unknownFields.length,
              low: Math.round(u.low * 100),
              high: Math.round(u.high * 100),
            }),
          ]
        : []),
    ];
  }
  if (r.kind === 'blood-test')
    return [say(language, 'report.line.mainFinding', { headline: bloodTestHeadlineIn(language, r) }), r.summary];
  if (r.kind !== 'kidney-stone') return [otherSummary(r, language)];
  const lines = [say(language, 'report.line.stoneYes', { total: r.total })];
  if (r.applies && r.band) {
    const values = { score: r.score, max: r.maxScore, band: r.band };
    lines.push(
      r.probability === null
        ? say(language, 'report.line.stoneScore', values)
        : say(language, 'report.line.stoneScoreShare', { ...values, percent: percentText(r.probability) }),
    );
  } else {
    lines.push(say(language, 'report.line.stoneNotApplies'));
  }
  if (r.urgentMessage) lines.push(r.urgentMessage);
  return lines;
}

/** What to do and by when, as the result page says it; empty for a result saved before next steps were given. */
export function nextStepLines(response: AssessmentResponse, language: Language = 'en'): string[] {
  const r = response.assessment.result;
  const step = (heading: string, text: string) => say(language, 'report.line.step', { heading, text });
  if (r.kind === 'image') {
    // With the skin test's checklist: its step when it reached the threshold, else the picture's, then the score's.
    if (!r.checklist) return [];
    if (r.checklist.level === 'refer') return [step(r.checklist.headline, r.checklist.nextStep)];
    return [
      ...(r.triage ? [step(r.triage.headline, r.triage.nextStep)] : []),
      say(language, 'report.line.checklistStep', {
        headline: r.checklist.headline,
        score: r.checklist.score,
        max: r.checklist.maxScore,
        step: r.checklist.nextStep,
      }),
    ];
  }
  return r.nextStep ? [step(r.nextStep.heading, r.nextStep.text)] : [];
}

/** The guideline thresholds the values met, checked before any model. */
export function guidelineLines(response: AssessmentResponse, language: Language = 'en'): string[] {
  const r = response.assessment.result;
  const findings = r.kind === 'risk' || r.kind === 'kidney-stone' ? (r.guideline ?? []) : [];
  return findings.map((f) =>
    say(language, 'report.line.guideline', {
      title: f.title,
      value: f.value,
      range: f.referenceRange,
      explanation: f.explanation,
    }),
  );
}

/** The inputs answered 'I don't know' (or not measured): named apart, never as values the person entered. */
export function notKnownLabels(response: AssessmentResponse, language: Language = 'en'): string[] {
  return describeInputs(response, language)
    .filter((item) => item.value === null)
    .map((item) => item.label);
}

/** Shares of the strongest reason, in words: 'strongly', 'moderately', 'slightly'. */
function strength(share: number, language: Language): string {
  return say(
    language,
    share >= 0.66
      ? 'report.strength.strongly'
      : share >= 0.33
        ? 'report.strength.moderately'
        : 'report.strength.slightly',
  );
}

/**
 * The factors behind the result, one line each. For a model: only the answers shown as reasons (those whose
 * direction agrees with medical knowledge), in plain words; the others are named once, as not counted.
 */
export function factorLines(response: AssessmentResponse, language: Language = 'en'): string[] {
  const r = response.assessment.result;
  if (r.kind === 'risk') {
    const reasons = r.factors.filter((f) => f.isReason !== false);
    const largest = Math.max(...reasons.map((f) => Math.abs(f.contribution)), 0);
    const lines = reasons.map((f) =>
      say(language, f.direction === 'up' ? 'report.line.factorUp' : 'report.line.factorDown', {
        label: f.label,
        value: f.displayValue,
        strength: strength(largest > 0 ? Math.abs(f.contribution) / largest : 0, language),
      }),
    );
    const others = r.factors.filter((f) => f.isReason === false && f.value !== null);
    if (others.length > 0)
      lines.push(say(language, 'report.line.notCounted', { labels: others.map((f) => f.label).join('; ') }));
    return lines;
  }
  if (r.kind === 'blood-test') {
    return r.findings.map((f) =>
      say(language, 'report.line.bloodFinding', {
        title: f.title,
        severity: say(language, `report.findingSeverity.${f.severity}`),
        value: f.value,
        range: f.referenceRange,
        explanation: f.explanation,
      }),
    );
  }
  if (r.kind === 'image') {
    const checklist = r.checklist;
    if (!checklist) return [];
    return [
      ...checklist.items.map((i) =>
        say(language, 'report.line.checklistItem', {
          question: i.question,
          answer: say(language, i.answer === null ? 'report.answer.skipped' : `report.answer.${i.answer}`),
          got: i.isCounted ? i.points : 0,
          points: i.points,
        }),
      ),
      say(language, 'report.line.checklistScore', {
        score: checklist.score,
        max: checklist.maxScore,
        threshold: checklist.threshold,
      }),
      ...(checklist.notSureNote ? [checklist.notSureNote] : []),
    ];
  }
  if (r.kind !== 'kidney-stone') return [];
  return r.factors.map((f) => {
    const line = say(language, 'report.line.kidneyFactor', {
      label: f.label,
      answer: f.answer,
      points: f.points,
      max: f.maxPoints,
    });
    return f.note ? say(language, 'report.line.note', { text: line, note: f.note }) : line;
  });
}

/** The validation figures of the model that made the result, or what stands in for them. */
export function modelLines(response: AssessmentResponse, language: Language = 'en'): string[] {
  const { model } = response.assessment;
  const head = say(language, model.kind === 'model' ? 'report.line.modelVersion' : 'report.line.rulesVersion', {
    version: model.version,
  });
  if (model.kind === 'rules') return [head, say(language, 'report.line.rulesSource')];
  if (model.imageMetrics) {
    const m = model.imageMetrics;
    return [
      head,
      say(language, 'report.line.imageMetrics', {
        set: m.testSet ?? say(language, 'report.line.imageTestSet'),
        accuracy: percentText(m.accuracy),
        balanced: percentText(m.balancedAccuracy),
      }),
    ];
  }
  if (!model.metrics) return [head, say(language, 'report.line.noMetrics')];
  const m = model.metrics;
  const est = (e: { mean: number; ci95: [number, number] }) =>
    say(language, 'report.line.estimate', {
      mean: e.mean.toFixed(2),
      low: e.ci95[0].toFixed(2),
      high: e.ci95[1].toFixed(2),
    });
  return [
    head,
    say(language, 'report.line.crossValidation', {
      dataset: m.dataset,
      rows: m.rows,
      auc: est(m.rocAuc),
      sensitivity: est(m.sensitivity),
      specificity: est(m.specificity),
      accuracy: est(m.accuracy),
    }),
  ];
}

/** Every source the result rests on: the disease content's, the findings' and the score's citations. */
export function sourceLines(response: AssessmentResponse, language: Language = 'en'): string[] {
  const r = response.assessment.result;
  const lines = new Set<string>();
  const cite = (title: string, url: string | null | undefined) => (url ? `${title} - ${url}` : title);
  if (r.kind === 'blood-test') for (const f of r.findings) lines.add(cite(f.citation.title, f.citation.url));
  if (r.kind === 'kidney-stone') lines.add(cite(r.citation.title, r.citation.url));
  if (r.kind === 'risk' || r.kind === 'kidney-stone') {
    for (const f of r.guideline ?? []) lines.add(cite(f.citation.title, f.citation.url));
  }
  if (r.kind === 'image')
    for (const s of [...(r.checklist?.sources ?? []), ...(r.triage?.sources ?? [])])
      lines.add(cite(`${s.title}, ${s.publisher}`, s.url));
  if (response.assessment.model.metrics)
    lines.add(say(language, 'report.line.trainingData', { dataset: response.assessment.model.metrics.dataset }));
  for (const c of response.content) {
    for (const s of c.sources) lines.add(cite(`${s.title}, ${s.publisher}`, s.url));
  }
  return [...lines];
}

/** A result kind this module does not know in detail (the image tests'): its summary, if it has one. */
function otherSummary(result: object, language: Language): string {
  const summary = (result as { summary?: unknown }).summary;
  return typeof summary === 'string' ? summary : say(language, 'report.line.seeResultPage');
}
