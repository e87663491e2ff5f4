import { describe, expect, it } from 'vitest';
import {
  centsToEuros,
  completedActivities,
  deadlineExpired,
  discountAvailable,
  displayedAmount,
  displayedAmountCents,
  filterByPerson,
  familyLines,
  hasMixedPersons,
  payButtonState,
  paymentClosedReason,
  paymentRequest,
  payMethods,
  pendingActivities,
  personLabel,
  pruneSelection,
  reductionApplies,
  rowId,
  selectedActivities,
  selectedPersonIds,
  selectionLocked,
  toCents,
  totalCents,
  type PublicConfig,
  type UserActivity,
} from './rules';

const open: PublicConfig = {
  fee_mode: 'simple',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0.5,
  deadline_date: '2026-12-15',
  payments_open: true,
  bizum_enabled: false,
  direct_debit_enabled: false,
  today: '2026-11-21',
};

/** In the simple mode `amount_due` is the spec's `amount` (see openapi.yaml). */
function activity(overrides: Partial<UserActivity> = {}): UserActivity {
  return {
    id: 1,
    name: 'Natación infantil',
    price: 60,
    start_date: '2026-10-01',
    is_paid: false,
    amount_due: overrides.amount ?? 45,
    breakdown: null,
    amount: 45,
    amount_with_discount: 30,
    dni: '87654321X',
    person_activity_id: 4,
    ...overrides,
  };
}

const swim = activity();
const padel = activity({
  id: 2,
  name: 'Pádel adultos',
  price: 85.5,
  amount: 64.13,
  amount_with_discount: 42.75,
});
const otherPerson = activity({
  id: 3,
  person_activity_id: 3,
  dni: '12345678Z',
  amount: 0.1,
  amount_with_discount: 0.05,
});

describe('amounts', () => {
  it('converts euros to cents without float drift', () => {
    expect(toCents(64.13)).toBe(6413);
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents(0)).toBe(0);
    expect(centsToEuros(6413)).toBe(64.13);
  });

  it('shows the server amount, or amount_with_discount when the reduction applies', () => {
    expect(displayedAmount(swim, false)).toBe(45);
    expect(displayedAmount(swim, true)).toBe(30);
    expect(displayedAmountCents(padel, true)).toBe(4275);
  });

  it('falls back to amount when the server sends no reduced amount', () => {
    expect(displayedAmount(activity({ amount_with_discount: null }), true)).toBe(45);
  });

  it('sums the server figures in cents, with and without the reduction', () => {
    expect(totalCents([swim, padel], false)).toBe(10913);
    expect(totalCents([swim, padel], true)).toBe(7275);
    expect(totalCents([activity({ amount: 0.1 }), activity({ amount: 0.2 })], false)).toBe(30);
    expect(totalCents([], true)).toBe(0);
  });
});

describe('reduction', () => {
  it('is offered only when the global discount is above 0', () => {
    expect(discountAvailable(open)).toBe(true);
    expect(discountAvailable({ ...open, global_discount: 0 })).toBe(false);
    expect(discountAvailable(null)).toBe(false);
  });

  it('applies only when accepted and still offered', () => {
    expect(reductionApplies(true, open)).toBe(true);
    expect(reductionApplies(false, open)).toBe(false);
    expect(reductionApplies(true, { ...open, global_discount: 0 })).toBe(false);
  });
});

describe('people in the selection', () => {
  it('detects a selection spanning several people', () => {
    expect(hasMixedPersons([swim, padel])).toBe(false);
    expect(hasMixedPersons([swim, otherPerson])).toBe(true);
    expect(hasMixedPersons([])).toBe(false);
    expect(selectedPersonIds([swim, otherPerson, padel])).toEqual([4, 3]);
  });
});

describe('deadline and payments', () => {
  it('is expired on the deadline date itself and after it (the date is excluded)', () => {
    expect(deadlineExpired({ ...open, today: '2026-12-14' })).toBe(false);
    expect(deadlineExpired({ ...open, today: '2026-12-15' })).toBe(true);
    expect(deadlineExpired({ ...open, today: '2027-01-02' })).toBe(true);
  });

  it('never expires without a deadline or without settings', () => {
    expect(deadlineExpired({ ...open, deadline_date: null })).toBe(false);
    expect(deadlineExpired(null)).toBe(false);
  });

  it('gives why payment is closed', () => {
    expect(paymentClosedReason(open)).toBeNull();
    expect(paymentClosedReason(null)).toBeNull();
    expect(paymentClosedReason({ ...open, today: '2026-12-15', payments_open: false })).toBe(
      'global_deadline_expired',
    );
    expect(paymentClosedReason({ ...open, payments_enabled: false, payments_open: false })).toBe(
      'payments_disabled',
    );
    // the server says closed for a reason the client cannot see: treated as the deadline
    expect(paymentClosedReason({ ...open, payments_open: false })).toBe('global_deadline_expired');
  });

  it('locks the checkboxes while payment is closed', () => {
    expect(selectionLocked(open)).toBe(false);
    expect(selectionLocked({ ...open, today: '2026-12-16', payments_open: false })).toBe(true);
    expect(selectionLocked({ ...open, payments_enabled: false, payments_open: false })).toBe(true);
  });
});

describe('payButtonState', () => {
  it('asks to select activities when nothing is selected', () => {
    expect(payButtonState([], open)).toEqual({
      disabled: true,
      reason: 'select_activities',
      amountCents: 0,
    });
  });

  it('is disabled after the deadline, even with a selection', () => {
    const expired = { ...open, today: '2026-12-15', payments_open: false };
    expect(payButtonState([swim], expired)).toEqual({
      disabled: true,
      reason: 'global_deadline_expired',
      amountCents: 4500,
    });
    expect(payButtonState([], expired).reason).toBe('global_deadline_expired');
  });

  it('is disabled while payments are disabled', () => {
    expect(
      payButtonState([swim], { ...open, payments_enabled: false, payments_open: false }),
    ).toMatchObject({ disabled: true, reason: 'payments_disabled' });
  });

  it('pays for several people together (the family’s payment)', () => {
    expect(payButtonState([swim, otherPerson], open)).toEqual({
      disabled: false,
      reason: null,
      amountCents: 4510,
    });
  });

  it('shows the amount to pay for one person, with or without the reduction', () => {
    expect(payButtonState([swim, padel], open)).toEqual({
      disabled: false,
      reason: null,
      amountCents: 10913,
    });
    expect(payButtonState([swim, padel], open, true).amountCents).toBe(7275);
  });

  it('lets the server decide when the settings could not be read', () => {
    expect(payButtonState([swim], null, true)).toEqual({
      disabled: false,
      reason: null,
      amountCents: 4500,
    });
  });
});

describe('rows and selection', () => {
  const all = [swim, padel, otherPerson, activity({ id: 9, is_paid: true })];

  it('splits pending and completed', () => {
    expect(pendingActivities(all).map(rowId)).toEqual(['4:1', '4:2', '3:3']);
    expect(completedActivities(all).map(rowId)).toEqual(['4:9']);
  });

  it('filters by person', () => {
    expect(filterByPerson(all, 'all')).toHaveLength(4);
    expect(filterByPerson(all, '3')).toEqual([otherPerson]);
  });

  it('keys rows by person and activity', () => {
    expect(rowId(swim)).not.toBe(rowId(activity({ person_activity_id: 3 })));
  });

  it('prunes and resolves the selection against the rows shown', () => {
    const ids = new Set(['4:1', '3:3', 'gone']);
    expect([...pruneSelection(ids, [swim, padel])]).toEqual(['4:1']);
    expect(selectedActivities([swim, padel, otherPerson], ids)).toEqual([swim, otherPerson]);
  });
});

describe('paymentRequest', () => {
  it('builds the body for one person', () => {
    expect(paymentRequest([swim, padel], true, open)).toEqual({
      person_activity_id: 4,
      activity_ids: [1, 2],
      parts: [],
      use_discount: true,
      pay_method: 'card',
    });
    expect(paymentRequest([swim], true, { ...open, global_discount: 0 })?.use_discount).toBe(false);
  });

  it('builds the family’s body for several people, each with their fees and parts', () => {
    const part = activity({
      id: 8,
      person_activity_id: 3,
      part: { number: 1, of: 2, due_date: '2026-12-01' },
    });
    expect(paymentRequest([swim, otherPerson, part], false, open)).toEqual({
      people: [
        { person_activity_id: 4, activity_ids: [1], parts: [] },
        { person_activity_id: 3, activity_ids: [3], parts: [{ activity_id: 8, number: 1 }] },
      ],
      activity_ids: [],
      parts: [],
      use_discount: false,
      pay_method: 'card',
    });
    expect(paymentRequest([], false, open)).toBeNull();
  });

  it('offers the whole family only when the payable lines are several people’s', () => {
    expect(familyLines([swim, padel])).toEqual([]);
    expect(familyLines([swim, otherPerson])).toEqual([swim, otherPerson]);
    expect(familyLines([])).toEqual([]);
  });

  it('sends Bizum only while the council takes it, else the card', () => {
    expect(payMethods(open)).toEqual(['card']);
    expect(payMethods({ ...open, bizum_enabled: true })).toEqual(['card', 'bizum']);
    expect(paymentRequest([swim], false, { ...open, bizum_enabled: true }, 'bizum')).toMatchObject({
      pay_method: 'bizum',
    });
    expect(paymentRequest([swim], false, open, 'bizum')).toMatchObject({ pay_method: 'card' });
  });

  it('refuses an empty selection', () => {
    expect(paymentRequest([], false, open)).toBeNull();
  });
});

it('labels a person with full name and DNI', () => {
  expect(
    personLabel({ person_activity_id: 3, full_name: 'María López García', dni: '12345678Z' }),
  ).toBe('María López García (12345678Z)');
});
