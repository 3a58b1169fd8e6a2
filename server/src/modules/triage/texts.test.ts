import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRIAGE_DISPOSITIONS } from '@medibuddy/contracts';
import { loadTriageAdvice } from '../../content/triage/advice';
import { loadKnowledgeBase } from '../../content/triage/knowledge-base';
import { aboutAChildHindi, loadTriageTexts } from '../../content/triage/texts';

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
    expect(say.disposition('call_emergency').headline).toBe('अभी 112 या 108 पर कॉल करें');
    for (const d of TRIAGE_DISPOSITIONS)
      for (const text of Object.values(say.disposition(d))) expect(text, d).toMatch(/[\u0900-\u097F]/);
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

  it("asks a parent about their child in Hindi where the grammar allows: 'क्या आपके बच्चे को…'", () => {
    expect(aboutAChildHindi('क्या आपको बुखार है?')).toBe('क्या आपके बच्चे को बुखार है?');
    expect(aboutAChildHindi('क्या आपकी नाक बह रही है?')).toBe('क्या आपके बच्चे की नाक बह रही है?');
    expect(aboutAChildHindi('क्या आपके कान में दर्द है?')).toBe('क्या आपके बच्चे के कान में दर्द है?');
    // 'आप' as the subject needs its verb changed too: left as written rather than made wrong.
    const subject = 'क्या आप आम दिनों से ज़्यादा थकान महसूस कर रहे हैं?';
    expect(aboutAChildHindi(subject)).toBe(subject);
    // Already about the child, with 'आपको … दिख' meaning what the parent sees: unchanged.
    const parent = 'क्या बच्चा तेज़ सांस ले रहा है, या आपको पसलियों के बीच खाल अंदर धंसती दिख रही है?';
    expect(aboutAChildHindi(parent)).toBe(parent);
    // Every Hindi question either keeps 'आप' as its subject or has no bare 'आप' left after the change.
    const say = loadTriageTexts(kb, advice)('hi');
    for (const f of kb.features) {
      const text = say.aboutAChild(say.question(f));
      expect(text.includes('आपके बच्चे बच्चे'), f.id).toBe(false);
    }
  });
});
