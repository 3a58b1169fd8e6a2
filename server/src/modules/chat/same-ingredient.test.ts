import { describe, expect, it } from 'vitest';
import { combinationProducts, parseCombinationProducts } from '../../content/combination-products';
import { chatMedicineSheets } from './medicine-sheets';
import { medicinesNamedIn, sameIngredientAnswer } from './same-ingredient';

const answer = (text: string) =>
  sameIngredientAnswer(medicinesNamedIn(text, chatMedicineSheets(), combinationProducts()), chatMedicineSheets());

describe('chat: two medicines that contain the same ingredient', () => {
  it.each([
    [
      'is it safe to take 2 co-codamol and 2 paracetamol together',
      'co-codamol and paracetamol both contain paracetamol',
    ],
    ['can i take lemsip and paracetamol at the same time', 'lemsip and paracetamol both contain paracetamol'],
    ['can i have a nurofen with my ibuprofen gel', 'nurofen and ibuprofen both contain ibuprofen'],
    ['is combiflam ok with crocin', 'combiflam and crocin both contain paracetamol'],
    ['nyquil and tylenol together?', 'nyquil and tylenol both contain paracetamol'],
  ])('"%s" leads with the shared ingredient', (text, lead) => {
    const a = answer(text);
    expect(a).not.toBeNull();
    expect(a!.pieces[0]).toContain(`**${lead}.**`);
    expect(a!.pieces.join('')).toMatch(/daily/);
    expect(a!.sources.length).toBeGreaterThan(0);
  });

  it('the paracetamol warning names the liver and gives the adult dose with its source', () => {
    const text = answer('co-codamol and paracetamol')!.pieces.join('');
    expect(text).toMatch(/liver/);
    expect(text).toMatch(/co-codamol contains codeine, paracetamol/);
    expect(text).toMatch(/\(source: NHS/);
  });

  it('"tylenol pm" is the combination product, not plain tylenol', () => {
    expect(answer('tylenol pm and benadryl')).toBeNull();
    expect(answer('tylenol pm with tylenol')!.pieces[0]).toContain('tylenol pm and tylenol both contain paracetamol');
  });

  it.each(['can i take ibuprofen with paracetamol', 'co-codamol dose', 'is paracetamol safe', 'lemsip for a cold'])(
    '"%s" shares nothing: no answer from here',
    (text) => expect(answer(text)).toBeNull(),
  );

  it('refuses a product whose ingredient has no facts, or whose source is not declared', () => {
    const file = (products: unknown) => ({
      about: 'x',
      sources: [{ id: 's', title: 't', publisher: 'p', url: 'https://example.org/' }],
      products,
    });
    expect(() =>
      parseCombinationProducts(
        file([{ names: ['x'], ingredients: ['paracetamol', 'unobtainium'], source: 's' }]),
        new Set(['paracetamol']),
      ),
    ).toThrow(/x: no medicine facts for unobtainium/);
    expect(() =>
      parseCombinationProducts(file([{ names: ['x'], ingredients: ['a', 'b'], source: 'nope' }]), new Set(['a', 'b'])),
    ).toThrow(/source "nope"/);
    expect(() =>
      parseCombinationProducts(file([{ names: ['X'], ingredients: ['a', 'b'], source: 's' }]), new Set(['a', 'b'])),
    ).toThrow(/lower case/);
  });
});

describe('chat: "can I take more" is a dose question', () => {
  it('reads "i took 2 paracetamol 2 hours ago can i take more" as a dose question', async () => {
    const { analyseQuestion } = await import('./analyse');
    const facts = chatMedicineSheets();
    const vocabulary = { measures: [], medicines: facts.sheets.map((s) => ({ id: s.id, names: s.names })), tests: [] };
    expect(analyseQuestion('i took 2 paracetamol 2 hours ago can i take more', vocabulary).type).toBe('dose');
    expect(analyseQuestion('how long should i wait before my next dose of ibuprofen', vocabulary).type).toBe('dose');
  });
});
