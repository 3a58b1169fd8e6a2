import { describe, expect, it } from 'vitest';
import { CompatVerifyOtpRequestSchema } from './compat';

describe('CompatVerifyOtpRequestSchema', () => {
  const parse = (vOTP: unknown) => CompatVerifyOtpRequestSchema.safeParse({ email: 'A@Example.org', vOTP });

  it.each([
    ['123456', '123456'],
    [' 654321 ', '654321'],
    [123456, '123456'],
    [12345, '012345'],
    [0, '000000'],
  ])('reads %j as the code %s', (input, code) => {
    const result = parse(input);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ email: 'a@example.org', vOTP: code });
  });

  it.each([['12345'], ['1234567'], ['12a456'], [1234567], [12.5], [-1], [null], [undefined]])('refuses %j', (input) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['vOTP']);
  });

  it('drops fields the server never reads', () => {
    const result = CompatVerifyOtpRequestSchema.safeParse({ email: 'a@example.org', vOTP: '123456', extra: 1 });
    expect(result.data).toEqual({ email: 'a@example.org', vOTP: '123456' });
  });
});
