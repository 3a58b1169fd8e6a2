import type { MedicineCheckResponse, MyMedicinesResponse } from '@medibuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, noSession, problem, signedInAs, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render';
import { answer, PARACETAMOL, withSuggestions } from '../test-fixtures';
import { draftOf, EMPTY_DRAFT, personOf, type PersonDraft } from './person-selector';

const draft = (d: Partial<PersonDraft>): PersonDraft => ({ ...EMPTY_DRAFT, ...d });

const POST = 'POST /api/medicines/recommendations';

describe('who the medicines are for', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reads a child age in years, in months under 2, and refuses what cannot be used', () => {
    expect(personOf(draft({ kind: 'unsaid' }))).toEqual({});
    expect(personOf(draft({ kind: 'pregnant' }))).toEqual({ person: { kind: 'pregnant' } });
    expect(personOf(draft({ kind: 'child', age: '5' }))).toEqual({ person: { kind: 'child', ageYears: 5 } });
    expect(personOf(draft({ kind: 'child', age: '1' }))).toEqual({ person: { kind: 'child', ageMonths: 12 } });
    expect(personOf(draft({ kind: 'child', age: '2', unit: 'months' }))).toEqual({
      person: { kind: 'child', ageMonths: 2 },
    });
    expect(personOf(draft({ kind: 'child', age: '' })).error).toMatch(/age/);
    expect(personOf(draft({ kind: 'child', age: '30', unit: 'months' })).error).toMatch(/years/);
    expect(personOf(draft({ kind: 'child', age: '17' })).error).toMatch(/adult/);
  });

  it("takes an adult's age as optional, from 16 to 120, and says what to do with one it cannot use", () => {
    expect(personOf(draft({ kind: 'adult' }))).toEqual({ person: { kind: 'adult' } });
    expect(personOf(draft({ kind: 'adult', adultAge: ' 80 ' }))).toEqual({ person: { kind: 'adult', ageYears: 80 } });
    expect(personOf(draft({ kind: 'adult', adultAge: '16' }))).toEqual({ person: { kind: 'adult', ageYears: 16 } });
    expect(personOf(draft({ kind: 'adult', adultAge: '120' }))).toEqual({ person: { kind: 'adult', ageYears: 120 } });
    expect(personOf(draft({ kind: 'adult', adultAge: '15' })).error).toBe(
      'Under 16, choose "A child" and give the child\'s age.',
    );
    expect(personOf(draft({ kind: 'adult', adultAge: '121' })).error).toBe(
      'Enter an age of 120 or less, or leave it empty.',
    );
    for (const typed of ['sixty', '65.5', '-70', '1e2'])
      expect(personOf(draft({ kind: 'adult', adultAge: typed })).error).toBe(
        'Enter the age as a whole number of years, or leave it empty.',
      );
    // A child's age typed before does not leak into the adult's, and back.
    expect(personOf(draft({ kind: 'adult', age: '5' }))).toEqual({ person: { kind: 'adult' } });
    expect(draftOf({ kind: 'adult', ageYears: 80 })).toEqual(draft({ kind: 'adult', adultAge: '80' }));
    expect(draftOf({ kind: 'adult' })).toEqual(draft({ kind: 'adult' }));
  });

  it('sends the person, shows the guidance before the cards, the left-out products and the doctor-only list', async () => {
    const http = stubFetch(
      withSuggestions({
        'GET /api/auth/session': noSession,
        [POST]: () =>
          json(
            200,
            answer([{ ...PARACETAMOL, cautions: [] }], {
              personDescription: 'a child of 5',
              guidance: [
                {
                  id: 'fever-child',
                  title: 'Fever in a child',
                  isSelfCareAppropriate: true,
                  notAppropriateReason: null,
                  whatToDo: [
                    {
                      text: 'Give plenty of fluids.',
                      source: 'NHS: Fever in children',
                      sourceUrl: 'https://www.nhs.uk/',
                    },
                  ],
                  seeDoctorIf: [
                    { text: 'The fever lasts 5 days or more.', source: 'NHS: Fever in children', sourceUrl: null },
                  ],
                  redFlags: [
                    {
                      text: 'A rash that does not fade under a glass.',
                      source: 'NHS: Fever in children',
                      sourceUrl: null,
                    },
                  ],
                },
              ],
              hidden: [{ name: 'Aspirin (for pain)', reason: 'aspirin: not for under 16s (NHS)' }],
              doctorMayPrescribe: [{ name: 'Codeine', ingredients: ['codeine'] }],
            }),
          ),
      } as Parameters<typeof stubFetch>[0]),
    );
    const { user } = renderApp('/medicines');
    const input = await screen.findByRole('combobox', { name: 'Symptom' });
    await user.click(screen.getByRole('radio', { name: 'A child' }));
    await user.type(screen.getByLabelText("Child's age"), '5');
    await user.type(input, 'fever');
    await user.click(screen.getByRole('button', { name: 'Add Symptom' }));
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));

    const guidance = await screen.findByRole('heading', { level: 3, name: 'Fever in a child: what to do' });
    expect(http.calls(POST)[0]?.body).toEqual({ symptoms: ['fever'], person: { kind: 'child', ageYears: 5 } });
    const card = screen.getByRole('article');
    expect(guidance.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Not shown for this person' })).getByText(/not for under 16s/),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'A doctor may prescribe' })).toHaveTextContent('Codeine');
    expect(JSON.parse(window.sessionStorage.getItem('medibuddy.medicines.person') ?? 'null')).toEqual({
      kind: 'child',
      ageYears: 5,
    });
  });

  it('a visitor checks a typed list and sees the duplicate with what to do', async () => {
    const check: MedicineCheckResponse = {
      personDescription: 'an adult',
      medicines: [],
      findings: [
        {
          kind: 'duplicate',
          severity: 'serious',
          title: 'Dolo 650 Tablet and paracetamol both contain paracetamol',
          detail: 'Taking them together doubles up on paracetamol.',
          whatToDo: 'Take only one medicine that contains paracetamol.',
          medicines: ['Dolo 650 Tablet', 'paracetamol'],
          source: 'NHS: Paracetamol for adults',
          sourceUrl: null,
        },
      ],
      note: 'No finding is not a guarantee.',
    };
    const http = stubFetch(
      withSuggestions({
        'GET /api/auth/session': noSession,
        'POST /api/medicines/check': () => json(200, check),
      } as Parameters<typeof stubFetch>[0]),
    );
    const { user } = renderApp('/medicines');
    const name = await screen.findByLabelText('Medicine or active ingredient');
    await user.type(name, 'Dolo 650 Tablet');
    await user.type(screen.getByLabelText('Doses a day (optional)'), '4');
    await user.click(screen.getByRole('button', { name: 'Add and check' }));
    expect(await screen.findByText(/both contain paracetamol/)).toBeInTheDocument();
    expect(http.calls('POST /api/medicines/check')[0]?.body).toEqual({
      items: [{ name: 'Dolo 650 Tablet', dosesPerDay: 4 }],
    });
    await user.clear(screen.getByLabelText('Doses a day (optional)'));
    await user.type(screen.getByLabelText('Doses a day (optional)'), '99');
    await user.type(name, 'ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Add and check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/whole number from 1 to 24/);
  });
});

const NO_FINDINGS: MedicineCheckResponse = { personDescription: 'an adult', medicines: [], findings: [], note: 'n' };

describe('what the finder weighs besides the symptoms', () => {
  afterEach(() => window.sessionStorage.clear());

  it("sends the visitor's typed medicines, an adult's age, the conditions and the country, and shows what the answer assumed and whose sale rule each card follows", async () => {
    const http = stubFetch(
      withSuggestions({
        'GET /api/auth/session': noSession,
        'POST /api/medicines/check': () => json(200, NO_FINDINGS),
        [POST]: () =>
          json(
            200,
            answer([{ ...PARACETAMOL, saleRule: 'In the UK sold without a prescription.' }], {
              personDescription: 'an adult of 80',
              assumption: 'Checked against the medicines you take (warfarin), your conditions (kidney disease).',
              hidden: [{ name: 'Ibuprofen', reason: 'ibuprofen with warfarin: a serious risk of bleeding.' }],
            }),
          ),
      } as Parameters<typeof stubFetch>[0]),
    );
    const { user } = renderApp('/medicines');
    const input = await screen.findByRole('combobox', { name: 'Symptom' });
    expect(screen.queryByText(/Also checked against/)).not.toBeInTheDocument();

    await user.type(await screen.findByLabelText('Medicine or active ingredient'), 'warfarin');
    await user.click(screen.getByRole('button', { name: 'Add and check' }));
    await user.type(screen.getByLabelText('Medicine or active ingredient'), 'Omeprazole');
    await user.click(screen.getByRole('button', { name: 'Add and check' }));
    expect(await screen.findByText('Also checked against: warfarin, Omeprazole.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Omeprazole' }));
    expect(await screen.findByText('Also checked against: warfarin.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Recommendations' })).toHaveAccessibleDescription(
      'Also checked against: warfarin.',
    );

    await user.click(screen.getByRole('radio', { name: 'An adult' }));
    await user.type(screen.getByLabelText('Age (optional; from 65 some medicines need more care)'), '80');
    const conditions = screen.getByRole('group', { name: 'Long-term conditions (optional)' });
    await user.click(within(conditions).getByRole('checkbox', { name: 'Kidney disease' }));
    const country = screen.getByRole('group', { name: 'Where will you buy it? (optional)' });
    expect(within(country).getByRole('radio', { name: 'Not said' })).toBeChecked();
    await user.click(within(country).getByRole('radio', { name: 'The UK' }));
    await user.type(input, 'joint pain');
    await user.click(screen.getByRole('button', { name: 'Add Symptom' }));
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));

    const box = await screen.findByText(/Checked against the medicines you take \(warfarin\)/);
    expect(http.calls(POST)[0]?.body).toEqual({
      symptoms: ['joint pain'],
      person: { kind: 'adult', ageYears: 80 },
      medicines: ['warfarin'],
      conditions: ['kidney-disease'],
      country: 'UK',
    });
    expect(box.closest('div')?.parentElement).toHaveTextContent(/^What we took into account/);
    const card = screen.getByRole('article', { name: 'Paracetamol (acetaminophen)' });
    const label = within(card).getByText('Over the counter');
    const rule = within(card).getByText('In the UK sold without a prescription.');
    expect(label.compareDocumentPosition(rule) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(box.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Not shown for this person' })).toHaveTextContent(/with warfarin/);

    expect(JSON.parse(window.sessionStorage.getItem('medibuddy.medicines.person') ?? 'null')).toEqual({
      kind: 'adult',
      ageYears: 80,
    });
    expect(JSON.parse(window.sessionStorage.getItem('medibuddy.medicines.context') ?? 'null')).toEqual({
      conditions: ['kidney-disease'],
      country: 'UK',
    });
  });

  it('remembers the age, conditions and country in the tab, and forgets them when cleared', async () => {
    window.sessionStorage.setItem('medibuddy.medicines.person', JSON.stringify({ kind: 'adult', ageYears: 70 }));
    window.sessionStorage.setItem(
      'medibuddy.medicines.context',
      JSON.stringify({ conditions: ['asthma', 'diabetes'], country: 'IN' }),
    );
    stubFetch(withSuggestions({ 'GET /api/auth/session': noSession } as Parameters<typeof stubFetch>[0]));
    const { user } = renderApp('/medicines');
    await screen.findByRole('combobox', { name: 'Symptom' });
    const age = await screen.findByLabelText('Age (optional; from 65 some medicines need more care)');
    expect(age).toHaveValue('70');
    expect(screen.getByRole('checkbox', { name: 'Asthma' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Diabetes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kidney disease' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'India' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Asthma' }));
    await user.click(screen.getByRole('checkbox', { name: 'Diabetes' }));
    const country = screen.getByRole('group', { name: 'Where will you buy it? (optional)' });
    await user.click(within(country).getByRole('radio', { name: 'Not said' }));
    expect(window.sessionStorage.getItem('medibuddy.medicines.context')).toBeNull();
  });

  it("an adult's age it cannot use is named at the field, and nothing is asked", async () => {
    const http = stubFetch(
      withSuggestions({
        'GET /api/auth/session': noSession,
        [POST]: () => json(200, answer([PARACETAMOL])),
      } as Parameters<typeof stubFetch>[0]),
    );
    const { user } = renderApp('/medicines');
    const input = await screen.findByRole('combobox', { name: 'Symptom' });
    await user.click(screen.getByRole('radio', { name: 'An adult' }));
    const age = screen.getByLabelText('Age (optional; from 65 some medicines need more care)');
    await user.type(age, '8');
    await user.type(input, 'headache');
    await user.click(screen.getByRole('button', { name: 'Add Symptom' }));
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));
    expect(age).toHaveAccessibleDescription('Under 16, choose "A child" and give the child\'s age.');
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(http.calls(POST)).toHaveLength(0);
    // The last person that could be used stays saved: an adult, with no age.
    expect(JSON.parse(window.sessionStorage.getItem('medibuddy.medicines.person') ?? 'null')).toEqual({
      kind: 'adult',
    });
  });

  const myList = (names: string[]): MyMedicinesResponse => ({
    items: names.map((name, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      createdAt: '2024-05-01T10:00:00.000Z',
      name,
      resolvedAs: 'ingredient',
      ingredients: [name.toLowerCase()],
      strengthsMg: {},
      dosesPerDay: null,
    })),
    person: null,
    check: NO_FINDINGS,
  });

  it('a signed-in person is checked against the My medicines they see listed', async () => {
    const http = stubFetch(
      withSuggestions({
        'GET /api/auth/session': signedInAs(),
        'GET /api/my-medicines': () => json(200, myList(['Warfarin', 'Sertraline'])),
        [POST]: () => json(200, answer([PARACETAMOL])),
      } as Parameters<typeof stubFetch>[0]),
    );
    const { user } = renderApp('/medicines');
    const input = await screen.findByRole('combobox', { name: 'Symptom' });
    expect(await screen.findByText('Also checked against: Warfarin, Sertraline.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'My medicines' })).getAllByRole('listitem')).toHaveLength(2);
    await user.type(input, 'headache');
    await user.click(screen.getByRole('button', { name: 'Add Symptom' }));
    await user.click(screen.getByRole('button', { name: 'Get Recommendations' }));
    await screen.findByRole('article');
    expect(http.calls(POST)[0]?.body).toEqual({ symptoms: ['headache'], medicines: ['Warfarin', 'Sertraline'] });
  });

  it('says so when My medicines did not load, and searches without them', async () => {
    stubFetch(
      withSuggestions({
        'GET /api/auth/session': signedInAs(),
        'GET /api/my-medicines': () => problem(500, 'internal', 'Something went wrong.'),
      } as Parameters<typeof stubFetch>[0]),
    );
    renderApp('/medicines');
    await screen.findByRole('combobox', { name: 'Symptom' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Get Recommendations' })).toHaveAccessibleDescription(
        /Your medicines list did not load, so the search cannot check against it: use “Try again”/,
      ),
    );
    expect(screen.getByText(/We could not load your medicines/)).toBeInTheDocument();
  });
});
