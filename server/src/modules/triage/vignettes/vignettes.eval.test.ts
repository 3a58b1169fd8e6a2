import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKnowledgeBase } from '../../../content/triage/knowledge-base';
import { buildTriageApp, runVignette } from './run-vignettes';
import { formatScore, loadVignettes, scoreRuns } from './vignettes';

/**
 * Runs every vignette through the API (runVignette), answering each question from the vignette's facts, and prints the
 * figures for the tuning and the held-out sets. The bars apply to the tuning set; the held-out set is reported,
 * never tuned on (a bar there would invite tuning on it).
 */
describe('triage on clinical vignettes (through the API)', () => {
  let app: FastifyInstance;
  const kinds = new Map(loadKnowledgeBase().features.map((f) => [f.id, f.kind]));
  beforeAll(async () => {
    app = await buildTriageApp();
  });
  afterAll(() => app.close());

  it('has at least 90 vignettes, a third each emergency, see a doctor and self-care, about 30 % held out', () => {
    const all = [...loadVignettes('tuning'), ...loadVignettes('holdout')];
    expect(all.length).toBeGreaterThanOrEqual(90);
    expect(loadVignettes('holdout').length / all.length).toBeGreaterThan(0.25);
    const ids = new Set(loadKnowledgeBase().conditions.map((c) => c.id));
    for (const v of all) {
      expect(ids.has(v.expectedCondition), `${v.id}: ${v.expectedCondition}`).toBe(true);
      for (const f of [...v.yes, ...v.dontKnow]) expect(kinds.has(f), `${v.id}: ${f}`).toBe(true);
    }
    for (const level of ['emergency', 'self_care']) {
      const share = all.filter((v) => v.expectedLevel === level).length / all.length;
      expect(share, level).toBeGreaterThan(0.28);
    }
  });

  async function scoreOf(split: Parameters<typeof loadVignettes>[0]) {
    const runs = [];
    for (const v of loadVignettes(split)) runs.push(await runVignette(app, v));
    const score = scoreRuns(runs);
    console.log(
      formatScore(typeof split === 'string' ? (split === 'tuning' ? 'tuning' : 'held-out') : split.file, score),
    );
    return score;
  }

  it('tuning set: no emergency under-triaged and triage accuracy at least 85 %', async () => {
    const score = await scoreOf('tuning');
    expect(score.emergencyUnderTriaged).toEqual([]);
    expect(score.triageAccuracy).toBeGreaterThanOrEqual(0.85);
  }, 120_000);

  it('held-out set: no emergency under-triaged (figures printed, not tuned on)', async () => {
    const score = await scoreOf('holdout');
    expect(score.emergencyUnderTriaged).toEqual([]);
  }, 120_000);

  // Another set of the same shape, such as one kept by reviewers: TRIAGE_VIGNETTES=path/to/set.json.
  const extra = process.env.TRIAGE_VIGNETTES;
  // Skipped on purpose when no outside set is given (CI included): the set is optional, kept outside the repository.
  if (!extra)
    console.log(
      'Skipped the outside triage set: TRIAGE_VIGNETTES is not set (a path to a set of the same shape, such as one kept by reviewers).',
    );
  it.runIf(extra)(
    'an outside set (TRIAGE_VIGNETTES): no emergency under-triaged and triage accuracy at least 85 %',
    async () => {
      const score = await scoreOf({ file: extra! });
      expect(score.emergencyUnderTriaged).toEqual([]);
      expect(score.triageAccuracy).toBeGreaterThanOrEqual(0.85);
    },
    300_000,
  );
});
