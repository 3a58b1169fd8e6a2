import path from 'node:path';
import { ZodError } from 'zod';
import { ContentFileError, parseContent, readContentJson } from './content/content-file';

/**
 * Every file of medical content (facts, thresholds, doses, rules and texts a clinician reviews), each with what reads
 * and checks it: its schema, then the rules across files. Content lives in two folders (decision 035):
 * server/src/content/ and contracts/src/content/ (the web app bundles the contracts, so their content stays there).
 *
 * `checkContent()` runs every check, one entry at a time. The server runs it at start before anything else reads the
 * content (server.ts), and `npm run check:content -w server` prints what it found: a broken file stops both with a
 * ContentFileError naming the file, the entry and the field. A test holds this list to the files in the two folders.
 */

/** The content folders, relative to the repository root. */
export const CONTENT_FOLDERS = ['server/src/content', 'contracts/src/content'] as const;

const ROOT = path.resolve(import.meta.dirname, '../..');
const server = (file: string) => `server/src/content/${file}`;
const contracts = (file: string) => `contracts/src/content/${file}`;

export type ContentCheck = {
  /** The files this check reads, relative to the repository root. */
  files: readonly string[];
  /** Reads and checks them (schema, then rules across entries and files); says what they hold. */
  check: () => Promise<string>;
};

/** A contracts file parsed by the contract's own schema (the module that loads it also parses it when imported). */
function contractsFile(name: string, schemaOf: () => Promise<Parameters<typeof parseContent>[2]>): ContentCheck {
  const file = contracts(name);
  return {
    files: [file],
    check: async () => {
      parseContent(name, readContentJson(path.join(ROOT, file)), await schemaOf(), {});
      return 'valid by its contract schema';
    },
  };
}

const MEDICINE_FACT_FILES = [
  'ingredients-01-core.json',
  'ingredients-02-otc-pain-cold-gut.json',
  'ingredients-03-otc-skin-misc.json',
  'ingredients-04-rx-heart-diabetes.json',
  'ingredients-05-rx-infection-pain.json',
  'ingredients-06-rx-mind-lungs-hormones-skin.json',
  'ingredients-07-rx-hormones-skin-eyes-urology.json',
  'ingredients-08-more-otc.json',
  'interactions.json',
  'person-rules.json',
  'self-care.json',
].map((f) => server(`medicines/${f}`));

export const CONTENT_CHECKS: readonly ContentCheck[] = [
  contractsFile('red-flags.json', async () => (await import('@medibuddy/contracts')).RedFlagDataSchema),
  contractsFile('helplines.json', async () => (await import('@medibuddy/contracts')).HelplineDataSchema),
  contractsFile('distress.json', async () => (await import('@medibuddy/contracts')).DistressDataSchema),
  contractsFile('lab-units.json', async () => (await import('@medibuddy/contracts')).LabUnitDataSchema),
  contractsFile(
    'crisis-classifier.json',
    async () => (await import('@medibuddy/contracts/crisis-classifier')).CrisisClassifierSchema,
  ),
  {
    files: [server('diseases.json')],
    check: async () => {
      const { DISEASE_CONTENT } = await import('./content/diseases');
      const entries = Object.values(DISEASE_CONTENT);
      return `${entries.length} entries citing ${new Set(entries.flatMap((e) => e.sources.map((s) => s.url ?? s.title))).size} sources`;
    },
  },
  {
    files: [server('diseases.hi.json')],
    check: async () =>
      `${Object.keys((await import('./content/diseases')).loadDiseasesHindi().content).length} entries`,
  },
  {
    files: [server('first-aid.json')],
    check: async () => {
      const { FIRST_AID } = await import('./content/first-aid');
      return `${FIRST_AID.topics.length} topics, ${FIRST_AID.topics.reduce((n, t) => n + t.aliases.length, 0)} names, citing ${Object.keys(FIRST_AID.sources).length} sources`;
    },
  },
  {
    files: [server('first-aid.hi.json')],
    check: async () => `${Object.keys((await import('./content/first-aid')).loadFirstAidHindi().topics).length} topics`,
  },
  {
    files: [server('reference-values.json')],
    check: async () => `${(await import('./content/reference-values')).loadReferenceValues().measures.length} measures`,
  },
  {
    files: [server('reference-values.hi.json')],
    check: async () => {
      const { loadReferenceValues, loadReferenceValuesHindi } = await import('./content/reference-values');
      return `${Object.keys(loadReferenceValuesHindi(loadReferenceValues()).measures).length} measures`;
    },
  },
  {
    files: ['who-2019-south-asia.json', 'pce-2013.json', 'findrisc.json', 'idrs.json', 'model-prevalence.json'].map(
      (f) => server(`risk-scores/${f}`),
    ),
    check: async () => {
      (await import('./content/risk-scores')).loadRiskScores();
      return 'WHO 2019, pooled cohort equations, FINDRISC, IDRS, model prevalence';
    },
  },
  {
    files: [server('image-triage.json')],
    check: async () => `${Object.keys((await import('./content/image-triage')).imageTriage()).length} keys`,
  },
  {
    files: [server('skin-checklist.json')],
    check: async () => `${(await import('./content/skin-checklist')).loadSkinChecklist().items.length} items`,
  },
  {
    files: [server('image-triage.hi.json')],
    check: async () =>
      `${Object.keys((await import('./content/image-triage')).loadImageTriageHindi().models).length} models' words`,
  },
  {
    files: [server('skin-checklist.hi.json')],
    check: async () => {
      const hindi = (await import('./content/skin-checklist')).loadSkinChecklistHindi();
      return `${Object.keys(hindi).length} parts`;
    },
  },
  {
    files: [server('clinical/guidelines.hi.json')],
    check: async () => {
      (await import('./content/clinical/guidelines')).loadGuidelinesHindi();
      return 'Hindi of every guideline rule';
    },
  },
  {
    files: [server('assessments/risk-scores.hi.json')],
    check: async () => {
      (await import('./content/assessments/risk-scores-hindi')).loadRiskScoresHindi();
      return 'Hindi of the validated scores';
    },
  },
  {
    files: [server('assessments/clinical-fields.hi.json')],
    check: async () => {
      const { loadClinicalFieldsHindi } = await import('./content/assessments/clinical-fields');
      return `${Object.keys(loadClinicalFieldsHindi().tests).length} tests' labels`;
    },
  },
  {
    files: MEDICINE_FACT_FILES,
    check: async () => `${(await import('./content/medicine-facts')).ingredientFacts().length} ingredients`,
  },
  {
    files: [server('combination-products.json')],
    check: async () => `${(await import('./content/combination-products')).combinationProducts().length} products`,
  },
  {
    files: [server('medicines/facts.hi.json')],
    check: async () => {
      await import('./modules/chat/medicine-sheets');
      return 'Hindi of the medicine facts';
    },
  },
  {
    files: [server('starter-catalogue.json')],
    check: async () => {
      const { STARTER_CATALOGUE } = await import('./content/starter-catalogue');
      return `${STARTER_CATALOGUE.length} medicines`;
    },
  },
  {
    files: [server('symptom-vocabulary.json')],
    check: async () => {
      const { SYMPTOM_VOCABULARY } = await import('./content/symptom-vocabulary');
      return `${SYMPTOM_VOCABULARY.length} symptoms, ${SYMPTOM_VOCABULARY.reduce((n, e) => n + e.synonyms.length, 0)} other names`;
    },
  },
  {
    files: ['features.json', 'conditions.json'].map((f) => server(`triage/${f}`)),
    check: async () => {
      const kb = (await import('./content/triage/knowledge-base')).loadKnowledgeBase();
      return `${kb.features.length} features, ${kb.conditions.length} conditions`;
    },
  },
  {
    files: [server('triage/flag-conditions.json')],
    check: async () => {
      const { loadFlagConditions, loadKnowledgeBase } = await import('./content/triage/knowledge-base');
      return `${loadFlagConditions(loadKnowledgeBase()).size} red flags`;
    },
  },
  {
    files: [server('triage/dispositions.json')],
    check: async () => {
      const { loadDispositionRules, loadKnowledgeBase } = await import('./content/triage/knowledge-base');
      const rules = loadDispositionRules(loadKnowledgeBase());
      return `${rules.emergencyDepartment.size} signs for A&E, ${rules.pharmacy.size} conditions for a pharmacist`;
    },
  },
  {
    files: [server('triage/named-conditions.json')],
    check: async () => {
      const { loadKnowledgeBase, loadNamedConditions } = await import('./content/triage/knowledge-base');
      const { CONCEPTS } = await import('./reading/lexicon');
      return `${loadNamedConditions(loadKnowledgeBase(), new Set(CONCEPTS.keys())).size} names`;
    },
  },
  {
    files: [server('triage/advice.json')],
    check: async () => {
      (await import('./content/triage/advice')).loadTriageAdvice();
      return 'advice by level';
    },
  },
  {
    files: ['features.hi.json', 'conditions.hi.json', 'advice.hi.json'].map((f) => server(`triage/${f}`)),
    check: async () => {
      const { loadKnowledgeBase } = await import('./content/triage/knowledge-base');
      const { loadTriageAdvice } = await import('./content/triage/advice');
      (await import('./content/triage/texts')).loadTriageTexts(loadKnowledgeBase(), loadTriageAdvice());
      return 'Hindi of the triage texts';
    },
  },
  {
    files: [server('clinical/guidelines.json')],
    check: async () => `${(await import('./content/clinical/guidelines')).loadGuidelines().rules.length} rules`,
  },
  {
    files: [server('assessments/expected-directions.json')],
    check: async () => {
      const { loadExpectedDirections } = await import('./content/assessments/expected-directions');
      return `${Object.keys(loadExpectedDirections().models).length} models`;
    },
  },
  {
    files: [server('reading/lexicon.json')],
    check: async () => `${(await import('./content/reading/lexicon')).loadLexicon().concepts.length} concepts`,
  },
  {
    files: [server('reading/safety-rules.json')],
    check: async () => {
      const rules = (await import('./content/reading/safety-rules')).loadSafetyRules();
      // The rules across files: every concept and red flag a rule names exists (checked when the check loads).
      await import('./reading/safety');
      return `${rules.rules.length} rules`;
    },
  },
  {
    files: [server('reading/safety-hi.json')],
    check: async () => {
      const hindi = (await import('./content/reading/safety-hi')).loadSafetyHindi();
      await import('./reading/safety');
      return `Hindi of ${Object.keys(hindi.flags).length} red flags`;
    },
  },
  {
    files: [server('reading/safety-texts.json')],
    check: async () => {
      (await import('./content/reading/safety-texts')).loadSafetyTexts();
      await import('./reading/safety-reply');
      return 'the words of the safety replies';
    },
  },
];

/** Every file the checks read. */
export function checkedFiles(checks: readonly ContentCheck[] = CONTENT_CHECKS): string[] {
  return checks.flatMap((c) => c.files);
}

/**
 * A failed check as a ContentFileError that names the file and the field: a loader's own ContentFileError as it is,
 * a schema's ZodError as one problem per issue (`path: message`), anything else as its message.
 */
export function contentError(files: readonly string[], error: unknown): ContentFileError {
  if (error instanceof ContentFileError) return error;
  const file = files.join(' or ');
  if (error instanceof ZodError) {
    const field = (p: readonly PropertyKey[]) => (p.length > 0 ? p.map(String).join('.') : 'the file');
    return new ContentFileError(
      file,
      error.issues.map((i) => `${field(i.path)}: ${i.message}`),
    );
  }
  return new ContentFileError(file, [error instanceof Error ? error.message : String(error)]);
}

export type ContentCheckResult =
  { files: readonly string[]; summary: string } | { files: readonly string[]; error: ContentFileError };

/** Runs every check, one after the other, and says how each went. */
export async function runContentChecks(
  checks: readonly ContentCheck[] = CONTENT_CHECKS,
): Promise<ContentCheckResult[]> {
  const results: ContentCheckResult[] = [];
  for (const { files, check } of checks) {
    try {
      results.push({ files, summary: await check() });
    } catch (error) {
      results.push({ files, error: contentError(files, error) });
    }
  }
  return results;
}

/** Runs every check; resolves to one line per check, or rejects with the first broken file's ContentFileError. */
export async function checkContent(checks: readonly ContentCheck[] = CONTENT_CHECKS): Promise<string[]> {
  const results = await runContentChecks(checks);
  for (const r of results) if ('error' in r) throw r.error;
  return results.map((r) => `${r.files.map((f) => path.basename(f)).join(', ')}: ${'summary' in r ? r.summary : ''}`);
}
