import { createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyedHash, newToken } from './session';

describe('keyedHash', () => {
  it('gives the same hash from the secret as a string or as a key made once (sessions stored either way match)', () => {
    const secret = 'test-secret-test-secret-test-secret-0123 é';
    const token = newToken();
    expect(keyedHash(createSecretKey(Buffer.from(secret, 'utf8')), token)).toBe(keyedHash(secret, token));
  });
});
