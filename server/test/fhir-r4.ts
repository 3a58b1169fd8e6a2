/**
 * A validator of the FHIR R4 rules the export relies on (https://hl7.org/fhir/R4): the required elements and
 * cardinalities, the required value sets and the invariants of Bundle, Patient, Observation, RiskAssessment
 * and DocumentReference, as far as the export uses them. It answers a list of problems, '' none.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

// Primitive formats (R4 datatypes page).
const ID = /^[A-Za-z0-9\-.]{1,64}$/;
const DATE_TIME =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)))?)?)?$/;
const INSTANT =
  /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$/;
const URI = /^\S+$/;
const UUID_URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MIME = /^[a-z]+\/[a-z0-9.+-]+$/i;

// Required bindings.
const BUNDLE_TYPES = [
  'document',
  'message',
  'transaction',
  'transaction-response',
  'batch',
  'batch-response',
  'history',
  'searchset',
  'collection',
];
const OBSERVATION_STATUS = [
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
];
const RISK_STATUS = [
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
];
const DOCREF_STATUS = ['current', 'superseded', 'entered-in-error'];
const NAME_USE = ['usual', 'official', 'temp', 'nickname', 'anonymous', 'old', 'maiden'];
const CONTACT_SYSTEM = ['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other'];
const CONTACT_USE = ['home', 'work', 'temp', 'old', 'mobile'];
const DATA_ABSENT = [
  'unknown',
  'asked-unknown',
  'temp-unknown',
  'not-asked',
  'asked-declined',
  'masked',
  'not-applicable',
  'unsupported',
  'as-text',
  'error',
  'not-a-number',
  'negative-infinity',
  'positive-infinity',
  'not-performed',
  'not-permitted',
];

export function validateR4Bundle(bundle: unknown): string[] {
  const problems: string[] = [];
  const fail = (where: string, message: string) => problems.push(`${where}: ${message}`);

  if (!isObject(bundle) || bundle.resourceType !== 'Bundle') return ['Bundle: resourceType must be Bundle'];
  if (bundle.id !== undefined && !(typeof bundle.id === 'string' && ID.test(bundle.id)))
    fail('Bundle.id', 'not a valid id');
  if (!BUNDLE_TYPES.includes(bundle.type as string)) fail('Bundle.type', 'required, from the BundleType value set');
  if (bundle.timestamp !== undefined && !INSTANT.test(String(bundle.timestamp)))
    fail('Bundle.timestamp', 'not an instant');
  if (!Array.isArray(bundle.entry)) return [...problems, 'Bundle.entry: expected an array'];

  const fullUrls = new Set<string>();
  const typeByUrl = new Map<string, string>();
  for (const [i, e] of bundle.entry.entries()) {
    const where = `Bundle.entry[${i}]`;
    if (!isObject(e)) {
      fail(where, 'not an object');
      continue;
    }
    // bdl-7 (fullUrl unique), bdl-8 (fullUrl has no version), and a resource in every collection entry.
    if (typeof e.fullUrl !== 'string' || !URI.test(e.fullUrl)) fail(`${where}.fullUrl`, 'must be a uri');
    else if (fullUrls.has(e.fullUrl)) fail(`${where}.fullUrl`, 'bdl-7: fullUrl must be unique');
    else if (e.fullUrl.includes('/_history/')) fail(`${where}.fullUrl`, 'bdl-8: must not contain a version');
    fullUrls.add(String(e.fullUrl));
    if (!isObject(e.resource)) {
      fail(`${where}.resource`, 'required in a collection');
      continue;
    }
    if (e.request !== undefined || e.response !== undefined)
      fail(where, 'bdl-3/bdl-4: request/response only in transactions and batches');
    typeByUrl.set(String(e.fullUrl), String(e.resource.resourceType));
    const r = e.resource;
    if (typeof r.id !== 'string' || !ID.test(r.id)) fail(`${where}.resource.id`, 'not a valid id');
    if (UUID_URN.test(String(e.fullUrl)) && r.id !== String(e.fullUrl).slice(9))
      fail(where, 'the uuid fullUrl and the resource id differ');
  }

  const reference = (where: string, value: unknown, allowed: string[] | 'any') => {
    if (!isObject(value) || typeof value.reference !== 'string')
      return fail(where, 'must be a Reference with a reference');
    const target = typeByUrl.get(value.reference);
    if (!target) return fail(where, `does not resolve inside the bundle: ${value.reference}`);
    if (allowed !== 'any' && !allowed.includes(target))
      fail(where, `refers to a ${target}, allowed: ${allowed.join(', ')}`);
  };
  const codeableConcept = (where: string, value: unknown) => {
    if (!isObject(value)) return fail(where, 'must be a CodeableConcept');
    if (value.coding === undefined && typeof value.text !== 'string')
      fail(where, 'a CodeableConcept needs a coding or a text');
    if (value.coding !== undefined) {
      if (!Array.isArray(value.coding) || value.coding.length === 0)
        return fail(`${where}.coding`, 'must be a non-empty array');
      for (const [j, c] of value.coding.entries()) {
        if (!isObject(c)) fail(`${where}.coding[${j}]`, 'not a Coding');
        else if (
          (c.system !== undefined && (typeof c.system !== 'string' || !URI.test(c.system))) ||
          typeof c.code !== 'string' ||
          c.code.trim() !== c.code ||
          c.code === ''
        ) {
          fail(`${where}.coding[${j}]`, 'needs a uri system and a code without surrounding space');
        }
      }
    }
  };
  const annotations = (where: string, value: unknown) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) return fail(where, 'must be an array');
    value.forEach((a, j) => {
      if (!isObject(a) || typeof a.text !== 'string' || a.text === '')
        fail(`${where}[${j}].text`, 'required (Annotation.text 1..1)');
    });
  };
  const dateTime = (where: string, value: unknown, required = false) => {
    if (value === undefined) return required ? fail(where, 'required') : undefined;
    if (typeof value !== 'string' || !DATE_TIME.test(value)) fail(where, 'not a dateTime');
  };

  for (const [i, e] of bundle.entry.entries()) {
    if (!isObject(e) || !isObject(e.resource)) continue;
    const r = e.resource;
    const where = `Bundle.entry[${i}].resource(${String(r.resourceType)})`;
    switch (r.resourceType) {
      case 'Patient': {
        if (r.name !== undefined) {
          if (!Array.isArray(r.name)) fail(`${where}.name`, 'must be an array');
          else
            r.name.forEach((n, j) => {
              if (!isObject(n)) return fail(`${where}.name[${j}]`, 'not a HumanName');
              if (n.use !== undefined && !NAME_USE.includes(n.use as string))
                fail(`${where}.name[${j}].use`, 'not in NameUse');
            });
        }
        if (r.telecom !== undefined) {
          if (!Array.isArray(r.telecom)) fail(`${where}.telecom`, 'must be an array');
          else
            r.telecom.forEach((t, j) => {
              if (!isObject(t)) return fail(`${where}.telecom[${j}]`, 'not a ContactPoint');
              // cpt-2: a value needs a system.
              if (t.value !== undefined && !CONTACT_SYSTEM.includes(t.system as string))
                fail(`${where}.telecom[${j}]`, 'cpt-2: value needs a system from ContactPointSystem');
              if (t.use !== undefined && !CONTACT_USE.includes(t.use as string))
                fail(`${where}.telecom[${j}].use`, 'not in ContactPointUse');
            });
        }
        if (r.active !== undefined && typeof r.active !== 'boolean') fail(`${where}.active`, 'must be a boolean');
        break;
      }
      case 'Observation': {
        if (!OBSERVATION_STATUS.includes(r.status as string))
          fail(`${where}.status`, 'required, from ObservationStatus');
        if (r.code === undefined) fail(`${where}.code`, 'required (1..1)');
        else codeableConcept(`${where}.code`, r.code);
        if (r.subject !== undefined)
          reference(`${where}.subject`, r.subject, ['Patient', 'Group', 'Device', 'Location']);
        dateTime(`${where}.effectiveDateTime`, r.effectiveDateTime);
        const values = Object.keys(r).filter((k) => k.startsWith('value'));
        if (values.length > 1) fail(where, 'value[x] has at most one type');
        // obs-6: dataAbsentReason only when there is no value.
        if (values.length === 1 && r.dataAbsentReason !== undefined)
          fail(where, 'obs-6: dataAbsentReason SHALL only be present if value[x] is not');
        if (r.dataAbsentReason !== undefined) {
          codeableConcept(`${where}.dataAbsentReason`, r.dataAbsentReason);
          const coding = (r.dataAbsentReason as Json).coding as Json[] | undefined;
          if (
            coding?.some(
              (c) =>
                c.system === 'http://terminology.hl7.org/CodeSystem/data-absent-reason' &&
                !DATA_ABSENT.includes(c.code as string),
            )
          ) {
            fail(`${where}.dataAbsentReason`, 'code not in DataAbsentReason');
          }
        }
        if (r.valueQuantity !== undefined) {
          const q = r.valueQuantity;
          if (!isObject(q) || typeof q.value !== 'number' || !Number.isFinite(q.value))
            fail(`${where}.valueQuantity.value`, 'must be a decimal');
          // qty-3: a code needs a system.
          else if (q.code !== undefined && typeof q.system !== 'string')
            fail(`${where}.valueQuantity`, 'qty-3: a code needs a system');
        }
        if (r.valueCodeableConcept !== undefined)
          codeableConcept(`${where}.valueCodeableConcept`, r.valueCodeableConcept);
        annotations(`${where}.note`, r.note);
        break;
      }
      case 'RiskAssessment': {
        if (!RISK_STATUS.includes(r.status as string)) fail(`${where}.status`, 'required, from ObservationStatus');
        if (r.subject === undefined) fail(`${where}.subject`, 'required (1..1)');
        else reference(`${where}.subject`, r.subject, ['Patient', 'Group']);
        dateTime(`${where}.occurrenceDateTime`, r.occurrenceDateTime);
        if (r.code !== undefined) codeableConcept(`${where}.code`, r.code);
        if (r.method !== undefined) codeableConcept(`${where}.method`, r.method);
        if (r.basis !== undefined) {
          if (!Array.isArray(r.basis)) fail(`${where}.basis`, 'must be an array');
          else r.basis.forEach((b, j) => reference(`${where}.basis[${j}]`, b, 'any'));
        }
        if (!Array.isArray(r.prediction)) fail(`${where}.prediction`, 'expected an array');
        else
          r.prediction.forEach((p, j) => {
            const pw = `${where}.prediction[${j}]`;
            if (!isObject(p)) return fail(pw, 'not an object');
            // ras-1 (no relativeRisk here) and ras-2: probability decimal <= 100.
            if (
              p.probabilityDecimal !== undefined &&
              (typeof p.probabilityDecimal !== 'number' || p.probabilityDecimal < 0 || p.probabilityDecimal > 100)
            ) {
              fail(`${pw}.probabilityDecimal`, 'ras-2: must be a decimal from 0 to 100');
            }
            if (p.outcome !== undefined) codeableConcept(`${pw}.outcome`, p.outcome);
            if (p.qualitativeRisk !== undefined) codeableConcept(`${pw}.qualitativeRisk`, p.qualitativeRisk);
            if (Object.keys(p).filter((k) => k.startsWith('probability')).length > 1)
              fail(pw, 'probability[x] has at most one type');
          });
        annotations(`${where}.note`, r.note);
        break;
      }
      case 'DocumentReference': {
        if (!DOCREF_STATUS.includes(r.status as string))
          fail(`${where}.status`, 'required, from DocumentReferenceStatus');
        if (!Array.isArray(r.content) || r.content.length === 0) fail(`${where}.content`, 'required (1..*)');
        else
          r.content.forEach((c, j) => {
            if (!isObject(c) || !isObject(c.attachment))
              return fail(`${where}.content[${j}].attachment`, 'required (1..1)');
            const a = c.attachment;
            // att-1: data needs a contentType; a contentType must be a MIME type.
            if (a.data !== undefined && a.contentType === undefined)
              fail(`${where}.content[${j}].attachment`, 'att-1: data needs a contentType');
            if (a.contentType !== undefined && !MIME.test(String(a.contentType)))
              fail(`${where}.content[${j}].attachment.contentType`, 'not a MIME type');
            if (a.url !== undefined && !URI.test(String(a.url)))
              fail(`${where}.content[${j}].attachment.url`, 'not a url');
          });
        if (r.subject !== undefined)
          reference(`${where}.subject`, r.subject, ['Patient', 'Practitioner', 'Group', 'Device']);
        if (r.date !== undefined && !INSTANT.test(String(r.date))) fail(`${where}.date`, 'must be an instant');
        break;
      }
      default:
        fail(where, 'a resource type this export does not emit');
    }
  }
  return problems;
}
