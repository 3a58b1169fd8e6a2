import type { MedicineRecommendation, RecommendationsResponse, SymptomSuggestion } from '@medibuddy/contracts';
import { json } from '../../test/http';

/** What the suggestion endpoint answers in these tests, by what was typed. */
const SUGGESTIONS: Record<string, SymptomSuggestion[]> = {
  rhin: [{ label: 'Runny nose', matchedName: 'rhinitis' }],
  he: [{ label: 'Headache' }, { label: 'Heartburn' }, { label: 'Head lice' }],
};

/**
 * Routes for stubFetch that answer any GET /api/medicines/symptoms?q=…, whatever was typed (the key holds the
 * query string, so a fixed record cannot list them all).
 */
export function withSuggestions<T extends Record<string, unknown>>(routes: T): T {
  return new Proxy(routes, {
    get(target, key) {
      if (typeof key === 'string' && key.startsWith('GET /api/medicines/symptoms?q=')) {
        const q = decodeURIComponent(key.slice('GET /api/medicines/symptoms?q='.length)).toLowerCase();
        return () => json(200, { suggestions: SUGGESTIONS[q] ?? [] });
      }
      return Reflect.get(target, key);
    },
  });
}

export const PARACETAMOL: MedicineRecommendation = {
  id: '6f1c2d1e-0000-4000-8000-000000000001',
  name: 'Paracetamol (acetaminophen)',
  composition: 'Paracetamol 500 mg tablets',
  ingredients: ['paracetamol'],
  uses: 'Pain relief (headache, toothache); Fever (high temperature)',
  sideEffects: 'Rare at the right dose.',
  manufacturer: 'Generic (many manufacturers)',
  hasProductImage: false,
  prescriptionStatus: 'otc',
  saleClass: 'otc',
  isPrescriptionOnly: false,
  prescriptionNote: 'Sold without a prescription in many countries.',
  source: 'NHS Medicines A to Z: Paracetamol for adults',
  sourceUrl: 'https://www.nhs.uk/medicines/',
  matches: [{ symptom: 'headache', use: 'Pain relief (headache, toothache)' }],
  score: 1.1,
  similarProducts: ['Dolo 650 Tablet'],
  doses: [
    {
      ingredient: 'paracetamol',
      dose: { text: '500 mg to 1 g every 4 to 6 hours; at most 4 g in 24 hours.', source: 'NHS', sourceUrl: null },
    },
  ],
  cautions: [],
};

export const SUMATRIPTAN: MedicineRecommendation = {
  ...PARACETAMOL,
  id: '6f1c2d1e-0000-4000-8000-000000000002',
  name: 'Sumatriptan',
  composition: 'Sumatriptan 50 mg tablets',
  ingredients: ['sumatriptan'],
  uses: 'Treatment of migraine attacks',
  sideEffects: 'Tingling, flushing.',
  hasProductImage: true,
  prescriptionStatus: 'prescription',
  saleClass: 'prescription',
  isPrescriptionOnly: true,
  prescriptionNote: 'Needs a prescription in many countries — ask a doctor.',
  matches: [{ symptom: 'headache', use: 'Treatment of migraine attacks' }],
  similarProducts: [],
};

export const answer = (
  results: MedicineRecommendation[],
  extra: Partial<RecommendationsResponse> = {},
): RecommendationsResponse => ({
  emergency: null,
  results,
  unmatched: [],
  personDescription: 'an adult',
  guidance: [],
  hidden: [],
  doctorMayPrescribe: [],
  ...extra,
});
