import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARACETAMOL } from '../test-fixtures';
import { MedicineCard } from './medicine-card';

describe('the medicine card label', () => {
  it('says a pharmacy medicine is one to ask the pharmacist for, even when the catalogue calls it over the counter', () => {
    render(
      <MedicineCard
        medicine={{
          ...PARACETAMOL,
          name: 'Dextromethorphan',
          ingredients: ['dextromethorphan'],
          saleClass: 'pharmacy',
        }}
      />,
    );
    expect(screen.getByText('Pharmacy medicine: ask the pharmacist')).toBeInTheDocument();
    expect(screen.queryByText('Over the counter')).not.toBeInTheDocument();
  });

  it('keeps "Over the counter" for a general-sale product', () => {
    render(<MedicineCard medicine={PARACETAMOL} />);
    expect(screen.getByText('Over the counter')).toBeInTheDocument();
  });
});
