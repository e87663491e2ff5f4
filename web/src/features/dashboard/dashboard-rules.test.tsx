import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/session';
import { fakeToken, mockApi, type MockResponse } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { Circumstance, CircumstanceRequest } from '../persons/api/circumstances-api';
import { DashboardPage } from './dashboard-page';
import type { PublicConfig, UserActivity } from './rules';

/** The dashboard with fee rules in place (GET /config fee_mode rules). */

const persons = [
  { person_activity_id: 3, full_name: 'María López García', dni: '12345678Z' },
  { person_activity_id: 4, full_name: 'Xoán López Pereira', dni: '87654321X' },
];

const rulesConfig: PublicConfig = {
  fee_mode: 'rules',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0.5,
  deadline_date: '2026-12-15',
  payments_open: true,
  bizum_enabled: false,
  today: '2026-11-21',
};

const xoan: UserActivity[] = [
  {
    id: 1,
    name: 'Natación infantil',
    price: 60,
    start_date: '2026-10-01',
    is_paid: false,
    amount_due: 48,
    breakdown: {
      tariff_price: 60,
      tariff: { min_age: 0, max_age: 17, age: 10, default: false },
      reduction: {
        circumstance_id: 1,
        name: 'Familia numerosa general',
        percent: 20,
        price: null,
        amount: 12,
      },
      family_discount: null,
    },
    amount: 48,
    amount_with_discount: null,
    dni: '87654321X',
    person_activity_id: 4,
  },
  {
    id: 6,
    name: 'Escola de baloncesto',
    price: 50,
    start_date: '2026-10-05',
    is_paid: false,
    amount_due: 40,
    breakdown: {
      tariff_price: 50,
      tariff: null,
      reduction: null,
      family_discount: { member: 2, percent: 20, amount: 10 },
    },
    amount: 40,
    amount_with_discount: null,
    dni: '87654321X',
    person_activity_id: 4,
  },
];

const maria: UserActivity[] = [
  {
    id: 7,
    name: 'Ximnasia',
    price: 80,
    start_date: '2026-10-01',
    is_paid: false,
    amount_due: 50,
    breakdown: {
      tariff_price: 50,
      tariff: { min_age: 0, max_age: 17, age: null, default: true },
      reduction: null,
      family_discount: null,
    },
    amount: 50,
    amount_with_discount: null,
    dni: '12345678Z',
    person_activity_id: 3,
  },
];

const circumstances: Circumstance[] = [
  {
    id: 1,
    name: 'Familia numerosa general',
    proof: 'Título de familia numerosa en vigor (las dos caras).',
    validity_months: null,
    review: 'staff',
    min_age: null,
    max_age: null,
  },
  {
    id: 2,
    name: 'Pensionista',
    proof: 'Declaración responsable; el Concello puede pedir el justificante.',
    validity_months: 12,
    review: 'declaration',
    min_age: null,
    max_age: null,
  },
];

const request = (overrides: Partial<CircumstanceRequest>): CircumstanceRequest => ({
  id: 41,
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  circumstance_id: 1,
  circumstance_name: 'Familia numerosa general',
  status: 'pending',
  valid_until: null,
  reason: null,
  created_at: '2026-11-20T09:12:00.000Z',
  decided_at: null,
  has_document: true,
  ...overrides,
});

type Handlers = Parameters<typeof mockApi>[0];

function serve(overrides: Handlers = {}) {
  return mockApi({
    'GET /api/config': { body: rulesConfig },
    'GET /api/user/persons/': { body: persons },
    'GET /api/user/activities/3': { body: maria },
    'GET /api/user/activities/4': { body: xoan },
    'GET /api/circumstances': { body: circumstances },
    'GET /api/user/circumstances': {
      body: [
        request({
          id: 38,
          person_activity_id: 3,
          person_name: 'María López García',
          circumstance_id: 2,
          circumstance_name: 'Pensionista',
          status: 'refused',
          reason: 'El documento no se puede leer.',
          has_document: false,
        }),
      ],
    },
    ...overrides,
  });
}

const pdf = (name = 'titulo.pdf', size?: number) =>
  new File([size ? new Uint8Array(size).fill(0x25) : '%PDF-1.4\n%âãÏÓ\n1 0 obj\n'], name, {
    type: 'application/pdf',
  });

function renderDashboard(locale: 'en' | 'es' | 'gl' = 'en') {
  return renderScreen(<DashboardPage />, { route: '/dashboard', locale });
}

async function loaded() {
  await screen.findByRole('rowheader', { name: 'Natación infantil' });
}

const reductions = () => screen.getByRole('region', { name: 'Reductions' });

beforeEach(() => {
  setToken(fakeToken());
});

describe('dashboard with fee rules in place', () => {
  it('shows each pending fee’s amount due and how it comes about, as a description list', async () => {
    serve();
    renderDashboard();
    await loaded();
    const table = screen.getByRole('table', { name: 'Activities pending payment' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['DNI', 'Select', 'Activity', 'How it is worked out', 'Pending amount']);
    const swim = within(table).getByRole('row', { name: /Natación infantil/ });
    const terms = within(swim)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const descriptions = within(swim)
      .getAllByRole('definition')
      .map((definition) => definition.textContent?.replace(/\s/g, ' '));
    expect(terms).toEqual(['Rate', 'Reduction']);
    expect(descriptions).toEqual(['ages 0–17: €60.00', 'Familia numerosa general −20% (−€12.00)']);
    expect(swim).toHaveTextContent('€48.00');
    const basket = within(table).getByRole('row', { name: /Escola de baloncesto/ });
    expect(
      within(basket)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['€50.00', '2nd family member −20% (−€10.00)']);
    const gym = within(table).getByRole('row', { name: /Ximnasia/ });
    expect(within(gym).getAllByRole('definition')[0]).toHaveTextContent(
      'general rate, as no date of birth is on record (ages 0–17): €50.00',
    );
  });

  it('shows a paid fee with the breakdown it was charged by, as the receipt does', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/user/activities/4': {
        body: [
          ...xoan,
          {
            id: 9,
            name: 'Atletismo',
            price: 40,
            start_date: '2026-09-15',
            is_paid: true,
            amount_due: null,
            breakdown: {
              tariff_price: 40,
              tariff: { min_age: 0, max_age: 17, age: 10, default: false },
              reduction: {
                circumstance_id: 1,
                name: 'Familia numerosa general',
                percent: 20,
                price: null,
                amount: 8,
              },
              family_discount: null,
            },
            amount: 32,
            amount_with_discount: null,
            dni: '87654321X',
            person_activity_id: 4,
          },
        ],
      },
    });
    renderDashboard('gl');
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Pagamentos realizados' }));
    const table = await screen.findByRole('table', { name: 'Actividades pagadas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['DNI', 'Actividade', 'Como se calcula', 'Importe']);
    const row = within(table).getByRole('row', { name: /Atletismo/ });
    expect(
      within(row)
        .getAllByRole('definition')
        .map((d) => d.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['0–17 anos: 40,00 €', 'Familia numerosa general −20 % (−8,00 €)']);
    expect(row).toHaveTextContent('32,00 €');
  });

  it('writes the breakdown in Spanish as the ordinance reads', async () => {
    serve();
    renderDashboard('es');
    await screen.findByRole('rowheader', { name: 'Natación infantil' });
    const table = screen.getByRole('table', { name: 'Actividades pendientes de pago' });
    const text = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('definition')
        .map((d) => d.textContent?.replace(/\s/g, ' '));
    expect(text(/Natación/)).toEqual([
      '0–17 años: 60,00 €',
      'Familia numerosa general −20 % (−12,00 €)',
    ]);
    expect(text(/Escola/)).toEqual(['50,00 €', '2.º miembro de la familia −20 % (−10,00 €)']);
    expect(text(/Ximnasia/)[0]).toBe(
      'tarifa general si no consta la fecha de nacimiento (0–17 años): 50,00 €',
    );
  });

  it('totals the selection from amount_due, with no reduction checkbox or declaration', async () => {
    const user = userEvent.setup();
    const { calls } = serve({
      'POST /api/payments/generate-multiple/': {
        body: { action: 'https://sis-t.redsys.es/', fields: {}, order: '2611AB12CD34', amount: 88 },
      },
    });
    renderDashboard();
    await loaded();
    expect(screen.queryByRole('checkbox', { name: /reduction/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Natación infantil/ }));
    await user.click(screen.getByRole('checkbox', { name: /Escola de baloncesto/ }));
    const bar = screen
      .getByRole('button', { name: 'Pay by card' })
      .closest('[data-slot="pay-bar"]');
    expect(bar).toHaveTextContent('€88.00');
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        person_activity_id: 4,
        activity_ids: [1, 6],
        parts: [],
        use_discount: false,
        pay_method: 'card',
      }),
    );
  });

  it('shows beside each person the state of what was asked, and offers a request to those without an approval', async () => {
    serve({
      'GET /api/user/circumstances': {
        body: [
          request({}),
          request({
            id: 30,
            person_activity_id: 3,
            person_name: 'María López García',
            circumstance_id: 3,
            circumstance_name: 'Discapacidad igual o superior al 33 %',
            status: 'approved',
            valid_until: '2027-06-30',
          }),
          // an older refusal of the same circumstance is not shown over the newer request
          request({ id: 12, status: 'refused', reason: 'Ilegible.' }),
        ],
      },
    });
    renderDashboard();
    await loaded();
    const panel = await waitFor(() => reductions());
    expect(
      within(panel).getByRole('list', { name: 'Reductions for Xoán López Pereira' }),
    ).toHaveTextContent('Familia numerosa general: waiting for review');
    expect(
      within(panel).getByRole('list', { name: 'Reductions for María López García' }),
    ).toHaveTextContent('Discapacidad igual o superior al 33 %: approved until 30/06/2027');
    expect(within(panel).queryByText(/Ilegible/)).not.toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: 'Ask for a reduction for Xoán López Pereira' }),
    ).toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Ask for a reduction for María López García' }),
    ).not.toBeInTheDocument();
  });

  it('reads a refusal and its reason in Galician', async () => {
    serve();
    renderDashboard('gl');
    await screen.findByRole('rowheader', { name: 'Natación infantil' });
    const panel = await screen.findByRole('region', { name: 'Reducións' });
    expect(
      within(panel).getByRole('list', { name: 'Reducións de María López García' }),
    ).toHaveTextContent('Pensionista: rexeitada: El documento no se puede leer.');
    expect(within(panel).getByText('Sen reducións solicitadas.')).toBeInTheDocument();
  });

  it('sends the proof as multipart (circumstance_id and document) and says it is pending', async () => {
    const user = userEvent.setup();
    let sent: { type: string | null; body: string } | null = null;
    const { calls } = serve({
      'POST /api/user/persons/4/circumstances': async (req): Promise<MockResponse> => {
        // jsdom's File does not survive Node's FormData, so the parts are read as text (the
        // document's own bytes: see circumstanceFormData's test)
        sent = { type: req.headers.get('Content-Type'), body: await req.text() };
        return { status: 201, body: { id: 41, status: 'pending', valid_until: null } };
      },
    });
    renderDashboard();
    await loaded();
    await user.click(
      await screen.findByRole('button', { name: 'Ask for a reduction for Xoán López Pereira' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a reduction' });
    expect(within(dialog).getByText('For: Xoán López Pereira')).toBeInTheDocument();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Circumstance' }),
      'Familia numerosa general',
    );
    expect(dialog).toHaveTextContent(
      'What is needed: Título de familia numerosa en vigor (las dos caras).',
    );
    expect(dialog).toHaveTextContent('If approved, it lasts until the date on the document.');
    await user.upload(within(dialog).getByLabelText('Document'), pdf());
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByText(
        'Request sent: Familia numerosa general for Xoán López Pereira. It is waiting for review; you will see the decision here.',
      ),
    ).toBeInTheDocument();
    const request = sent as { type: string | null; body: string } | null;
    expect(request?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toMatch(/name="circumstance_id"\r\n\r\n1\r\n/);
    expect(request?.body).toContain('name="document"');
    // the requests and the amounts are read again
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/user/circumstances')).toHaveLength(2),
    );
    expect(calls.filter((call) => call.path === '/api/user/activities/4').length).toBeGreaterThan(
      1,
    );
  });

  it('asks for the declaration (no file) where the resident’s word is enough, approved at once', async () => {
    const user = userEvent.setup();
    let sent: FormData | null = null;
    serve({
      'POST /api/user/persons/4/circumstances': async (req): Promise<MockResponse> => {
        sent = await req.formData();
        return { status: 201, body: { id: 42, status: 'approved', valid_until: '2027-11-27' } };
      },
    });
    renderDashboard();
    await loaded();
    await user.click(
      await screen.findByRole('button', { name: 'Ask for a reduction for Xoán López Pereira' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Pensionista');
    expect(within(dialog).queryByLabelText('Document')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('If approved, it lasts 12 months.');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(
      await within(dialog).findAllByText('Tick the box to accept the declaration.'),
    ).not.toHaveLength(0);
    expect(sent).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept this declaration' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(
      await screen.findByText(
        'Pensionista for Xoán López Pereira: approved until 27/11/2027. The amounts already take it into account.',
      ),
    ).toBeInTheDocument();
    const form = sent as FormData | null;
    expect(form?.get('circumstance_id')).toBe('2');
    expect(form?.has('document')).toBe(false);
  });

  it('checks the document in the browser: missing, empty, over 5 MB, or not a PDF, JPEG or PNG by content', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderDashboard();
    await loaded();
    await user.click(
      await screen.findByRole('button', { name: 'Ask for a reduction for Xoán López Pereira' }),
    );
    const dialog = await screen.findByRole('dialog');
    const send = () => user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await send();
    expect(await within(dialog).findAllByText('Choose the circumstance.')).not.toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Familia numerosa general');
    await send();
    expect(
      await within(dialog).findAllByText('Attach the document that proves it.'),
    ).not.toHaveLength(0);
    const input = within(dialog).getByLabelText('Document');
    await user.upload(input, new File([], 'vacio.pdf', { type: 'application/pdf' }));
    await send();
    expect(
      await within(dialog).findAllByText('The file is empty. Choose another one.'),
    ).not.toHaveLength(0);
    await user.upload(input, pdf('enorme.pdf', 5 * 1024 * 1024 + 1));
    await send();
    expect(
      await within(dialog).findAllByText(
        'The document is over 5 MB. Try a smaller photo or a PDF scanned in black and white.',
      ),
    ).not.toHaveLength(0);
    // a text file renamed: its content says what it is
    await user.upload(input, new File(['hola'], 'titulo.pdf', { type: 'application/pdf' }));
    await send();
    expect(
      await within(dialog).findAllByText(
        'The document must be a PDF, a JPEG photo or a PNG image.',
      ),
    ).not.toHaveLength(0);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it.each([
    [
      413,
      { detail: 'El documento ocupa más de 5 MB.', code: 'document_too_large' },
      'El documento ocupa más de 5 MB.',
    ],
    [
      422,
      {
        detail: [
          {
            loc: ['body', 'document'],
            msg: 'El documento debe ser un PDF, una foto JPEG o una imagen PNG.',
            type: 'document_type',
          },
        ],
        code: 'validation_error',
      },
      'El documento debe ser un PDF, una foto JPEG o una imagen PNG.',
    ],
    [
      409,
      {
        detail: 'Ya hay una solicitud de esta circunstancia pendiente para esta persona.',
        code: 'request_pending',
      },
      'Ya hay una solicitud de esta circunstancia pendiente para esta persona.',
    ],
    [
      429,
      { detail: 'Demasiados intentos. Espera un minuto.', code: 'too_many_requests' },
      'Demasiados intentos. Espera un minuto.',
    ],
    [
      413,
      undefined,
      'The document is over 5 MB. Try a smaller photo or a PDF scanned in black and white.',
    ],
    [429, undefined, 'You have sent too many documents today. Try again tomorrow.'],
  ])(
    'shows the server’s %i answer in the dialog, which stays open',
    async (status, body, message) => {
      const user = userEvent.setup();
      serve({ 'POST /api/user/persons/4/circumstances': { status, body } });
      renderDashboard();
      await loaded();
      await user.click(
        await screen.findByRole('button', { name: 'Ask for a reduction for Xoán López Pereira' }),
      );
      const dialog = await screen.findByRole('dialog');
      await user.selectOptions(within(dialog).getByRole('combobox'), 'Familia numerosa general');
      await user.upload(within(dialog).getByLabelText('Document'), pdf());
      await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    },
  );

  it('offers nothing to ask for where the council defines no circumstance (age tariffs only)', async () => {
    serve({ 'GET /api/circumstances': { body: [] }, 'GET /api/user/circumstances': { body: [] } });
    renderDashboard();
    await loaded();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Activities pending payment' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('region', { name: 'Reductions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask for a reduction/ })).not.toBeInTheDocument();
  });
});

describe('dashboard in the simple mode', () => {
  it('asks nothing about circumstances and shows no breakdown', async () => {
    const { calls } = serve({
      'GET /api/config': { body: { ...rulesConfig, fee_mode: 'simple' } },
    });
    renderDashboard();
    await loaded();
    const table = screen.getByRole('table', { name: 'Activities pending payment' });
    expect(within(table).queryByRole('term')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Apply the reduction/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reductions' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('circumstances'))).toBe(false);
  });
});
