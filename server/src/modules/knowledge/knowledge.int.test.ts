import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sql, type TestApp } from '../../../test/helper';
import { createKnowledgeService } from './knowledge.service';
import { importMedquad, MedquadImportError, parseMedquad } from './medquad';
import { searchTermsOf } from './search-terms';

const item = (over: Record<string, unknown> = {}) => ({
  id: '0000001-1',
  source: 'MPlusHealthTopics',
  url: 'https://www.nlm.nih.gov/medlineplus/gout.html',
  focus: 'Gout',
  category: 'Disease',
  qtype: 'information',
  question: 'What is (are) Gout ?',
  answer: 'Gout is a common, painful form of arthritis.',
  ...over,
});

describe('search terms', () => {
  it('keeps only [a-z0-9] words, so to_tsquery syntax cannot be injected', () => {
    expect(searchTermsOf("What's gout? ') | !(xx & yy) <-> :*")).toEqual({
      all: 'what | gout | xx | yy',
      topic: 'what | gout | xx | yy',
    });
    expect(searchTermsOf('What are the symptoms of gout?')).toEqual({
      all: 'what | are | the | symptoms | of | gout',
      topic: 'what | are | the | of | gout',
    });
    expect(searchTermsOf('?!')).toBeNull();
  });
});

describe('MedQuAD import', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());

  it('reports malformed items by index and keeps pairs that share an id but differ', () => {
    const { rows, skipped, total } = parseMedquad(
      JSON.stringify([
        item(),
        item({ focus: '' }),
        item({ focus: 'Pseudogout', answer: 'Pseudogout is another kind.' }),
        { nope: 1 },
      ]),
    );
    expect(total).toBe(4);
    expect(rows.map((r) => r.topic)).toEqual(['Gout', 'Pseudogout']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
    expect(skipped.map((s) => s.index)).toEqual([1, 3]);
    expect(rows[0]).toMatchObject({
      sourceKind: 'medquad',
      publisher: 'MedlinePlus (U.S. National Library of Medicine)',
      credit: expect.stringMatching(/CC BY 4\.0/),
    });
  });

  it('refuses a file that is not a JSON array, and writes nothing', async () => {
    await expect(importMedquad(app.database.db, '{"a":1}')).rejects.toThrow(MedquadImportError);
    await expect(importMedquad(app.database.db, 'not json')).rejects.toThrow(/not JSON/);
    await expect(importMedquad(app.database.db, '[{"id":"x"}]')).rejects.toThrow(/no usable/);
    expect(await sql(app, "select id from knowledge_passages where source_kind = 'medquad'")).toHaveLength(0);
  });

  it('imports, finds by topic, and re-imports without writing', async () => {
    const text = JSON.stringify([
      item(),
      item({
        id: '2',
        focus: 'Asthma',
        question: 'What is (are) Asthma ?',
        answer: 'Asthma is a disease of the airways.',
      }),
    ]);
    expect((await importMedquad(app.database.db, text)).written).toBe(2);
    expect((await importMedquad(app.database.db, text)).written).toBe(0);
    const knowledge = createKnowledgeService({ db: app.database.db, log: app.log });
    const hits = await knowledge.search('how do you treat asthma');
    expect(hits[0]?.topic).toBe('Asthma');
    // MedQuAD's question type is kept with the passage: the chat picks the passage of the type asked.
    expect(await sql(app, "select qtype from knowledge_passages where key like 'medquad:%' order by topic")).toEqual([
      { qtype: 'information' },
      { qtype: 'information' },
    ]);
    expect(await knowledge.countBySource()).toMatchObject({ medquad: 2 });
  });

  it('seeds our own content once: a second start writes nothing', async () => {
    const knowledge = createKnowledgeService({ db: app.database.db, log: app.log });
    expect(await knowledge.seedOwnContent()).toBe(0);
    const counts = await knowledge.countBySource();
    expect(counts.disease).toBeGreaterThan(15);
    expect(counts.medicine).toBeGreaterThan(150);
  });
});
