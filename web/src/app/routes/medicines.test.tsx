import {
  EMERGENCY_MESSAGE,
  MEDICINES_DISCLAIMER,
  MEDICINES_SOURCES_NOTE,
  NO_MEDICINES_MESSAGE,
} from '@medibuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, noSession, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';
import { answer, PARACETAMOL, SUMATRIPTAN, withSuggestions } from '../../features/medicines/test-fixtures';

const POST = 'POST /api/medicines/recommendations';

async function openPage(routes: Record<string, unknown> = {}) {
  const http = stubFetch(
    withSuggestions({ 'GET /api/auth/session': noSession, ...routes } as Parameters<typeof stubFetch>[0]),
  );
  const view = renderApp('/medicines');
  const input = await screen.findByRole('combobox', { name: 'Symptom' });
  return { ...view, http, input };
}

async function addSymptom(user: ReturnType<typeof renderApp>['user'], input: HTMLElement, text: string) {
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: 'Add Symptom' }));
}

describe('/medicines', () => {
  it('has a heading, the symptom box, the buttons, and the note and sources that are always shown', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Medicines for your symptoms' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Symptom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Recommendations' })).toBeInTheDocument();
    expect(screen.getByText(MEDICINES_DISCLAIMER)).toBeInTheDocument();
    expect(MEDICINES_DISCLAIMER).toBe(
      'Information only — not medical advice. Ask a pharmacist or doctor before taking any medicine, especially if you are pregnant, breastfeeding, take other medicines or have a long-term condition.',
    );
    expect(screen.getByText(MEDICINES_SOURCES_NOTE)).toBeInTheDocument();
  });

  it("toasts 'Please enter a symptom.' when adding nothing, and adds no chip", async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add Symptom' }));
    expect(await screen.findByText('Please enter a symptom.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your symptoms' })).not.toBeInTheDocument();
  });

  it("toasts 'Please enter at least one symptom.' when asking with none, and makes no call", async () => {
    const { user, http } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));
    expect(await screen.findByText('Please enter at least one symptom.')).toBeInTheDocument();
    expect(http.calls(POST)).toHaveLength(0);
  });

  it("adding a symptom takes 'Please enter at least one symptom.' down", async () => {
    const { user, input } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));
    expect(await screen.findByText('Please enter at least one symptom.')).toBeInTheDocument();
    await addSymptom(user, input, 'headache');
    await waitFor(() => expect(screen.queryByText('Please enter at least one symptom.')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it("adds chips from a suggestion and from typed text, and removing one toasts 'Symptom removed successfully'", async () => {
    const { user, input } = await openPage();
    await user.type(input, 'rhin');
    await screen.findByRole('option', { name: /Runny nose/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await addSymptom(user, input, '  sore   throat ');
    const chips = screen.getByRole('list', { name: 'Your symptoms' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Runny nose', 'sore throat']);

    await addSymptom(user, input, 'Sore Throat');
    expect(await screen.findByText('“Sore Throat” is already in your list.')).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Remove Runny nose' }));
    expect(await screen.findByText('Symptom removed successfully')).toBeInTheDocument();
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['sore throat']);
  });

  it('gets recommendations and shows a card per medicine, with the badge, the match and no outside image', async () => {
    const { user, input, http } = await openPage({ [POST]: () => json(200, answer([PARACETAMOL, SUMATRIPTAN])) });
    await addSymptom(user, input, 'headache');
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));

    const heading = await screen.findByRole('heading', { level: 2, name: '2 medicines for headache' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(http.calls(POST)[0]?.body).toEqual({ symptoms: ['headache'] });

    const card = screen.getByRole('article', { name: 'Paracetamol (acetaminophen)' });
    expect(within(card).getByText('Over the counter')).toBeInTheDocument();
    expect(within(card).getByText('Paracetamol 500 mg tablets')).toBeInTheDocument();
    expect(within(card).getByText(PARACETAMOL.uses)).toBeInTheDocument();
    expect(within(card).getByText('Rare at the right dose.')).toBeInTheDocument();
    expect(within(card).getByText('Generic (many manufacturers)')).toBeInTheDocument();
    expect(within(card).getByText('Dolo 650 Tablet')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'Why it is listed' })).getByRole('listitem'),
    ).toHaveTextContent('Matched: headache → Pain relief (headache, toothache)');
    expect(within(card).getByText(/500 mg to 1 g every 4 to 6 hours/)).toBeInTheDocument();
    for (const term of ['Composition', 'Uses', 'Side Effects', 'Manufacturer'])
      expect(within(card).getByText(term)).toBeInTheDocument();

    const rx = screen.getByRole('article', { name: 'Sumatriptan' });
    expect(within(rx).getByText('Prescription only — ask a doctor')).toBeInTheDocument();
    expect(within(rx).getByText(/ask a doctor\.$/)).toBeInTheDocument();

    const images = document.querySelectorAll('img');
    expect(images.length).toBe(2);
    for (const img of images) {
      expect(img.getAttribute('src')).toBe('/images/medicine.svg');
      expect(img).toHaveAttribute('loading', 'lazy');
    }
  });

  it('says so when nothing in the catalogue matches', async () => {
    const { user, input } = await openPage({
      [POST]: () => json(200, answer([], { unmatched: ['asdf'], message: NO_MEDICINES_MESSAGE })),
    });
    await addSymptom(user, input, 'asdf');
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));
    expect(await screen.findByText(NO_MEDICINES_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No medicines found' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows the emergency notice as soon as a red-flag symptom is added, and no medicines', async () => {
    const { user, input } = await openPage({
      [POST]: () =>
        json(200, {
          emergency: {
            message: EMERGENCY_MESSAGE,
            matched: ['chest pain'],
            flags: [{ id: 'chest-pain', label: 'Chest pain or pressure', kind: 'emergency', advice: 'Call.' }],
          },
          results: [],
          unmatched: [],
          personDescription: 'an adult',
          guidance: [],
          hidden: [],
          doctorMayPrescribe: [],
        }),
    });
    await addSymptom(user, input, 'headache');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await addSymptom(user, input, 'chest pain');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EMERGENCY_MESSAGE);
    expect(alert).toHaveTextContent('chest pain');
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Get Recommendations' })).not.toHaveAttribute('aria-busy'),
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    // Removing the red flag removes the notice.
    await user.click(screen.getByRole('button', { name: 'Remove chest pain' }));
    await waitFor(() => expect(screen.queryByText(EMERGENCY_MESSAGE)).not.toBeInTheDocument());
  });

  it('shows a human message when the server cannot be reached', async () => {
    const { user, input } = await openPage({
      [POST]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await addSymptom(user, input, 'headache');
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));
    expect(await screen.findByText(/could not reach MediBuddy/)).toBeInTheDocument();
  });
});
