import { mentions, stem } from '../topic-match';
import { factAnswer } from './plan';
import type { Answerer } from './types';

/** "Can I take ibuprofen if I have asthma": the medicine's warnings that name the condition. */
export const medicineCautions: Answerer = {
  name: 'medicine-cautions',
  canAnswer: ({ analysis }) => analysis.medicines.length > 0,
  answer({ analysis, medicineFacts }) {
    const sheet = medicineFacts.find(analysis.medicines[0] as string);
    if (!sheet) return null;
    const typed = new Set(analysis.medicineWords);
    const others = analysis.subjectWords.filter((w) => !typed.has(w));
    const cautions =
      others.length > 0 ? sheet.cautions.filter((c) => others.some((w) => mentions(c.text, stem(w)))) : [];
    if (cautions.length === 0) return null;
    return factAnswer(analysis, sheet, cautions, `**${sheet.name}: what the sources say for you**`);
  },
};
