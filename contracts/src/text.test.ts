import { describe, expect, it } from 'vitest';
import { findNulCharacter, jsonDepthOf } from './text';

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

describe('untrusted nesting', () => {
  it('findNulCharacter walks 100,000 levels without overflowing the stack, in the same order', () => {
    let deep: unknown = 'NUL\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toMatch(/^0(\.0)*$/);
    expect(findNulCharacter({ a: 'ok', b: { c: 'x\u0000' }, d: 'y\u0000' })).toBe('b.c');
  });

  it('jsonDepthOf counts brackets outside strings', () => {
    expect(jsonDepthOf('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepthOf('{"a":"[[[[{{{{\\"]]"}')).toBe(1);
    expect(jsonDepthOf(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)).toBe(10_000);
  });
});
