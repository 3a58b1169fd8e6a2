import { afterEach, describe, expect, it } from 'vitest';
import { isFinderContext, loadFinderContext, saveFinderContext } from './person-storage';

describe('the conditions and country remembered in the tab', () => {
  afterEach(() => window.sessionStorage.clear());

  it.each([
    [{ conditions: [] }, true],
    [{ conditions: ['asthma', 'kidney-disease'], country: 'UK' }, true],
    [{ conditions: [], country: 'IN' }, true],
    [{ conditions: ['asthma', 'asthma'] }, false],
    [{ conditions: ['gout'] }, false],
    [{ conditions: [], country: 'FR' }, false],
    [{ conditions: 'asthma' }, false],
    [{ country: 'US' }, false],
    [{ conditions: [], extra: 1 }, false],
    [null, false],
    [[], false],
  ])('%j is %s', (value, expected) => {
    expect(isFinderContext(value)).toBe(expected);
  });

  it('reads back what it saved, nothing from a damaged entry, and removes the entry when nothing is chosen', () => {
    saveFinderContext({ conditions: ['diabetes'], country: 'US' });
    expect(loadFinderContext()).toEqual({ conditions: ['diabetes'], country: 'US' });
    window.sessionStorage.setItem('medibuddy.medicines.context', '{not json');
    expect(loadFinderContext()).toEqual({ conditions: [] });
    saveFinderContext({ conditions: [] });
    expect(window.sessionStorage.getItem('medibuddy.medicines.context')).toBeNull();
  });
});
