import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { onPaymentSettled } from '../../../lib/payment-events';
import { readPublicConfig } from '../../../lib/public-config';
import { REFRESH_ON_RETURN_MS, residentKeys } from '../../../lib/resident-keys';
import { getToken } from '../../../lib/session';
import type { ManagedPerson, PublicConfig, UserActivity } from '../rules';
import { ApiError, fetchActivities, fetchPersons } from './dashboard-api';

export interface DashboardData {
  loading: boolean;
  persons: ManagedPerson[];
  activities: UserActivity[];
  config: PublicConfig | null;
  /** GET /user/persons/ failed: the list is emptied and 'error_loading_associations' shown. */
  personsError: boolean;
  /** The activities of at least one person could not be loaded. */
  activitiesError: boolean;
  /** Reads people, settings and every person's activities again (the "Try again" buttons). */
  reload: () => void;
}

/** Answers requested as the app starts on /dashboard, for the session that asked for them. */
interface EarlyAnswers {
  token: string | null;
  at: number;
  persons?: Promise<ManagedPerson[]>;
  activities: Map<number, Promise<UserActivity[]>>;
}
let early: EarlyAnswers | null = null;
const EARLY_MAX_AGE_MS = 10_000;

/** A call made ahead of need: an answer nobody takes must not count as an unhandled failure. */
const kept = <T>(answer: Promise<T>) => {
  answer.catch(() => {});
  return answer;
};

/**
 * Starts reading the dashboard's people and their activities while its code is still
 * downloading, so the calls do not wait for the first render. The first mount takes them (same
 * session, a few seconds old at most); a 401 among them is left to whoever uses the answer.
 */
export function preloadDashboardData(): void {
  const answers: EarlyAnswers = { token: getToken(), at: Date.now(), activities: new Map() };
  const persons = fetchPersons({ deferUnauthorized: true });
  answers.persons = kept(persons);
  // registered first, so the activities are asked before anyone awaits the people
  persons.then(
    (list) => {
      for (const person of list) {
        const id = person.person_activity_id;
        answers.activities.set(id, kept(fetchActivities(id, { deferUnauthorized: true })));
      }
    },
    () => {},
  );
  early = answers;
}

/**
 * The early answer for one call, once, when it belongs to this session and is fresh; else (or when
 * the early call was refused with 401, so the usual handling takes the resident to /login) a
 * call now.
 */
function earlyOr<T>(
  take: (answers: EarlyAnswers) => Promise<T> | undefined,
  now: () => Promise<T>,
) {
  const answers = early;
  const fresh =
    answers && answers.token === getToken() && Date.now() - answers.at <= EARLY_MAX_AGE_MS;
  const answer = fresh ? take(answers) : undefined;
  if (!answer) return now();
  return answer.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return now();
    throw error;
  });
}

const takePersons = (answers: EarlyAnswers) => {
  const persons = answers.persons;
  answers.persons = undefined;
  return persons;
};

const takeActivities = (id: number) => (answers: EarlyAnswers) => {
  const activities = answers.activities.get(id);
  answers.activities.delete(id);
  return activities;
};

/** Every person's activities as one list; `pending` until each has answered once. */
function combineActivities(results: UseQueryResult<UserActivity[]>[]) {
  return {
    activities: results.flatMap((result) => result.data ?? []),
    pending: results.some((result) => result.isPending),
    failed: results.some((result) => result.isError),
    fetching: results.some((result) => result.isFetching),
  };
}

const NOBODY: ManagedPerson[] = [];

// coming back to the tab reads again what is older than REFRESH_ON_RETURN_MS (TanStack's focus
// manager); the tables stay while the new answers come, then change in place
const onReturn = { staleTime: REFRESH_ON_RETURN_MS, refetchOnWindowFocus: true } as const;

/**
 * People, public settings and activities (one call per person), read once for the page, again
 * when the tab is shown after a while, and at once when another tab reports a payment's result:
 * what was just paid in the bank's tab is never offered again here. Adding or removing a person
 * invalidates the people (see persons/api), and the activities follow.
 */
export function useDashboardData(): DashboardData {
  const queryClient = useQueryClient();
  const persons = useQuery({
    queryKey: residentKeys.persons,
    queryFn: () => earlyOr(takePersons, () => fetchPersons()),
    ...onReturn,
  });
  const people = (!persons.isError && persons.data) || NOBODY;
  const activities = useQueries({
    queries: people.map((person) => ({
      queryKey: residentKeys.activitiesOf(person.person_activity_id),
      queryFn: () =>
        earlyOr(takeActivities(person.person_activity_id), () =>
          fetchActivities(person.person_activity_id),
        ),
      ...onReturn,
    })),
    combine: combineActivities,
  });
  const config = useQuery({
    queryKey: residentKeys.config,
    queryFn: readPublicConfig,
    ...onReturn,
  });

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: residentKeys.all }),
    [queryClient],
  );
  useEffect(() => onPaymentSettled(reload), [reload]);

  const failed = persons.isError || activities.failed;
  const loading =
    persons.isPending ||
    config.isPending ||
    activities.pending ||
    // "Try again": the spinner shows while the failed calls are asked again
    (failed && (persons.isFetching || activities.fetching));
  const loaded = useMemo(
    () => ({
      loading,
      persons: people,
      activities: activities.activities,
      config: config.data ?? null,
      personsError: persons.isError,
      activitiesError: activities.failed,
    }),
    [loading, people, activities.activities, config.data, persons.isError, activities.failed],
  );
  // the tables render at low priority, in short slices, so a phone stays responsive meanwhile
  const deferred = useDeferredValue(loaded);
  return { ...deferred, reload };
}
