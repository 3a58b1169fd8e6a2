import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrisisLineNote } from './crisis-line-note';

const setLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
const telLinks = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('the crisis line always shown under the chat box', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it.each([
    [
      ['en-IN'],
      [
        ['14416', 'tel:14416'],
        ['1-800-891-4416', 'tel:18008914416'],
      ],
      /Call Tele-MANAS 14416 or Tele-MANAS 1-800-891-4416 now, any time/,
    ],
    [['en-US'], [['988', 'tel:988']], /Call 988 Suicide & Crisis Lifeline 988 now/],
    [['en-GB'], [['116 123', 'tel:116123']], /Call Samaritans 116 123 now/],
    [['fr'], [['112', 'tel:112']], /Call your local emergency number 112 now/],
  ])('for %j names the crisis lines as tel: links', (languages, links, wording) => {
    setLanguages(languages);
    render(<CrisisLineNote />);
    expect(telLinks()).toEqual(links);
    expect(screen.getByTestId('crisis-line-note').textContent).toMatch(wording);
  });
});
