import type { MedicineCheckRequest } from '@medibuddy/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/schemas';

/** Checks a typed list without an account; nothing is stored. A POST: the list is health information. */
function checkMedicines(body: MedicineCheckRequest) {
  return sendJson('/api/medicines/check', body, (c) => c.MedicineCheckResponseSchema);
}

export function useCheckMedicines() {
  return useMutation({ mutationKey: ['medicines', 'check'], mutationFn: checkMedicines });
}
