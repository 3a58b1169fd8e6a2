import { isDoseForAge } from '@medibuddy/contracts';
import type { Analysis } from '../analyse';
import { readValue, valueAnswer } from '../interpret-value';
import { valueAnswerHindi } from '../value-answer-hindi';
import type { MedicineSheets, MedicineSheet } from '../medicine-sheets';
import { abstainAnswer, factAnswer, plan } from './plan';
import type { Answerer, AnswerContext, Plan } from './types';

/** The question types a medicine's cited facts answer; for these, no fact means "no reliable source", not a guess. */
const FACT_TYPES = ['dose', 'children', 'alcohol', 'pregnancy', 'interaction'];

/** The Hindi leads of the answers below, for a question in Hindi or Hinglish (undefined in English). */
type Hindi = boolean;

/** A child's dose: the band of the age given, else every band; with the youngest age it may be given at. */
function childAnswer(analysis: Analysis, sheet: MedicineSheet, hindi: Hindi): Plan {
  const age = analysis.ageMonths;
  if (sheet.minAge && age !== null && age < sheet.minAge.months) {
    return factAnswer(
      analysis,
      sheet,
      [sheet.minAge],
      `**${sheet.name} is not for a child of that age without a doctor's advice:**`,
      '',
      hindi ? { lead: `**${sheet.name} इस उम्र के बच्चे को डॉक्टर की सलाह के बिना नहीं दी जाती:**` } : undefined,
    );
  }
  const bands = age === null ? sheet.childDoses : sheet.childDoses.filter((d) => isDoseForAge(d, age));
  const facts = [...(sheet.minAge ? [sheet.minAge] : []), ...bands.map((b) => b.fact)];
  const after =
    'Check the strength on the pack (for example 120 mg in 5 ml) and use the measuring syringe or spoon that comes with it. ';
  const afterHindi = 'पैक पर दवा की ताकत देखें (जैसे 5 ml में 120 mg) और साथ आई नापने वाली सिरिंज या चम्मच से ही दें।';
  return factAnswer(
    analysis,
    sheet,
    facts,
    `**${sheet.name} for children:**`,
    bands.length > 0 ? after : '',
    hindi ? { lead: `**${sheet.name} — बच्चों के लिए:**`, after: afterHindi } : undefined,
  );
}

function factsFor(analysis: Analysis, sheet: MedicineSheet, medicineFacts: MedicineSheets, hindi: Hindi): Plan | null {
  switch (analysis.type) {
    case 'dose':
      if (analysis.person === 'child') return childAnswer(analysis, sheet, hindi);
      return factAnswer(
        analysis,
        sheet,
        sheet.adultDoses,
        `**${sheet.name} for adults:**`,
        'Do not take more than one product containing it at the same time. ',
        hindi
          ? {
              lead: `**${sheet.name} — बड़ों के लिए:**`,
              after: 'एक ही दवा (साल्ट) वाले एक से ज़्यादा प्रोडक्ट एक साथ न लें।',
            }
          : undefined,
      );
    case 'children':
      return childAnswer(analysis, sheet, hindi);
    case 'alcohol':
      return factAnswer(
        analysis,
        sheet,
        sheet.alcohol,
        `**${sheet.name} and alcohol:**`,
        '',
        hindi ? { lead: `**${sheet.name} और शराब:**` } : undefined,
      );
    case 'pregnancy':
      return factAnswer(
        analysis,
        sheet,
        sheet.pregnancy,
        `**${sheet.name} in pregnancy and breastfeeding:**`,
        '',
        hindi ? { lead: `**${sheet.name} — प्रेग्नेंसी और स्तनपान में:**` } : undefined,
      );
    case 'interaction': {
      const other = medicineFacts.find(analysis.medicines[1] ?? '');
      if (!other) return plan('abstain', analysis, [abstainAnswer(analysis, sheet.name)]);
      const { interactions, fine } = medicineFacts.between(sheet.id, other.id);
      if (interactions.length > 0)
        return factAnswer(
          analysis,
          sheet,
          interactions,
          `**${sheet.name} with ${other.name}:**`,
          '',
          hindi ? { lead: `**${sheet.name} और ${other.name} साथ में:**` } : undefined,
        );
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
    const answer = sheet ? factsFor(analysis, sheet, ctx.medicineFacts, ctx.reading.language !== 'en') : null;
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
    const value =
      answer.language === 'hi'
        ? valueAnswerHindi(referenceValues, ctx.referenceValuesHindi, reading)
        : valueAnswer(referenceValues, reading);
    return {
      ...answer,
      pieces: [...answer.pieces, '\n\n', ...value.pieces],
      sources: [...answer.sources, ...value.sources],
    };
  },
};
