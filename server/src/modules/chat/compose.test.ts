import { describe, expect, it } from 'vitest';
import type { PassageHit } from '../knowledge/knowledge.repository';
import { excerptOf, offlineAnswerPieces, pickPassages } from './compose';

const hit = (over: Partial<PassageHit>): PassageHit => ({
  id: 1,
  key: 'k',
  sourceKind: 'medquad',
  topic: 'Gout',
  question: 'What is Gout?',
  body: 'Gout is a kind of arthritis.',
  sourceTitle: 'Gout — MedlinePlus',
  sourceUrl: 'https://medlineplus.gov/gout.html',
  publisher: 'MedlinePlus',
  credit: null,
  rank: 1,
  ...over,
});

describe('the offline assistant’s composition', () => {
  it('cuts a long passage at a sentence, never mid-word, and drops a heading whose list did not fit', () => {
    const body = `${'Gout is a painful kind of arthritis that comes and goes. '.repeat(10)}\n\n**Symptoms:**\n- ${'x'.repeat(900)}`;
    const excerpt = excerptOf(body, 300);
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt.endsWith('goes.')).toBe(true);
    expect(excerpt).not.toContain('Symptoms');
  });

  it('keeps lists and separates headings and lists from paragraphs', () => {
    expect(excerptOf('Intro line.\n**Symptoms:**\n- one\n- two')).toBe('Intro line.\n\n**Symptoms:**\n\n- one\n- two');
    expect(excerptOf('Key Points\n• first point\n• second <b>x</b>')).toBe('- first point\n- second bx/b');
  });

  it('uses one passage per source and topic, best first', () => {
    const picked = pickPassages([
      hit({ id: 1 }),
      hit({ id: 2, question: 'What causes Gout?' }),
      hit({ id: 3, topic: 'Arthritis', sourceUrl: 'https://a.example' }),
      hit({ id: 4, topic: 'Pseudogout', sourceUrl: 'https://b.example' }),
      hit({ id: 5, topic: 'Lupus', sourceUrl: 'https://c.example' }),
    ]);
    expect(picked.map((p) => p.id)).toEqual([1, 3, 4]);
  });

  it('names the topic, quotes the best passage, lists related topics, and says it is not a diagnosis', () => {
    const text = offlineAnswerPieces([hit({}), hit({ topic: 'Arthritis', body: 'Arthritis means joint inflammation. More text.' })]).join('');
    expect(text).toMatch(/^Here is what my sources say about \*\*Gout\*\*:/);
    expect(text).toContain('Gout is a kind of arthritis.');
    expect(text).toContain('- **Arthritis**: Arthritis means joint inflammation.');
    expect(text).toMatch(/not a diagnosis/);
  });
});
