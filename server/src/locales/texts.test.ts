import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@medibuddy/contracts';
import { describe, expect, it } from 'vitest';
import { durationIn, languageOfAcceptLanguage, textIn } from './texts';

const dir = import.meta.dirname;
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, language, file), 'utf8')) as Record<string, unknown>;
const argumentsOf = (message: string) => [...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe("the server's catalogues", () => {
  it('have the same files and keys in every language, each a non-empty message with plain {name} placeholders', () => {
    const files = readdirSync(path.join(dir, 'en')).sort();
    const keys = new Set<string>();
    for (const file of files) {
      const english = read('en', file);
      for (const key of Object.keys(english)) {
        expect(keys.has(key), `${key} in two files`).toBe(false);
        keys.add(key);
      }
      for (const language of LANGUAGES) {
        expect(readdirSync(path.join(dir, language)).sort()).toEqual(files);
        const messages = read(language, file);
        expect(Object.keys(messages).sort(), `${language}/${file}`).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(messages)) {
          expect(typeof message, `${language}/${file} ${key}`).toBe('string');
          expect(String(message).trim(), `${language}/${file} ${key}`).not.toBe('');
          expect(String(message), `${language}/${file} ${key}`).not.toMatch(/\{\s*\w+\s*,/);
          expect(argumentsOf(String(message)), `${language}/${file} ${key}`).toEqual(argumentsOf(String(english[key])));
        }
      }
    }
  });

  it('fill messages in a language, durations included', () => {
    expect(textIn('hi', 'validation.tooShort', { label: 'password', minimum: 8 })).toBe(
      'password में कम से कम 8 अक्षर होने चाहिए।',
    );
    expect(textIn('en', 'request.noRoute', { method: 'GET', path: '/x' })).toBe('No route GET /x.');
    expect(durationIn('en', 600)).toBe('10 minutes');
    expect(durationIn('en', 60)).toBe('1 minute');
    expect(durationIn('en', 30)).toBe('30 seconds');
    expect(durationIn('hi', 600)).toBe('10 मिनट');
    expect(
      textIn('hi', 'recovery.expiredCode', { ttl: (language: 'en' | 'hi') => durationIn(language, 600) }),
    ).toContain('10 मिनट');
  });
});

describe('languageOfAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi', 'hi'],
    ['hi-IN', 'hi'],
    ['HI-in,en;q=0.5', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['en;q=0.4, hi;q=0.8', 'hi'],
    ['fr-FR, hi;q=0.5', 'hi'],
    ['fr, de', 'en'],
    ['hi;q=0, en', 'en'],
    ['*', 'en'],
    [';;,q=,hi;q=abc', 'en'],
  ])('%s -> %s', (header, language) => {
    expect(languageOfAcceptLanguage(header)).toBe(language);
  });
});
