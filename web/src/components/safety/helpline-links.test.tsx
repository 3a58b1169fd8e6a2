import { detectRedFlags, helplineUsesOf } from '@medibuddy/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafetyNotice } from './safety-notice';
import { EmergencyNotice } from './emergency-notice';
import { CountrySelect } from './country-select';
import { HelplineLinks } from './helpline-links';

const setLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
const telLinks = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('helplines for the user’s country', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('takes the country from the browser’s languages: en-IN shows Tele-MANAS and 112 as tel: links', () => {
    setLanguages(['en-IN', 'en']);
    render(<HelplineLinks uses={['crisis']} />);
    expect(telLinks()).toEqual([
      ['14416', 'tel:14416'],
      ['1-800-891-4416', 'tel:18008914416'],
      ['112', 'tel:112'],
    ]);
  });

  it('shows the local emergency number where it has no country, and the choice made in the picker wins', async () => {
    setLanguages(['en']);
    render(
      <>
        <CountrySelect />
        <HelplineLinks uses={['crisis']} />
      </>,
    );
    expect(telLinks()).toEqual([['112', 'tel:112']]);
    expect(within(screen.getByTestId('helpline-links')).getByText(/your local emergency number/i)).toBeTruthy();
    await act(() => userEvent.selectOptions(screen.getByLabelText(/country for emergency/i), 'US'));
    expect(telLinks()).toEqual([
      ['988', 'tel:988'],
      ['911', 'tel:911'],
    ]);
    expect(window.localStorage.getItem('medibuddy.country')).toBe('US');
  });

  it('the safety notice of the forms names the local emergency number', () => {
    setLanguages(['en-GB']);
    render(
      <MemoryRouter>
        <SafetyNotice />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('emergency-number').textContent).toBe('Emergency number (United Kingdom): 999.');
    // The line keeps the room of what the build's HTML says (no country known), so nothing moves when it changes.
    expect(screen.getByTestId('emergency-number').parentElement?.dataset.room).toBe(
      'Emergency number in the EU and many other countries: 112.',
    );
    expect(telLinks()).toEqual([['999', 'tel:999']]);
  });

  it('the medicine finder’s emergency notice names the poison centre for an overdose', () => {
    setLanguages(['en-US']);
    const flags = detectRedFlags('took too many sleeping pills').map((m) => m.flag);
    expect(helplineUsesOf(flags)).toEqual(['poison']);
    render(
      <EmergencyNotice
        notice={{ message: 'Get help', matched: ['took too many sleeping pills'], flags }}
        helplineUses={helplineUsesOf(flags)}
      />,
    );
    expect(telLinks()).toEqual([
      ['911', 'tel:911'],
      ['1-800-222-1222', 'tel:18002221222'],
    ]);
  });
});
