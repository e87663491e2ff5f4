/**
 * Test helpers of the admin panel: contract-shaped fixtures (openapi.yaml examples) and the
 * browser APIs Radix touches that jsdom lacks.
 */
import { setToken } from '../../lib/session';
import { fakeToken } from '../../testing/mock-api';
import type { Activity } from './api/activities';
import type { AdminConfig } from './api/config';
import type { AdminSummary } from './api/summary';
import type { Enrolment } from './api/enrolments';
import type { AdminUser } from './api/users';
import type { AdminCircumstance, CircumstanceRequest } from './api/circumstances';
import type { FeeRules } from './api/fee-rules';

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

export function signInAsAdmin(): void {
  setToken(fakeToken({ role: 'admin', is_admin: true }));
}

export const users: AdminUser[] = [
  {
    id: 1,
    dni: '33445566R',
    phone: '600111222',
    email: 'deportes@concello.example.gal',
    role: 'admin',
    is_admin: true,
    verified: true,
    created_at: '2026-09-01T08:00:00Z',
    phone_on_records: null,
    record_added_by_resident: false,
  },
  {
    id: 7,
    dni: '12345678Z',
    phone: '612345678',
    email: 'maria.lopez@example.es',
    role: 'user',
    is_admin: false,
    verified: true,
    created_at: '2026-11-02T17:42:10Z',
    phone_on_records: null,
    record_added_by_resident: false,
  },
  {
    id: 9,
    dni: '11223344B',
    phone: '699887766',
    email: null,
    role: 'user',
    is_admin: false,
    verified: true,
    created_at: '2026-11-20T22:05:41Z',
    phone_on_records: '644556677',
    record_added_by_resident: false,
  },
];

/**
 * What an activity without places (allocation none) and with a single price for everyone answers
 * besides its own fields.
 */
export const noPlaces = {
  allocation: 'none' as const,
  capacity: null,
  applications_open_at: null,
  applications_close_at: null,
  offer_hours: 72,
  description: null,
  schedule: null,
  venue: null,
  texts: {} as Activity['texts'],
  min_birth_year: null,
  max_birth_year: null,
  tariffs: [] as Activity['tariffs'],
  age_on: null,
  reductions_apply: true,
  fee_group: null,
  waitlist_ends_at: null,
  free_places_at: null,
  parts: [] as Activity['parts'],
};

/** An enrolment's activity, nothing of its fee paid yet (a whole fee of 30 €). */
export const enrolled = (id: number, name: string) => ({
  id,
  name,
  is_paid: false,
  paid: 0,
  to_pay: 30,
  parts: null,
});

export const activities: Activity[] = [
  { id: 1, name: 'Natación infantil', price: 60, start_date: '2026-10-01', ...noPlaces },
  { id: 2, name: 'Pádel adultos', price: 85.5, start_date: null, ...noPlaces },
];

export const enrolment = (id: number, overrides: Partial<Enrolment> = {}): Enrolment => ({
  id,
  first_name: `Nombre${id}`,
  last_name: `Apellido${id}`,
  dni: `${String(10000000 + id)}A`,
  email: null,
  phone: `6000000${String(id).padStart(2, '0')}`,
  birth_date: null,
  activities: [],
  ...overrides,
});

export const enrolments: Enrolment[] = [
  {
    id: 3,
    first_name: 'María',
    last_name: 'López García',
    dni: '12345678Z',
    email: 'maria.lopez@example.es',
    phone: '612345678',
    birth_date: null,
    activities: [enrolled(1, 'Natación infantil'), enrolled(2, 'Pádel adultos')],
  },
  {
    id: 4,
    first_name: 'Xoán',
    last_name: 'López Pereira',
    dni: '87654321X',
    email: null,
    phone: '622334455',
    birth_date: '2016-04-02',
    activities: [enrolled(2, 'Pádel adultos')],
  },
];

export const config: AdminConfig = {
  id: 1,
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0.5,
  deadline_date: '2026-12-15',
  reminders_enabled: false,
  reminder_days: [7, 1],
  reminder_channel: 'sms',
  joint_fit: 'next_fits',
  bizum_enabled: false,
  direct_debit_enabled: false,
  direct_debit_available: true,
  direct_debit_notice_days: 14,
  direct_debit_return_fee: 0,
};

/** The overview over 30 days (openapi.yaml's example, filled to every day). */
export const summary: AdminSummary = {
  today: '2026-11-25',
  collected_cents: 1845000,
  collected_today_cents: 64500,
  collected_week_cents: 212250,
  payments_today: 12,
  pending_cents: 973500,
  pending_items: 410,
  people_pending: 231,
  accounts_pending: 198,
  per_day: Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
    return { date, payments: i === 28 ? 31 : 2, amount_cents: i === 28 ? 151500 : 4000 };
  }),
  top_pending: [
    { activity_id: 1, name: 'Natación infantil', pending_items: 86, pending_cents: 258000 },
    { activity_id: 2, name: 'Pádel adultos', pending_items: 52, pending_cents: 333450 },
  ],
};

/** The council's circumstances (openapi.yaml's example and two more). */
export const circumstances: AdminCircumstance[] = [
  {
    id: 1,
    name: {
      es: 'Familia numerosa general',
      en: 'Large family (general)',
      gl: 'Familia numerosa xeral',
    },
    proof: {
      es: 'Título de familia numerosa en vigor (las dos caras).',
      en: 'A valid large-family card (both sides).',
      gl: 'Título de familia numerosa en vigor (as dúas caras).',
    },
    validity_months: null,
    review: 'staff',
    min_age: null,
    max_age: null,
    approved: 14,
    pending: 2,
  },
  {
    id: 2,
    name: { es: 'Pensionista', en: 'Pensioner', gl: 'Pensionista' },
    proof: {
      es: 'Declaración responsable.',
      en: 'Self-declaration.',
      gl: 'Declaración responsable.',
    },
    validity_months: 12,
    review: 'declaration',
    min_age: null,
    max_age: null,
    approved: 31,
    pending: 0,
  },
];

/** A request of the review queue (openapi.yaml's first example), with what a test changes. */
export const circumstanceRequest = (
  id: number,
  overrides: Partial<CircumstanceRequest> = {},
): CircumstanceRequest => ({
  id,
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  dni: '87654321X',
  circumstance_id: 1,
  circumstance_name: 'Familia numerosa general',
  status: 'pending',
  valid_until: null,
  suggested_valid_until: null,
  reason: null,
  source: 'resident',
  document_type: 'application/pdf',
  created_at: '2026-11-27T09:12:00.000Z',
  decided_at: null,
  ...overrides,
});

export const feeRules: FeeRules = {
  reductions: [
    { circumstance_id: 1, activity_id: null, fee_group: null, percent: 20, price: null },
    { circumstance_id: 2, activity_id: 2, fee_group: null, percent: null, price: 45 },
  ],
  family_discounts: [
    { fee_group: null, from_member: 2, percent: 20 },
    { fee_group: null, from_member: 3, percent: 100 },
  ],
  cumulative: false,
};
