import { isDoseForAge } from '@medibuddy/contracts';
import type { Analysis } from '../analyse';
import { readValue, valueAnswer } from '../interpret-value';
import type { MedicineFacts, MedicineSheet } from '../medicine-facts';
import { abstainAnswer, factAnswer, plan } from './plan';
import type { Answerer, AnswerContext, Plan } from './types';

/** The question types a medicine's cited facts answer; for these, no fact means "no reliable source", not a guess. */
const FACT_TYPES = ['dose', 'children', 'alcohol', 'pregnancy', 'interaction'];

/** A child's dose: the band of the age given, else every band; with the youngest age it may be given at. */
function childAnswer(analysis: Analysis, sheet: MedicineSheet): Plan {
  const age = analysis.ageMonths;
  if (sheet.minAge && age !== null && age < sheet.minAge.months) {
    return factAnswer(
      analysis,
      sheet,
      [sheet.minAge],
      `**${sheet.name} is not for a child of that age without a doctor's advice:**`,
    );
  }
  const bands = age === null ? sheet.childDoses : sheet.childDoses.filter((d) => isDoseForAge(d, age));
  const facts = [...(sheet.minAge ? [sheet.minAge] : []), ...bands.map((b) => b.fact)];
  const after =
    'Check the strength on the pack (for example 120 mg in 5 ml) and use the measuring syringe or spoon that comes with it. ';
  return factAnswer(analysis, sheet, facts, `**${sheet.name} for children:**`, bands.length > 0 ? after : '');
}

function factsFor(analysis: Analysis, sheet: MedicineSheet, medicineFacts: MedicineFacts): Plan | null {
  switch (analysis.type) {
    case 'dose':
      if (analysis.person === 'child') return childAnswer(analysis, sheet);
      return factAnswer(
        analysis,
        sheet,
        sheet.adultDoses,
        `**${sheet.name} for adults:**`,
        'Do not take more than one product containing it at the same time. ',
      );
    case 'children':
      return childAnswer(analysis, sheet);
    case 'alcohol':
      return factAnswer(analysis, sheet, sheet.alcohol, `**${sheet.name} and alcohol:**`);
    case 'pregnancy':
      return factAnswer(analysis, sheet, sheet.pregnancy, `**${sheet.name} in pregnancy and breastfeeding:**`);
    case 'interaction': {
      const other = medicineFacts.find(analysis.medicines[1] ?? '');
      if (!other) return plan('abstain', analysis, [abstainAnswer(analysis, sheet.name)]);
      const { interactions, fine } = medicineFacts.between(sheet.id, other.id);
      if (interactions.length > 0)
        return factAnswer(analysis, sheet, interactions, `**${sheet.name} with ${other.name}:**`);
      if (fine.length > 0) return factAnswer(analysis, sheet, fine, `**${sheet.name} with ${other.name}:**`);
      return plan('abstain', analysis, [
        `I have no reliable source on taking ${sheet.name} with ${other.name}, so I cannot say whether they are safe together. A pharmacist can check this for you (bring the packets or a list); your doctor can too.`,
      ]);
    }
    default:
      return null;
  }
}

/**
 * A dose (by age), alcohol, pregnancy or interaction question about a medicine: its cited facts, with the reading's
 * band when a value was given too ("metformin and my sugar is 250"); "no reliable source" when it has none.
 */
export const medicineFacts: Answerer = {
  name: 'medicine-facts',
  canAnswer: ({ analysis }) => analysis.medicines.length > 0,
  answer(ctx: AnswerContext) {
    const { analysis, referenceValues } = ctx;
    const sheet = ctx.medicineFacts.find(analysis.medicines[0] as string);
    const answer = sheet ? factsFor(analysis, sheet, ctx.medicineFacts) : null;
    if (!answer) {
      if (FACT_TYPES.includes(analysis.type)) return plan('abstain', analysis, [abstainAnswer(analysis, sheet?.name)]);
      return null;
    }
    const reading = analysis.measure
      ? readValue(
          referenceValues,
          analysis.measure.id,
          analysis.measure.numbers,
          analysis.sex,
          analysis.measure.unit ?? null,
          analysis.ageMonths,
        )
      : null;
    if (!reading) return answer;
    const value = valueAnswer(referenceValues, reading);
    return {
      ...answer,
      pieces: [...answer.pieces, '\n\n', ...value.pieces],
      sources: [...answer.sources, ...value.sources],
    };
  },
};
