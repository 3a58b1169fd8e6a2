import { describe, expect, it } from 'vitest';
import { loadTriageAdvice } from '../../content/triage/advice';
import { CONCEPTS } from '../../reading/lexicon';
import { KnowledgeBaseSchema, loadKnowledgeBase, loadNamedConditions } from '../../content/triage/knowledge-base';

describe('the triage knowledge base (server/src/content/triage)', () => {
  const kb = loadKnowledgeBase();

  it('passes its schema, with a cited source for every condition', () => {
    expect(kb.conditions.length).toBeGreaterThanOrEqual(120);
    const cited =
      /^https:\/\/(www\.nhs\.uk|cks\.nice\.org\.uk|www\.nice\.org\.uk\/guidance|medlineplus\.gov|www\.cdc\.gov)\//;
    for (const c of kb.conditions) {
      expect(c.source.url).toMatch(cited);
      // A level rule (sooner for a child, in pregnancy, or for something said) cites the guideline that says so.
      for (const rule of c.levelRules) expect(rule.source.url, c.id).toMatch(cited);
    }
  });

  it('covers the primary-care areas and every triage level', () => {
    const categories = new Set(kb.conditions.map((c) => c.category));
    for (const c of [
      'respiratory',
      'ent',
      'urinary',
      'gastro',
      'skin',
      'musculoskeletal',
      'neurological',
      'cardiovascular',
      'mental_health',
      'paediatric',
      'pregnancy',
    ])
      expect(categories).toContain(c);
    const levels = new Set(kb.conditions.map((c) => c.level));
    expect([...levels].sort()).toEqual(['emergency', 'self_care', 'soon', 'urgent']);
  });

  it('refuses a condition that names a symptom the vocabulary does not have', () => {
    const broken = { features: kb.features, conditions: [{ ...kb.conditions[0], symptoms: { no_such_symptom: 0.5 } }] };
    const parsed = KnowledgeBaseSchema.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('no_such_symptom');
  });

  it('refuses a red flag that is not a red-flag question', () => {
    const broken = { features: kb.features, conditions: [{ ...kb.conditions[0], redFlags: ['cough'] }] };
    expect(KnowledgeBaseSchema.safeParse(broken).success).toBe(false);
  });

  it('loads the advice for every level, with sources', () => {
    const advice = loadTriageAdvice();
    expect(advice.emergencyNumbers).toContain('999');
    expect(advice.sources.length).toBeGreaterThan(0);
  });

  it('links the illnesses a person names to conditions, and refuses a link to a concept or condition that does not exist', () => {
    const named = loadNamedConditions(kb, new Set(CONCEPTS.keys()));
    expect(named.get('asthma')).toEqual(['asthma_attack']);
    expect(() => loadNamedConditions(kb, new Set(['heart-attack']))).toThrow(/concept asthma is not in the lexicon/);
  });
});
