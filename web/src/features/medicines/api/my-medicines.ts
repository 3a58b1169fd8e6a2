import {
  MyMedicinesResponseSchema,
  type MedicineEntry,
  type MyMedicinesResponse,
  type Person,
} from '@medibuddy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const myMedicinesQueryKey = ['medicines', 'mine'] as const;

const myMedicinesQueryOptions = queryOptions({
  queryKey: myMedicinesQueryKey,
  queryFn: ({ signal }) => apiRequest('/api/my-medicines', { schema: MyMedicinesResponseSchema, signal }),
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
    apiRequest('/api/my-medicines', { method: 'POST', json: entry, schema: MyMedicinesResponseSchema }),
  );
}

export function useRemoveMyMedicine() {
  return useMyMedicinesChange((id: string) =>
    apiRequest(`/api/my-medicines/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MyMedicinesResponseSchema }),
  );
}

export function useSetMyMedicinesPerson() {
  return useMyMedicinesChange((person: Person | null) =>
    apiRequest('/api/my-medicines/person', { method: 'PUT', json: { person }, schema: MyMedicinesResponseSchema }),
  );
}
