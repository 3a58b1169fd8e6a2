import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bloodTestResponse,
  BLOOD_ID,
  heartResponse,
  HEART_ID,
  kidneyStoneResponse,
  KIDNEY_ID,
  NOTICES,
} from '../../test/assessment-fixtures';
import { ADA, json, noSession, problem, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const signedIn = () => json(200, { user: ADA });

function openResult(path: string, id: string, answer: () => Response) {
  const http = stubFetch({ 'GET /api/auth/session': signedIn, [`GET /api/assessments/${id}`]: answer });
  return { http, ...renderApp(path) };
}

/** The content every result page shows, whatever the kind. */
function expectCommonSections(title: string) {
  expect(screen.getByText(NOTICES.notADiagnosis)).toBeInTheDocument();
  expect(screen.getByText(NOTICES.emergency)).toBeInTheDocument();
  expect(screen.getByText(NOTICES.whatThisDoesNotMean)).toBeInTheDocument();
  const symptoms = screen.getAllByRole('region', { name: 'Symptoms' })[0]!;
  expect(within(symptoms).getAllByRole('listitem')).toHaveLength(5);
  expect(within(symptoms).getByRole('list').tagName).toBe('OL');
  expect(within(symptoms).getByText(`Symptom 1 of ${title}`)).toBeInTheDocument();
  const precautions = screen.getAllByRole('region', { name: 'Precautions' })[0]!;
  expect(within(precautions).getAllByRole('listitem')).toHaveLength(5);
  expect(screen.getAllByRole('region', { name: 'When to seek care' })[0]).toBeInTheDocument();
  expect(
    screen.getAllByRole('link', { name: new RegExp(`^${title} \\(MedlinePlus\\) ?\\(opens in a new tab\\)$`) })[0],
  ).toHaveAttribute('href', 'https://medlineplus.gov/');
  expect(screen.getByRole('link', { name: 'Take another test' })).toHaveAttribute('href', '/diagnosis');
  expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
}

describe('result pages', () => {
  it('risk: the model score said as relative to its study (no chance), on a gauge with its band, the threshold, the top 6 factors and the model card figures', async () => {
    openResult(`/heart-disease-results/${HEART_ID}`, HEART_ID, () => json(200, heartResponse));
    expect(await screen.findByRole('heading', { level: 1, name: 'Heart disease' })).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Result' });
    expect(
      within(result).getByText(/^The screening model scores your answers 73 on a scale of 0 to 100/, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(result).toHaveTextContent('model score, relative to its study');
    expect(result).toHaveTextContent('it is not your chance of having heart disease');
    expect(result).not.toHaveTextContent(/estimated chance|73 ?%/);
    expect(
      within(result).getByRole('img', { name: /^Model score 73 of 100, in the high band\. Low is under 17/ }),
    ).toBeInTheDocument();
    expect(within(result).getByText(/suggests a check with a doctor from a score of 17/)).toBeInTheDocument();

    const factors = screen.getByRole('region', { name: 'What pushed the model’s score up or down' });
    const rows = within(factors).getAllByRole('listitem');
    // Six shown, sorted by size; the other two behind "Show the other 2 answers".
    const shown = rows.slice(0, 6).map((row) => within(row).getAllByRole('paragraph')[0]!.textContent);
    expect(shown).toEqual([
      'Chest pain type',
      'Maximum heart rate achieved',
      'Sex',
      'Thallium stress test',
      'Resting EKG results',
      'Serum cholesterol',
    ]);
    expect(rows[0]).toHaveTextContent('Your answer: Asymptomatic');
    expect(rows[0]).toHaveTextContent('raises');
    expect(rows[1]).toHaveTextContent('Your answer: 172 beats/min');
    expect(rows[1]).toHaveTextContent('lowers');
    expect(within(factors).getByText('Show the other 2 answers')).toBeInTheDocument();
    expect(factors).toHaveTextContent(
      /how far one answer moved the model’s estimate away from that of an average patient/,
    );

    const model = screen.getByRole('region', { name: 'About this assessment' });
    expect(model).toHaveTextContent('heart-lr-732560c953');
    expect(model).toHaveTextContent('ROC-AUC0.91 (95% CI 0.87 to 0.95)');
    expect(model).toHaveTextContent('Sensitivity90% (95% CI 84% to 96%)');
    expect(model).toHaveTextContent('Specificity72% (95% CI 64% to 80%)');
    expect(model).toHaveTextContent(/testing the model many times/);
    expectCommonSections('Heart disease');
  });

  it('blood test: the main class and every finding with severity, value, range, explanation and source', async () => {
    openResult(`/bloodtest/${BLOOD_ID}`, BLOOD_ID, () => json(200, bloodTestResponse));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anemia' })).toBeInTheDocument();
    expect(screen.getByText('Main finding:').parentElement).toHaveTextContent('Main finding: Anemia');
    const findings = screen.getByRole('region', { name: 'Every finding' });
    const cards = within(findings).getAllByRole('article');
    expect(cards).toHaveLength(3);
    for (const [card, finding] of cards.map(
      (c, i) =>
        [
          c,
          bloodTestResponse.assessment.result.kind === 'blood-test'
            ? bloodTestResponse.assessment.result.findings[i]!
            : undefined,
        ] as const,
    )) {
      expect(card).toHaveTextContent(finding!.title);
      expect(card).toHaveTextContent(finding!.value);
      expect(card).toHaveTextContent(finding!.referenceRange);
      expect(card).toHaveTextContent(finding!.explanation);
      expect(card).toHaveTextContent(finding!.citation.title);
    }
    expect(cards[0]).toHaveTextContent('Attention: discuss with a doctor');
    expect(cards[2]).toHaveTextContent('Info: worth knowing');
    expect(within(cards[0]!).getByRole('link', { name: /WHO 2011/ })).toHaveAttribute('href', 'https://www.who.int/');
    expect(screen.getByRole('heading', { level: 2, name: 'About diabetes' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'About this assessment' })).toHaveTextContent('blood-test-rules-1');
    expectCommonSections('Anemia');
  });

  it('kidney stone: the Total, the STONE score and band with its published chance, the points, and an urgent warning', async () => {
    openResult(`/kidney-stone-results/${KIDNEY_ID}`, KIDNEY_ID, () => json(200, kidneyStoneResponse));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kidney stones' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Seek urgent care today.*possible infected obstruction/);
    const result = screen.getByRole('region', { name: 'Result' });
    expect(result).toHaveTextContent('Your STONE score is 9 of 13: moderate.');
    expect(result).toHaveTextContent('51% of people with a moderate score had a kidney stone');
    expect(result).toHaveTextContent('Total (symptoms answered Yes)4 of 8');
    expect(within(result).getByRole('img', { name: /^STONE score 9 of 13, in the moderate band/ })).toBeInTheDocument();
    expect(result).toHaveTextContent(
      'If a urine dipstick showed blood, your score would be 12 of 13: high (89% had a stone',
    );
    const points = within(screen.getByRole('region', { name: 'Your STONE score, point by point' })).getByRole('table');
    expect(within(points).getByRole('row', { name: /Timing Less than 6 hours ago 3 of 3/ })).toBeInTheDocument();
    expect(within(points).getByRole('row', { name: /Origin Any other ancestry/ })).toHaveTextContent('3 of 3');
    expectCommonSections('Kidney stones');
  });

  it('prints with the browser print dialog', async () => {
    const print = vi.fn();
    window.print = print;
    const { user } = openResult(`/heart-disease-results/${HEART_ID}`, HEART_ID, () => json(200, heartResponse));
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says so when the result does not exist, with a way back to the tests', async () => {
    openResult(`/diabetes-results/${HEART_ID}`, HEART_ID, () => problem(404, 'not_found', 'No such assessment.'));
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this result' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the tests' })).toHaveAttribute('href', '/diagnosis');
  });

  it('moves a result opened under another test’s address to its own', async () => {
    const { location } = openResult(`/diabetes-results/${HEART_ID}`, HEART_ID, () => json(200, heartResponse));
    expect(await screen.findByRole('heading', { level: 1, name: 'Heart disease' })).toBeInTheDocument();
    expect(location()?.pathname).toBe(`/heart-disease-results/${HEART_ID}`);
  });

  it('offers a retry when the server fails', async () => {
    let calls = 0;
    const { user } = openResult(`/heart-disease-results/${HEART_ID}`, HEART_ID, () =>
      ++calls === 1
        ? problem(500, 'internal', 'Something went wrong on our side. Please try again in a moment.')
        : json(200, heartResponse),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Heart disease' })).toBeInTheDocument();
  });

  it('sends a visitor to sign in and back', async () => {
    const http = stubFetch({ 'GET /api/auth/session': noSession });
    const { location } = renderApp(`/bloodtest/${BLOOD_ID}`);
    await waitFor(() => expect(location()?.pathname).toBe('/login'));
    expect(location()?.state).toMatchObject({ from: { pathname: `/bloodtest/${BLOOD_ID}` } });
    expect(http.calls(`GET /api/assessments/${BLOOD_ID}`)).toHaveLength(0);
  });

  it('sends a user whose session ended to sign in and back', async () => {
    const { location } = openResult(`/bloodtest/${BLOOD_ID}`, BLOOD_ID, () =>
      problem(401, 'unauthenticated', 'Please sign in to continue.'),
    );
    await waitFor(() => expect(location()?.pathname).toBe('/login'));
    expect(location()?.state).toMatchObject({ from: { pathname: `/bloodtest/${BLOOD_ID}` } });
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });
});
