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

  it('says whose sale rule applies under the sale class, and nothing when the answer gives none', () => {
    const rule =
      "In the UK a pharmacy medicine: sold by a pharmacist. Other countries' rules differ: ask a pharmacist where you are.";
    const { unmount } = render(<MedicineCard medicine={{ ...PARACETAMOL, saleClass: 'pharmacy', saleRule: rule }} />);
    const label = screen.getByText('Pharmacy medicine: ask the pharmacist');
    const said = screen.getByText(rule);
    expect(label.compareDocumentPosition(said) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();
    render(<MedicineCard medicine={PARACETAMOL} />);
    expect(screen.queryByText(/sale rule|In the UK/)).not.toBeInTheDocument();
  });
});
