import {
  CLINICAL_FORMS,
  CLINICAL_TEST_SLUGS,
  getTest,
  type ClinicalField,
  type ClinicalTestSlug,
} from '@medibuddy/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { localField } from '../features/assessments/clinical-test-copy';
import { t, type MessageKey } from '../lib/i18n';
import { fillForm, VALID_ANSWERS } from '../test/clinical-form';
import { expectAllHindi, inHindi, renderInHindi } from '../test/hindi';
import { ADA, problem } from '../test/http';

/**
 * The six clinical test forms in Hindi (decision 032): every text of the page and the form, the contracts' field
 * labels, help and options, the unit choice, the checks before sending and the answers after, from the 'tests'
 * catalogue; no English of their own (decision 037).
 */

type Routes = Parameters<typeof renderInHindi>[2];

const formName = (test: ClinicalTestSlug) => t('tests.formLabel', { name: t(`test.${test}.name` as MessageKey) });

/** A field as the Hindi page shows it. */
function fieldOf(test: ClinicalTestSlug, key: string): ClinicalField {
  const field = (CLINICAL_FORMS[test] as readonly ClinicalField[]).find((f) => f.key === key);
  if (!field) throw new Error(`${test} has no field ${key}`);
  return localField(test, field);
}

async function openInHindi(test: ClinicalTestSlug, options: Routes = {}) {
  const view = await renderInHindi(getTest(test).path, {}, { signedIn: true, ...options });
  await screen.findByRole('form', { name: formName(test) });
  return view;
}

/** Fills the Hindi form as a person would, finding each field by its Hindi label. */
const fill = (user: UserEvent, test: ClinicalTestSlug, answers: Record<string, string | number>) =>
  fillForm(user, test, answers, (field) => localField(test, field));

/** The signed-in visitor's name and its initial, in the navbar. */
const USER = [ADA.name, ADA.name[0]!.toUpperCase()];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const predict = () => screen.getByRole('button', { name: t('tests.predict') });

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the clinical test forms in Hindi', () => {
  inHindi();

  it.each(CLINICAL_TEST_SLUGS)('%s: the page and every field, label, help and option in Hindi', async (test) => {
    await openInHindi(test);
    expect(screen.getByRole('heading', { level: 1, name: t(`tests.${test}.title` as MessageKey) })).toBeVisible();
    expect(screen.getByText(t('tests.privacyNote'))).toBeInTheDocument();
    for (const contractField of CLINICAL_FORMS[test] as readonly ClinicalField[]) {
      const field = localField(test, contractField);
      expect(field.label).not.toBe(contractField.label);
      if (field.type === 'integer' || field.type === 'decimal') {
        expect(screen.getByLabelText(field.label)).toBeInTheDocument();
      } else {
        expect(
          screen.queryByRole('group', { name: field.label }) ?? screen.getByRole('combobox', { name: field.label }),
        ).toBeInTheDocument();
      }
    }
    expectAllHindi([...USER]);
  });

  it('heart: the checks before sending (missing, out of range, not whole) in Hindi', async () => {
    const { user } = await openInHindi('heart');
    await user.click(predict());
    expect(await screen.findByText(t('tests.needAttentionMany', { count: '13' }))).toBeInTheDocument();
    expectAllHindi([...USER]);

    await fill(user, 'heart', { ...VALID_ANSWERS.heart, age: '150', numberOfVesselsFluro: '1.5' });
    await user.click(predict());
    const age = screen.getByLabelText(fieldOf('heart', 'age').label);
    expect(age).toHaveAccessibleDescription(
      new RegExp(`^${escape(t('tests.error.rangeUnit', { label: 'उम्र', min: '18', max: '100', unit: 'साल' }))}`),
    );
    expect(screen.getByLabelText(fieldOf('heart', 'numberOfVesselsFluro').label)).toHaveAccessibleDescription(
      new RegExp(`^${escape(t('tests.error.whole', { label: fieldOf('heart', 'numberOfVesselsFluro').label }))}`),
    );
    expectAllHindi([...USER, '150', '1.5']);
  });

  it('liver: an option not chosen and a rule between two answers, in Hindi', async () => {
    const { user } = await openInHindi('liver');
    const { gender: _gender, ...withoutGender } = VALID_ANSWERS.liver;
    await fill(user, 'liver', { ...withoutGender, directBilirubin: '2.5' });
    await user.click(predict());
    const gender = fieldOf('liver', 'gender').label;
    expect(screen.getByRole('group', { name: gender })).toHaveAccessibleDescription(
      t('tests.error.choose', { label: gender }),
    );
    await fill(user, 'liver', { gender: 1 });
    await user.click(predict());
    expect(
      await screen.findByText(t('tests.error.directBilirubin', { label: fieldOf('liver', 'directBilirubin').label })),
    ).toBeInTheDocument();
    expectAllHindi([...USER]);
  });

  it('blood test: the unit question, the unit choice and its range, in Hindi', async () => {
    const { user } = await openInHindi('blood-test');
    const glucose = fieldOf('blood-test', 'glucose');
    await user.type(screen.getByLabelText(glucose.label), '5');
    await user.click(predict());
    expect(
      await screen.findByRole('button', { name: t('tests.useChoice', { text: '5 mmol/L (90 mg/dL)' }) }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('tests.keepChoice', { text: '5 mg/dL' }) })).toBeInTheDocument();
    expectAllHindi([...USER, '5']);

    await user.selectOptions(
      screen.getByRole('combobox', { name: t('tests.unitFor', { label: glucose.label }) }),
      'mmol/L',
    );
    expect(screen.getByLabelText(glucose.label)).toHaveAccessibleDescription(/mmol\/L तक।/);
    expectAllHindi([...USER, '5']);
  });

  it('diabetes: an HbA1c in mmol/mol is answered in Hindi', async () => {
    const { user } = await openInHindi('diabetes');
    await fill(user, 'diabetes', { ...VALID_ANSWERS.diabetes, hba1c: '48' });
    await user.click(predict());
    const hba1c = fieldOf('diabetes', 'hba1c');
    await waitFor(() =>
      expect(screen.getByLabelText(hba1c.label)).toHaveAccessibleDescription(
        new RegExp(`^${escape(hba1c.label)} 3.0 से 20.0 % के बीच होना चाहिए; 48 तो mmol/mol में`),
      ),
    );
    expectAllHindi([...USER, '48']);
  });

  it('kidney stone: the Total, the twin answers’ note and the STONE questions in Hindi', async () => {
    const { user } = await openInHindi('kidney-stone');
    await fill(user, 'kidney-stone', { backBellySidePain: 1, urgency: 1 });
    expect(screen.getByText(t('tests.totalOf', { count: '8' }))).toBeInTheDocument();
    expect(screen.getByText(t('tests.linked.painOnset'))).toBeInTheDocument();
    expectAllHindi([...USER]);
  });

  it('the consent question, declined, and a model not ready, in Hindi', async () => {
    let calls = 0;
    const { user } = await openInHindi('heart', {
      handlers: {
        'POST /api/assessments/heart': () =>
          ++calls === 1
            ? problem(409, 'consent_required', 'Consent is required.')
            : problem(503, 'model_unavailable', 'The model is not loaded.'),
      },
    });
    await fill(user, 'heart', VALID_ANSWERS.heart);
    await user.click(predict());
    expect(await screen.findByRole('heading', { name: t('tests.consent.heading') })).toBeInTheDocument();
    expectAllHindi([...USER, 'Consent is required.']);
    await user.click(screen.getByRole('button', { name: t('tests.consent.notNow') }));
    expect(screen.getByText(t('tests.consentDeclined'))).toBeInTheDocument();
    expectAllHindi([...USER]);

    await user.click(predict());
    // The notice, and its toast (the toast library comes with the first toast).
    await waitFor(() => expect(screen.getAllByText(t('tests.modelNotReady'))).toHaveLength(2));
    expectAllHindi([...USER]);
    // Filling the whole form takes a while on a busy machine.
  }, 30_000);
});
