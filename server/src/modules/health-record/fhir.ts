import { bloodTestHeadline, type AssessmentResponse, type User } from '@medibuddy/contracts';
import { describeInputs, factorLines, modelLines, resultLines } from './describe-assessment';

/**
 * The user's record as a FHIR R4 Bundle of type 'collection': a Patient, an Observation for each entered
 * value, a RiskAssessment for each result, and a DocumentReference for each uploaded image. Resources refer
 * to each other by their entries' `urn:uuid:` fullUrls, so the bundle stands alone.
 */

type Resource = Record<string, unknown> & { resourceType: string; id: string };
export type FhirBundle = {
  resourceType: 'Bundle';
  id: string;
  meta: { lastUpdated: string };
  type: 'collection';
  timestamp: string;
  entry: { fullUrl: string; resource: Resource }[];
};

/** An image an assessment refers to (the image tests add these); the export lists it as a DocumentReference. */
export type ImageReference = {
  assessmentId: string;
  url: string;
  contentType: string;
  title?: string;
  createdAt: string;
};

/** Our form units in UCUM (http://unitsofmeasure.org), where one exists. */
const UCUM: Record<string, string> = {
  'mg/dL': 'mg/dL',
  'g/dL': 'g/dL',
  'mmol/L': 'mmol/L',
  'µmol/L': 'umol/L',
  'g/L': 'g/L',
  'mm Hg': 'mm[Hg]',
  mm: 'mm',
  cm: 'cm',
  kg: 'kg',
  years: 'a',
  'kg/m²': 'kg/m2',
  'µU/mL': 'u[IU]/mL',
  'µIU/mL': 'u[IU]/mL',
  'IU/L': '[IU]/L',
  'beats/min': '/min',
  '×10³/µL': '10*3/uL',
  '×10⁶/µL': '10*6/uL',
  fL: 'fL',
  pg: 'pg',
  count: '{count}',
  ratio: '{ratio}',
  score: '{score}',
  vessels: '{vessels}',
  '%': '%',
};

const uuidUrl = (id: string) => `urn:uuid:${id}`;

/** Deterministic UUID-shaped ids for the resources derived from one assessment (its id with a suffix). */
function derivedId(assessmentId: string, n: number): string {
  const hex = assessmentId.replaceAll('-', '');
  const tail = (parseInt(hex.slice(-6), 16) ^ (n + 1)).toString(16).padStart(6, '0');
  const h = hex.slice(0, -6) + tail;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function buildFhirBundle(options: {
  user: User;
  assessments: AssessmentResponse[];
  images?: ImageReference[];
  bundleId: string;
  now: Date;
  /** Our own code system for the inputs: `<origin>/fhir/CodeSystem/<test>`. */
  origin: string;
}): FhirBundle {
  const { user, now, origin } = options;
  const entry: FhirBundle['entry'] = [];
  const patientUrl = uuidUrl(user.id);
  entry.push({
    fullUrl: patientUrl,
    resource: {
      resourceType: 'Patient',
      id: user.id,
      active: true,
      name: [{ use: 'usual', text: user.name }],
      telecom: [{ system: 'email', value: user.email, use: 'home' }],
    },
  });

  for (const response of options.assessments) {
    const { assessment } = response;
    const inputs = describeInputs(response);
    const observationUrls: string[] = [];
    inputs.forEach((input, i) => {
      const id = derivedId(assessment.id, i + 1);
      const url = uuidUrl(id);
      observationUrls.push(url);
      const observation: Resource = {
        resourceType: 'Observation',
        id,
        status: 'final',
        code: {
          coding: [{ system: `${origin}/fhir/CodeSystem/${assessment.test}`, code: input.key, display: input.label }],
          text: input.label,
        },
        subject: { reference: patientUrl },
        effectiveDateTime: assessment.createdAt,
        note: [{ text: `Entered in the MediBuddy ${assessment.testName} test (assessment ${assessment.id}).` }],
      };
      if (input.value === null) {
        observation.dataAbsentReason = {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
              code: 'not-performed',
              display: 'Not Performed',
            },
          ],
          text: 'Not measured',
        };
      } else if (input.codeLabel !== undefined) {
        observation.valueCodeableConcept = { text: input.codeLabel };
      } else {
        const ucum = input.unit ? UCUM[input.unit] : undefined;
        observation.valueQuantity = {
          value: input.value,
          ...(input.unit ? { unit: input.unit } : {}),
          ...(ucum ? { system: 'http://unitsofmeasure.org', code: ucum } : {}),
        };
      }
      entry.push({ fullUrl: url, resource: observation });
    });

    const result = assessment.result;
    const prediction: Record<string, unknown> = { outcome: { text: outcomeOf(response) } };
    if (result.kind === 'risk') {
      prediction.probabilityDecimal = round(result.probability);
      prediction.qualitativeRisk = { text: result.band };
    } else if (result.kind === 'kidney-stone' && result.probability !== null) {
      prediction.probabilityDecimal = round(result.probability);
      if (result.band) prediction.qualitativeRisk = { text: result.band };
    }
    const riskId = derivedId(assessment.id, 0);
    entry.push({
      fullUrl: uuidUrl(riskId),
      resource: {
        resourceType: 'RiskAssessment',
        id: riskId,
        identifier: [{ system: `${origin}/assessments`, value: assessment.id }],
        status: 'final',
        code: { text: assessment.testName },
        method: { text: `${assessment.model.kind === 'model' ? 'Model' : 'Rules'} ${assessment.model.version}` },
        subject: { reference: patientUrl },
        occurrenceDateTime: assessment.createdAt,
        basis: observationUrls.map((reference) => ({ reference })),
        prediction: [prediction],
        note: [
          ...resultLines(response),
          ...factorLines(response),
          ...modelLines(response),
          response.notices.notADiagnosis,
        ].map((text) => ({ text })),
      },
    });
  }

  // An assessment that carries an uploaded picture (the image tests) gets a DocumentReference for it.
  const images: ImageReference[] = [...(options.images ?? [])];
  for (const { assessment } of options.assessments) {
    const url = (assessment as { image?: { url?: string | null } }).image?.url;
    if (url && !images.some((i) => i.assessmentId === assessment.id)) {
      images.push({
        assessmentId: assessment.id,
        url: new URL(url, origin).toString(),
        contentType: 'image/webp',
        title: `${assessment.testName} picture`,
        createdAt: assessment.createdAt,
      });
    }
  }
  for (const image of images) {
    const id = derivedId(image.assessmentId, 900);
    entry.push({
      fullUrl: uuidUrl(id),
      resource: {
        resourceType: 'DocumentReference',
        id,
        status: 'current',
        subject: { reference: patientUrl },
        date: image.createdAt,
        description: image.title ?? 'Image uploaded for an assessment',
        content: [
          { attachment: { contentType: image.contentType, url: image.url, title: image.title ?? 'Uploaded image' } },
        ],
        context: { related: [{ reference: uuidUrl(derivedId(image.assessmentId, 0)) }] },
      },
    });
  }

  return {
    resourceType: 'Bundle',
    id: options.bundleId,
    meta: { lastUpdated: now.toISOString() },
    type: 'collection',
    timestamp: now.toISOString(),
    entry,
  };
}

const round = (p: number) => Math.round(p * 10000) / 10000;

function outcomeOf(response: AssessmentResponse): string {
  const r = response.assessment.result;
  if (r.kind === 'risk') return r.condition;
  if (r.kind === 'blood-test') return bloodTestHeadline(r);
  if (r.kind === 'kidney-stone') return 'ureteral stone';
  const prediction = (r as { prediction?: unknown }).prediction;
  return typeof prediction === 'string' ? prediction : response.assessment.testName;
}
