import type { ImageResult, SkinChecklist, SkinChecklistResult } from '@medibuddy/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { leadingHeadline } from '../image-headline';
import { ImageHeadline } from './image-result';
import { SkinChecklistFields, type SkinChecklistAnswers } from './skin-checklist-fields';

const checklist: SkinChecklist = {
  version: 'skin-checklist-1',
  why: 'Doctors use these seven questions.',
  notSure: 'An answer of “Not sure” is not counted.',
  items: [
    { key: 'sizeChange', kind: 'major', points: 2, question: 'Has the spot changed in size (grown)?', help: 'Bigger?' },
    { key: 'oozing', kind: 'minor', points: 1, question: 'Is the spot oozing (leaking fluid)?', help: 'Weeping?' },
  ],
  threshold: 3,
  maxScore: 3,
  sources: [{ title: 'NG12', publisher: 'NICE' }],
};

function Harness() {
  const [answers, setAnswers] = useState<SkinChecklistAnswers>({});
  return (
    <>
      <SkinChecklistFields
        checklist={checklist}
        isLoading={false}
        isUnavailable={false}
        answers={answers}
        isDisabled={false}
        onAnswer={(key, answer) => setAnswers((a) => ({ ...a, [key]: answer }))}
        onClear={() => setAnswers({})}
      />
      <output data-testid="answers">{JSON.stringify(answers)}</output>
    </>
  );
}

const triage = {
  level: 'refer',
  question: 'Can this wait?',
  headline: 'See a dermatologist within 2 weeks',
  timeframe: 'within 2 weeks',
  nextStep: 'Book an appointment.',
  why: 'why',
  referScore: 0.5,
  referThreshold: 0.2,
  confidenceFloor: 0.5,
  sources: [{ title: 'NG12', publisher: 'NICE' }],
} satisfies ImageResult['triage'];

const scored = (level: SkinChecklistResult['level'], score: number): SkinChecklistResult => ({
  version: 'skin-checklist-1',
  level,
  score,
  maxScore: 10,
  threshold: 3,
  headline: level === 'refer' ? 'See a GP within 2 weeks' : 'The checklist scored below 3',
  timeframe: level === 'refer' ? 'within 2 weeks' : 'routine',
  nextStep: level === 'refer' ? 'Book an appointment with your GP.' : 'See a GP if it changes.',
  items: [
    {
      key: 'sizeChange',
      kind: 'major',
      points: 2,
      question: 'Has it grown?',
      answer: score >= 2 ? 'yes' : 'no',
      isCounted: score >= 2,
    },
    {
      key: 'oozing',
      kind: 'minor',
      points: 1,
      question: 'Is it oozing?',
      answer: score >= 3 ? 'yes' : 'not_sure',
      isCounted: score >= 3,
    },
  ],
  notSureNote: score >= 3 ? null : 'Not sure is not counted.',
  sources: [{ title: 'NG12', publisher: 'NICE' }],
});

const resultWith = (checklistResult: SkinChecklistResult): ImageResult => ({
  kind: 'image',
  model: 'skin',
  classes: [
    { key: 'melanoma', label: 'Melanoma', probability: 0.6 },
    { key: 'nevus', label: 'Nevus', probability: 0.4 },
  ],
  top: { key: 'melanoma', label: 'Melanoma', probability: 0.6 },
  focus: null,
  prediction: 'Melanoma',
  summary: 'x',
  gate: { kind: 'skin', probability: 0.99 },
  heatmap: null,
  triage,
  isClassNamed: true,
  checklist: checklistResult,
});

describe('the 7-point checklist beside the skin picture', () => {
  it('asks each question as a labelled radio group (Yes / No / Not sure) in one fieldset, all optional', () => {
    render(<Harness />);
    const form = screen.getByRole('group', { name: 'About the spot: seven questions (optional)' });
    expect(form).toHaveAccessibleDescription('Doctors use these seven questions.');
    const size = within(form).getByRole('group', { name: 'Has the spot changed in size (grown)?' });
    expect(size).toHaveAccessibleDescription('Bigger?');
    expect(
      within(size)
        .getAllByRole('radio')
        .map((r) => r.closest('div')?.textContent),
    ).toEqual(['Yes', 'No', 'Not sure']);
    fireEvent.click(within(size).getByRole('radio', { name: 'Yes' }));
    const oozing = within(form).getByRole('group', { name: 'Is the spot oozing (leaking fluid)?' });
    fireEvent.click(within(oozing).getByRole('radio', { name: 'Not sure' }));
    expect(screen.getByTestId('answers')).toHaveTextContent('{"sizeChange":"yes","oozing":"not_sure"}');
    fireEvent.click(screen.getByRole('button', { name: /Clear my answers \(2 of 2 answered\)/ }));
    expect(screen.getByTestId('answers')).toHaveTextContent('{}');
  });

  it('3 or more: "See a GP within 2 weeks" first, with the score and the answers that counted', () => {
    const result = resultWith(scored('refer', 3));
    expect(leadingHeadline(result)).toBe('See a GP within 2 weeks');
    render(<ImageHeadline result={result} testName="Skin Disease" />);
    const boxes = screen.getAllByRole('region');
    expect(boxes[0]).toHaveAttribute('data-testid', 'skin-checklist');
    expect(boxes[0]).toHaveTextContent('See a GP within 2 weeks');
    expect(boxes[0]).toHaveTextContent('Score 3 of 10 (the threshold is 3)');
    expect(boxes[0]).toHaveTextContent('Has it grown? Yes: 2 points');
    expect(boxes[0]).toHaveTextContent('Is it oozing? Yes: 1 point');
    expect(boxes[1]).toHaveAttribute('data-testid', 'image-triage');
  });

  it("below 3: the picture's flag stays first, the checklist after it with its score", () => {
    const result = resultWith(scored('below', 0));
    expect(leadingHeadline(result)).toBe('See a dermatologist within 2 weeks');
    render(<ImageHeadline result={result} testName="Skin Disease" />);
    const boxes = screen.getAllByRole('region');
    expect(boxes[0]).toHaveAttribute('data-testid', 'image-triage');
    expect(boxes[0]).toHaveAttribute('data-level', 'refer');
    expect(boxes[1]).toHaveTextContent('The checklist scored below 3');
    expect(boxes[1]).toHaveTextContent('None: only “Yes” answers add points.');
    expect(boxes[1]).toHaveTextContent('Not sure is not counted.');
  });
});
