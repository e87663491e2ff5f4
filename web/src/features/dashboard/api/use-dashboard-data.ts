import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { onPaymentSettled } from '../../../lib/payment-events';
import { getToken } from '../../../lib/session';
import type { ManagedPerson, PublicConfig, UserActivity } from '../rules';
import {
  ApiError,
  fetchActivities,
  fetchConfig,
  fetchPersons,
  type CallOptions,
} from './dashboard-api';

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
/** `unauthorized`: some call was refused with 401 (only the early calls can end that way here). */
type LoadResult = Loaded & { unauthorized: boolean };

/** Settings, people, then every person's activities (one call each, in parallel). */
async function loadDashboard(options: CallOptions = {}): Promise<LoadResult> {
  let unauthorized = false;
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) unauthorized = true;
    return null;
  };
  const configPromise = fetchConfig().catch(() => null);
  const persons = await fetchPersons(options).catch(failed);
  const lists = await Promise.all(
    (persons ?? []).map((person) =>
      fetchActivities(person.person_activity_id, options).catch(failed),
    ),
  );
  return {
    persons: persons ?? [],
    activities: lists.flatMap((list) => list ?? []),
    config: await configPromise,
    personsError: persons === null,
    activitiesError: lists.some((list) => list === null),
    unauthorized,
  };
}

/** Answers requested as the app starts on /dashboard, for the session that asked for them. */
let early: { token: string | null; at: number; data: Promise<LoadResult> } | null = null;
const EARLY_MAX_AGE_MS = 10_000;

/**
 * Starts reading the dashboard's data while its code is still downloading, so the calls do not
 * wait for the first render. The first mount takes them (same session, a few seconds old at most).
 */
export function preloadDashboardData(): void {
  early = {
    token: getToken(),
    at: Date.now(),
    data: loadDashboard({ deferUnauthorized: true }),
  };
}

/** The early answers, or a fresh load when there are none (or the session was refused: asking
 * again lets the usual 401 handling take the resident to /login). */
async function takeEarlyOrLoad(): Promise<Loaded> {
  const taken = early;
  early = null;
  if (taken && taken.token === getToken() && Date.now() - taken.at <= EARLY_MAX_AGE_MS) {
    const loaded = await taken.data;
    if (!loaded.unauthorized) return loaded;
  }
  return loadDashboard();
}

/** Coming back to the tab reads the data again, at most this often (focus events come in bursts). */
export const REFRESH_ON_RETURN_MS = 10_000;

/**
 * People, public settings and activities (one call per person), reloaded on demand, when the tab
 * is shown again, and at once when another tab reports a payment's result: what was just paid in
 * the bank's tab is never offered again here.
 */
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
    void takeEarlyOrLoad().then((loaded) => {
      if (run !== latest.current) return;
      // a transition: React renders the tables in short slices, so the phone stays responsive
      startTransition(() => setState({ loading: false, ...loaded }));
    });
  }, [version]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, loading: true }));
    setVersion((value) => value + 1);
  }, []);

  // a quiet refresh: the tables stay while the new answers come, then change in place
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      last = Date.now();
      setVersion((value) => value + 1);
    };
    const returned = () => {
      if (document.visibilityState === 'visible' && Date.now() - last >= REFRESH_ON_RETURN_MS)
        refresh();
    };
    const stopListening = onPaymentSettled(refresh);
    window.addEventListener('focus', returned);
    document.addEventListener('visibilitychange', returned);
    return () => {
      stopListening();
      window.removeEventListener('focus', returned);
      document.removeEventListener('visibilitychange', returned);
    };
  }, []);
  return { ...state, reload };
}
