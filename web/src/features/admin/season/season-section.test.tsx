import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, serverList } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { AdminApplication, DuplicatePair, SeasonActivity } from '../api/season';
import { signInAsAdmin } from '../test-support';
import { mergePlan } from './rules';
import { SeasonSection } from './season-section';

type Handlers = Parameters<typeof mockApi>[0];

const swimming: SeasonActivity = {
  activity_id: 7,
  activity_name: 'Natación infantil',
  allocation: 'lottery',
  capacity: 20,
  places_left: null,
  status: 'closed',
  applications_open_at: '2026-12-01T08:00:00.000Z',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  drawn_at: null,
  counts: { applied: 4, offered: 0, waitlisted: 0, confirmed: 0, expired: 0, withdrawn: 0 },
};

const applicant = (
  id: number,
  personId: number,
  fullName: string,
  code: string,
  overrides: Partial<DuplicatePair['persons'][number]> = {},
): DuplicatePair['persons'][number] => ({
  person_activity_id: personId,
  full_name: fullName,
  dni: null,
  birth_date: '2017-05-09',
  accounts: 1,
  application: { id, code, status: 'applied', created_at: `2026-12-0${id % 9}T10:00:00.000Z` },
  ...overrides,
});

const older = applicant(31, 9, 'Uxía López Pereira', 'K7PQ4XMA');
const newer = applicant(44, 14, 'Uxía Pereira López', '3HTW9RZE', { accounts: 2 });
const swapped: DuplicatePair = { reason: 'surnames_swapped', persons: [older, newer] };
const typo: DuplicatePair = {
  reason: 'one_letter_apart',
  persons: [
    applicant(35, 11, 'Brais Otero Vidal', 'Q2MV8NDS', {
      dni: '12345678Z',
      birth_date: '2016-02-20',
    }),
    applicant(47, 15, 'Brais Oter Vidal', 'W4NA7CJT', { birth_date: '2016-02-20' }),
  ],
};

const applications: AdminApplication[] = [
  {
    id: 31,
    code: 'K7PQ4XMA',
    status: 'applied',
    rank: null,
    waitlist_position: null,
    offer_expires_at: null,
    created_at: '2026-12-02T18:12:40.000Z',
    person_activity_id: 9,
    full_name: 'Uxía López Pereira',
    dni: null,
    birth_date: '2017-05-09',
  },
];

function setup(handlers: Handlers = {}) {
  const api = mockApi({
    'GET /api/admin/season': { body: [swimming] },
    'GET /api/admin/activities/7/applications': serverList(applications, (a) => [a.code]),
    'GET /api/admin/activities/7/duplicates': { body: [swapped, typo] },
    'GET /api/admin/activities/7/claims': {
      body: { claims_days: null, claims_until: null, open: 0, claims: [] },
    },
    ...handlers,
  });
  renderScreen(<SeasonSection version={0} />, { locale: 'es' });
  return { api, user: userEvent.setup() };
}

const gets = (api: ReturnType<typeof mockApi>, path: string) =>
  api.calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path);

async function choose(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', { name: 'Ver solicitudes de Natación infantil' }),
  );
  return screen.findByRole('heading', { name: 'Posibles duplicados' });
}

describe('Plazas y sorteos', () => {
  beforeEach(signInAsAdmin);

  it('asks for no activity’s applications or duplicates until one is chosen', async () => {
    const { api, user } = setup();
    await screen.findByRole('table', { name: 'Actividades con plazas' });
    await waitFor(() => expect(gets(api, '/api/admin/season')).toHaveLength(1));
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/activities/'))).toEqual([]);
    await choose(user);
    await waitFor(() => expect(gets(api, '/api/admin/activities/7/duplicates')).toHaveLength(1));
    expect(api.calls.some((c) => c.path.startsWith('/api/admin/activities/0/'))).toBe(false);
  });

  it('fits its rows: compact Madrid dates, counts in words, singular statuses, plural places', async () => {
    const padel: SeasonActivity = {
      ...swimming,
      activity_id: 8,
      activity_name: 'Pádel adultos',
      allocation: 'first_come',
      capacity: 3,
      places_left: 1,
      status: 'open',
      counts: { applied: 0, offered: 1, waitlisted: 0, confirmed: 1, expired: 0, withdrawn: 2 },
    };
    const withdrawn: AdminApplication = {
      ...applications[0]!,
      id: 32,
      code: 'R5TS2KLM',
      status: 'withdrawn',
      full_name: 'Antía Souto Rial',
    };
    const { user } = setup({
      'GET /api/admin/season': { body: [swimming, padel] },
      'GET /api/admin/activities/7/applications': serverList([...applications, withdrawn], (a) => [
        a.code,
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Actividades con plazas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Actividad',
      'Reparto',
      'Solicitudes',
      'Estado',
      'Plazas',
      'Por estado',
      'Acciones',
    ]);
    const row = await within(table).findByRole('row', { name: /Pádel adultos/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // 09:00 and 23:59 in Madrid (08:00 and 22:59 UTC), day/month/year
    expect(cells).toContain('01/12/2026 09:00 – 15/12/2026 23:59');
    expect(cells).toContain('1 libre de 3');
    expect(cells).toContain('1 ofrecida1 confirmada2 retiradas');
    expect(within(table).getByRole('row', { name: /Natación infantil/ })).toHaveTextContent(
      '4 solicitadas',
    );
    await choose(user);
    const list = await screen.findByRole('table', {
      name: /Solicitudes en orden de lista de espera/,
    });
    const antia = await within(list).findByRole('row', { name: /Antía Souto Rial/ });
    expect(within(antia).getByText('Retirada')).toBeInTheDocument();
    expect(within(list).getByRole('row', { name: /Uxía López Pereira/ })).toHaveTextContent(
      'Solicitada',
    );
  });

  it('says an offer past its deadline is held while its payment is checked with the bank', async () => {
    const held: AdminApplication = {
      ...applications[0]!,
      id: 33,
      code: 'P8QR3VWX',
      status: 'offered',
      rank: 1,
      offer_expires_at: '2026-12-19T09:00:00.000Z',
      payment_check_until: '2026-12-19T11:00:00.000Z',
      full_name: 'Sabela Rial Otero',
    };
    const { user } = setup({
      'GET /api/admin/activities/7/applications': serverList([...applications, held], (a) => [
        a.code,
      ]),
    });
    await choose(user);
    const list = await screen.findByRole('table', {
      name: /Solicitudes en orden de lista de espera/,
    });
    const row = await within(list).findByRole('row', { name: /Sabela Rial Otero/ });
    expect(row).toHaveTextContent(/Pago en comprobación \(se guarda hasta el .*12:00\)/);
  });

  it('lists each likely duplicate with the reason in words and what tells the two apart', async () => {
    const { user } = setup();
    await choose(user);
    const pair = await screen.findByRole('table', {
      name: 'Apellidos en orden inverso, misma fecha de nacimiento: Uxía López Pereira y Uxía Pereira López',
    });
    const rows = within(pair)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'PersonaDNIFecha de nacimientoCódigoEstadoCuentas que la gestionanAl unir',
      'Uxía López PereiraSin DNI09/05/2017K7PQ4XMASolicitada1Se conserva',
      'Uxía Pereira LópezSin DNI09/05/20173HTW9RZESolicitada2Se une a la primera',
    ]);
    const second = screen.getByRole('table', { name: /^Nombres que se diferencian en una letra/ });
    expect(second).toHaveTextContent('12345678Z');
    expect(second).toHaveTextContent('20/02/2016');
  });

  it('merges the newer into the older after a confirmation that says what happens, then says what was withdrawn and paid twice', async () => {
    let merged = false;
    const { api, user } = setup({
      'GET /api/admin/activities/7/duplicates': () => ({ body: merged ? [typo] : [swapped, typo] }),
      'POST /api/admin/persons/merge': () => {
        merged = true;
        return {
          body: {
            person: {
              person_activity_id: 9,
              full_name: 'Uxía López Pereira',
              dni: null,
              birth_date: '2017-05-09',
            },
            moved: { activities: 1, payments: 1, applications: 1, accounts: 2 },
            withdrawn: ['3HTW9RZE'],
            paid_twice: ['Natación infantil'],
          },
        };
      },
    });
    const heading = await choose(user);
    const button = await screen.findByRole('button', {
      name: 'Unir Uxía Pereira López (3HTW9RZE) en Uxía López Pereira (K7PQ4XMA)',
    });
    expect(button).toHaveTextContent('Unir');
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Unir Uxía Pereira López (3HTW9RZE) en Uxía López Pereira (K7PQ4XMA)?',
    });
    expect(dialog).toHaveTextContent('Se conserva la ficha de Uxía López Pereira.');
    expect(dialog).toHaveTextContent('Se retira la solicitud 3HTW9RZE');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    const before = {
      season: gets(api, '/api/admin/season').length,
      applications: gets(api, '/api/admin/activities/7/applications').length,
    };
    await user.click(within(dialog).getByRole('button', { name: 'Unir las fichas' }));
    expect(
      await screen.findByText(
        'Fichas unidas en la de Uxía López Pereira. Se ha retirado la solicitud 3HTW9RZE.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ keep_id: 9, merge_id: 14 });
    expect(
      screen.getByText(
        'Natación infantil se pagó dos veces, una por cada ficha: hay que devolver uno de los dos pagos.',
      ),
    ).toBeInTheDocument();
    // the lists are read again: the merged pair is gone and the reader is back at the heading
    await waitFor(() => expect(screen.queryByRole('table', { name: /^Apellidos/ })).toBeNull());
    expect(screen.getByRole('table', { name: /^Nombres que se diferencian/ })).toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(gets(api, '/api/admin/season').length).toBeGreaterThan(before.season);
    expect(gets(api, '/api/admin/activities/7/applications').length).toBeGreaterThan(
      before.applications,
    );
  });

  it('shows the server’s refusal (persons_differ) and keeps the pair; cancelling sends nothing', async () => {
    const { api, user } = setup({
      'POST /api/admin/persons/merge': {
        status: 409,
        body: {
          detail:
            'Las dos fichas tienen DNI distintos; son personas diferentes y no se pueden unir.',
          code: 'persons_differ',
        },
      },
    });
    await choose(user);
    const label = 'Unir Brais Oter Vidal (W4NA7CJT) en Brais Otero Vidal (Q2MV8NDS)';
    await user.click(await screen.findByRole('button', { name: label }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }),
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: label }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Unir las fichas',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Las dos fichas tienen DNI distintos; son personas diferentes y no se pueden unir.',
    );
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ keep_id: 11, merge_id: 15 });
    expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });

  it('marks a pair as different people beside merge, after a confirmation, and reads the list again', async () => {
    let marked = false;
    const { api, user } = setup({
      'GET /api/admin/activities/7/duplicates': () => ({
        body: marked ? [swapped] : [swapped, typo],
      }),
      'POST /api/admin/persons/different': () => {
        marked = true;
        return { status: 204 };
      },
    });
    const heading = await choose(user);
    const label =
      'Brais Otero Vidal (Q2MV8NDS) y Brais Oter Vidal (W4NA7CJT) son personas diferentes';
    const button = await screen.findByRole('button', { name: label });
    expect(button).toHaveTextContent('Son personas diferentes');
    // beside the pair's merge button
    expect(button.parentElement).toContainElement(
      screen.getByRole('button', {
        name: 'Unir Brais Oter Vidal (W4NA7CJT) en Brais Otero Vidal (Q2MV8NDS)',
      }),
    );
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Brais Otero Vidal y Brais Oter Vidal son personas diferentes?',
    });
    expect(dialog).toHaveTextContent('el sorteo ya no la espera');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: label }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Marcar como personas diferentes',
      }),
    );
    expect(
      await screen.findByText(
        'Brais Otero Vidal y Brais Oter Vidal quedan marcadas como personas diferentes.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/persons/different',
      body: { first_id: 11, second_id: 15 },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: label })).toBeNull());
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('in English and Galician too', async () => {
    for (const [locale, label] of [
      ['en', 'Brais Otero Vidal (Q2MV8NDS) and Brais Oter Vidal (W4NA7CJT) are different people'],
      ['gl', 'Brais Otero Vidal (Q2MV8NDS) e Brais Oter Vidal (W4NA7CJT) son persoas diferentes'],
    ] as const) {
      mockApi({
        'GET /api/admin/season': { body: [swimming] },
        'GET /api/admin/activities/7/applications': serverList(applications, (a) => [a.code]),
        'GET /api/admin/activities/7/duplicates': { body: [typo] },
        'GET /api/admin/activities/7/claims': {
          body: { claims_days: null, claims_until: null, open: 0, claims: [] },
        },
      });
      const { unmount } = renderScreen(<SeasonSection version={0} />, { locale });
      const user = userEvent.setup();
      await user.click((await screen.findAllByRole('button', { name: /Natación infantil/ }))[0]!);
      expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
      unmount();
    }
  });

  it('says so when the activity has no likely duplicates', async () => {
    const { user } = setup({ 'GET /api/admin/activities/7/duplicates': { body: [] } });
    await choose(user);
    expect(
      await screen.findByText(
        'No hay posibles duplicados entre las solicitudes de esta actividad.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unir/ })).toBeNull();
  });
});

describe('mergePlan', () => {
  it('keeps the older application and withdraws the newer, unless only the newer is paid', () => {
    expect(mergePlan(swapped)).toMatchObject({
      keep: { person_activity_id: 9 },
      merge: { person_activity_id: 14 },
      withdrawnCode: '3HTW9RZE',
    });
    const paidNewer: DuplicatePair = {
      ...swapped,
      persons: [older, { ...newer, application: { ...newer.application, status: 'confirmed' } }],
    };
    expect(mergePlan(paidNewer).withdrawnCode).toBe('K7PQ4XMA');
    expect(mergePlan(paidNewer).keep.person_activity_id).toBe(9);
  });
});
