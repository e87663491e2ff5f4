import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { REFRESH_ON_RETURN_MS, residentKeys } from '../../../lib/resident-keys';
import { fetchCircumstances, fetchMyCircumstances } from './circumstances-api';

const onReturn = { staleTime: REFRESH_ON_RETURN_MS, refetchOnWindowFocus: true } as const;

/** GET /user/circumstances: the account's requests (asked only where fee rules are in place). */
export function useMyCircumstanceRequests(enabled = true) {
  return useQuery({
    queryKey: residentKeys.circumstanceRequests,
    queryFn: fetchMyCircumstances,
    enabled,
    ...onReturn,
  });
}

/** GET /circumstances: what the council lets residents ask for. */
export function useCircumstances(enabled = true) {
  return useQuery({
    queryKey: residentKeys.circumstances,
    queryFn: fetchCircumstances,
    enabled,
    ...onReturn,
  });
}

/**
 * After a request is sent: the requests are read again, and the activities too (a declaration
 * is approved at once, and the amounts due change with it).
 */
export function useReductionRequested(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: residentKeys.circumstanceRequests });
    void queryClient.invalidateQueries({ queryKey: residentKeys.activities });
  }, [queryClient]);
}
