import type { ImageResult } from '@medibuddy/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageHeadline } from './image-result';

const triage = {
  level: 'unsure',
  question: 'Can this wait?',
  headline: 'Unsure: have it looked at within 2 weeks',
  timeframe: 'within 2 weeks',
  nextStep: 'Book an appointment with your GP or a dermatologist within the next 2 weeks.',
  why: 'No class reaches the model’s confidence floor of 50%, so it names none.',
  referScore: 0.1,
  referThreshold: 0.2069,
  confidenceFloor: 0.5,
  sources: [
    { title: 'Melanoma skin cancer', publisher: 'NHS', url: 'https://www.nhs.uk/conditions/melanoma-skin-cancer/' },
  ],
} satisfies ImageResult['triage'];

const result = {
  kind: 'image',
  model: 'skin',
  classes: [
    { key: 'nevus', label: 'Nevus', probability: 0.45 },
    { key: 'melanoma', label: 'Melanoma', probability: 0.05 },
  ],
  top: { key: 'nevus', label: 'Nevus', probability: 0.45 },
  focus: null,
  prediction: 'Nevus',
  summary: 'x',
  gate: { kind: 'skin', probability: 0.99 },
  heatmap: null,
  triage,
  isClassNamed: false,
} satisfies ImageResult;

describe('image result headline', () => {
  it('leads with the triage answer and its next step, and names no class below the confidence floor', () => {
    render(<ImageHeadline result={result} testName="Skin Disease" />);
    const box = screen.getByTestId('image-triage');
    expect(box).toHaveAttribute('data-level', 'unsure');
    expect(box).toHaveTextContent('Can this wait?');
    expect(box).toHaveTextContent('Unsure: have it looked at within 2 weeks');
    expect(box).toHaveTextContent('within the next 2 weeks');
    expect(screen.queryByText(/Most like/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Nevus/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Melanoma skin cancer' })).toHaveAttribute(
      'href',
      'https://www.nhs.uk/conditions/melanoma-skin-cancer/',
    );
  });

  it('names the class when the model is confident enough', () => {
    render(
      <ImageHeadline
        result={{ ...result, isClassNamed: true, triage: { ...triage, level: 'routine', headline: 'Not flagged' } }}
        testName="Skin Disease"
      />,
    );
    expect(screen.getByText('Most like')).toBeInTheDocument();
    expect(screen.getByText('Nevus (45%)')).toBeInTheDocument();
  });
});
