import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './text';

describe('findNulCharacter', () => {
  it('names the first field holding a NUL character, nested or in a list', () => {
    expect(findNulCharacter({ name: 'Pat\u0000', email: 'a@b.c' })).toBe('name');
    expect(findNulCharacter([{ age: 3, note: 'x\u0000' }])).toBe('0.note');
    expect(findNulCharacter({ a: { b: ['ok', 'no\u0000'] } })).toBe('a.b.1');
    expect(findNulCharacter('x\u0000')).toBe('body');
  });
  it('passes text without one, and other values', () => {
    expect(findNulCharacter({ name: 'Zoë', n: 3, ok: true, none: null })).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });
});
