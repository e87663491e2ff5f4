import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { Application, CatalogueActivity, Draw } from './api/season-api';
import { CataloguePage } from './catalogue-page';
import { ApplicationsSection } from './components/applications-section';
import { DrawPage } from './draw-page';

const swimming: CatalogueActivity = {
  id: 7,
  name: 'Natación infantil',
  price: 60,
  start_date: '2027-01-11',
  description: 'Aprender a nadar.',
  schedule: 'Lunes y miércoles, 17:00–18:00',
  venue: 'Piscina municipal',
  allocation: 'lottery',
  capacity: 20,
  places_left: null,
  applications_open_at: '2026-12-01T08:00:00.000Z',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  status: 'open',
  min_birth_year: 2015,
  max_birth_year: 2020,
  fee: {
    amount: 45,
    amount_with_reduction: 30,
    tariffs: [],
    reductions: [],
    family_discounts: [],
    cumulative: false,
  },
};
const padel: CatalogueActivity = {
  ...swimming,
  id: 8,
  name: 'Pádel adultos',
  allocation: 'first_come',
  capacity: 8,
  places_left: 0,
  status: 'full',
  min_birth_year: null,
  max_birth_year: null,
};
const closed: CatalogueActivity = { ...padel, id: 9, name: 'Yoga cerrado', status: 'closed' };

const draw: Draw = {
  activity_id: 7,
  activity_name: 'Natación infantil',
  capacity: 1,
  persons: 2,
  merged: 0,
  seed: null,
  seed_commitment: 'a'.repeat(64),
  public_value_source: null,
  public_value_description: null,
  drand_round: null,
  drand_round_at: null,
  public_value: null,
  public_value_at: null,
  draw_seed: null,
  rule_version: 1,
  reserved_places: 0,
  reserved_circumstance: null,
  priority_mode: null,
  priority_groups: [],
  joint_fit: 'next_fits',
  algorithm: 'Each application’s key is …',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  drawn_at: null,
  provisional_list: false,
  applications: [
    {
      code: '3HTW9RZE',
      rank: null,
      status: 'applied',
      group: null,
      reserved: false,
      joint_code: null,
    },
    {
      code: 'K7PQ4XMA',
      rank: null,
      status: 'applied',
      group: null,
      reserved: false,
      joint_code: null,
    },
  ],
};

const application = (overrides: Partial<Application>): Application => ({
  id: 12,
  code: 'K7PQ4XMA',
  activity_id: 7,
  activity_name: 'Natación infantil',
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  status: 'applied',
  waitlist_position: null,
  offer_expires_at: null,
  created_at: '2026-12-02T18:12:40.000Z',
  joint_code: null,
  ...overrides,
});

const xoan = {
  person_activity_id: 4,
  full_name: 'Xoán López Pereira',
  dni: null,
  birth_date: '2016-04-02',
};
const maria = {
  person_activity_id: 3,
  full_name: 'María López García',
  dni: '12345678Z',
  birth_date: '1990-01-01',
};

afterEach(() => clearToken());

describe('the public catalogue', () => {
  it('shows the open and upcoming activities with their rules, places and dates, not the closed', async () => {
    mockApi({ 'GET /api/catalogue': { body: [swimming, padel, closed] } });
    renderScreen(<CataloguePage />, { locale: 'en' });
    const card = await screen.findByRole('article', { name: 'Natación infantil' });
    expect(within(card).getByText('Open')).toBeInTheDocument();
    expect(within(card).getByText('For people born between 2015 and 2020.')).toBeInTheDocument();
    expect(within(card).getByText('20 places')).toBeInTheDocument();
    // Madrid time, whatever the device's zone
    expect(within(card).getByText(/1 December 2026, 09:00/)).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'See the draw for Natación infantil' }),
    ).toHaveAttribute('href', '/sorteos/7');
    const full = screen.getByRole('article', { name: 'Pádel adultos' });
    expect(within(full).getByText('0 of 8 left')).toBeInTheDocument();
    expect(within(full).getByText('Full (waitlist)')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Yoga cerrado' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to apply for a place' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});

describe('the catalogue says what a resident pays', () => {
  afterEach(() => clearToken());

  it('simple mode: the price, what a resident pays and with the reduction', async () => {
    mockApi({ 'GET /api/catalogue': { body: [swimming] } });
    renderScreen(<CataloguePage />, { locale: 'es' });
    const card = await screen.findByRole('article', { name: 'Natación infantil' });
    const value = (term: string) =>
      within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Precio')).toBe('60,00\u00a0€');
    expect(value('Pagas')).toBe('45,00\u00a0€; con la reducción, 30,00\u00a0€');
  });

  it.each([
    [
      'es',
      'Matrícula',
      '20,00\u00a0€, una vez, con el primer pago; sin reducción',
      'Pago en plazos',
      '1.º plazo, 4/9 de la cuota, hasta el 15/12/2026',
    ],
    [
      'en',
      'Registration fee',
      '€20.00, once, with the first payment; never reduced',
      'Paid in instalments',
      'Instalment 1, 4/9 of the fee, by 15/12/2026',
    ],
    [
      'gl',
      'Matrícula',
      '20,00\u00a0€, unha vez, co primeiro pagamento; sen redución',
      'Pagamento en prazos',
      '1.º prazo, 4/9 da cota, ata o 15/12/2026',
    ],
  ] as const)(
    '[%s] tells the registration fee and the parts (issue 60)',
    async (locale, feeTerm, feeText, partsTerm, firstPart) => {
      const inParts: CatalogueActivity = {
        ...swimming,
        fee: {
          ...swimming.fee,
          registration_fee: 20,
          parts: [
            { weight: 4, due_date: '2026-12-15' },
            { weight: 3, due_date: '2027-01-15' },
            { weight: 2, due_date: '2027-02-15' },
          ],
        },
      };
      mockApi({ 'GET /api/catalogue': { body: [inParts] } });
      renderScreen(<CataloguePage />, { locale });
      const card = await screen.findByRole('article', { name: 'Natación infantil' });
      const value = (term: string) =>
        within(card).getByText(term, { selector: 'dt' }).nextElementSibling;
      expect(value(feeTerm)?.textContent).toBe(feeText);
      const parts = within(value(partsTerm) as HTMLElement).getAllByRole('listitem');
      expect(parts).toHaveLength(3);
      expect(parts[0]).toHaveTextContent(firstPart);
    },
  );

  it('fee rules: prices by age, reductions and the family discount; a resident is sent to theirs', async () => {
    setToken(fakeToken());
    const rules: CatalogueActivity = {
      ...swimming,
      price: 50,
      fee: {
        amount: null,
        amount_with_reduction: null,
        tariffs: [
          { min_age: 0, max_age: 17, price: 50, default: true },
          { min_age: 18, max_age: null, price: 80, default: false },
        ],
        reductions: [
          { circumstance: 'Familia numerosa', percent: 20, price: null },
          { circumstance: 'Discapacidade', percent: 100, price: null },
          { circumstance: 'Pensionista', percent: null, price: 10 },
        ],
        family_discounts: [{ from_member: 2, percent: 50 }],
        cumulative: false,
      },
    };
    mockApi({ 'GET /api/catalogue': { body: [rules] } });
    renderScreen(<CataloguePage />, { locale: 'gl' });
    const card = await screen.findByRole('article', { name: 'Natación infantil' });
    expect(within(card).getByText('de 0 a 17 anos: 50,00 €')).toBeInTheDocument();
    expect(within(card).getByText('desde 18 anos: 80,00 €')).toBeInTheDocument();
    expect(within(card).getByText('Familia numerosa: 20 % menos')).toBeInTheDocument();
    expect(within(card).getByText('Discapacidade: de balde')).toBeInTheDocument();
    expect(within(card).getByText('Pensionista: 10,00 €')).toBeInTheDocument();
    expect(within(card).getByText('Aplícase só a redución máis favorable.')).toBeInTheDocument();
    expect(within(card).getByText('50 % menos desde a 2.ª persoa da familia')).toBeInTheDocument();
    expect(within(card).getByText(/O que paga cada persoa/)).toBeInTheDocument();
    // the bare price is never shown as if it were what everyone pays
    expect(within(card).queryByText('50,00 €', { selector: 'dd' })).toBeNull();
  });

  it('fee rules, signed in: what each person the resident manages would pay, and why', async () => {
    setToken(fakeToken());
    const rules: CatalogueActivity = {
      ...swimming,
      price: 50,
      fee: {
        amount: null,
        amount_with_reduction: null,
        tariffs: [{ min_age: 0, max_age: null, price: 50, default: true }],
        reductions: [{ circumstance: 'Familia numerosa', percent: 20, price: null }],
        family_discounts: [{ from_member: 2, percent: 30 }],
        cumulative: false,
      },
    };
    const { calls } = mockApi({
      'GET /api/catalogue': { body: [rules, { ...padel, id: 99 }] },
      'GET /api/user/quotes': {
        body: [
          {
            activity_id: swimming.id,
            person_activity_id: 4,
            full_name: 'Xoán López Pereira',
            amount: 40,
            breakdown: {
              tariff_price: 50,
              tariff: { min_age: 0, max_age: null, age: 10, default: false },
              reduction: {
                circumstance_id: 1,
                name: 'Familia numerosa',
                percent: 20,
                price: null,
                amount: 10,
              },
              family_discount: null,
            },
          },
          {
            activity_id: swimming.id,
            person_activity_id: 9,
            full_name: 'Uxía López Pereira',
            amount: 35,
            breakdown: {
              tariff_price: 50,
              tariff: { min_age: 0, max_age: null, age: 9, default: false },
              reduction: null,
              family_discount: { member: 2, percent: 30, amount: 15 },
            },
          },
        ],
      },
    });
    renderScreen(<CataloguePage />, { locale: 'gl' });
    const card = await screen.findByRole('article', { name: 'Natación infantil' });
    const each = (await within(card).findByText('O que pagaría cada persoa', { selector: 'dt' }))
      .nextElementSibling as HTMLElement;
    const people = within(each).getAllByRole('listitem');
    expect(people).toHaveLength(2);
    expect(people[0]).toHaveTextContent(/^Xoán López Pereira: 40,00\s€/);
    expect(
      within(people[0]!)
        .getAllByRole('definition')
        .map((d) => d.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['0 anos ou máis: 50,00 €', 'Familia numerosa −20 % (−10,00 €)']);
    expect(people[1]).toHaveTextContent(/^Uxía López Pereira: 35,00\s€/);
    expect(within(people[1]!).getByText(/2\.º membro da familia −30\s%/)).toBeInTheDocument();
    // the pointer to the personal area gives way to the amounts themselves
    expect(within(card).queryByText(/O que paga cada persoa/)).toBeNull();
    expect(calls.filter((call) => call.path === '/api/user/quotes')).toHaveLength(1);
  });

  it('simple mode, signed in: the catalogue says it all and no quotes are asked', async () => {
    setToken(fakeToken());
    const { calls } = mockApi({ 'GET /api/catalogue': { body: [swimming] } });
    renderScreen(<CataloguePage />, { locale: 'es' });
    await screen.findByRole('article', { name: 'Natación infantil' });
    expect(calls.some((call) => call.path === '/api/user/quotes')).toBe(false);
  });
});

describe('the public draw page', () => {
  it('before the draw: the commitment, a secret seed and the codes taking part', async () => {
    mockApi({ 'GET /api/draws/7': { body: draw } });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'en' });
    expect(
      await screen.findByRole('heading', { name: 'Draw for Natación infantil' }),
    ).toBeInTheDocument();
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('Secret until the draw')).toBeInTheDocument();
    expect(screen.getByText('2 people take part, one ballot each.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Applications taking part (2)' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['3HTW9RZE', 'K7PQ4XMA']);
  });

  it('in Galician: the check’s comment in Galician, and siblings with one joint ballot counted as one', async () => {
    const joint = (code: string) => ({
      code,
      rank: null,
      status: 'applied' as const,
      group: null,
      reserved: false,
      joint_code: 'K7PQ4XMA',
    });
    mockApi({
      'GET /api/draws/7': {
        body: {
          ...draw,
          persons: 3,
          applications: [draw.applications[0]!, joint('K7PQ4XMA'), joint('W4NA7CJT')],
        },
      },
    });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'gl' });
    expect(
      await screen.findByText(
        'Participan 3 persoas, con 2 papeletas: quen o solicita xunto con outras persoas comparte unha.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/unha papeleta cada unha/)).toBeNull();
    const script = screen.getByText(/createHash/);
    expect(script.textContent).toContain(
      '// seed, seed_commitment e codes, tal como os amosa esta páxina',
    );
    expect(script.textContent).not.toMatch(/as this page shows them/);
  });

  it('in Galician, the check of a draw mixed with a public value: its comment in Galician too', async () => {
    mockApi({
      'GET /api/draws/7': {
        body: {
          ...draw,
          rule_version: 2,
          public_value_source: 'announced',
          public_value_description: 'ONCE',
        },
      },
    });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'gl' });
    const script = await screen.findByText(/createHash/);
    expect(script.textContent).toContain(
      '// seed, seed_commitment, public_value e rows (cada unha con code, joint_code e group), tal como os amosa esta páxina',
    );
  });

  it('after it: the seed, every code in rank order, and a signed-in resident’s own code marked', async () => {
    setToken(fakeToken());
    mockApi({
      'GET /api/draws/7': {
        body: {
          ...draw,
          seed: 'b'.repeat(64),
          drawn_at: '2026-12-15T23:03:12.000Z',
          applications: [
            {
              code: 'K7PQ4XMA',
              rank: 1,
              status: 'offered',
              group: null,
              reserved: false,
              joint_code: null,
            },
            {
              code: '3HTW9RZE',
              rank: 2,
              status: 'waitlisted',
              group: null,
              reserved: false,
              joint_code: null,
            },
          ],
        },
      },
      'GET /api/user/applications': { body: [application({ status: 'offered' })] },
    });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'es' });
    const table = await screen.findByRole('table', {
      name: 'Resultado del sorteo (2 solicitudes)',
    });
    expect(screen.getByText('b'.repeat(64))).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText('(tuyo)')).toBeInTheDocument());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1K7PQ4XMA (tuyo)Plaza ofrecida',
      '23HTW9RZEEn lista de espera',
    ]);
    expect(screen.getByText(/createHash/)).toBeInTheDocument();
    expect(screen.getByText('Participan 2 personas, una papeleta cada una.')).toBeInTheDocument();
  });

  it('states the public value, the rule in the page’s language and a check that uses it', async () => {
    const announced: Draw = {
      ...draw,
      public_value_source: 'announced',
      public_value_description: 'Número premiado del cupón diario de la ONCE del 16 de diciembre',
      rule_version: 2,
      algorithm: 'draw_seed is the lower-case hex SHA-256 of the UTF-8 text seed …',
    };
    mockApi({ 'GET /api/draws/7': { body: announced } });
    const before = renderScreen(<DrawPage />, {
      route: '/sorteos/7',
      path: '/sorteos/:activityId',
      locale: 'gl',
    });
    const section = await screen.findByRole('region', { name: 'O valor público' });
    expect(
      within(section).getByText(
        'Fixado antes de abrir as solicitudes: Número premiado del cupón diario de la ONCE del 16 de diciembre.',
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('Introdúcese tras o peche, cando o publique a súa fonte'),
    ).toBeInTheDocument();
    before.unmount();

    mockApi({
      'GET /api/draws/7': {
        body: {
          ...announced,
          seed: 'b'.repeat(64),
          public_value: '48213',
          public_value_at: '2026-12-16T21:05:00.000Z',
          draw_seed: 'c'.repeat(64),
          drawn_at: '2026-12-16T21:10:00.000Z',
          applications: [
            {
              code: 'K7PQ4XMA',
              rank: 1,
              status: 'offered',
              group: null,
              reserved: false,
              joint_code: null,
            },
            {
              code: '3HTW9RZE',
              rank: 2,
              status: 'waitlisted',
              group: null,
              reserved: false,
              joint_code: null,
            },
          ],
        },
      },
    });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'gl' });
    expect(await screen.findByText('48213')).toBeInTheDocument();
    expect(screen.getByText('c'.repeat(64))).toBeInTheDocument();
    const rule = screen.getByRole('region', { name: 'A regra do sorteo' });
    expect(within(rule).getByText(/Ninguén elixe a orde nin pode inclinala/)).toBeInTheDocument();
    // the rule in Galician only: not the API's English text
    expect(screen.queryByText(/draw_seed is the lower-case/)).toBeNull();
    expect(screen.queryByText(/Each application/)).toBeNull();
    expect(within(rule).getByText(/sha\(seed \+ ':' \+ public_value\)/)).toBeInTheDocument();
  });

  it('states the groups, the reserved places and the joint ballots, and marks them in the list', async () => {
    const disability = {
      es: 'Discapacidad ≥ 33 %',
      en: 'Disability ≥ 33 %',
      gl: 'Discapacidade ≥ 33 %',
    };
    const empadronado = { es: 'Empadronado', en: 'Registered resident', gl: 'Empadroado' };
    mockApi({
      'GET /api/draws/7': {
        body: {
          ...draw,
          capacity: 3,
          persons: 4,
          seed: 'b'.repeat(64),
          public_value_source: 'drand',
          drand_round: 11340658,
          drand_round_at: '2026-12-15T22:59:03.000Z',
          public_value: 'd'.repeat(64),
          draw_seed: 'c'.repeat(64),
          rule_version: 2,
          reserved_places: 1,
          reserved_circumstance: disability,
          priority_mode: 'ranked',
          priority_groups: [
            { group: 1, name: 'Empadronados', circumstances: [empadronado], opens_at: null },
            { group: 2, name: 'Resto', circumstances: [], opens_at: null },
          ],
          joint_fit: 'wait_for_group',
          drawn_at: '2026-12-15T23:03:12.000Z',
          applications: [
            {
              code: 'K7PQ4XMA',
              rank: 1,
              status: 'offered',
              group: 1,
              reserved: false,
              joint_code: 'K7PQ4XMA',
            },
            {
              code: 'M2RT8WQX',
              rank: 1,
              status: 'offered',
              group: 1,
              reserved: false,
              joint_code: 'K7PQ4XMA',
            },
            {
              code: '3HTW9RZE',
              rank: 2,
              status: 'offered',
              group: 2,
              reserved: true,
              joint_code: null,
            },
            {
              code: 'Q2MV8NDS',
              rank: 3,
              status: 'waitlisted',
              group: 2,
              reserved: false,
              joint_code: null,
            },
          ],
        },
      },
    });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'gl' });
    const table = await screen.findByRole('table', { name: 'Resultado do sorteo (4 solicitudes)' });
    expect(screen.getByText(/a rolda 11340658 do faro de aleatoriedade drand/)).toBeInTheDocument();
    const rule = screen.getByRole('region', { name: 'A regra do sorteo' });
    expect(within(rule).getByText(/Prioridade no sorteo/)).toBeInTheDocument();
    expect(within(rule).getByText('«Empadronados»: quen teña Empadroado')).toBeInTheDocument();
    expect(within(rule).getByText('«Resto»: todas as demais persoas')).toBeInTheDocument();
    expect(
      within(rule).getByText(
        /1 praza reservada para quen teña «Discapacidade ≥ 33 %» o día do sorteo/,
      ),
    ).toBeInTheDocument();
    expect(within(rule).getByText(/seguen libres ata que caiba o grupo/)).toBeInTheDocument();
    // the snippet ranks by group and by the ballot's joint code
    expect(within(rule).getByText(/row\.joint_code \?\? row\.code/)).toBeInTheDocument();
    expect(within(rule).getByText(/row\.group \?\? Infinity/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1K7PQ4XMA1Praza ofrecida · papeleta conxunta K7PQ4XMA',
      '1M2RT8WQX1Praza ofrecida · papeleta conxunta K7PQ4XMA',
      '23HTW9RZE2Praza ofrecida (praza reservada)',
      '3Q2MV8NDS2En lista de espera',
    ]);
  });

  it('says how many persons take part, in each language’s plural', async () => {
    const one = { ...draw, persons: 1, applications: [draw.applications[0]!] };
    mockApi({ 'GET /api/draws/7': { body: one } });
    const first = renderScreen(<DrawPage />, {
      route: '/sorteos/7',
      path: '/sorteos/:activityId',
      locale: 'gl',
    });
    expect(await screen.findByText('Participa 1 persoa, cunha papeleta.')).toBeInTheDocument();
    first.unmount();
    mockApi({ 'GET /api/draws/7': { body: { ...draw, persons: 0, applications: [] } } });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'es' });
    expect(await screen.findByText('Todavía no participa ninguna persona.')).toBeInTheDocument();
  });

  it('says how many duplicate records staff merged before the draw, in es, en and gl', async () => {
    for (const [locale, merged, text] of [
      [
        'es',
        2,
        'El personal unió 2 fichas duplicadas de una misma persona: sus segundas solicitudes se retiraron, una papeleta por persona.',
      ],
      [
        'en',
        1,
        'Staff merged 1 duplicate record of one person: its second application was withdrawn, one ballot per person.',
      ],
      ['gl', 0, 'Non se uniu ningunha ficha duplicada.'],
    ] as const) {
      mockApi({ 'GET /api/draws/7': { body: { ...draw, merged } } });
      const page = renderScreen(<DrawPage />, {
        route: '/sorteos/7',
        path: '/sorteos/:activityId',
        locale,
      });
      expect(await screen.findByText(text)).toBeInTheDocument();
      page.unmount();
    }
  });
});

describe('the dashboard’s applications', () => {
  const render = (handlers: Parameters<typeof mockApi>[0] = {}) => {
    const api = mockApi({
      'GET /api/catalogue': { body: [swimming, padel] },
      'GET /api/user/applications': { body: [] },
      ...handlers,
    });
    const utils = renderScreen(<ApplicationsSection persons={[maria, xoan]} />, { locale: 'en' });
    return { ...utils, api };
  };

  it('says at once who may apply, and sends the application', async () => {
    const user = userEvent.setup();
    const { api } = render({
      'POST /api/user/applications': {
        status: 201,
        body: application({ status: 'offered', offer_expires_at: '2026-12-19T09:00:00.000Z' }),
      },
    });
    await screen.findByRole('option', { name: 'Natación infantil' });
    await user.selectOptions(screen.getByLabelText('Activity'), '7');
    await user.selectOptions(screen.getByLabelText('Person'), '3');
    expect(screen.getByText('For people born between 2015 and 2020.')).toBeInTheDocument();
    expect(screen.getByText(/outside the activity’s limits/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Person'), '4');
    expect(screen.queryByText(/outside the activity’s limits/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        'You have a place (code K7PQ4XMA). Pay for it before 19 December 2026, 10:00 in the Pending tab above.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      person_activity_id: 4,
      activity_id: 7,
    });
  });

  it('says a payment left open is being checked with the bank, and until when the place waits', async () => {
    render({
      'GET /api/user/applications': {
        body: [
          application({
            status: 'offered',
            offer_expires_at: '2026-12-19T09:00:00.000Z',
            payment_check_until: '2026-12-19T11:00:00.000Z',
          }),
        ],
      },
    });
    expect(
      await screen.findByText(
        'Payment being checked with the bank: the place is held until 19 December 2026, 12:00',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal and withdraws after a confirmation', async () => {
    const user = userEvent.setup();
    const { api } = render({
      'GET /api/user/applications': {
        body: [application({ status: 'waitlisted', waitlist_position: 3 })],
      },
      'POST /api/user/applications': {
        status: 409,
        body: {
          detail: 'This person has already applied for this activity.',
          code: 'already_applied',
        },
      },
      'DELETE /api/user/applications/12': { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'My applications' });
    await waitFor(() => expect(table.textContent).toContain('Number 3 on the waitlist'));
    await user.selectOptions(screen.getByLabelText('Activity'), '7');
    await user.selectOptions(screen.getByLabelText('Person'), '4');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('This person has already applied for this activity.'),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', {
        name: 'Withdraw Xoán López Pereira’s application for Natación infantil',
      }),
    );
    const dialog = screen.getByRole('alertdialog');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the application' }));
    expect(
      await screen.findByText('Application for Natación infantil withdrawn.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/user/applications/12');
  });

  it('adds a child without a DNI, and asks for one from 14', async () => {
    const user = userEvent.setup();
    const { api } = render({
      'POST /api/user/persons/': {
        status: 201,
        body: {
          person_activity_id: 9,
          full_name: 'Uxía López',
          dni: null,
          birth_date: '2017-05-09',
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a person I look after' });
    await user.type(within(form).getByLabelText('First name'), 'Brais');
    await user.type(within(form).getByLabelText('Last name'), 'López');
    await user.type(within(form).getByLabelText('Date of birth'), '2005-01-01');
    await user.click(within(form).getByRole('button', { name: 'Add person' }));
    expect(within(form).getByText('From 14 years of age the DNI is required.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(form).getByLabelText('Date of birth'));
    await user.type(within(form).getByLabelText('Date of birth'), '2017-05-09');
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), 'Uxía');
    await user.click(within(form).getByRole('button', { name: 'Add person' }));
    expect(
      await within(form).findByText('Uxía López added. You can now apply for places for them.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      first_name: 'Uxía',
      last_name: 'López',
      birth_date: '2017-05-09',
      dni: null,
    });
  });
});
