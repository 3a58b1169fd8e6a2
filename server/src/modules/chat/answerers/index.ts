import { abstain } from './abstain';
import { decline } from './decline';
import { greeting } from './greeting';
import { medicineCautions } from './medicine-cautions';
import { medicineFacts } from './medicine-questions';
import { medicineUses } from './medicine-uses';
import { myResult } from './my-result';
import { normalValue } from './normal-value';
import { passage } from './passage';
import { product } from './product';
import { sameIngredient } from './same-ingredient';
import { symptoms } from './symptoms';
import { tooMuch } from './too-much';
import type { Answerer, AnswerContext, Plan } from './types';
import { value } from './value';

/**
 * The chat's answerers, once, in priority order (decision 025): the first that can answer and does gives the plan.
 * Too much taken comes before every other medicine answer; a passage only after the cited facts; "no reliable
 * source" last, always.
 */
export const ANSWERERS: readonly Answerer[] = [
  greeting,
  decline,
  myResult,
  value,
  normalValue,
  tooMuch,
  sameIngredient,
  product,
  medicineFacts,
  medicineCautions,
  passage,
  medicineUses,
  symptoms,
  abstain,
];

export async function answer(ctx: AnswerContext): Promise<Plan & { answerer: string }> {
  for (const answerer of ANSWERERS) {
    if (!answerer.canAnswer(ctx)) continue;
    const plan = await answerer.answer(ctx);
    if (plan) return { ...plan, answerer: answerer.name };
  }
  throw new Error('the abstain answerer always answers');
}
