import { useCallback, useEffect, useRef, useState } from 'react';
import type { ManagedPerson, PublicConfig, UserActivity } from '../rules';
import { fetchActivities, fetchConfig, fetchPersons } from './dashboard-api';

export interface DashboardData {
  loading: boolean;
  persons: ManagedPerson[];
  activities: UserActivity[];
  config: PublicConfig | null;
  /** GET /user/persons/ failed: the list is emptied and 'error_loading_associations' shown. */
  personsError: boolean;
  /** The activities of at least one person could not be loaded. */
  activitiesError: boolean;
  /** Reads people, settings and every person's activities again (after adding or removing). */
  reload: () => void;
}

/** People, public settings and activities (one call per person), reloaded on demand. */
export function useDashboardData(): DashboardData {
  const [state, setState] = useState<Omit<DashboardData, 'reload'>>({
    loading: true,
    persons: [],
    activities: [],
    config: null,
    personsError: false,
    activitiesError: false,
  });
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const run = ++latest.current;
    const current = () => run === latest.current;

    void (async () => {
      const configPromise = fetchConfig().catch(() => null);
      let persons: ManagedPerson[] = [];
      let personsError = false;
      try {
        persons = await fetchPersons();
      } catch {
        personsError = true;
      }
      const lists = await Promise.all(
        persons.map((person) => fetchActivities(person.person_activity_id).catch(() => null)),
      );
      const config = await configPromise;
      if (!current()) return;
      setState({
        loading: false,
        persons,
        activities: lists.flatMap((list) => list ?? []),
        config,
        personsError,
        activitiesError: lists.some((list) => list === null),
      });
    })();
  }, [version]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true }));
    setVersion((value) => value + 1);
  }, []);
  return { ...state, reload };
}
