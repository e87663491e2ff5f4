import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { MyProvisional, ProvisionalList } from './api/claims-api';
import type { Draw } from './api/season-api';
import { ApplicationsSection } from './components/applications-section';
import { DrawPage } from './draw-page';

const draw: Draw = {
  activity_id: 7,
  activity_name: 'Natación infantil',
  capacity: 1,
  persons: 3,
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
  algorithm: 'Each application’s key is …',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  drawn_at: null,
  provisional_list: true,
  applications: [],
};

const list: ProvisionalList = {
  activity_id: 7,
  activity_name: 'Natación infantil',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  claims_until: '2026-12-17T22:59:59.999Z',
  claims_open: true,
  admitted: ['3HTW9RZE', 'Q2MV8NDS'],
  excluded: [
    { code: 'K7PQ4XMA', reason: 'age' },
    { code: 'W4NA7CJT', reason: 'duplicate' },
  ],
};

const excluded: MyProvisional = {
  application_id: 31,
  code: 'K7PQ4XMA',
  activity_id: 7,
  activity_name: 'Natación infantil',
  person_name: 'Uxía López Pereira',
  excluded_reason: 'age',
  claims_until: '2026-12-17T22:59:59.999Z',
  claims_open: true,
  claim: null,
};
const kept: MyProvisional = {
  ...excluded,
  application_id: 33,
  code: 'W4NA7CJT',
  person_name: 'Brais López Pereira',
  excluded_reason: 'duplicate',
  claim: {
    id: 4,
    application_id: 33,
    reason: 'duplicate',
    text: 'Son irmáns.',
    status: 'kept',
    reply: 'Brais xa participa coa solicitude Q2MV8NDS.',
    created_at: '2026-12-16T10:20:00.000Z',
    resolved_at: '2026-12-16T12:45:00.000Z',
  },
};

afterEach(() => clearToken());

describe('the draw page’s provisional list', () => {
  it('shows the admitted and the excluded codes with the reason, and until when to claim', async () => {
    mockApi({
      'GET /api/draws/7': { body: draw },
      'GET /api/draws/7/provisional': { body: list },
    });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'gl' });
    expect(await screen.findByRole('heading', { name: 'Lista provisional' })).toBeInTheDocument();
    expect(screen.getByText(/Ata o 17 de decembro de 2026/)).toBeInTheDocument();
    const admitted = screen.getByRole('table', { name: 'Solicitudes admitidas (2)' });
    expect(
      within(admitted)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['3HTW9RZE', 'Q2MV8NDS']);
    const out = screen.getByRole('table', { name: 'Solicitudes excluídas (2)' });
    expect(within(out).getByText('Idade fóra dos límites da actividade')).toBeInTheDocument();
    expect(within(out).getByText('Solicitude duplicada da mesma persoa')).toBeInTheDocument();
  });

  it('does not ask for a list the draw says does not exist, and shows nothing of it', async () => {
    const { calls } = mockApi({
      'GET /api/draws/7': { body: { ...draw, provisional_list: false } },
    });
    renderScreen(<DrawPage />, { route: '/sorteos/7', path: '/sorteos/:activityId', locale: 'gl' });
    await screen.findByRole('heading', { name: /Natación infantil/ });
    // the page has settled: the list's call, had there been one, would have been made by now
    await screen.findByRole('table', { name: /Solicitudes que participan/ });
    expect(screen.queryByRole('heading', { name: 'Lista provisional' })).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/draws/7']);
  });
});

describe('the dashboard’s claims', () => {
  const render = (handlers: Parameters<typeof mockApi>[0] = {}) => {
    setToken(fakeToken());
    const api = mockApi({
      'GET /api/catalogue': { body: [] },
      'GET /api/user/applications': { body: [] },
      'GET /api/user/claims': { body: [excluded, kept] },
      ...handlers,
    });
    renderScreen(<ApplicationsSection persons={[]} />, { locale: 'es' });
    return { api, user: userEvent.setup() };
  };

  it('says why each is excluded, shows the council’s reply, and sends a claim after checking the text', async () => {
    const { api, user } = render({
      'POST /api/user/applications/31/claim': {
        status: 201,
        body: { ...kept.claim, id: 5, application_id: 31, status: 'open', reply: null },
      },
    });
    expect(
      await screen.findByText('Excluida: Edad fuera de los límites de la actividad.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Reclamación desestimada.')).toBeInTheDocument();
    expect(
      screen.getByText('Respuesta del Concello: Brais xa participa coa solicitude Q2MV8NDS.'),
    ).toBeInTheDocument();
    // a kept claim can be followed by another while the period lasts; an open one cannot
    expect(screen.getAllByRole('button', { name: /^Reclamar sobre/ })).toHaveLength(2);

    await user.click(
      screen.getByRole('button', {
        name: 'Reclamar sobre la solicitud K7PQ4XMA de Uxía López Pereira',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar reclamación' }));
    expect(await screen.findByText('Escribe el motivo de la reclamación.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(
      screen.getByLabelText('Motivo de la reclamación sobre K7PQ4XMA'),
      'Naceu en 2017.',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar reclamación' }));
    expect(
      await screen.findByText(
        'Reclamación enviada sobre la solicitud K7PQ4XMA. Te avisaremos cuando el Concello responda.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Naceu en 2017.' });
  });

  it('shows the server’s refusal in its words', async () => {
    const { user } = render({
      'POST /api/user/applications/31/claim': {
        status: 409,
        body: {
          detail: 'El plazo de reclamaciones de esta actividad no está abierto.',
          code: 'claims_closed',
        },
      },
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Reclamar sobre la solicitud K7PQ4XMA de Uxía López Pereira',
      }),
    );
    await user.type(screen.getByLabelText('Motivo de la reclamación sobre K7PQ4XMA'), 'Revisade.');
    await user.click(screen.getByRole('button', { name: 'Enviar reclamación' }));
    expect(
      await screen.findByText('El plazo de reclamaciones de esta actividad no está abierto.'),
    ).toBeInTheDocument();
  });
});
