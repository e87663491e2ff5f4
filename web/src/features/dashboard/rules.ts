import type { components } from '../../lib/api/schema.gen';

/**
 * The dashboard's rules as pure functions (no React, no fetch), so every branch is unit-tested.
 * Amounts are the server's figures (`amount`, `amount_with_discount`); sums are made in integer
 * cents so 0.1 + 0.2 never shows as 0.30000000000000004.
 */

export type UserActivity = components['schemas']['UserActivity'];
export type ManagedPerson = components['schemas']['ManagedPerson'];
export type PublicConfig = components['schemas']['PublicConfig'];

/** "all" or the person_activity_id (as a string, like a <select> value). */
export type PersonFilter = 'all' | `${number}`;

export type PayBlockReason =
  'select_activities' | 'global_deadline_expired' | 'payments_disabled' | 'one_person_only';

export interface PayButtonState {
  disabled: boolean;
  reason: PayBlockReason | null;
  /** Sum of the selected items' displayed amounts, in cents. */
  amountCents: number;
}

/** Euros with at most two decimals (as the API sends them) to integer cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100 + (euros >= 0 ? 1e-7 : -1e-7));
}

export function centsToEuros(cents: number): number {
  return cents / 100;
}

/** A row key that is unique across people (the same activity can belong to two people). */
export function rowId(activity: Pick<UserActivity, 'id' | 'person_activity_id'>): string {
  return `${activity.person_activity_id}:${activity.id}`;
}

/**
 * Fees as the council's ordinance writes them (`fee_mode` rules): each pending fee is the server's
 * `amount_due` with its breakdown, and a resident asks for a reduction instead of ticking one.
 */
export function feeRulesInPlace(config: PublicConfig | null): boolean {
  return config?.fee_mode === 'rules';
}

/**
 * The reduction checkbox (and its declaration) is offered only in the simple mode, when the
 * council set a global discount above 0.
 */
export function discountAvailable(config: PublicConfig | null): boolean {
  return !!config && !feeRulesInPlace(config) && config.global_discount > 0;
}

/**
 * The reduction really applies: the resident accepted it and it is on offer. (Turning the
 * discount off in the admin panel while the box is ticked must not keep showing reduced amounts.)
 */
export function reductionApplies(useDiscount: boolean, config: PublicConfig | null): boolean {
  return useDiscount && discountAvailable(config);
}

/**
 * Pending amount shown for one activity: the server's `amount_with_discount` when the reduction
 * applies and the server gave one, otherwise what paying it now charges (`amount_due`: the fee
 * itself with rules in place, the spec's `amount` in the simple mode).
 */
export function displayedAmount(activity: UserActivity, reduction: boolean): number {
  if (reduction && activity.amount_with_discount !== null) return activity.amount_with_discount;
  return activity.amount_due ?? activity.amount;
}

export function displayedAmountCents(activity: UserActivity, reduction: boolean): number {
  return toCents(displayedAmount(activity, reduction));
}

/** Sum of the displayed amounts, in cents. */
export function totalCents(activities: readonly UserActivity[], reduction: boolean): number {
  return activities.reduce((sum, activity) => sum + displayedAmountCents(activity, reduction), 0);
}

/** The people the selected items belong to (distinct person_activity_id, in order). */
export function selectedPersonIds(activities: readonly UserActivity[]): number[] {
  return [...new Set(activities.map((activity) => activity.person_activity_id))];
}

/** Payment is for one person at a time: true when the selection spans two or more people. */
export function hasMixedPersons(activities: readonly UserActivity[]): boolean {
  return selectedPersonIds(activities).length > 1;
}

/**
 * The deadline has passed: `today` (the server's Europe/Madrid civil date) is on or after
 * `deadline_date` (the date itself is excluded). ISO civil dates compare as strings.
 */
export function deadlineExpired(config: PublicConfig | null): boolean {
  return !!config && config.deadline_date !== null && config.today >= config.deadline_date;
}

/** Why payment is closed right now, or null while it is open. */
export function paymentClosedReason(
  config: PublicConfig | null,
): 'global_deadline_expired' | 'payments_disabled' | null {
  // Without the settings (the call failed) the server decides when the resident pays.
  if (!config) return null;
  if (deadlineExpired(config)) return 'global_deadline_expired';
  if (!config.payments_enabled) return 'payments_disabled';
  if (!config.payments_open) return 'global_deadline_expired';
  return null;
}

/** Checkboxes are disabled while payment is closed (deadline passed or payments disabled). */
export function selectionLocked(config: PublicConfig | null): boolean {
  return paymentClosedReason(config) !== null;
}

/**
 * The pay button: disabled (with the reason to show) when payment is closed, nothing is
 * selected, or the selection spans several people; otherwise the amount to pay.
 */
export function payButtonState(
  selection: readonly UserActivity[],
  config: PublicConfig | null,
  useDiscount = false,
): PayButtonState {
  const amountCents = totalCents(selection, reductionApplies(useDiscount, config));
  const closed = paymentClosedReason(config);
  if (closed) return { disabled: true, reason: closed, amountCents };
  if (selection.length === 0) return { disabled: true, reason: 'select_activities', amountCents };
  if (hasMixedPersons(selection)) return { disabled: true, reason: 'one_person_only', amountCents };
  return { disabled: false, reason: null, amountCents };
}

export function pendingActivities(activities: readonly UserActivity[]): UserActivity[] {
  return activities.filter((activity) => !activity.is_paid);
}

export function completedActivities(activities: readonly UserActivity[]): UserActivity[] {
  return activities.filter((activity) => activity.is_paid);
}

/** The rows for "All" or for one person. */
export function filterByPerson(
  activities: readonly UserActivity[],
  filter: PersonFilter,
): UserActivity[] {
  if (filter === 'all') return [...activities];
  return activities.filter((activity) => String(activity.person_activity_id) === filter);
}

/** Keeps only the selected ids still shown as selectable rows (after a filter change or reload). */
export function pruneSelection(
  selectedIds: ReadonlySet<string>,
  selectable: readonly UserActivity[],
): Set<string> {
  const visible = new Set(selectable.map(rowId));
  return new Set([...selectedIds].filter((id) => visible.has(id)));
}

/** The selected activities, in table order. */
export function selectedActivities(
  rows: readonly UserActivity[],
  selectedIds: ReadonlySet<string>,
): UserActivity[] {
  return rows.filter((activity) => selectedIds.has(rowId(activity)));
}

export type PayMethod = components['schemas']['PayMethod'];

/** The ways to pay the pay bar offers: the card, and Bizum once the council has switched it on. */
export function payMethods(config: PublicConfig | null): PayMethod[] {
  return config?.bizum_enabled ? ['card', 'bizum'] : ['card'];
}

/**
 * The body of POST /payments/generate-multiple/ for a one-person selection (null otherwise). A
 * method not offered (Bizum switched off meanwhile) falls back to the card.
 */
export function paymentRequest(
  selection: readonly UserActivity[],
  useDiscount: boolean,
  config: PublicConfig | null,
  payMethod: PayMethod = 'card',
): components['schemas']['PaymentRequest'] | null {
  const [personId, ...others] = selectedPersonIds(selection);
  if (personId === undefined || others.length > 0) return null;
  return {
    person_activity_id: personId,
    activity_ids: selection.map((activity) => activity.id),
    use_discount: reductionApplies(useDiscount, config),
    pay_method: payMethods(config).includes(payMethod) ? payMethod : 'card',
  };
}

/** The selector's text for a person: full name plus DNI (or the "no DNI" text). */
export function personLabel(person: ManagedPerson, noDni = 'Sin DNI'): string {
  return `${person.full_name} (${person.dni ?? noDni})`;
}
