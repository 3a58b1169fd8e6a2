import {
  CLINICAL_FORMS,
  type ClinicalField,
  CLINICAL_TEST_SLUGS,
  getTest,
  optionsOf,
  unitShownOf,
  type ClinicalTestSlug,
} from '@medibuddy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  diabetesResponse,
  DIABETES_ID,
  heartResponse,
  HEART_ID,
  kidneyStoneResponse,
} from '../../test/assessment-fixtures';
import { fillForm, VALID_ANSWERS } from '../../test/clinical-form';
import { ADA, json, noSession, problem, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const signedIn = () => json(200, { user: ADA });
const pathOf = (test: ClinicalTestSlug) => getTest(test).path;

afterEach(() => sessionStorage.clear());

async function openForm(test: ClinicalTestSlug, routes: Parameters<typeof stubFetch>[0] = {}) {
  const http = stubFetch({ 'GET /api/auth/session': signedIn, ...routes });
  const app = renderApp(pathOf(test));
  await screen.findByRole('heading', { level: 1 });
  // The form is its own chunk: the heading paints first, the form follows.
  await screen.findByRole('form', { name: `${getTest(test).name} form` });
  return { http, ...app };
}

describe('the clinical forms', () => {
  it.each(CLINICAL_TEST_SLUGS)('%s: every field of the contract, labelled, with its unit and range', async (test) => {
    await openForm(test);
    const form = screen.getByRole('form', { name: `${getTest(test).name} form` });
    for (const field of CLINICAL_FORMS[test] as readonly ClinicalField[]) {
      if (
        (field.type === 'code' || field.type === 'yesno') &&
        optionsOf(field).length + (field.notMeasured || field.optional ? 1 : 0) > 5
      ) {
        // a long list is a select, with 'Choose…' first
        const select = within(form).getByRole('combobox', { name: field.label });
        for (const option of optionsOf(field)) {
          expect(within(select).getByRole('option', { name: option.label })).toHaveAttribute(
            'value',
            String(option.value),
          );
        }
      } else if (field.type === 'code' || field.type === 'yesno') {
        const group = within(form).getByRole('group', { name: field.label });
        for (const option of optionsOf(field)) {
          expect(within(group).getByRole('radio', { name: option.label })).toHaveAttribute(
            'value',
            String(option.value),
          );
        }
      } else {
        const input = within(form).getByLabelText(field.label);
        expect(input).toHaveAttribute('inputmode', field.type === 'integer' ? 'numeric' : 'decimal');
        const unit = unitShownOf(field);
        if (unit) expect(input).toHaveAccessibleDescription(new RegExp(`^In ${escape(unit)}\\.`));
        else expect(input).not.toHaveAccessibleDescription(/^In /);
        if (field.min !== undefined) expect(input).toHaveAccessibleDescription(/from .+ to /i);
      }
    }
    expect(screen.getByRole('button', { name: 'Predict' })).toBeInTheDocument();
    expect(screen.getByText(/not a diagnosis/)).toBeInTheDocument();
    expect(screen.getByText(/call your local emergency number/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your answers are saved to your account so you can see this result again; only you can see them.',
      ),
    ).toBeInTheDocument();
  });

  it('cardio starts empty, with the earlier defaults only as grey examples: nothing is answered for the patient', async () => {
    await openForm('cardio');
    expect(screen.getByLabelText('Age')).toHaveValue('');
    expect(screen.getByLabelText('Age')).toHaveAttribute('placeholder', 'e.g. 50');
    expect(screen.getByLabelText('Systolic blood pressure')).toHaveValue('');
    for (const radio of within(screen.getByRole('group', { name: 'Gender' })).getAllByRole('radio'))
      expect(radio).not.toBeChecked();
  });

  it('the blood test is grouped like a lab report, empty, with examples in lab units', async () => {
    await openForm('blood-test');
    for (const title of ['Blood count', 'Sugar & insulin', 'Lipids', 'Vitals']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    const hemoglobin = within(screen.getByRole('region', { name: 'Blood count' })).getByLabelText('Hemoglobin');
    expect(hemoglobin).toHaveValue('');
    expect(hemoglobin).toHaveAttribute('placeholder', 'e.g. 14.0');
    expect(screen.getByText(/lab units, as printed on a lab report/)).toBeInTheDocument();
    const sex = screen.getByRole('group', { name: 'Sex' });
    for (const radio of within(sex).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('checks values with the contract before sending: range, whole numbers, missing answers', async () => {
    const { http, user } = await openForm('heart');
    await fillForm(user, 'heart', { ...VALID_ANSWERS.heart, age: '150' });
    await user.clear(screen.getByLabelText('Maximum heart rate achieved'));
    await user.type(screen.getByLabelText('Number of major vessels coloured by fluoroscopy'), '{backspace}1.5');
    await user.click(screen.getByRole('button', { name: 'Predict' }));

    const age = screen.getByLabelText('Age');
    expect(age).toHaveAccessibleDescription(/^Age must be between 18 and 100 years\. /);
    expect(age).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(age).toHaveFocus());
    expect(screen.getByLabelText('Maximum heart rate achieved')).toHaveAccessibleDescription(
      /^Maximum heart rate achieved is required\./,
    );
    expect(screen.getByLabelText('Number of major vessels coloured by fluoroscopy')).toHaveAccessibleDescription(
      /^Number of major vessels coloured by fluoroscopy must be a whole number\./,
    );
    expect(screen.getByText('3 answers need your attention before the test can run.')).toBeInTheDocument();
    expect(http.calls('POST /api/assessments/heart')).toHaveLength(0);

    // Editing a field clears its own message.
    await user.clear(age);
    await user.type(age, '61');
    expect(age).not.toHaveAttribute('aria-invalid');
  });

  it('asks for an option that was not chosen, and focuses it', async () => {
    const { http, user } = await openForm('liver');
    const { gender: _gender, ...withoutGender } = VALID_ANSWERS.liver;
    await fillForm(user, 'liver', withoutGender);
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    const group = screen.getByRole('group', { name: 'Gender' });
    expect(group).toHaveAccessibleDescription('Please choose an answer for “Gender”.');
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Male' })).toHaveFocus());
    expect(http.calls('POST /api/assessments/liver')).toHaveLength(0);
  });

  it('applies the cross-field rules of the contract (direct bilirubin is part of the total)', async () => {
    const { http, user } = await openForm('liver');
    await fillForm(user, 'liver', { ...VALID_ANSWERS.liver, directBilirubin: '2.5' });
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    expect(await screen.findByText(/Direct bilirubin must not be more than the total bilirubin/)).toBeInTheDocument();
    expect(http.calls('POST /api/assessments/liver')).toHaveLength(0);
  });

  it('reads a decimal comma, sends JSON numbers, and null for "Not measured"', async () => {
    let release: (r: Response) => void = () => {};
    const { http, user } = await openForm('diabetes', {
      'POST /api/assessments/diabetes': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    await fillForm(user, 'diabetes', { ...VALID_ANSWERS.diabetes, bmi: '33,6' });
    const insulin = screen.getByLabelText('2-hour serum insulin');
    await user.click(screen.getByRole('checkbox', { name: "I don't know or not measured: 2-hour serum insulin" }));
    expect(insulin).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Predict' }));

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(http.calls('POST /api/assessments/diabetes')).toHaveLength(1);
    expect(http.calls('POST /api/assessments/diabetes')[0]?.body).toEqual({
      inputs: {
        pregnancies: 2,
        glucose: 148,
        bloodPressure: 72,
        skinThickness: 35,
        insulin: null,
        bmi: 33.6,
        diabetesPedigreeFunction: 0.627,
        age: 50,
      },
    });
    release(json(201, diabetesResponse()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Diabetes' })).toBeInTheDocument();
  });

  it('on success goes to the result route with the new id, shown from the answer without a second request', async () => {
    const { http, user, location } = await openForm('heart', {
      'POST /api/assessments/heart': () => json(201, heartResponse),
    });
    sessionStorage.setItem(
      'medibuddy.draft.heart',
      JSON.stringify({ values: {}, notMeasured: {}, savedAt: Date.now() }),
    );
    await fillForm(user, 'heart', VALID_ANSWERS.heart);
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Heart disease' })).toBeInTheDocument();
    expect(location()?.pathname).toBe(`/heart-disease-results/${HEART_ID}`);
    expect(http.calls(`GET /api/assessments/${HEART_ID}`)).toHaveLength(0);
    expect(sessionStorage.getItem('medibuddy.draft.heart')).toBeNull();
    expect(http.calls('POST /api/assessments/heart')[0]?.body).toMatchObject({
      inputs: { age: 61, sex: 1, chestPainType: 4, stDepression: 1.5 },
    });
  });

  it('shows the server field errors under their fields (inputs.x -> x)', async () => {
    const { user } = await openForm('cardio', {
      'POST /api/assessments/cardio': () =>
        problem(400, 'validation_failed', 'Some values are not valid.', [
          { field: 'inputs.weight', rule: 'max', message: 'must be between 30.0 and 250.0 kg' },
        ]),
    });
    await fillForm(user, 'cardio', VALID_ANSWERS.cardio);
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    const weight = screen.getByLabelText('Weight');
    await waitFor(() => expect(weight).toHaveAccessibleDescription(/^Weight must be between 30\.0 and 250\.0 kg\./));
    await waitFor(() => expect(weight).toHaveFocus());
    expect(await screen.findByText('Please check the values marked in the form.')).toBeInTheDocument();
  });

  it.each([
    [503, 'The model for this test is not ready yet. Please try again in a few minutes.'],
    [500, 'We could not run the test because of a problem on our side. Please try again in a moment.'],
  ])('says what went wrong on a %s', async (status, message) => {
    const { user } = await openForm('cardio', {
      'POST /api/assessments/cardio': () => problem(status, 'oops', 'Internal details.'),
    });
    await fillForm(user, 'cardio', VALID_ANSWERS.cardio);
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    // In a toast, and in the form until the next try.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByText('The test did not run')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Predict' })).not.toHaveAttribute('aria-busy');
  });

  it('says to check the connection when the server cannot be reached', async () => {
    const { user } = await openForm('cardio', {
      'POST /api/assessments/cardio': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await fillForm(user, 'cardio', VALID_ANSWERS.cardio);
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    const message = 'We could not reach MediBuddy. Check your connection and try again.';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
  });

  it('kidney stone: titled "Health Prediction Form", counts the Total of Yes answers live, keeps twin answers in step', async () => {
    const { user, http } = await openForm('kidney-stone', {
      'POST /api/assessments/kidney-stone': () => json(201, kidneyStoneResponse),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Health Prediction Form' })).toBeInTheDocument();
    expect(screen.getByText(/The assessment itself uses the STONE score \(Moore/)).toBeInTheDocument();
    const total = () => screen.getByText('Total:').parentElement!;
    expect(total()).toHaveTextContent('Total: 0 of 8 symptoms answered Yes.');
    const answer = (label: string, option: string) =>
      user.click(within(screen.getByRole('group', { name: label })).getByRole('radio', { name: option }));

    await answer('Burning during urination', 'Yes');
    await answer('Fever/Chills', 'Yes');
    expect(total()).toHaveTextContent('Total: 2 of 8');
    await answer('Fever/Chills', 'No');
    expect(total()).toHaveTextContent('Total: 1 of 8');

    // No pain: the score's timing question follows; choosing a time sets the pain to Yes.
    await answer('Back/belly/side pain', 'No');
    expect(
      within(screen.getByRole('group', { name: /When did the back/ })).getByRole('radio', {
        name: 'I have no such pain',
      }),
    ).toBeChecked();
    await answer('When did the back, side or belly pain begin?', 'Less than 6 hours ago');
    expect(
      within(screen.getByRole('group', { name: 'Back/belly/side pain' })).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    expect(total()).toHaveTextContent('Total: 2 of 8');

    await fillForm(user, 'kidney-stone', VALID_ANSWERS['kidney-stone']);
    expect(total()).toHaveTextContent('Total: 4 of 8');
    await user.click(screen.getByRole('button', { name: 'Predict' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kidney stones' })).toBeInTheDocument();
    expect(http.calls('POST /api/assessments/kidney-stone')[0]?.body).toMatchObject({
      inputs: { painOnset: 2, nausea: 1, haematuria: 2 },
    });
  });
});

describe('a visitor who presses Predict', () => {
  it('is asked to sign in, and comes back to the same form with the values kept', async () => {
    let user: typeof ADA | null = null;
    const http = stubFetch({
      'GET /api/auth/session': () => json(200, { user }),
      'POST /api/auth/sign-in': () => {
        user = ADA;
        return json(200, { user: ADA, message: 'Signed in successfully.' });
      },
      'POST /api/assessments/diabetes': () => json(201, diabetesResponse()),
    });
    const app = renderApp('/diabetes');
    await screen.findByRole('heading', { level: 1, name: 'Diabetes Prediction' });
    await fillForm(app.user, 'diabetes', VALID_ANSWERS.diabetes);
    await app.user.click(
      screen.getByRole('checkbox', { name: "I don't know or not measured: Triceps skin-fold thickness" }),
    );
    await app.user.click(screen.getByRole('button', { name: 'Predict' }));

    expect(await screen.findByText('Please sign in to run a test')).toBeInTheDocument();
    await waitFor(() => expect(app.location()?.pathname).toBe('/login'));
    expect(http.calls('POST /api/assessments/diabetes')).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem('medibuddy.draft.diabetes')!)).toMatchObject({
      values: { glucose: '148', bmi: '33.6' },
      notMeasured: { skinThickness: true },
    });

    const form = await screen.findByRole('form', { name: 'Sign in form' });
    await app.user.type(within(form).getByLabelText('Email'), ADA.email);
    await app.user.type(within(form).getByLabelText('Password'), 'a password');
    await app.user.click(within(form).getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { level: 1, name: 'Diabetes Prediction' });
    expect(app.location()?.pathname).toBe('/diabetes');
    expect(screen.getByLabelText('Plasma glucose, 2 h after an oral glucose tolerance test')).toHaveValue('148');
    expect(screen.getByLabelText('Body mass index')).toHaveValue('33.6');
    expect(
      screen.getByRole('checkbox', { name: "I don't know or not measured: Triceps skin-fold thickness" }),
    ).toBeChecked();

    await app.user.click(screen.getByRole('button', { name: 'Predict' }));
    await waitFor(() => expect(app.location()?.pathname).toBe(`/diabetes-results/${DIABETES_ID}`));
    expect(http.calls('POST /api/assessments/diabetes')[0]?.body).toMatchObject({
      inputs: { glucose: 148, skinThickness: null },
    });
    expect(sessionStorage.getItem('medibuddy.draft.diabetes')).toBeNull();
  });

  it('is sent the same way when the server answers 401 (a session that ended)', async () => {
    const http = stubFetch({
      'GET /api/auth/session': signedIn,
      'POST /api/assessments/cardio': () => problem(401, 'unauthenticated', 'Please sign in to continue.'),
    });
    const app = renderApp('/cardioDisease');
    await screen.findByRole('heading', { level: 1, name: 'Cardiovascular Disease Prediction' });
    await fillForm(app.user, 'cardio', VALID_ANSWERS.cardio);
    await app.user.clear(screen.getByLabelText('Weight'));
    await app.user.type(screen.getByLabelText('Weight'), '81.5');
    await app.user.click(screen.getByRole('button', { name: 'Predict' }));

    expect(await screen.findByText('Please sign in to run a test')).toBeInTheDocument();
    await waitFor(() => expect(app.location()?.pathname).toBe('/login'));
    expect(app.location()?.state).toMatchObject({ from: { pathname: '/cardioDisease' } });
    expect(JSON.parse(sessionStorage.getItem('medibuddy.draft.cardio')!).values.weight).toBe('81.5');
    expect(http.calls('POST /api/assessments/cardio')).toHaveLength(1);
  });

  it('a visitor can still read the form before signing in', async () => {
    stubFetch({ 'GET /api/auth/session': noSession });
    renderApp('/heart-disease');
    expect(await screen.findByRole('heading', { level: 1, name: 'Heart Disease Prediction' })).toBeInTheDocument();
    expect(screen.getByLabelText('Age')).toBeInTheDocument();
  });
});
