import type { MedicineCheckRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

/** Checks a typed list without an account; nothing is stored. A POST: the list is health information. */
function checkMedicines(body: MedicineCheckRequest) {
  return apiRequest('/api/medicines/check', {
    method: 'POST',
    json: body,
    schema: lazySchema((c) => c.MedicineCheckResponseSchema),
  });
}

export function useCheckMedicines() {
  return useMutation({ mutationKey: ['medicines', 'check'], mutationFn: checkMedicines });
}
