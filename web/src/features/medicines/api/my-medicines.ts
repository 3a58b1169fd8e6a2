import type { MedicineEntry, MyMedicinesResponse, Person } from '@medibuddy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/schemas';

/** Every answer is the whole list, checked with the contracts' schema (loaded with the first request). */
const myMedicinesResponse = lazySchema((c) => c.MyMedicinesResponseSchema);

const myMedicinesQueryKey = ['medicines', 'mine'] as const;

const myMedicinesQueryOptions = queryOptions({
  queryKey: myMedicinesQueryKey,
  queryFn: ({ signal }) => apiRequest('/api/my-medicines', { schema: myMedicinesResponse, signal }),
});

export function useMyMedicines(isEnabled: boolean) {
  return useQuery({ ...myMedicinesQueryOptions, enabled: isEnabled });
}

/** Each change answers the whole list, checked again: the cache takes it as it is. */
function useMyMedicinesChange<T>(mutationFn: (input: T) => Promise<MyMedicinesResponse>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data) => queryClient.setQueryData(myMedicinesQueryKey, data) });
}

export function useAddMyMedicine() {
  return useMyMedicinesChange((entry: MedicineEntry) =>
    apiRequest('/api/my-medicines', { method: 'POST', json: entry, schema: myMedicinesResponse }),
  );
}

export function useRemoveMyMedicine() {
  return useMyMedicinesChange((id: string) =>
    apiRequest(`/api/my-medicines/${encodeURIComponent(id)}`, { method: 'DELETE', schema: myMedicinesResponse }),
  );
}

export function useSetMyMedicinesPerson() {
  return useMyMedicinesChange((person: Person | null) =>
    apiRequest('/api/my-medicines/person', { method: 'PUT', json: { person }, schema: myMedicinesResponse }),
  );
}
