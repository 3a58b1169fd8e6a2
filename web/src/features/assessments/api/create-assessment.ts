import type { ClinicalTestSlug } from '@medibuddy/contracts/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';
import type { ClinicalInputs } from '../form-values';
import { assessmentQueryKey } from './get-assessment';

function createAssessment(test: ClinicalTestSlug, inputs: ClinicalInputs) {
  return apiRequest(`/api/assessments/${encodeURIComponent(test)}`, {
    method: 'POST',
    json: { inputs },
    schema: lazySchema((c) => c.AssessmentResponseSchema),
  });
}

/** Runs a test; the answer is the saved assessment, put in the cache so its result page shows at once. */
export function useCreateAssessment(test: ClinicalTestSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-assessment', test],
    mutationFn: (inputs: ClinicalInputs) => createAssessment(test, inputs),
    onSuccess: (response) => queryClient.setQueryData(assessmentQueryKey(response.assessment.id), response),
  });
}
