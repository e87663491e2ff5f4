import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, serverList } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { ActivityClaims, AdminClaim } from '../api/claims';
import type { SeasonActivity } from '../api/season';
import { signInAsAdmin } from '../test-support';
import { SeasonSection } from './season-section';

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
} as SeasonActivity;

const open: AdminClaim = {
  id: 3,
  application_id: 31,
  code: 'K7PQ4XMA',
  person_name: 'Uxía López Pereira',
  dni: null,
  birth_date: '2017-05-09',
  reason: 'age',
  text: 'Naceu en 2017, non en 2014.',
  status: 'open',
  reply: null,
  created_at: '2026-12-16T10:12:00.000Z',
  resolved_at: null,
};
const answered: AdminClaim = {
  ...open,
  id: 4,
  application_id: 33,
  code: 'W4NA7CJT',
  person_name: 'Brais López Pereira',
  reason: 'duplicate',
  text: 'Son irmáns, non a mesma persoa.',
  status: 'kept',
  reply: 'Xa participa coa solicitude máis antiga.',
};
const claims: ActivityClaims = {
  claims_days: 2,
  claims_until: '2026-12-17T22:59:59.999Z',
  open: 1,
  claims: [open, answered],
};

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/admin/season': { body: [swimming] },
    'GET /api/admin/activities/7/applications': serverList([], () => []),
    'GET /api/admin/activities/7/duplicates': { body: [] },
    'GET /api/admin/activities/7/claims': { body: claims },
    ...handlers,
  });
  renderScreen(<SeasonSection version={0} />, { locale: 'es' });
  return { api, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', { name: 'Ver solicitudes de Natación infantil' }),
  );
  await screen.findByRole('heading', { name: 'Reclamaciones a la lista provisional' });
}

describe('Plazas y sorteos: claims', () => {
  beforeEach(signInAsAdmin);

  it('lists the claims with the period’s end, the reason, the text and the answers given', async () => {
    const { user } = setup();
    await choose(user);
    expect(
      screen.getByText(/Plazo de reclamaciones hasta el 17 de diciembre de 2026/),
    ).toHaveTextContent('queda 1 reclamación por responder');
    expect(
      screen.getByText(/^Excluida por: edad fuera de los límites\. Reclamación enviada el/),
    ).toBeInTheDocument();
    expect(screen.getByText('Naceu en 2017, non en 2014.')).toBeInTheDocument();
    // excluded for age: the date on record, and where to correct it
    expect(screen.getByText(/^Fecha de nacimiento registrada: 09\/05\/2017\./)).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: 'Corregir la fecha de Uxía López Pereira en Inscripciones',
      }),
    ).toHaveAttribute('href', '#admin-enrolments');
    // a claim about something else has neither
    expect(screen.getAllByRole('link', { name: /^Corregir la fecha/ })).toHaveLength(1);
    expect(screen.getByText('Mantenida excluida.')).toBeInTheDocument();
    expect(screen.getByText('Xa participa coa solicitude máis antiga.')).toBeInTheDocument();
    // only the open claim can be answered
    expect(screen.getAllByRole('button', { name: /^Admitir la solicitud/ })).toHaveLength(1);
  });

  it('asks for a reply before sending, then admits with it and reads the lists again', async () => {
    const { api, user } = setup({
      'POST /api/admin/claims/3/resolve': {
        body: {
          ...open,
          status: 'admitted',
          reply: 'Comprobado.',
          resolved_at: '2026-12-16T12:40:00.000Z',
        },
      },
    });
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Admitir la solicitud K7PQ4XMA' }));
    expect(
      await screen.findByText('Escribe la respuesta que leerá la familia.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    const before = api.calls.filter((c) => c.path === '/api/admin/activities/7/claims').length;
    await user.type(screen.getByLabelText('Respuesta a la reclamación de K7PQ4XMA'), 'Comprobado.');
    await user.click(screen.getByRole('button', { name: 'Admitir la solicitud K7PQ4XMA' }));
    expect(
      await screen.findByText(
        'Solicitud K7PQ4XMA (Uxía López Pereira) admitida; se ha avisado a la familia.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      decision: 'admit',
      reply: 'Comprobado.',
    });
    expect(
      api.calls.filter((c) => c.path === '/api/admin/activities/7/claims').length,
    ).toBeGreaterThan(before);
  });

  it('shows the server’s refusal (claim_resolved) in its words', async () => {
    const { user } = setup({
      'POST /api/admin/claims/3/resolve': {
        status: 409,
        body: { detail: 'Esta reclamación ya tiene respuesta.', code: 'claim_resolved' },
      },
    });
    await choose(user);
    const item = screen.getByText('Naceu en 2017, non en 2014.').closest('li')!;
    await user.type(within(item).getByRole('textbox'), 'Non.');
    await user.click(
      within(item).getByRole('button', { name: 'Mantener excluida la solicitud K7PQ4XMA' }),
    );
    expect(await screen.findByText('Esta reclamación ya tiene respuesta.')).toBeInTheDocument();
  });

  it('shows nothing of claims for a lottery without a provisional list', async () => {
    const { user } = setup({
      'GET /api/admin/activities/7/claims': {
        body: { claims_days: null, claims_until: null, open: 0, claims: [] },
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Ver solicitudes de Natación infantil' }),
    );
    await screen.findByRole('heading', { name: 'Posibles duplicados' });
    expect(
      screen.queryByRole('heading', { name: 'Reclamaciones a la lista provisional' }),
    ).toBeNull();
  });
});
