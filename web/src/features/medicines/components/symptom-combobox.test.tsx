import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { stubFetch } from '../../../test/http';
import { withSuggestions } from '../test-fixtures';
import { SymptomCombobox } from './symptom-combobox';

function setup(onAdd = vi.fn((_symptom: string) => true)) {
  const http = stubFetch(withSuggestions({}));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient}>
      <SymptomCombobox onAdd={onAdd} />
    </AppProviders>,
  );
  return { user, onAdd, http, input: screen.getByRole('combobox', { name: 'Symptom' }) };
}

describe('SymptomCombobox', () => {
  it('is a collapsed combobox tied to its listbox until there are suggestions', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
    expect(input).toHaveAccessibleDescription(/arrow keys/);
  });

  it('shows suggestions as options, with the other name that matched', async () => {
    const { user, input } = setup();
    await user.type(input, 'rhin');
    const option = await screen.findByRole('option', { name: /Runny nose/ });
    expect(option).toHaveTextContent('Runny nose also called “rhinitis”');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(option).toHaveAttribute('aria-selected', 'false');
  });

  it('moves through the options with the arrow keys (wrapping) and adds the highlighted one on Enter', async () => {
    const { user, input, onAdd } = setup();
    await user.type(input, 'he');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledWith('Head lice');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();
  });

  it('adds the typed text on Enter when no option is highlighted, and with the Add Symptom button', async () => {
    const { user, input, onAdd } = setup();
    await user.type(input, 'itchy elbows{Enter}');
    expect(onAdd).toHaveBeenLastCalledWith('itchy elbows');
    await user.type(input, 'sore feet');
    await user.click(screen.getByRole('button', { name: 'Add Symptom' }));
    expect(onAdd).toHaveBeenLastCalledWith('sore feet');
  });

  it('adds an option clicked with the mouse', async () => {
    const { user, input, onAdd } = setup();
    await user.type(input, 'rhin');
    await user.click(await screen.findByRole('option', { name: /Runny nose/ }));
    expect(onAdd).toHaveBeenCalledWith('Runny nose');
  });

  it('closes the list with Escape, and a second Escape clears the text', async () => {
    const { user, input } = setup();
    await user.type(input, 'he');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('he');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('keeps the text when the symptom is refused, so it can be fixed', async () => {
    const { user, input } = setup(vi.fn(() => false));
    await user.type(input, 'x{Enter}');
    expect(input).toHaveValue('x');
  });

  it('asks the server once per pause in typing, not once per key', async () => {
    const { user, input, http } = setup();
    await user.type(input, 'rhin');
    await screen.findByRole('option', { name: /Runny nose/ });
    await waitFor(() => expect(http.requests.map((r) => r.path)).toEqual(['/api/medicines/symptoms?q=rhin']));
  });
});
