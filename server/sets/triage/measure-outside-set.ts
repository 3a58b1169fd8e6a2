import { readFileSync } from 'node:fs';
import {
  TRIAGE_DISPOSITIONS,
  TRIAGE_LEVEL_OF_DISPOSITION,
  TRIAGE_LEVELS,
  type TriageLevel,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { loadKnowledgeBase } from '../../src/content/triage/knowledge-base';
import { buildTriageApp, runVignette } from '../../src/modules/triage/vignettes/run-vignettes';
import {
  formatScore,
  loadVignettes,
  scoreRuns,
  type Vignette,
  type VignetteRun,
} from '../../src/modules/triage/vignettes/vignettes';

/**
 * The figures of a results file in this folder, for a mapped set (the Vignette shape) and the blind set it was
 * translated from (for each case's language, disposition and acceptable dispositions):
 *
 *   cd server && npx tsx sets/triage/measure-outside-set.ts sets/triage/held-out-gp-2.mapped.json [blind.json]
 *
 * The blind set defaults to the mapped file's name without `.mapped`. Every vignette goes through the triage routes
 * exactly as in vignettes.eval.test.ts (the same app, the same answers from `answerFor`), so the first lines printed are
 * the harness's own; then the headline, the tables by language and by disposition, the levels expected against
 * given, every case told to wait longer than needed and every case, as Markdown.
 *
 * How each figure is counted, on the engine's four levels (the six dispositions map to them as in LEVEL_OF): exact,
 * the level given is the expected one; within acceptable, it is the level of one of the case's acceptable
 * dispositions; told to wait longer, it is below the expected level; below every acceptable, it is below the level of
 * every acceptable disposition; over-triage, above the expected level. Top-1 and top-3 count only the cases whose
 * expected condition is in the knowledge base (not `not-in-knowledge-base:…`). For emergencies, the expected
 * condition first is top-1 over the emergencies in the knowledge base; an emergency-level condition first means the
 * result is an emergency and the first condition listed has the level emergency in the knowledge base (its own
 * level, not one a level rule raised for this person). Checked against held-out-gp-2.results.md: the same figures,
 * tables and cases at both commits measured there.
 */

type BlindCase = {
  id: string;
  language: string;
  expectedDisposition: string;
  acceptableDispositions: string[];
};

/** Indexed by the set's own strings: a disposition the contracts lack has no level and fails the check in judge(). */
const LEVEL_OF: Readonly<Record<string, TriageLevel>> = TRIAGE_LEVEL_OF_DISPOSITION;
const DISPOSITIONS: readonly string[] = TRIAGE_DISPOSITIONS;
const LANGUAGES = ['en', 'hi-Latn', 'hi'];
/** Higher is sooner: self_care 0 … emergency 3. */
const rank = (level: TriageLevel) => TRIAGE_LEVELS.length - 1 - TRIAGE_LEVELS.indexOf(level);
const NOT_IN_KB = 'not-in-knowledge-base:';

const [mappedFile, blindArg] = process.argv.slice(2);
if (!mappedFile) {
  console.error('usage: npx tsx sets/triage/measure-outside-set.ts <set.mapped.json> [blind set.json]');
  process.exit(2);
}
const blindFile = blindArg ?? mappedFile.replace(/\.mapped\.json$/, '.json');
const blindJson = JSON.parse(readFileSync(blindFile, 'utf8')) as { cases?: BlindCase[]; vignettes?: BlindCase[] };
const blind = new Map((blindJson.cases ?? blindJson.vignettes ?? []).map((c) => [c.id, c]));

const kb = loadKnowledgeBase();
/** A condition's own level in the knowledge base (a level rule may raise it in a result; that is not counted). */
const conditionLevel = new Map(kb.conditions.map((c) => [c.id, c.level]));

/** The questions asked and the answers given, in order, by case. */
const asked = new Map<string, string>();

async function run(app: FastifyInstance, v: Vignette): Promise<VignetteRun> {
  const { answers, ...ran } = await runVignette(app, v);
  asked.set(v.id, answers.map((a) => `${a.questionId}=${a.answer}`).join(', ') || '–');
  return ran;
}

/** One case, judged. */
type Judged = {
  run: VignetteRun;
  lang: string;
  disposition: string;
  expected: TriageLevel;
  given: TriageLevel;
  ids: string[];
  inKb: boolean;
  exact: boolean;
  acceptable: boolean;
  under: boolean;
  belowEvery: boolean;
  over: boolean;
  top1: boolean;
  top3: boolean;
  emergencyLevelFirst: boolean;
  /** NHS 111's disposition given, where the result carries one (from 2026-11-28). */
  dispositionGiven?: string;
  acceptableDispositions: string[];
};

function judge(r: VignetteRun): Judged {
  const v = r.vignette;
  const c = blind.get(v.id);
  if (!c) throw new Error(`${v.id} is not in ${blindFile}`);
  if (LEVEL_OF[c.expectedDisposition] !== v.expectedLevel)
    throw new Error(`${v.id}: ${c.expectedDisposition} is not ${v.expectedLevel}`);
  const given = r.result.triage.level;
  const acceptableLevels = c.acceptableDispositions.map((d) => LEVEL_OF[d]!);
  const ids = r.result.conditions.map((x) => x.id);
  return {
    run: r,
    lang: c.language,
    disposition: c.expectedDisposition,
    expected: v.expectedLevel,
    given,
    ids,
    inKb: !v.expectedCondition.startsWith(NOT_IN_KB),
    exact: given === v.expectedLevel,
    acceptable: acceptableLevels.includes(given),
    under: rank(given) < rank(v.expectedLevel),
    belowEvery: acceptableLevels.every((l) => rank(given) < rank(l)),
    over: rank(given) > rank(v.expectedLevel),
    top1: ids[0] === v.expectedCondition,
    top3: ids.slice(0, 3).includes(v.expectedCondition),
    emergencyLevelFirst: given === 'emergency' && conditionLevel.get(ids[0] ?? '') === 'emergency',
    ...(r.result.triage.disposition ? { dispositionGiven: r.result.triage.disposition } : {}),
    acceptableDispositions: c.acceptableDispositions,
  };
}

const pct = (k: number, n: number) => (n === 0 ? '–' : `${k}/${n} (${((100 * k) / n).toFixed(1)} %)`);
const count = (cases: Judged[], p: (j: Judged) => boolean) => cases.filter(p).length;
/** "k/n (x %)": how many of `cases` have `p`. */
const share = (cases: Judged[], p: (j: Judged) => boolean) => pct(count(cases, p), cases.length);

/** The groups every figure is counted over. */
function groupsOf(cases: Judged[]) {
  const inKb = cases.filter((j) => j.inKb);
  const emergencies = cases.filter((j) => j.expected === 'emergency');
  return { inKb, emergencies, emergenciesInKb: emergencies.filter((j) => j.inKb) };
}

function row(name: string, cases: Judged[]): string {
  const { inKb, emergencies, emergenciesInKb } = groupsOf(cases);
  const ifEmergencies = (cell: string) => (emergencies.length ? cell : '–');
  const cells = [
    name,
    String(cases.length),
    share(cases, (j) => j.exact),
    share(cases, (j) => j.acceptable),
    share(cases, (j) => j.under),
    share(cases, (j) => j.belowEvery),
    share(cases, (j) => j.over),
    ifEmergencies(`${count(emergencies, (j) => j.given !== 'emergency')} of ${emergencies.length}`),
    share(inKb, (j) => j.top1),
    share(inKb, (j) => j.top3),
    ifEmergencies(share(emergenciesInKb, (j) => j.top1)),
    share(emergencies, (j) => j.emergencyLevelFirst),
    String(cases.length - inKb.length),
  ];
  return `| ${cells.join(' | ')} |`;
}

function table(first: string, groups: [string, Judged[]][]): string {
  const head = [
    first,
    'n',
    'exact level',
    'within acceptable',
    'told to wait longer (level)',
    'below every acceptable',
    'over-triage (level)',
    'emergencies under-triaged',
    'top-1 (in KB)',
    'top-3 (in KB)',
    'emergency: expected condition first (in KB)',
    'emergency: an emergency-level condition first',
    'not in KB',
  ];
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...groups.map(([g, c]) => row(g, c))].join(
    '\n',
  );
}

const top3 = (j: Judged) => j.ids.slice(0, 3).join(', ') || '–';

function headline(all: Judged[]): string[] {
  const { inKb, emergencies, emergenciesInKb } = groupsOf(all);
  const missed = emergencies
    .filter((j) => j.given !== 'emergency')
    .map((j) => `**${j.run.vignette.id}** (${j.lang}: given *${j.given}*)`);
  return [
    `- **Triage exactly right:** ${share(all, (j) => j.exact)}; ` +
      `within the case's acceptable dispositions ${share(all, (j) => j.acceptable)}`,
    `- **Told to wait longer than needed** (level below the expected one): ${share(all, (j) => j.under)}; ` +
      `below every acceptable disposition ${share(all, (j) => j.belowEvery)}`,
    `- **Emergencies under-triaged:** ${missed.length} of ${emergencies.length}` +
      (missed.length ? ` — ${missed.join(', ')}` : ''),
    `- **Right condition** of the ${inKb.length} cases whose condition is in the knowledge base ` +
      `(${all.length - inKb.length} are not): top-1 ${share(inKb, (j) => j.top1)}, top-3 ${share(inKb, (j) => j.top3)}`,
    `- **For emergencies, the expected condition listed first:** ${share(emergenciesInKb, (j) => j.top1)} ` +
      'of the emergencies whose condition is in the knowledge base; an emergency-level condition listed first ' +
      `under an emergency result: ${share(emergencies, (j) => j.emergencyLevelFirst)}`,
    `- Over-triage (level above the expected one): ${share(all, (j) => j.over)}`,
    ...(all.every((j) => j.dispositionGiven)
      ? [
          `- **NHS 111 disposition** (six, as the result gives it): exactly right ` +
            `${share(all, (j) => j.dispositionGiven === j.disposition)}; within the case's acceptable dispositions ` +
            share(all, (j) => j.acceptableDispositions.includes(j.dispositionGiven!)),
        ]
      : []),
  ];
}

function caseTables(all: Judged[]): string[] {
  const under = all.filter((j) => j.under);
  return [
    'Expected level (rows) against level given (columns: emergency, urgent, soon, self_care):',
    '',
    '| expected \\ given | emergency | urgent | soon | self_care |',
    '|---|---|---|---|---|',
    ...TRIAGE_LEVELS.map((e) => {
      const cells = TRIAGE_LEVELS.map((g) => count(all, (j) => j.expected === e && j.given === g));
      return `| ${e} | ${cells.join(' | ')} |`;
    }),
    '',
    `## Every case told to wait longer than needed (${under.length})`,
    '',
    '| id | lang | expected disposition | given | conditions listed | questions and answers |',
    '|---|---|---|---|---|---|',
    ...under.map((j) => {
      const id = j.run.vignette.id + (j.expected === 'emergency' ? ' **(emergency)**' : '');
      return `| ${id} | ${j.lang} | ${j.disposition} | ${j.given} | ${top3(j)} | ${asked.get(j.run.vignette.id)} |`;
    }),
    '',
    '## Every case',
    '',
    '| id | lang | disposition | expected level | given | expected condition | top-3 given | top-1 | top-3 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...all.map((j) => {
      const v = j.run.vignette;
      const given = j.given + (j.under ? ' ↓' : j.over ? ' ↑' : '');
      const hits = `${j.top1 ? '✓' : ''} | ${j.top3 ? '✓' : ''}`;
      return `| ${v.id} | ${j.lang} | ${j.disposition} | ${j.expected} | ${given} | ${v.expectedCondition} | ${top3(j)} | ${hits} |`;
    }),
    '',
    '↓ under-triaged, ↑ over-triaged (by level).',
  ];
}

async function main() {
  const app = await buildTriageApp();
  const runs: VignetteRun[] = [];
  // One vignette and one answer at a time, as the harness does.
  for (const v of loadVignettes({ file: mappedFile! })) runs.push(await run(app, v));
  await app.close();
  const all = runs.map(judge);
  const byLanguage = LANGUAGES.map((l): [string, Judged[]] => [l, all.filter((j) => j.lang === l)]);
  const byDisposition = DISPOSITIONS.map((d): [string, Judged[]] => [d, all.filter((j) => j.disposition === d)]);

  // The harness's own three lines (formatScore), then the figures of the results files.
  console.log(formatScore(mappedFile!.split('/').at(-1)!, scoreRuns(runs)).split('\n').slice(0, 3).join('\n'));
  console.log(
    [
      '',
      '## Headline',
      '',
      ...headline(all),
      '',
      '## By language and by disposition',
      '',
      table('group', [['all', all], ...byLanguage]),
      '',
      table('disposition', byDisposition),
      '',
      `(Language groups: ${byLanguage.map(([l, c]) => `${c.length} ${l}`).join(', ')}.)`,
      '',
      ...caseTables(all),
    ].join('\n'),
  );
}

await main();
