import { factAnswer } from './plan';
import { subjectAnalysis } from './passage';
import type { Answerer } from './types';

/** A medicine without a passage of its own, asked about nothing else: what its facts say it is and is for. */
export const medicineUses: Answerer = {
  name: 'medicine-uses',
  canAnswer: ({ analysis }) => analysis.medicines.length > 0 && ['what_is', 'general'].includes(analysis.type),
  answer(ctx) {
    const analysis = subjectAnalysis(ctx);
    const sheet = ctx.medicineFacts.find(analysis.medicines[0] ?? '');
    if (!sheet) return null;
    const asksMore = analysis.subjectWords.some((w) => !sheet.id.split(' ').includes(w));
    return asksMore ? null : factAnswer(analysis, sheet, [sheet.uses], `**${sheet.name}:**`);
  },
};
