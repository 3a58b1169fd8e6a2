import type { RiskResult } from '@medibuddy/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NextStepBox } from './next-step';
import { RiskFactors, UncertaintyNote } from './risk-result';

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
      key: 'chest_pain_type',
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
  uncertainty: { unknownFields: ['thallium', 'slope_of_st'], low: 0.12, high: 0.81 },
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
    expect(screen.getByText(/“I don’t know” to 2 questions/)).toHaveTextContent(/anywhere from 12% to 81%/);
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
