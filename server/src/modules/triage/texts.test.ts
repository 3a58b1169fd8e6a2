import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTriageAdvice } from './advice';
import { loadKnowledgeBase } from './knowledge-base';
import { loadTriageTexts } from './texts';

/** The symptom check's Hindi: every question, label, red-flag reason, condition and level has one, or no start. */
describe('the symptom check in Hindi', () => {
  const kb = loadKnowledgeBase();
  const advice = loadTriageAdvice();
  const content = new URL('../../content/triage/', import.meta.url);

  it('has Hindi for every feature, red-flag reason and condition, in Devanagari', () => {
    const say = loadTriageTexts(kb, advice)('hi');
    for (const f of kb.features) {
      expect(say.question(f), f.id).toMatch(/[\u0900-\u097F]/);
      if (f.redFlag) expect(say.reason(f), f.id).toMatch(/[\u0900-\u097F]/);
    }
    for (const c of kb.conditions) expect(say.conditionName(c), c.id).toMatch(/[\u0900-\u097F]/);
    expect(say.headline('emergency')).toBe('अभी 112 या 108 पर कॉल करें');
  });

  it('refuses to start when a feature has no Hindi, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'triage-hi-'));
    cpSync(new URL('.', content), dir, { recursive: true });
    const file = join(dir, 'features.hi.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { features: Record<string, unknown> };
    delete data.features.fever;
    writeFileSync(file, JSON.stringify(data));
    expect(() => loadTriageTexts(kb, advice, pathToFileURL(`${dir}/`))).toThrow(/feature fever has no Hindi/);
  });
});
