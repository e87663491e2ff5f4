import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { residentKeys } from '../../../lib/resident-keys';

/**
 * After a person is linked or removed: the people and everyone's activities are read again by
 * whichever screen shows them (the dashboard's tables, this section's list).
 */
export function usePeopleChanged(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: residentKeys.persons });
    void queryClient.invalidateQueries({ queryKey: residentKeys.activities });
  }, [queryClient]);
}
