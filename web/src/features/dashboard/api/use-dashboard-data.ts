import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { getToken } from '../../../lib/session';
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

type Loaded = Omit<DashboardData, 'reload' | 'loading'>;

/** Settings, people, then every person's activities (one call each, in parallel). */
async function loadDashboard(): Promise<Loaded> {
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
  return {
    persons,
    activities: lists.flatMap((list) => list ?? []),
    config: await configPromise,
    personsError,
    activitiesError: lists.some((list) => list === null),
  };
}

/** Answers requested as the app starts on /dashboard, for the session that asked for them. */
let early: { token: string | null; at: number; data: Promise<Loaded> } | null = null;
const EARLY_MAX_AGE_MS = 10_000;

/**
 * Starts reading the dashboard's data while its code is still downloading, so the calls do not
 * wait for the first render. The first mount takes them (same session, a few seconds old at most).
 */
export function preloadDashboardData(): void {
  early = { token: getToken(), at: Date.now(), data: loadDashboard() };
}

function takeEarly(): Promise<Loaded> | null {
  const taken = early;
  early = null;
  if (!taken || taken.token !== getToken() || Date.now() - taken.at > EARLY_MAX_AGE_MS) return null;
  return taken.data;
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
    void (takeEarly() ?? loadDashboard()).then((loaded) => {
      if (run !== latest.current) return;
      // a transition: React renders the tables in short slices, so the phone stays responsive
      startTransition(() => setState({ loading: false, ...loaded }));
    });
  }, [version]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true }));
    setVersion((value) => value + 1);
  }, []);
  return { ...state, reload };
}
