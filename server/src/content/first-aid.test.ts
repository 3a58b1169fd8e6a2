import { describe, expect, it } from 'vitest';
import { firstAidPassages } from '../modules/knowledge';
import { stemsOf, topicMatch } from '../modules/chat';
import { ContentFileError, parseContent } from './content-file';
import { FIRST_AID, FirstAidFileSchema, firstAidProblems, type FirstAidFile } from './first-aid';

/** The chat shows this many characters of a passage (EXCERPT_CHARS in chat/respond.ts): a longer one loses its end. */
const EXCERPT_CHARS = 700;
const parse = (data: unknown) =>
  parseContent(
    'first-aid.json',
    data,
    FirstAidFileSchema,
    { topics: { noun: 'topic', idField: 'key' }, sources: { noun: 'source' } },
    firstAidProblems,
  );
const copy = (): FirstAidFile => structuredClone(FIRST_AID);

describe('first-aid content (first-aid.json)', () => {
  it('has the 21 first-aid and self-care topics, each with every section and a source for it', () => {
    expect(FIRST_AID.topics.map((t) => t.key)).toEqual([
      'nosebleed',
      'burns',
      'seizure',
      'choking',
      'fainting',
      'hypo',
      'dka',
      'dehydration',
      'diarrhoea-vomiting-children',
      'fever-children',
      'sprains',
      'cuts',
      'bites-stings',
      'heat',
      'postural-hypotension',
      'panic-attack',
      'food-poisoning',
      'sunburn',
      'head-injury',
      'allergic-reaction',
      'bleeding-in-pregnancy',
    ]);
    for (const t of FIRST_AID.topics) {
      for (const section of [t.whatItIs, t.symptoms, t.whatToDo, t.whenToGetHelp])
        expect(FIRST_AID.sources[section.source]?.url, t.key).toMatch(/^https:\/\//);
      expect(t.whenToGetHelp.emergency.length, t.key).toBeGreaterThan(0);
    }
  });

  it('names the broken rule: an undeclared source, a name used twice, a dose written out', () => {
    const bad = copy();
    bad.topics[0]!.whatToDo.source = 'nowhere';
    bad.topics[1]!.aliases.push(bad.topics[0]!.aliases[0]!);
    bad.topics[2]!.whatToDo.items.push('Give 5 ml of syrup');
    let error: unknown;
    try {
      parse(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentFileError);
    const { problems } = error as ContentFileError;
    expect(problems).toContain(
      'topic "nosebleed" (topics[0]), whatToDo.source: source "nowhere" is not declared in sources',
    );
    expect(problems).toContain(
      'topic "burns" (topics[1]), aliases[7]: "nosebleed" is already a name of topic "nosebleed"',
    );
    expect(problems.some((p) => p.startsWith('topic "seizure" (topics[2]): "Give 5 ml of syrup" gives a dose'))).toBe(
      true,
    );
  });

  it('rejects a topic with no emergency signs, naming the field', () => {
    const bad = copy();
    bad.topics[3]!.whenToGetHelp.emergency = [];
    expect(() => parse(bad)).toThrow('topic "choking" (topics[3]), whenToGetHelp.emergency: must list at least one');
  });
});

describe('first-aid passages', () => {
  const passages = firstAidPassages();

  it('seeds what it is, symptoms and what to do under every name of every topic, each key once', () => {
    const names = FIRST_AID.topics.reduce((n, t) => n + t.aliases.length, 0);
    expect(passages).toHaveLength(names * 3);
    expect(new Set(passages.map((p) => p.key)).size).toBe(passages.length);
    expect(new Set(passages.map((p) => p.qtype))).toEqual(new Set(['information', 'symptoms', 'treatment']));
  });

  it('fits every passage in the excerpt the chat shows, so the emergency signs are never cut off', () => {
    for (const p of passages) {
      expect(p.body.length, p.key).toBeLessThanOrEqual(EXCERPT_CHARS);
      expect(p.body, p.key).toContain('Call 999 (or your local emergency number)');
    }
  });

  it('is found by each name people use, and a topic for children only by a question about a child', () => {
    for (const t of FIRST_AID.topics) {
      for (const alias of t.aliases) {
        const own = passages.filter(
          (p) => p.key.startsWith(`first-aid:${t.key}:`) && p.key.endsWith(`:${alias.replace(/[^a-z0-9]+/g, '-')}`),
        );
        expect(own, alias).toHaveLength(3);
        const subject = stemsOf(alias.split(/[^a-z0-9]+/));
        expect(topicMatch(own[0]!.topic, subject, t.forChildren ? 'child' : null), `${t.key}: ${alias}`).not.toBeNull();
        if (t.forChildren) expect(topicMatch(own[0]!.topic, subject, 'adult'), `${t.key}: ${alias}`).toBeNull();
      }
    }
  });
});
