import type { ChatSource, ReplyKind } from '@medibuddy/contracts';
import type { ReferenceValues, ReferenceValuesHindi } from '../../../content/reference-values';
import type { Reading } from '../../../reading/read';
import type { KnowledgeService, PassageHit } from '../../knowledge';
import type { ConsentCheck } from '../../consent';
import type { AssessmentResponse } from '@medibuddy/contracts';
import type { Analysis, QuestionType } from '../analyse';
import type { MedicineSheets } from '../medicine-sheets';
import type { Named } from '../same-ingredient';

/** How the reply was found: logged (never the text) and used by the judged set. */
export type Route =
  'passage' | 'value' | 'normal_value' | 'medicine_fact' | 'my_result' | 'abstain' | 'decline' | 'greeting';

export type Plan = {
  route: Route;
  type: QuestionType;
  kind: ReplyKind;
  /** The offline answer, a piece per line or paragraph. */
  pieces: string[];
  sources: ChatSource[];
  /** The passages a model provider may answer from (route 'passage' only); empty otherwise. */
  passages: PassageHit[];
  /** 'hi' when the pieces are in Hindi; else English (with a Hindi note for a Hindi or Hinglish question). */
  language?: 'hi';
};

export type MyResults = {
  consent: ConsentCheck;
  /** The assessments service's listAll: the user's assessments, newest first. */
  listAll(userId: string, test?: string): Promise<AssessmentResponse[]>;
};

/** What every answerer reads: the message, its reading and analysis, and the sources they answer from. */
export type AnswerContext = {
  text: string;
  reading: Reading;
  analysis: Analysis;
  /** The medicines and products named, with their ingredients (same-ingredient.ts). */
  named: readonly Named[];
  userId: string | null;
  referenceValues: ReferenceValues;
  referenceValuesHindi: ReferenceValuesHindi;
  medicineFacts: MedicineSheets;
  knowledge: KnowledgeService;
  myResults?: MyResults | undefined;
  /** The words of every topic, with their stems, for correcting typos. */
  topicVocabulary(): Promise<Set<string>>;
};

/**
 * One kind of answer (decision 025): `canAnswer` says whether the message is of its kind; `answer` gives the plan,
 * or null when its source turns out to hold nothing for it, and the next answerer in the list is asked.
 */
export type Answerer = {
  name: string;
  canAnswer(ctx: AnswerContext): boolean;
  answer(ctx: AnswerContext): Plan | null | Promise<Plan | null>;
};
