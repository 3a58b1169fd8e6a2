import { describe, expect, it } from 'vitest';
import helplineData from './content/helplines.json';
import redFlagData from './content/red-flags.json';
import { CountryCodeSchema, countryFromLocales, HelplineDataSchema, helplinesFor, linesFor } from './helplines';
import { detectRedFlags, helplineUsesOf, RedFlagDataSchema } from './red-flags';

describe('red-flag and helpline data', () => {
  it('passes its schema: every flag and every number has a source, every pattern compiles', () => {
    expect(() => RedFlagDataSchema.parse(redFlagData)).not.toThrow();
    expect(() => HelplineDataSchema.parse(helplineData)).not.toThrow();
  });

  it('refuses a flag without a source or with a broken pattern', () => {
    const flag = redFlagData.flags[0];
    const bad = (change: object) => ({ ...redFlagData, flags: [{ ...flag, ...change }] });
    expect(RedFlagDataSchema.safeParse(bad({ sources: [] })).success).toBe(false);
    expect(RedFlagDataSchema.safeParse(bad({ patterns: ['(unclosed'] })).success).toBe(false);
    expect(RedFlagDataSchema.safeParse(bad({ patterns: ['(?<!no )pain'] })).success).toBe(false);
  });

  it('gives each country its numbers, and the local emergency number elsewhere', () => {
    const india = helplinesFor('IN');
    expect(india.emergency.number).toBe('112');
    expect(linesFor(india, ['crisis']).map((l) => l.number)).toEqual(['14416', '1-800-891-4416']);
    const us = helplinesFor('us');
    expect(us.emergency.number).toBe('911');
    expect(linesFor(us, ['crisis']).map((l) => l.number)).toEqual(['988']);
    expect(linesFor(us, ['poison']).map((l) => l.number)).toEqual(['1-800-222-1222']);
    expect(linesFor(helplinesFor('GB'), ['crisis'])[0]?.number).toBe('116 123');
    expect(helplinesFor('GB').emergency.number).toBe('999');
    expect(linesFor(helplinesFor('IE'), ['crisis'])[0]?.number).toBe('116 123');
    const elsewhere = helplinesFor('FR');
    expect(elsewhere.country).toBe('default');
    expect(elsewhere.emergency.name).toMatch(/your local emergency number/i);
    expect(helplinesFor(undefined).country).toBe('default');
  });

  it('reads the country from browser locales and checks a given one', () => {
    expect(countryFromLocales(['en-IN', 'hi'])).toBe('IN');
    expect(countryFromLocales(['en', 'en-us'])).toBe('US');
    expect(countryFromLocales(['zh-Hant-TW'])).toBe('TW');
    expect(countryFromLocales(['en'])).toBeNull();
    expect(CountryCodeSchema.parse('gb')).toBe('GB');
    expect(CountryCodeSchema.safeParse('India').success).toBe(false);
  });

  it('says which helplines a notice needs: a crisis line for self-harm, a poison centre for poisoning', () => {
    expect(helplineUsesOf(detectRedFlags('i want to end it all').map((m) => m.flag))).toEqual(['crisis']);
    expect(helplineUsesOf(detectRedFlags('my child ate some pills').map((m) => m.flag))).toEqual(['poison']);
    expect(helplineUsesOf(detectRedFlags('chest pain').map((m) => m.flag))).toEqual([]);
  });
});
