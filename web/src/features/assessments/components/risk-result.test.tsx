import type { RiskResult } from '@medibuddy/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NextStepBox } from './next-step';
import { RiskFactors, RiskHeadline, UncertaintyNote } from './risk-result';

const result = {
  kind: 'risk',
  condition: 'heart disease',
  probability: 0.4,
  band: 'moderate',
  threshold: 0.17,
  highFrom: 0.5,
  isFlagged: true,
  prediction: 1,
  logit: -0.4,
  bias: -0.2,
  summary: 'x',
  factors: [
    {
      key: 'chestPainType',
      label: 'Chest pain type',
      value: 1,
      displayValue: 'Typical Angina',
      contribution: -0.9,
      direction: 'down',
      isReason: false,
      notAReasonBecause: 'contradicts',
    },
    {
      key: 'thallium',
      label: 'Thallium stress test',
      value: null,
      displayValue: 'Not measured',
      contribution: -0.1,
      direction: 'down',
      isReason: false,
      notAReasonBecause: 'not-entered',
    },
    { key: 'sex', label: 'Sex', value: 1, displayValue: 'Male', contribution: 0.4, direction: 'up', isReason: true },
  ],
  uncertainty: { unknownFields: ['thallium', 'slopeOfSt'], low: 0.12, high: 0.81 },
} satisfies RiskResult;

describe('risk result', () => {
  it('shows only answers that agree with medical knowledge as reasons, and says why the others are not', () => {
    render(<RiskFactors result={result} />);
    const [reasons] = screen.getAllByRole('list');
    expect(within(reasons!).getAllByRole('listitem')).toHaveLength(1);
    expect(reasons).toHaveTextContent('Sex');
    expect(reasons).not.toHaveTextContent('Typical Angina');
    expect(screen.getByText('2 answers are not shown as reasons')).toBeInTheDocument();
    expect(screen.getByText(/opposite way to what doctors expect/)).toBeInTheDocument();
    expect(screen.getByText(/you did not know it/)).toBeInTheDocument();
  });

  it("says in plain words how far 'I don't know' answers could move the estimate", () => {
    render(<UncertaintyNote result={result} />);
    expect(screen.getByText(/“I don’t know” to 2 questions/)).toHaveTextContent(/anywhere from 12 to 81 of 100/);
  });

  it("a validated score leads in N in 100 with its band, what would lower it and its source; the model follows, said as no one's chance", () => {
    const who = {
      id: 'who-2019-non-lab',
      name: 'WHO cardiovascular disease risk chart (2019), South Asia (without laboratory values)',
      outcome: 'a heart attack or stroke (fatal or not) in the next 10 years',
      risk: 0.04,
      inHundred: 4,
      timeframeYears: 10,
      band: 'under 5 %',
      level: 'low',
      headline:
        'The WHO risk chart for South Asia puts your 10-year risk of a heart attack or stroke at 4 % (under 5 %).',
      lower: ['Being active.'] as string[],
      citation: {
        title: 'WHO CVD Risk Chart Working Group 2019',
        url: 'https://doi.org/10.1016/S2214-109X(19)30318-3',
      },
    } as const;
    render(
      <RiskHeadline
        result={{
          ...result,
          scores: [who],
          scoresNeed: [{ name: 'Pooled cohort equations (ACC/AHA 2013)', needs: ['total cholesterol'] }],
        }}
      />,
    );
    const texts = screen.getAllByText(/^(4 in 100|40 of 100)$/).map((e) => e.textContent);
    expect(texts).toEqual(['4 in 100', '40 of 100']);
    expect(screen.getByText('under 5 %')).toBeInTheDocument();
    expect(screen.getByText('Being active.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /WHO CVD Risk Chart Working Group 2019/ })).toHaveAttribute(
      'href',
      who.citation.url,
    );
    expect(screen.getByRole('heading', { name: 'The screening model' })).toBeInTheDocument();
    expect(screen.getByText(/not your chance of having heart disease/)).toBeInTheDocument();
    expect(screen.getByText(/Pooled cohort equations \(ACC\/AHA 2013\) needs total cholesterol/)).toBeInTheDocument();
  });

  it('an emergency next step is an alert with its heading and source', () => {
    render(
      <NextStepBox
        step={{
          timeframe: 'now',
          heading: 'Go to an emergency department now',
          text: 'Go now.',
          citation: { title: 'EAU Guidelines' },
        }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/Go to an emergency department now.*Go now.*EAU Guidelines/);
  });
});
