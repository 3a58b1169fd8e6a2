import type { MedicineCheckResponse } from '@medibuddy/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, noSession, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render';
import { answer, PARACETAMOL, withSuggestions } from '../test-fixtures';
import { personOf } from './person-selector';

const POST = 'POST /api/medicines/recommendations';

describe('who the medicines are for', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reads a child age in years, in months under 2, and refuses what cannot be used', () => {
    expect(personOf({ kind: 'unsaid', age: '', unit: 'years' })).toEqual({});
    expect(personOf({ kind: 'pregnant', age: '', unit: 'years' })).toEqual({ person: { kind: 'pregnant' } });
    expect(personOf({ kind: 'child', age: '5', unit: 'years' })).toEqual({ person: { kind: 'child', ageYears: 5 } });
    expect(personOf({ kind: 'child', age: '1', unit: 'years' })).toEqual({ person: { kind: 'child', ageMonths: 12 } });
    expect(personOf({ kind: 'child', age: '2', unit: 'months' })).toEqual({ person: { kind: 'child', ageMonths: 2 } });
    expect(personOf({ kind: 'child', age: '', unit: 'years' }).error).toMatch(/age/);
    expect(personOf({ kind: 'child', age: '30', unit: 'months' }).error).toMatch(/years/);
    expect(personOf({ kind: 'child', age: '17', unit: 'years' }).error).toMatch(/adult/);
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
