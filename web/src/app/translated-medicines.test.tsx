import type { MedicineCheckResponse, MyMedicinesResponse } from '@medibuddy/contracts';
import { HELPLINE_COUNTRIES, helplinesFor } from '@medibuddy/contracts/helplines';
import { emergencyNoticeFor } from '@medibuddy/contracts/red-flags';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, PARACETAMOL, SUMATRIPTAN, withSuggestions } from '../features/medicines/test-fixtures';
import { t } from '../lib/i18n';
import { expectAllHindi, inHindi, renderInHindi } from '../test/hindi';
import { json, problem } from '../test/http';
import { stringsOf } from '../test/untranslated-text';

/**
 * The medicine finder in Hindi (decision 032), beyond what a visitor first sees (translated-pages.test.tsx): its
 * toasts, the person's age fields, an answer with every part filled, the emergency notice, the typed list's check and
 * "My medicines". The server's words (cards, guidance, findings, notices) stay as it sends them.
 */

const FOUND = answer(
  [
    { ...PARACETAMOL, cautions: [{ text: 'Not with other paracetamol.', source: 'NHS', sourceUrl: null }] },
    SUMATRIPTAN,
  ],
  {
    personDescription: 'a child of 5',
    assumption: 'We took the age you gave.',
    message: 'Some symptoms matched nothing.',
    guidance: [
      {
        id: 'headache',
        title: 'Headache',
        isSelfCareAppropriate: false,
        notAppropriateReason: 'A child with a bad headache should see a doctor.',
        whatToDo: [{ text: 'Rest.', source: 'NHS', sourceUrl: null }],
        seeDoctorIf: [{ text: 'It lasts.', source: 'NHS', sourceUrl: 'https://www.nhs.uk/' }],
        redFlags: [{ text: 'A stiff neck.', source: 'NHS', sourceUrl: null }],
      },
    ],
    hidden: [{ name: 'Aspirin', reason: "Not for children: Reye's syndrome." }],
    doctorMayPrescribe: [{ name: 'Rizatriptan', ingredients: ['rizatriptan'] }],
  },
);

const CHECK: MedicineCheckResponse = {
  personDescription: 'a child of 5',
  medicines: [],
  findings: [
    {
      kind: 'daily_total',
      severity: 'serious',
      title: 'Too much paracetamol',
      detail: 'Above the daily maximum.',
      whatToDo: 'Take less.',
      medicines: ['Paracetamol'],
      source: 'NHS',
      sourceUrl: null,
    },
  ],
  note: 'Ask a pharmacist.',
};

describe('the medicine finder in Hindi shows no English of its own', () => {
  inHindi();

  it('its toasts, a child, conditions and country, an answer with every part, and the typed list', async () => {
    const answers = { 'POST /api/medicines/recommendations': FOUND, 'POST /api/medicines/check': CHECK };
    const { user, given } = await renderInHindi('/medicines', answers, { wrap: withSuggestions });
    const typed = [...given, 'headache', 'Paracetamol'];

    await user.click(screen.getByRole('button', { name: t('medicines.getRecommendations') }));
    expect(await screen.findByText(t('medicines.noSymptoms'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t('symptom.add') }));
    expect(await screen.findByText(t('medicines.emptySymptom'))).toBeInTheDocument();
    expectAllHindi(typed);

    await user.click(screen.getByRole('radio', { name: t('person.child') }));
    await user.type(screen.getByLabelText(t('person.childAge')), 'x');
    await user.click(screen.getByRole('checkbox', { name: t('condition.asthma') }));
    await user.click(screen.getByRole('radio', { name: t('country.IN') }));
    await user.type(screen.getByRole('combobox', { name: t('symptom.label') }), 'headache');
    await user.click(screen.getByRole('button', { name: t('symptom.add') }));
    await user.click(screen.getByRole('button', { name: t('medicines.getRecommendations') }));
    expect(await screen.findAllByText(t('person.childAgeNotNumber'))).not.toHaveLength(0);
    expectAllHindi([...typed, 'x']);

    await user.clear(screen.getByLabelText(t('person.childAge')));
    await user.type(screen.getByLabelText(t('person.childAge')), '5');
    await user.click(screen.getByRole('button', { name: t('medicines.getRecommendations') }));
    expect(
      await screen.findByRole('heading', { name: t('medicines.found', { count: 2, symptoms: 'headache' }) }),
    ).toBeInTheDocument();
    expectAllHindi(typed);

    await user.type(screen.getByLabelText(t('entry.name')), 'Paracetamol');
    await user.type(screen.getByLabelText(t('entry.strength')), '500');
    await user.type(screen.getByLabelText(t('entry.doses')), '8');
    await user.click(screen.getByRole('button', { name: t('together.addAndCheck') }));
    expect(await screen.findByText('Too much paracetamol', { exact: false })).toBeInTheDocument();
    expectAllHindi(typed);

    await user.click(screen.getByRole('button', { name: t('symptom.remove', { symptom: 'headache' }) }));
    expect(await screen.findByText(t('medicines.symptomRemoved'))).toBeInTheDocument();
    expectAllHindi(typed);
  });

  it('a button busy with its request', async () => {
    let answerNow = () => {};
    const { user, given } = await renderInHindi(
      '/medicines',
      {},
      {
        wrap: withSuggestions,
        handlers: {
          'POST /api/medicines/recommendations': () =>
            new Promise<Response>((resolve) => {
              answerNow = () => resolve(json(200, answer([])));
            }),
        },
      },
    );
    await user.type(screen.getByRole('combobox', { name: t('symptom.label') }), 'headache');
    await user.click(screen.getByRole('button', { name: t('symptom.add') }));
    await user.click(screen.getByRole('button', { name: t('medicines.getRecommendations') }));
    expect(await screen.findByRole('button', { name: t('medicines.busy') })).toHaveAttribute('aria-busy', 'true');
    expectAllHindi([...given, 'headache']);
    answerNow();
    expect(await screen.findByRole('heading', { name: t('medicines.noneFound') })).toBeInTheDocument();
  });

  it('the emergency notice for a red-flag symptom', async () => {
    const { user, given } = await renderInHindi('/medicines', {}, { wrap: withSuggestions });
    await user.type(screen.getByRole('combobox', { name: t('symptom.label') }), 'chest pain');
    await user.click(screen.getByRole('button', { name: t('symptom.add') }));
    expect(await screen.findByText(t('emergency.heading'))).toBeInTheDocument();
    expectAllHindi([
      ...given,
      ...stringsOf(emergencyNoticeFor(['chest pain'])),
      ...HELPLINE_COUNTRIES.flatMap(([code]) => stringsOf(helplinesFor(code))),
    ]);
  });

  it('"My medicines", signed in: the list, its check and the consent it asks for', async () => {
    const mine: MyMedicinesResponse = {
      items: [
        {
          id: 'm1',
          createdAt: '2026-11-20T10:00:00.000Z',
          name: 'Crocin',
          resolvedAs: 'product',
          ingredients: ['paracetamol'],
          strengthsMg: { paracetamol: 500 },
          dosesPerDay: 3,
        },
      ],
      person: { kind: 'adult' },
      check: { ...CHECK, personDescription: 'an adult' },
    };
    const { user, given } = await renderInHindi(
      '/medicines',
      { 'GET /api/my-medicines': mine },
      {
        signedIn: true,
        wrap: withSuggestions,
        handlers: { 'POST /api/my-medicines': () => problem(409, 'consent_required', 'Consent is required.') },
      },
    );
    expect(await screen.findByRole('list', { name: t('my.heading') })).toBeInTheDocument();
    const data = [...given, 'ada Lovelace', 'Ibuprofen'];
    expectAllHindi(data);

    await user.type(screen.getByLabelText(t('entry.name')), 'Ibuprofen');
    await user.click(screen.getByRole('button', { name: t('my.add') }));
    expect(await screen.findByText(t('my.consentHeading'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: t('my.agree') })).toBeEnabled());
    expectAllHindi([...data, 'Consent is required.']);
  });
});
