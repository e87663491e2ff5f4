import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from '../../../i18n/i18n-provider';
import { residentKeys } from '../../../lib/resident-keys';
import { getCatalogue, getDraw, listApplications, listQuotes } from './season-api';

export const seasonKeys = {
  catalogue: ['season', 'catalogue'] as const,
  draw: (activityId: number) => ['season', 'draw', activityId] as const,
  applications: ['resident', 'applications'] as const,
  quotes: ['resident', 'quotes'] as const,
};

/** In the page's language: its texts and the reductions' names come in it (read again on a switch). */
export function useCatalogue() {
  const { locale } = useLocale();
  return useQuery({ queryKey: [...seasonKeys.catalogue, locale], queryFn: getCatalogue });
}

export const useDraw = (activityId: number) =>
  useQuery({ queryKey: seasonKeys.draw(activityId), queryFn: () => getDraw(activityId) });

/** What each managed person would pay for each activity (fee rules); only asked when signed in. */
export function useQuotes(enabled: boolean) {
  const { locale } = useLocale();
  return useQuery({ queryKey: [...seasonKeys.quotes, locale], queryFn: listQuotes, enabled });
}

/** The account's applications; only asked when signed in. */
export const useMyApplications = (enabled = true) =>
  useQuery({ queryKey: seasonKeys.applications, queryFn: listApplications, enabled });

/**
 * After applying, withdrawing or adding a person: the applications, the places left, the pending
 * list (an offered place is on it) and the people are read again by whoever shows them.
 */
export function useSeasonChanged(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [
      seasonKeys.applications,
      seasonKeys.catalogue,
      seasonKeys.quotes,
      residentKeys.activities,
      residentKeys.persons,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient]);
}
