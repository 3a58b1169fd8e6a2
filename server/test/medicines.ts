import type { CompatRecommendResponse, RecommendationsResponse } from '@medibuddy/contracts';
import { expect } from 'vitest';
import type { TestApp } from './helper';

/** The header of the medicine data set's CSV, for a test's own small catalogue (importMedicinesCsv). */
export const MEDICINES_CSV_HEADER =
  'Medicine Name,Composition,Uses,Side_effects,Image URL,Manufacturer,Excellent Review %,Average Review %,Poor Review %';

/** Asks the medicine finder as the page does; an answer other than 200 fails the test with its body. */
export async function recommendMedicines(app: TestApp, payload: object): Promise<RecommendationsResponse> {
  const res = await app.inject({ method: 'POST', url: '/api/medicines/recommendations', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RecommendationsResponse;
}

/** Asks the compat route with words only, as the original client does; an answer other than 200 fails the test. */
export async function compatRecommend(app: TestApp, symptoms: string[]): Promise<CompatRecommendResponse> {
  const res = await app.inject({ method: 'POST', url: '/compat/recommend_medicines', payload: { symptoms } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CompatRecommendResponse;
}
