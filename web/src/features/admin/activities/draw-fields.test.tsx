import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { activities, circumstances, signInAsAdmin } from '../test-support';
import { ActivitiesSection } from './activities-section';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/admin/activities-crud/': { body: activities },
    'GET /api/admin/circumstances': { body: circumstances },
    'POST /api/admin/activities-crud/': { status: 201, body: { ...activities[0], id: 9 } },
    ...handlers,
  });
  renderScreen(<ActivitiesSection version={0} onChanged={vi.fn()} />, { locale: 'es' });
  return api;
}

const create = () => userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
const posted = (api: ReturnType<typeof mockApi>) =>
  api.calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, unknown>);

/** Name, price, 20 places by draw, the window in December (Madrid). */
async function lottery(allocation: 'lottery' | 'first_come' = 'lottery') {
  await screen.findByRole('table', { name: 'Actividades' });
  await userEvent.type(screen.getByLabelText('Nombre'), 'Natación adaptada');
  await userEvent.type(screen.getByLabelText('Precio en euros'), '40');
  await userEvent.selectOptions(screen.getByLabelText('Reparto de plazas'), allocation);
  await userEvent.type(screen.getByLabelText('Número de plazas'), '20');
  await userEvent.type(screen.getByLabelText(/Apertura de solicitudes/), '2026-12-01T09:00');
  await userEvent.type(screen.getByLabelText(/Cierre de solicitudes/), '2026-12-15T23:59');
}

describe('a lottery’s public value, reserved places and priority groups', () => {
  beforeEach(signInAsAdmin);

  it('shows them only where they apply', async () => {
    setup();
    await screen.findByRole('table', { name: 'Actividades' });
    expect(screen.queryByRole('group', { name: 'Grupos de prioridad' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Reparto de plazas'), 'first_come');
    expect(screen.getByRole('group', { name: 'Grupos de prioridad' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Valor público del sorteo' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Plazas reservadas' })).toBeNull();
    const mode = screen.getByRole('combobox', { name: 'Cómo van primero los grupos' });
    expect(
      within(mode)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Un plazo anterior por grupo']);
    await userEvent.selectOptions(screen.getByLabelText('Reparto de plazas'), 'lottery');
    expect(screen.getByRole('group', { name: 'Valor público del sorteo' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Plazas reservadas' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Qué valor/)).toBeNull();
  });

  it('refuses what the server would, each error tied to its field, and sends nothing', async () => {
    const api = setup();
    await lottery();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Fuente del valor público' }),
      'Un valor anunciado',
    );
    await userEvent.type(screen.getByLabelText(/Plazas que se reservan/), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir un grupo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Añadir un grupo' }));
    await create();

    const description = screen.getByRole('textbox', { name: 'Qué valor, con la fuente y el día' });
    expect(description).toHaveAccessibleDescription(
      /Error: Nombra la fuente del valor público \(de 3 a 300 caracteres\)/,
    );
    expect(screen.getByLabelText(/Plazas que se reservan/)).toHaveAccessibleDescription(
      /Error: Las plazas reservadas no pueden ser más que las plazas \(20\)/,
    );
    const first = screen.getByRole('group', { name: 'Grupo 1' });
    expect(
      within(first).getByRole('textbox', { name: 'Nombre del grupo' }),
    ).toHaveAccessibleDescription(/Error: Pon un nombre al grupo/);
    expect(
      within(first).getByRole('group', { name: 'Circunstancias del grupo' }),
    ).toHaveAccessibleDescription(/Error: Marca al menos una circunstancia/);
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    expect(within(summary).getByRole('link', { name: /Nombra la fuente/ })).toHaveAttribute(
      'href',
      '#activity-publicValueDescription',
    );
    expect(within(summary).getByRole('link', { name: /Marca al menos/ })).toHaveAttribute(
      'href',
      '#activity-group-0-circumstances',
    );
    expect(posted(api)).toHaveLength(0);

    // reserved places need their circumstance
    await userEvent.clear(screen.getByLabelText(/Plazas que se reservan/));
    await userEvent.type(screen.getByLabelText(/Plazas que se reservan/), '2');
    await create();
    expect(
      screen.getByRole('combobox', { name: 'Circunstancia de las plazas reservadas' }),
    ).toHaveAccessibleDescription(/Error: Elige para qué circunstancia/);
    expect(posted(api)).toHaveLength(0);
  });

  it('sends the source, the reserved places and the groups, residents first at the draw', async () => {
    const api = setup();
    await lottery();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Fuente del valor público' }),
      'Un valor anunciado',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Qué valor, con la fuente y el día' }),
      'Número premiado del cupón diario de la ONCE del 16 de diciembre de 2026',
    );
    await userEvent.type(screen.getByLabelText(/Plazas que se reservan/), '2');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Circunstancia de las plazas reservadas' }),
      'Pensionista',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Añadir un grupo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Añadir un grupo' }));
    const first = screen.getByRole('group', { name: 'Grupo 1' });
    await userEvent.type(
      within(first).getByRole('textbox', { name: 'Nombre del grupo' }),
      'Familias numerosas',
    );
    await userEvent.click(
      within(first).getByRole('checkbox', { name: 'Familia numerosa general' }),
    );
    const second = screen.getByRole('group', { name: 'Grupo 2' });
    await userEvent.type(
      within(second).getByRole('textbox', { name: 'Nombre del grupo' }),
      'Resto',
    );
    expect(screen.queryByLabelText(/El grupo puede solicitar desde/)).toBeNull();
    await create();
    await screen.findByText('Actividad guardada correctamente.');
    expect(posted(api)[0]).toMatchObject({
      allocation: 'lottery',
      capacity: 20,
      public_value_source: 'announced',
      public_value_description:
        'Número premiado del cupón diario de la ONCE del 16 de diciembre de 2026',
      reserved_places: 2,
      reserved_circumstance_id: 2,
      priority_mode: 'ranked',
      priority_groups: [
        { name: 'Familias numerosas', circumstance_ids: [1], opens_at: null },
        { name: 'Resto', circumstance_ids: [], opens_at: null },
      ],
    });
  });

  it('first come: an earlier window per group, checked against the activity’s opening', async () => {
    const api = setup();
    await lottery('first_come');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir un grupo' }));
    const group = screen.getByRole('group', { name: 'Grupo 1' });
    await userEvent.type(
      within(group).getByRole('textbox', { name: 'Nombre del grupo' }),
      'Pensionistas',
    );
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Pensionista' }));
    const opens = within(group).getByLabelText(/El grupo puede solicitar desde/);
    await userEvent.type(opens, '2026-12-02T09:00');
    await create();
    expect(opens).toHaveAccessibleDescription(
      /Error: El plazo de un grupo no puede abrir después que el de la actividad/,
    );
    expect(posted(api)).toHaveLength(0);
    await userEvent.clear(opens);
    await userEvent.type(opens, '2026-11-28T09:00');
    await create();
    await screen.findByText('Actividad guardada correctamente.');
    const body = posted(api)[0]!;
    expect(body).toMatchObject({
      priority_mode: 'windows',
      priority_groups: [
        { name: 'Pensionistas', circumstance_ids: [2], opens_at: '2026-11-28T08:00:00.000Z' },
      ],
    });
    expect(body).not.toHaveProperty('public_value_source');
    expect(body).not.toHaveProperty('reserved_places');
  });

  it('edits them as saved, and shows the server’s 422 and 409 on the field they name', async () => {
    const lotteryRow = {
      ...activities[0]!,
      allocation: 'lottery' as const,
      capacity: 20,
      applications_open_at: '2026-12-01T08:00:00.000Z',
      applications_close_at: '2026-12-15T22:59:00.000Z',
      public_value_source: 'drand' as const,
      public_value_description: null,
      reserved_places: 2,
      reserved_circumstance_id: 2,
      priority_mode: 'windows' as const,
      priority_groups: [
        { name: 'Pensionistas', circumstance_ids: [2], opens_at: '2026-11-28T08:00:00.000Z' },
        { name: 'Resto', circumstance_ids: [], opens_at: null },
      ],
    };
    const api = setup({
      'GET /api/admin/activities-crud/': { body: [lotteryRow, activities[1]] },
      'PUT /api/admin/activities-crud/1': {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'priority_groups', 1, 'opens_at'],
              msg: 'Un grupo no puede abrir antes que el grupo anterior.',
              type: 'priority_windows_order',
            },
          ],
          code: 'validation_error',
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar actividad Natación infantil' }),
    );
    expect(screen.getByRole('combobox', { name: 'Fuente del valor público' })).toHaveValue('drand');
    expect(screen.getByLabelText(/Plazas que se reservan/)).toHaveValue('2');
    expect(
      screen.getByRole('combobox', { name: 'Circunstancia de las plazas reservadas' }),
    ).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Cómo van primero los grupos' })).toHaveValue(
      'windows',
    );
    const first = screen.getByRole('group', { name: 'Grupo 1' });
    expect(within(first).getByLabelText(/El grupo puede solicitar desde/)).toHaveValue(
      '2026-11-28T09:00',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const second = screen.getByRole('group', { name: 'Grupo 2' });
    expect(
      await within(second).findByLabelText(/El grupo puede solicitar desde/),
    ).toHaveAccessibleDescription(/Error: Un grupo no puede abrir antes que el grupo anterior/);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      public_value_source: 'drand',
      public_value_description: null,
      reserved_places: 2,
      reserved_circumstance_id: 2,
      priority_mode: 'windows',
      priority_groups: [
        { name: 'Pensionistas', circumstance_ids: [2], opens_at: '2026-11-28T08:00:00.000Z' },
        { name: 'Resto', circumstance_ids: [], opens_at: null },
      ],
    });

    const fixed = 'La fuente del valor público no puede cambiar una vez abiertas las solicitudes.';
    mockApi({
      'PUT /api/admin/activities-crud/1': {
        status: 409,
        body: { detail: fixed, code: 'public_value_source_fixed' },
      },
    });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Fuente del valor público' }),
      'Ninguna',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByRole('combobox', {
        name: 'Fuente del valor público',
        description: new RegExp(`Error: ${fixed}`),
      }),
    ).toBeInTheDocument();
  });
});
