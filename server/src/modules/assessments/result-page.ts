import {
  type Assessment,
  type AssessmentResponse,
  type Language,
  type ResultNotices,
  type TestSlug,
} from '@medibuddy/contracts';
import { testNameIn } from '../../content/assessments/clinical-fields';
import {
  getDiseaseContentIn,
  RESULT_NOTICE,
  resultNoticeIn,
  type DiseaseContent,
  type DiseaseContentKey,
} from '../../content/diseases';

/** How a test reached its result, which decides what the page says the result does not mean. */
export type ResultMethod = keyof typeof RESULT_NOTICE.whatThisDoesNotMean;

const METHODS = Object.keys(RESULT_NOTICE.whatThisDoesNotMean) as ResultMethod[];

/** The notices of one language: one frozen object per method, built once (every answer in it shares it). */
function noticesOf(language: Language): Record<ResultMethod, Readonly<ResultNotices>> {
  const notice = resultNoticeIn(language);
  return Object.fromEntries(
    METHODS.map((method) => [
      method,
      Object.freeze({
        notADiagnosis: notice.notADiagnosis,
        emergency: notice.emergency,
        whatThisDoesNotMean: notice.whatThisDoesNotMean[method],
      }),
    ]),
  ) as Record<ResultMethod, Readonly<ResultNotices>>;
}

/** Per language, built when first asked for (the response writer checks each shared object once). */
const NOTICES = new Map<Language, Record<ResultMethod, Readonly<ResultNotices>>>();

/** The fixed texts every result page shows beside its assessment: the disease content entries and the notices. */
function resultPageTextsOf(
  contentKeys: readonly DiseaseContentKey[],
  method: ResultMethod,
  language: Language,
): { content: DiseaseContent[]; notices: ResultNotices } {
  let notices = NOTICES.get(language);
  if (!notices) {
    notices = noticesOf(language);
    NOTICES.set(language, notices);
  }
  return {
    content: contentKeys
      .map((key) => getDiseaseContentIn(language, key))
      .filter((c): c is DiseaseContent => c !== undefined),
    notices: notices[method],
  };
}

/**
 * What a result page shows for a stored assessment, clinical or image: the row's id, test and time, what the test
 * adds (`parts`, already in `language`), and the fixed texts for its content keys, in `language`.
 */
export function resultPageOf(
  row: { id: string; createdAt: Date },
  test: TestSlug,
  parts: Omit<Assessment, 'id' | 'test' | 'testName' | 'createdAt' | 'contentKeys'> & {
    contentKeys: DiseaseContentKey[];
  },
  method: ResultMethod,
  language: Language = 'en',
): AssessmentResponse {
  return {
    assessment: {
      id: row.id,
      test,
      testName: testNameIn(language, test),
      createdAt: row.createdAt.toISOString(),
      ...parts,
    },
    ...resultPageTextsOf(parts.contentKeys, method, language),
  };
}
