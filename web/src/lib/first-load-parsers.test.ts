import {
  MessageResponseSchema,
  PersonSchema,
  SessionResponseSchema,
  ProblemSchema,
  SkinChecklistSchema,
} from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { isPerson } from '../features/medicines/person-storage';
import { isProblem } from './api-client';
import { sessionResponseParser, messageResponseParser, skinChecklistParser } from './first-load-parsers';

const user = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.org',
  avatarUrl: null,
  language: 'en',
  createdAt: '2024-01-01T00:00:00Z',
};

const userSamples: unknown[] = [
  { user },
  { user: { ...user, avatarUrl: '/uploads/avatars/a.webp' } },
  { user: { ...user, extra: true }, other: 1 },
  { user: { ...user, avatarUrl: undefined } },
  { user: { ...user, id: 1 } },
  { user: { ...user, language: 'hi' } },
  { user: { ...user, language: 'xx' } },
  { user: { ...user, language: undefined } },
  { user: null },
  {},
  null,
  'text',
];

/** GET /api/assessments/skin/checklist as served, and bent one field at a time. */
function checklistSamples(): unknown[] {
  const item = { key: 'sizeChange', kind: 'major', points: 2, question: 'Has it grown?', help: 'Bigger?' };
  const source = { title: 'NG12', publisher: 'NICE', url: 'https://www.nice.org.uk/guidance/ng12', note: 'A note' };
  const good = {
    version: 'skin-checklist-1',
    why: 'Why',
    notSure: 'Not counted',
    items: [item, { ...item, key: 'oozing', kind: 'minor', points: 1 }],
    threshold: 3,
    maxScore: 10,
    sources: [source, { title: ' NHS ', publisher: 'NHS' }],
  };
  return [
    good,
    { ...good, extra: true, items: [{ ...item, extra: 1 }], sources: [{ ...source, extra: 1 }] },
    { ...good, items: [] },
    { ...good, items: [{ ...item, key: 'Size' }] },
    { ...good, items: [{ ...item, kind: 'other' }] },
    { ...good, items: [{ ...item, points: 3 }] },
    { ...good, items: [{ ...item, points: 1.5 }] },
    { ...good, threshold: 0 },
    { ...good, maxScore: '10' },
    { ...good, sources: [{ ...source, url: 'not a url' }] },
    { ...good, sources: [{ ...source, title: ' ' }] },
    { ...good, sources: [{ ...source, note: 'x'.repeat(301) }] },
    { ...good, why: undefined },
    null,
  ];
}

describe('first-load parsers agree with the contract schemas', () => {
  it.each(userSamples)('session %#', (sample) => {
    const ours = sessionResponseParser.safeParse(sample);
    const contract = SessionResponseSchema.safeParse(sample);
    expect(ours.success).toBe(contract.success);
    if (ours.success && contract.success) expect(ours.data).toEqual(contract.data);
  });

  it.each([{ message: 'Bye' }, { message: 'Bye', extra: 1 }, { message: 1 }, {}, null])('message %#', (sample) => {
    const ours = messageResponseParser.safeParse(sample);
    const contract = MessageResponseSchema.safeParse(sample);
    expect(ours.success).toBe(contract.success);
    if (ours.success && contract.success) expect(ours.data).toEqual(contract.data);
  });

  it.each(checklistSamples())('skin checklist %#', (sample) => {
    const ours = skinChecklistParser.safeParse(sample);
    const contract = SkinChecklistSchema.safeParse(sample);
    expect(ours.success).toBe(contract.success);
    if (ours.success && contract.success) expect(ours.data).toEqual(contract.data);
  });

  it.each([
    { type: 't', title: 'T', status: 400, code: 'c', detail: 'd' },
    { type: 't', title: 'T', status: 400.5, code: 'c', detail: 'd' },
    { type: 't', title: 'T', status: 400, code: 'c', detail: 'd', errors: [] },
    { type: 't', title: 'T', status: 400, code: 'c', detail: 'd', errors: [{ field: 'a', rule: 'b', message: 'c' }] },
    { type: 't', title: 'T', status: 400, code: 'c', detail: 'd', errors: [{ field: 'a' }] },
    { title: 'T', status: 400, code: 'c', detail: 'd' },
  ])('problem %#', (sample) => {
    expect(isProblem(sample)).toBe(ProblemSchema.safeParse(sample).success);
  });

  /** The medicine finder's saved person, read as the page is taken over (person-storage.ts). */
  it.each([
    { kind: 'adult' },
    { kind: 'pregnant' },
    { kind: 'breastfeeding' },
    { kind: 'child', ageYears: 5 },
    { kind: 'child', ageYears: 2 },
    { kind: 'child', ageYears: 15 },
    { kind: 'child', ageYears: 16 },
    { kind: 'child', ageYears: 1 },
    { kind: 'child', ageYears: 4.5 },
    { kind: 'child', ageYears: -1 },
    { kind: 'child', ageYears: '5' },
    { kind: 'child', ageMonths: 0 },
    { kind: 'child', ageMonths: 23 },
    { kind: 'child', ageMonths: 24 },
    { kind: 'child', ageMonths: 2.5 },
    { kind: 'child' },
    { kind: 'child', ageYears: 5, ageMonths: 3 },
    { kind: 'adult', ageYears: 30 },
    { kind: 'adult', ageYears: 16 },
    { kind: 'adult', ageYears: 15 },
    { kind: 'adult', ageYears: 80 },
    { kind: 'adult', ageYears: 120 },
    { kind: 'adult', ageYears: 121 },
    { kind: 'adult', ageYears: 70.5 },
    { kind: 'adult', ageYears: '80' },
    { kind: 'adult', ageMonths: 3 },
    { kind: 'adult', ageYears: 80, ageMonths: 3 },
    { kind: 'pregnant', ageYears: 30 },
    { kind: 'breastfeeding', ageYears: 30 },
    { kind: 'pregnant', ageMonths: 3 },
    { kind: 'adult', extra: true },
    { kind: 'elderly' },
    {},
    [],
    null,
    'adult',
  ])('person %#', (sample) => {
    expect(isPerson(sample)).toBe(PersonSchema.safeParse(sample).success);
  });
});
