/**
 * A fee in parts on the dashboard (issue 51, items 5–6): each part its own pending line with
 * its last day, ticked in order, an overdue part not selectable, the payment call's `parts`, the
 * server's refusals, and paid parts among the paid lines.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/session';
import { fakeToken, mockApi, type MockResponse } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { expectAlert } from '../../testing/expect-alert';
import { DashboardPage } from './dashboard-page';
import type { PublicConfig, UserActivity } from './rules';

const config: PublicConfig = {
  fee_mode: 'simple',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: '2026-12-15',
  payments_open: true,
  bizum_enabled: false,
  direct_debit_enabled: false,
  today: '2026-11-21',
};

const line = (over: Partial<UserActivity>): UserActivity => ({
  id: 1,
  name: 'Yoga',
  price: 40,
  start_date: null,
  is_paid: false,
  amount_due: 30,
  breakdown: null,
  amount: 30,
  amount_with_discount: null,
  dni: '87654321X',
  person_activity_id: 4,
  ...over,
});

const swim = (number: number, over: Partial<UserActivity> = {}) =>
  line({
    id: 8,
    name: 'Escola de natación',
    price: 90,
    amount: 22.5,
    amount_due: 22.5,
    part: { number, of: 3, due_date: ['2026-10-15', '2027-01-15', '2027-04-15'][number - 1]! },
    ...over,
  });
const gym = (number: number) =>
  line({
    id: 7,
    name: 'Ximnasia',
    amount: 25,
    amount_due: 25,
    part: { number, of: 2, due_date: ['2026-11-15', '2027-02-15'][number - 1]! },
  });

/** Xoán: a whole fee, a fee in three parts (the first paid), one in two whose first is overdue. */
const xoan: UserActivity[] = [
  line({}),
  swim(1, { is_paid: true, amount_due: null }),
  swim(2),
  swim(3),
  gym(1),
  gym(2),
];

const redirect = {
  action: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  fields: {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: 'e30=',
    Ds_Signature: 'x',
  },
  order: '2611PT12AB34',
  amount: 45,
};

function serve(overrides: Record<string, MockResponse> = {}, settings: Partial<PublicConfig> = {}) {
  return mockApi({
    'GET /api/config': { body: { ...config, ...settings } },
    'GET /api/user/persons/': {
      body: [{ person_activity_id: 4, full_name: 'Xoán López Pereira', dni: '87654321X' }],
    },
    'GET /api/user/activities/4': { body: xoan },
    'POST /api/payments/generate-multiple/': { body: redirect },
    ...overrides,
  });
}

function renderDashboard(locale: 'en' | 'es' | 'gl' = 'en') {
  return renderScreen(<DashboardPage />, { route: '/dashboard', locale });
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const swimBox = (n: number) =>
  box(`Select Escola de natación, Instalment ${n} of 3, for 87654321X`);
const gymBox = (n: number) => box(`Select Ximnasia, Instalment ${n} of 2, for 87654321X`);

async function loaded() {
  await screen.findByRole('rowheader', { name: 'Yoga' });
}

beforeEach(() => {
  setToken(fakeToken());
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a fee in parts on the dashboard', () => {
  it.each([
    [
      'es',
      'Pagos pendientes',
      '2.º plazo de 3 · hasta el 15/01/2027',
      'Los plazos de una cuota se pagan en orden',
    ],
    [
      'en',
      'Pending payments',
      'Instalment 2 of 3 · by 15/01/2027',
      'The instalments of a fee are paid in order',
    ],
    [
      'gl',
      'Pagamentos pendentes',
      '2.º prazo de 3 · ata o 15/01/2027',
      'Os prazos dunha cota páganse en orde',
    ],
  ] as const)(
    '[%s] shows each pending part as its own line: the name, which part, its last day and amount',
    async (locale, _tab, text, hint) => {
      serve();
      renderDashboard(locale);
      await screen.findAllByRole('rowheader', { name: /Escola de natación/ });
      const rows = screen
        .getAllByRole('rowheader')
        .filter((cell) => cell.textContent?.startsWith('Escola de natación'));
      // parts 2 and 3 pending; part 1 is paid and is not among them
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent(text);
      const row = rows[0]!.closest('tr')!;
      expect(row).toHaveTextContent(locale === 'en' ? '€22.50' : '22,50 €');
      expect(screen.getByText(new RegExp(hint))).toBeInTheDocument();
    },
  );

  it('ticking a later part ticks the earlier unpaid ones; unticking an earlier part unticks the later ones', async () => {
    const user = userEvent.setup();
    serve();
    renderDashboard();
    await loaded();
    await user.click(swimBox(3));
    expect(swimBox(3)).toBeChecked();
    expect(swimBox(2)).toBeChecked();
    await user.click(swimBox(2));
    expect(swimBox(2)).not.toBeChecked();
    expect(swimBox(3)).not.toBeChecked();
    // ticking the earlier part alone leaves the later one as it was
    await user.click(swimBox(2));
    expect(swimBox(2)).toBeChecked();
    expect(swimBox(3)).not.toBeChecked();
    // unticking the later part keeps the earlier one
    await user.click(swimBox(3));
    await user.click(swimBox(3));
    expect(swimBox(2)).toBeChecked();
    expect(swimBox(3)).not.toBeChecked();
  });

  it.each([
    ['en', 'It can no longer be paid online: ask the council how to pay it.'],
    ['es', 'Ya no se puede pagar en línea: pregunta en el Concello cómo pagarlo.'],
    ['gl', 'Xa non se pode pagar en liña: pregunta no Concello como pagalo.'],
  ] as const)(
    '[%s] a part whose last day has passed cannot be ticked, nor the ones after it, and says why',
    async (locale, overdue) => {
      serve();
      renderDashboard(locale);
      await loaded();
      const gymRows = screen
        .getAllByRole('rowheader')
        .filter((cell) => cell.textContent?.startsWith('Ximnasia'));
      expect(gymRows[0]).toHaveTextContent(overdue);
      for (const row of gymRows) {
        expect(within(row.closest('tr')!).getByRole('checkbox')).toBeDisabled();
      }
      expect(within(gymRows[0]!.closest('tr')!).getByRole('checkbox')).toHaveAccessibleDescription(
        overdue,
      );
      expect(gymRows[1]).not.toHaveTextContent(overdue);
      expect(
        within(gymRows[1]!.closest('tr')!).getByRole('checkbox', { name: /Ximnasia/ }),
      ).toBeDisabled();
    },
  );

  it('a part due today can still be ticked (its last day is included)', async () => {
    serve({}, { today: '2027-01-15' });
    renderDashboard();
    await loaded();
    expect(swimBox(2)).toBeEnabled();
    expect(gymBox(2)).toBeDisabled();
  });

  it('sends whole fees in activity_ids and parts by activity and number, and lists them in the pay bar', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderDashboard();
    await loaded();
    await user.click(box('Select Yoga for 87654321X'));
    await user.click(swimBox(3));
    const bar = screen
      .getByRole('button', { name: 'Pay by card' })
      .closest('[data-slot="pay-bar"]');
    const list = within(bar as HTMLElement).getByRole('list', { name: 'What you are paying' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Yoga€30.00',
      'Escola de natación · Instalment 2 of 3€22.50',
      'Escola de natación · Instalment 3 of 3€22.50',
    ]);
    expect(bar).toHaveTextContent('€75.00');
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      person_activity_id: 4,
      activity_ids: [1],
      parts: [
        { activity_id: 8, number: 2 },
        { activity_id: 8, number: 3 },
      ],
      use_discount: false,
      pay_method: 'card',
    });
  });

  it.each([
    ['part_out_of_order', 'Paga antes el 1.º plazo de «Escola de natación» (hasta el 15/10/2026).'],
    [
      'part_deadline_passed',
      'El 1.º plazo de «Escola de natación» se podía pagar hasta el 15/10/2026. Pregunta en el Concello cómo pagarlo.',
    ],
    [
      'fee_in_parts',
      'La cuota de «Escola de natación» se paga en plazos: elige los plazos que quieres pagar.',
    ],
  ])('shows the server’s detail for a 409 %s and opens no payment page', async (code, detail) => {
    const user = userEvent.setup();
    serve({ 'POST /api/payments/generate-multiple/': { status: 409, body: { detail, code } } });
    renderDashboard();
    await loaded();
    await user.click(swimBox(2));
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    await expectAlert(detail);
    expect(HTMLFormElement.prototype.submit).not.toHaveBeenCalled();
  });

  it('after the global deadline the parts still open can be paid, the whole fees cannot', async () => {
    const user = userEvent.setup();
    const { calls } = serve({}, { today: '2026-12-16', payments_open: false });
    renderDashboard();
    await loaded();
    expect(box('Select Yoga for 87654321X')).toBeDisabled();
    expect(
      screen.getByText(
        /Instalments of fees paid in instalments can be paid until their own last day\./,
      ),
    ).toBeInTheDocument();
    await user.click(swimBox(2));
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      activity_ids: [],
      parts: [{ activity_id: 8, number: 2 }],
    });
  });

  it.each([
    ['en', 'Completed payments', 'Paid activities', 'Instalment 1 of 3'],
    ['es', 'Pagos realizados', 'Actividades pagadas', '1.º plazo de 3'],
    ['gl', 'Pagamentos realizados', 'Actividades pagadas', '1.º prazo de 3'],
  ] as const)(
    '[%s] a paid part shows among the paid lines, naming the part',
    async (locale, tab, caption, part) => {
      const user = userEvent.setup();
      serve();
      renderDashboard(locale);
      await loaded();
      await user.click(screen.getByRole('tab', { name: tab }));
      const table = screen.getByRole('table', { name: caption });
      const row = within(table).getByRole('rowheader', { name: /Escola de natación/ });
      expect(row).toHaveTextContent(`Escola de natación${part}`);
      expect(row).not.toHaveTextContent('15/10/2026');
    },
  );
});

describe('a registration fee on the dashboard (issue 60)', () => {
  it.each([
    ['es', 'Incluye la matrícula, sin reducción: 20,00 €', '50,00 €'],
    ['en', 'Includes the registration fee, never reduced: €20.00', '€50.00'],
    ['gl', 'Inclúe a matrícula, sen redución: 20,00 €', '50,00 €'],
  ] as const)(
    '[%s] says on its own line the registration fee part 1 includes; the later parts have none',
    async (locale, text, amount) => {
      serve({
        'GET /api/user/activities/4': {
          body: [
            swim(1, { amount: 50, amount_due: 50, registration_fee: 20 }),
            swim(2, { amount: 30, amount_due: 30, registration_fee: 0 }),
          ],
        },
      });
      renderDashboard(locale);
      const rows = await screen.findAllByRole('rowheader', { name: /Escola de natación/ });
      expect(rows[0]).toHaveTextContent(text);
      expect(rows[0]!.closest('tr')).toHaveTextContent(amount);
      expect(rows[1]).not.toHaveTextContent(text);
    },
  );
});
