import {
  getTest,
  type Assessment,
  type AssessmentResponse,
  type ResultNotices,
  type TestSlug,
} from '@medibuddy/contracts';
import { getDiseaseContent, RESULT_NOTICE, type DiseaseContent, type DiseaseContentKey } from '../../content/diseases';

/** How a test reached its result, which decides what the page says the result does not mean. */
export type ResultMethod = keyof typeof RESULT_NOTICE.whatThisDoesNotMean;

/** One frozen object per method, built once: every answer shares it (and the response writer checks it once). */
const NOTICES = Object.fromEntries(
  (Object.keys(RESULT_NOTICE.whatThisDoesNotMean) as ResultMethod[]).map((method) => [
    method,
    Object.freeze({
      notADiagnosis: RESULT_NOTICE.notADiagnosis,
      emergency: RESULT_NOTICE.emergency,
      whatThisDoesNotMean: RESULT_NOTICE.whatThisDoesNotMean[method],
    }),
  ]),
) as Record<ResultMethod, Readonly<ResultNotices>>;

/** The fixed texts every result page shows beside its assessment: the disease content entries and the notices. */
function resultPageTextsOf(
  contentKeys: readonly DiseaseContentKey[],
  method: ResultMethod,
): { content: DiseaseContent[]; notices: ResultNotices } {
  return {
    content: contentKeys.map(getDiseaseContent).filter((c): c is DiseaseContent => c !== undefined),
    notices: NOTICES[method],
  };
}

/**
 * What a result page shows for a stored assessment, clinical or image: the row's id, test and time, what the test
 * adds (`parts`), and the fixed texts for its content keys.
 */
export function resultPageOf(
  row: { id: string; createdAt: Date },
  test: TestSlug,
  parts: Omit<Assessment, 'id' | 'test' | 'testName' | 'createdAt' | 'contentKeys'> & {
    contentKeys: DiseaseContentKey[];
  },
  method: ResultMethod,
): AssessmentResponse {
  return {
    assessment: { id: row.id, test, testName: getTest(test).name, createdAt: row.createdAt.toISOString(), ...parts },
    ...resultPageTextsOf(parts.contentKeys, method),
  };
}
