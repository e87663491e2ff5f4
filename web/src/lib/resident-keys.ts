/**
 * The residents' server state, by query key (TanStack Query): what a change invalidates is named
 * here once, so the section that changes something and the section that shows it stay apart.
 */
export const residentKeys = {
  all: ['resident'] as const,
  persons: ['resident', 'persons'] as const,
  activities: ['resident', 'activities'] as const,
  activitiesOf: (personActivityId: number) => ['resident', 'activities', personActivityId] as const,
  config: ['resident', 'config'] as const,
  payments: ['resident', 'payments'] as const,
  me: ['resident', 'me'] as const,
  /** The account's requests for circumstances (GET /user/circumstances). */
  circumstanceRequests: ['resident', 'circumstance-requests'] as const,
  /** The council's circumstances (GET /circumstances). */
  circumstances: ['resident', 'circumstances'] as const,
  /** The account's SEPA mandates (GET /user/mandates). */
  mandates: ['resident', 'mandates'] as const,
  /** The family's domiciled fees (GET /user/direct-debits). */
  directDebits: ['resident', 'direct-debits'] as const,
};

/** Coming back to the tab reads a screen's data again once it is this old (TanStack's staleTime). */
export const REFRESH_ON_RETURN_MS = 10_000;
