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

export type PendingPart = components['schemas']['PendingPart'];

export type PayBlockReason = 'select_activities' | 'global_deadline_expired' | 'payments_disabled';

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

/**
 * A row key that is unique across people (the same activity can belong to two people) and across
 * the parts of a fee in parts (one line per part, all with the activity's id).
 */
export function rowId(
  activity: Pick<UserActivity, 'id' | 'person_activity_id' | 'part'> &
    Partial<Pick<UserActivity, 'is_paid' | 'family_difference'>>,
): string {
  const key = `${activity.person_activity_id}:${activity.id}`;
  if (isDifferenceLine(activity)) return `${key}:difference`;
  return activity.part ? `${key}:${activity.part.number}` : key;
}

/**
 * A pending line that is a family difference (the discount a paid fee was charged with, no longer
 * earned), not a fee: paid by naming it (`family_differences`), by card or Bizum.
 */
export function isDifferenceLine(
  line: Partial<Pick<UserActivity, 'is_paid' | 'family_difference'>>,
): boolean {
  return line.is_paid === false && !!line.family_difference;
}

/**
 * The family differences of the paid fees as pending lines, one per fee (a fee in parts has one
 * paid line per part, each naming the same difference): its amount is the difference's.
 */
export function differenceLines(activities: readonly UserActivity[]): UserActivity[] {
  const lines = new Map<string, UserActivity>();
  for (const row of activities) {
    const difference = row.family_difference;
    if (!row.is_paid || !difference) continue;
    const line: UserActivity = {
      ...row,
      is_paid: false,
      amount: difference.amount,
      amount_due: difference.amount,
      amount_with_discount: null,
      breakdown: null,
      part: null,
      registration_fee: 0,
      refund_due: undefined,
    };
    lines.set(rowId(line), line);
  }
  return [...lines.values()];
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

/** The selection spans two or more people: one payment for the family (one receipt naming each). */
export function hasMixedPersons(activities: readonly UserActivity[]): boolean {
  return selectedPersonIds(activities).length > 1;
}

/**
 * What "pay for the whole family" selects: every line that can be paid now, when they belong to
 * two or more people (else nothing: there is no family payment to offer).
 */
export function familyLines(selectable: readonly UserActivity[]): UserActivity[] {
  return hasMixedPersons(selectable) ? [...selectable] : [];
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
 * Why a pending line cannot be ticked, or null when it can. A line sent to the bank in a
 * remittance is collected by the bank (`in_remittance`), and a later part of its fee waits for it
 * (`earlier_part_with_bank`; the server would answer `part_out_of_order`). A whole fee follows the global
 * deadline; a part of a fee in parts only its own last day (inclusive, Europe/Madrid: the
 * server's `today`), and a part after an unpaid one that can no longer be paid online cannot be
 * paid either (parts are paid in order).
 */
export type LineLock =
  | 'payments_disabled'
  | 'global_deadline_expired'
  | 'part_deadline_passed'
  | 'earlier_part_overdue'
  | 'in_remittance'
  | 'earlier_part_with_bank';

/**
 * The lines (by `rowId`) of domiciled fees sent to the bank in a remittance, with the day the bank
 * collects them: the bank charges them, so they are never paid by card or Bizum as well (the
 * server refuses with 409 `part_in_remittance`).
 */
export type SentToBank = ReadonlyMap<string, string>;

export function lineLock(
  line: UserActivity,
  config: PublicConfig | null,
  pending: readonly UserActivity[] = [],
  sentToBank: SentToBank = new Map(),
): LineLock | null {
  if (sentToBank.has(rowId(line))) return 'in_remittance';
  // parts are paid in order: one after a part the bank is collecting waits for it
  if (line.part && earlierParts(line, pending).some((other) => sentToBank.has(rowId(other))))
    return 'earlier_part_with_bank';
  if (!config) return null;
  if (!config.payments_enabled) return 'payments_disabled';
  // a family difference has no deadline of its own: payable while payments are on
  if (isDifferenceLine(line)) return null;
  if (!line.part) return paymentClosedReason(config) === null ? null : 'global_deadline_expired';
  const blocked = (part: PendingPart) => part.due_date < config.today;
  if (blocked(line.part)) return 'part_deadline_passed';
  const earlierBlocked = earlierParts(line, pending).some((other) => blocked(other.part!));
  return earlierBlocked ? 'earlier_part_overdue' : null;
}

/** The pending lines that can be ticked now. */
export function selectableLines(
  pending: readonly UserActivity[],
  config: PublicConfig | null,
  sentToBank: SentToBank = new Map(),
): UserActivity[] {
  return pending.filter((line) => lineLock(line, config, pending, sentToBank) === null);
}

/** Lines of the same fee in parts (same person and activity). */
function sameFee(a: UserActivity, b: UserActivity): boolean {
  return !!a.part && !!b.part && a.id === b.id && a.person_activity_id === b.person_activity_id;
}

/** The pending parts of the same fee before this one. */
function earlierParts(line: UserActivity, pending: readonly UserActivity[]): UserActivity[] {
  return pending.filter(
    (other) => sameFee(line, other) && other.part!.number < line.part!.number && !other.is_paid,
  );
}

/**
 * Ticking or unticking a line. Parts are paid in order: ticking a part ticks the earlier unpaid
 * parts of its fee, unticking one unticks the later ones (a later part is never paid before an
 * earlier one).
 */
export function toggleLine(
  selectedIds: ReadonlySet<string>,
  line: UserActivity,
  selected: boolean,
  pending: readonly UserActivity[],
): Set<string> {
  const next = new Set(selectedIds);
  const lines = line.part
    ? pending.filter(
        (other) =>
          (other === line || sameFee(line, other)) &&
          (selected
            ? other.part!.number <= line.part!.number
            : other.part!.number >= line.part!.number),
      )
    : [line];
  for (const other of lines) {
    if (selected) next.add(rowId(other));
    else next.delete(rowId(other));
  }
  return next;
}

/** Some pending line is a part of a fee in parts (the dashboard then says they go in order). */
export function hasParts(pending: readonly UserActivity[]): boolean {
  return pending.some((line) => !!line.part);
}

/**
 * The pay button: disabled (with the reason to show) when payment is closed or nothing is
 * selected; otherwise the amount to pay (several people's lines make one family payment).
 */
export function payButtonState(
  selection: readonly UserActivity[],
  config: PublicConfig | null,
  useDiscount = false,
  /** The lines that can be ticked now: parts still open after the global deadline keep it open. */
  selectable: readonly UserActivity[] = selection,
): PayButtonState {
  const amountCents = totalCents(selection, reductionApplies(useDiscount, config));
  const closed = paymentClosedReason(config);
  const partsOpen =
    closed === 'global_deadline_expired' &&
    selectable.some((line) => !!line.part || isDifferenceLine(line));
  if (closed && !partsOpen) return { disabled: true, reason: closed, amountCents };
  if (selection.length === 0) return { disabled: true, reason: 'select_activities', amountCents };
  return { disabled: false, reason: null, amountCents };
}

/** The pending fees, then the family differences of the paid ones (family-differences.ts). */
export function pendingActivities(activities: readonly UserActivity[]): UserActivity[] {
  return [...activities.filter((activity) => !activity.is_paid), ...differenceLines(activities)];
}

/** Pending fees only (a family difference is paid by card or Bizum, never domiciled). */
export function pendingFees(pending: readonly UserActivity[]): UserActivity[] {
  return pending.filter((line) => !isDifferenceLine(line));
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

/** The checkout's body; `family_differences` (default empty) only when some are chosen. */
export type PaymentBody = Omit<components['schemas']['PaymentRequest'], 'family_differences'> & {
  family_differences?: number[];
};

/** The ways to pay the pay bar offers: the card, and Bizum once the council has switched it on. */
export function payMethods(config: PublicConfig | null): PayMethod[] {
  return config?.bizum_enabled ? ['card', 'bizum'] : ['card'];
}

/**
 * The body of POST /payments/generate-multiple/: one person's form, or the family's (`people`)
 * when the selection spans several people; null for an empty selection. A method not offered
 * (Bizum switched off meanwhile) falls back to the card.
 */
export function paymentRequest(
  selection: readonly UserActivity[],
  useDiscount: boolean,
  config: PublicConfig | null,
  payMethod: PayMethod = 'card',
): PaymentBody | null {
  if (selection.length === 0) return null;
  const differences = selection.filter(isDifferenceLine);
  const fees = selection.filter((line) => !isDifferenceLine(line));
  // a family difference is named by its id, beside whichever form names the people's fees
  const differenceIds = differences.map((line) => line.family_difference!.id);
  const withDifferences = differenceIds.length > 0 ? { family_differences: differenceIds } : {};
  const personIds = selectedPersonIds(fees.length > 0 ? fees : differences);
  // whole fees by id, the parts of fees in parts by activity and number
  const choiceOf = (personId: number) => {
    const lines = fees.filter((line) => line.person_activity_id === personId);
    return {
      person_activity_id: personId,
      activity_ids: lines.flatMap((line) => (line.part ? [] : [line.id])),
      parts: lines.flatMap((line) =>
        line.part ? [{ activity_id: line.id, number: line.part.number }] : [],
      ),
    };
  };
  const terms = {
    use_discount: reductionApplies(useDiscount, config),
    pay_method: payMethods(config).includes(payMethod) ? payMethod : ('card' as const),
  };
  if (personIds.length === 1) return { ...choiceOf(personIds[0]!), ...withDifferences, ...terms };
  return {
    people: personIds.map(choiceOf),
    activity_ids: [],
    parts: [],
    ...withDifferences,
    ...terms,
  };
}

/** The selector's text for a person: full name plus DNI (or the "no DNI" text). */
export function personLabel(person: ManagedPerson, noDni = 'Sin DNI'): string {
  return `${person.full_name} (${person.dni ?? noDni})`;
}
