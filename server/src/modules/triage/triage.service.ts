import type { TriageSession, TriageStepResponse } from '@medibuddy/contracts';
import { fieldError } from '../../plugins/errors';
import { loadTriageAdvice } from '../../content/triage/advice';
import { createEngine, MAX_QUESTIONS } from './engine';
import { loadKnowledgeBase } from '../../content/triage/knowledge-base';

/**
 * Symptom triage, stateless: each call gets the whole session and answers with the next question or the
 * result, so nothing is stored between steps (decision 016).
 */
export function createTriageService() {
  const engine = createEngine(loadKnowledgeBase(), loadTriageAdvice());

  function step(session: TriageSession): TriageStepResponse {
    session.answers.forEach((a, i) => {
      if (!engine.knowsQuestion(a.questionId))
        throw fieldError(
          `session.answers.${i}.questionId`,
          'unknown_question',
          'is not a question this assessment asks',
        );
    });
    if (session.profile.pregnant && session.profile.sex === 'male')
      throw fieldError(
        'pregnant',
        'not_applicable',
        'can only be given for a female',
        'Pregnancy can only be chosen for a female.',
      );
    const { understood, question, result } = engine.assess(session);
    return { session, understood, question, result };
  }

  return {
    version: engine.version,
    /** The step a stored session is at (to save a finished one). */
    resume: step,
    start(input: { age: number; sex: 'female' | 'male'; pregnant?: boolean; complaint: string }) {
      const { complaint, ...profile } = input;
      return step({ profile, complaint, answers: [] });
    },
    answer(session: TriageSession, questionId: string, answer: 'yes' | 'no' | 'dont_know') {
      if (!engine.knowsQuestion(questionId))
        throw fieldError('questionId', 'unknown_question', 'is not a question this assessment asks');
      if (session.answers.length >= MAX_QUESTIONS)
        throw fieldError('session.answers', 'too_many', `can hold at most ${MAX_QUESTIONS} answers`);
      // A question answered again replaces the earlier answer (the user went back and changed it).
      const answers = [...session.answers.filter((a) => a.questionId !== questionId), { questionId, answer }];
      return step({ ...session, answers });
    },
  };
}
export type TriageService = ReturnType<typeof createTriageService>;
