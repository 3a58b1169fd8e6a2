import { describe, expect, it } from 'vitest';
import type { PassageHit } from '../knowledge';
import { excerptOf, systemPrompt } from './compose';

const hit = (over: Partial<PassageHit>): PassageHit => ({
  id: 1,
  key: 'k',
  sourceKind: 'medquad',
  topic: 'Gout',
  question: 'What is Gout?',
  qtype: 'information',
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

  it('tells a model to answer only from the passages and to say when they do not answer', () => {
    const prompt = systemPrompt([hit({})]);
    expect(prompt).toMatch(/Answer only from the numbered sources/);
    expect(prompt).toMatch(/no reliable source/);
    expect(prompt).toContain('[1] Gout');
  });
});
