import { tookTooMuch } from '../analyse';
import { sameIngredientAnswer } from '../same-ingredient';
import { factAnswer, POISONING } from './plan';
import type { Answerer } from './types';

/**
 * More than the dose was taken, of one medicine or a product of several ("2 extra co-codamol", "too much calpol"):
 * what the source says for an adult who took one medicine (paracetamol: 1 or 2 extra tablets), then what to do
 * after too much of any medicine (call now, even if well), for everyone and every medicine. It comes before the
 * other medicine answers: the call to make, whatever else the question asks.
 */
export const tooMuch: Answerer = {
  name: 'too-much',
  canAnswer: ({ text, named, analysis }) => (named.length > 0 || analysis.medicines.length > 0) && tookTooMuch(text),
  answer({ analysis, named, medicineFacts }) {
    // The source's words for one medicine of one ingredient only (paracetamol's "1 or 2 extra tablets").
    const one = named.length === 1 ? named[0] : undefined;
    const id = named.length === 0 ? analysis.medicines[0] : one?.ingredients.length === 1 ? one.ingredients[0] : null;
    const sheet = medicineFacts.find(id ?? '');
    const label = one?.label ?? sheet?.name.toLowerCase();
    const facts = [...(sheet?.tooMuch && analysis.person !== 'child' ? [sheet.tooMuch] : []), POISONING];
    const answer = factAnswer(
      analysis,
      { name: label ?? 'these medicines' },
      facts,
      label ? `**If more ${label} than the dose was taken:**` : '**If more than the dose was taken:**',
    );
    // Two medicines with the same ingredient ("paracetamol and then co-codamol by mistake"): why it is too much.
    const same = sameIngredientAnswer(named, medicineFacts);
    if (!same) return answer;
    const sources = [...answer.sources, ...same.sources];
    return {
      ...answer,
      pieces: [...answer.pieces, '\n\n', ...same.pieces],
      sources: [...new Map(sources.map((x) => [x.url ?? x.title, x])).values()],
    };
  },
};
