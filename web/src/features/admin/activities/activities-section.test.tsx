import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { activities, signInAsAdmin } from '../test-support';
import { ActivitiesSection } from './activities-section';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const onChanged = vi.fn();
  const api = mockApi({ 'GET /api/admin/activities-crud/': { body: activities }, ...handlers });
  renderScreen(<ActivitiesSection version={0} onChanged={onChanged} />, { locale: 'es' });
  return { api, onChanged };
}

/** What an activity with one price for everyone sends besides its own fields. */
const singlePrice = {
  tariffs: [],
  age_on: null,
  reductions_apply: true,
  fee_group: null,
  parts: [],
  registration_fee: 0,
};

const saved = {
  status: 201,
  body: { id: 5, name: 'Yoga senior', price: 40, start_date: '2027-01-10' },
};

describe('manual activity management', () => {
  beforeEach(signInAsAdmin);
  it('lists name, price in euros and start date', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Actividades' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Natación infantil\s*60,00\s€\s*01\/10\/2026/);
    expect(rows[2]).toHaveTextContent(/Pádel adultos\s*85,50\s€/);
  });

  it('tells same-named activities apart: venue, allocation and places; an edit shows the texts by language', async () => {
    const twin = {
      ...activities[0]!,
      allocation: 'lottery' as const,
      capacity: 1,
      venue: 'Piscina de Panxón',
      applications_open_at: '2026-12-01T08:00:00.000Z',
      applications_close_at: '2026-12-15T22:59:00.000Z',
      texts: {
        es: { description: null, schedule: null, venue: null },
        en: { description: null, schedule: null, venue: 'Panxón pool' },
        gl: { description: 'Aprender a nadar.', schedule: null, venue: null },
      },
    };
    setup({
      'GET /api/admin/activities-crud/': {
        body: [
          { ...activities[0]!, venue: 'Piscina municipal' },
          { ...twin, id: 3, start_date: '2027-01-11' },
          { ...twin, id: 4, capacity: 20, allocation: 'first_come' as const },
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Actividades' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Lugar', 'Reparto', 'Plazas']));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /Natación infantil.*01\/10\/2026.*Piscina municipal.*Inscribe el personal.*Sin plazas/,
      ),
      expect.stringMatching(
        /Natación infantil.*11\/01\/2027.*Piscina de Panxón.*Por sorteo.*1 plaza/,
      ),
      expect.stringMatching(
        /Natación infantil.*01\/10\/2026.*Piscina de Panxón.*Por orden de llegada.*20 plazas/,
      ),
    ]);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /Editar/ }));
    expect(await screen.findByLabelText(/Descripción \(gallego\)/)).toHaveValue(
      'Aprender a nadar.',
    );
    expect(screen.getByLabelText(/Lugar \(inglés\)/)).toHaveValue('Panxón pool');
    expect(screen.getByLabelText(/Lugar \(castellano\)/)).toHaveValue('');
  });

  it('shows error_loading_activities', async () => {
    setup({ 'GET /api/admin/activities-crud/': { status: 502, body: null } });
    expect(await screen.findByText('Error al cargar las actividades.')).toBeInTheDocument();
  });

  it('requires name and price (complete_all_required_fields)', async () => {
    const { api } = setup();
    await screen.findByRole('table', { name: 'Actividades' });
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    expect(summary).toHaveTextContent('Completa todos los campos obligatorios.');
    expect(
      within(summary).getByRole('link', { name: 'Introduce el nombre de la actividad' }),
    ).toBeVisible();
    expect(within(summary).getByRole('link', { name: 'Introduce el precio' })).toBeVisible();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('requires a numeric price of 0 or more', async () => {
    setup();
    await screen.findByRole('table', { name: 'Actividades' });
    await userEvent.type(screen.getByLabelText('Nombre'), 'Yoga');
    await userEvent.type(screen.getByLabelText('Precio en euros'), '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    expect(screen.getByLabelText('Precio en euros')).toHaveAccessibleDescription(
      'Por ejemplo, 40 o 12,50. Error: Introduce el precio como un número de 0 a 100.000, como 40 o 12,50',
    );
  });

  it('creates an activity with a decimal comma and an optional start date', async () => {
    const { api, onChanged } = setup({ 'POST /api/admin/activities-crud/': saved });
    await screen.findByRole('table', { name: 'Actividades' });
    await userEvent.type(screen.getByLabelText('Nombre'), ' Yoga senior ');
    await userEvent.type(screen.getByLabelText('Precio en euros'), '40,5');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    expect(await screen.findByText('Actividad guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Yoga senior',
      price: 40.5,
      start_date: null,
      allocation: 'none',
      ...singlePrice,
    });
    expect(onChanged).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
  });

  it('edits an activity (PUT with the start date)', async () => {
    const { api } = setup({ 'PUT /api/admin/activities-crud/2': { body: activities[1] } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar actividad Pádel adultos' }),
    );
    expect(
      screen.getByRole('heading', { name: 'Editar la actividad Pádel adultos' }),
    ).toHaveFocus();
    expect(screen.getByLabelText('Precio en euros')).toHaveValue('85,50');
    const date = screen.getByLabelText(/Fecha de inicio/);
    await userEvent.type(date, '2027-01-10');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Actividad guardada correctamente.');
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/admin/activities-crud/2');
    expect(put?.body).toEqual({
      name: 'Pádel adultos',
      price: 85.5,
      start_date: '2027-01-10',
      allocation: 'none',
      ...singlePrice,
    });
  });

  it('gives an activity places by draw: places, window in Madrid time, offer hours and ages', async () => {
    const { api } = setup({ 'POST /api/admin/activities-crud/': saved });
    await screen.findByRole('table', { name: 'Actividades' });
    await userEvent.type(screen.getByLabelText('Nombre'), 'Natación infantil');
    await userEvent.type(screen.getByLabelText('Precio en euros'), '60');
    expect(screen.queryByLabelText('Número de plazas')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Reparto de plazas'), 'lottery');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    expect(
      await screen.findByRole('link', { name: 'Introduce el número de plazas' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Número de plazas'), '20');
    await userEvent.type(screen.getByLabelText(/Apertura de solicitudes/), '2026-12-01T09:00');
    await userEvent.type(screen.getByLabelText(/Cierre de solicitudes/), '2026-12-15T23:59');
    await userEvent.clear(screen.getByLabelText(/Horas para pagar/));
    await userEvent.type(screen.getByLabelText(/Horas para pagar/), '48');
    await userEvent.type(screen.getByLabelText(/Año de nacimiento desde/), '2015');
    await userEvent.type(screen.getByLabelText(/Año de nacimiento hasta/), '2020');
    await userEvent.type(screen.getAllByLabelText(/^Lugar/)[0]!, 'Piscina municipal');
    await userEvent.type(screen.getByLabelText(/Descripción \(gallego\)/), 'Aprender a nadar.');
    await userEvent.type(screen.getByLabelText(/Lugar \(gallego\)/), 'Piscina de Nigrán');
    await userEvent.type(screen.getByLabelText(/Horario \(inglés\)/), 'Mondays, 17:00');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    await screen.findByText('Actividad guardada correctamente.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Natación infantil',
      price: 60,
      start_date: null,
      allocation: 'lottery',
      ...singlePrice,
      capacity: 20,
      applications_open_at: '2026-12-01T08:00:00.000Z',
      applications_close_at: '2026-12-15T22:59:00.000Z',
      offer_hours: 48,
      claims_days: null,
      waitlist_ends_at: null,
      free_places_at: null,
      description: null,
      schedule: null,
      venue: 'Piscina municipal',
      texts: {
        en: { schedule: 'Mondays, 17:00' },
        gl: { description: 'Aprender a nadar.', venue: 'Piscina de Nigrán' },
      },
      min_birth_year: 2015,
      max_birth_year: 2020,
      // no public value, reserved places nor priority groups unless staff give them
      public_value_source: null,
      public_value_description: null,
      reserved_places: 0,
      reserved_circumstance_id: null,
      priority_mode: null,
      priority_groups: [],
    });
  });

  it('shows the server detail when saving fails, else error_saving_activity', async () => {
    setup({
      'POST /api/admin/activities-crud/': {
        status: 409,
        body: {
          detail: 'Ya existe una actividad con ese nombre y fecha de inicio.',
          code: 'activity_exists',
        },
      },
    });
    await screen.findByRole('table', { name: 'Actividades' });
    await userEvent.type(screen.getByLabelText('Nombre'), 'Pádel adultos');
    await userEvent.type(screen.getByLabelText('Precio en euros'), '85');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    expect(await screen.findByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(
      'Ya existe una actividad con ese nombre y fecha de inicio.',
    );
    mockApi({ 'POST /api/admin/activities-crud/': { status: 502, body: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(
        'Error al guardar la actividad.',
      ),
    );
  });

  it('shows already_drawn when moving a drawn lottery’s window, and keeps the form as typed', async () => {
    const drawn = {
      ...activities[0]!,
      allocation: 'lottery' as const,
      capacity: 20,
      applications_open_at: '2026-12-01T08:00:00.000Z',
      applications_close_at: '2026-12-15T22:59:00.000Z',
    };
    const { api, onChanged } = setup({
      'GET /api/admin/activities-crud/': { body: [drawn, activities[1]] },
      'PUT /api/admin/activities-crud/1': {
        status: 409,
        body: {
          detail:
            'El sorteo de esta actividad ya se hizo; su plazo de solicitudes no se puede volver a abrir.',
          code: 'already_drawn',
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar actividad Natación infantil' }),
    );
    const close = screen.getByLabelText(/Cierre de solicitudes/);
    await userEvent.clear(close);
    await userEvent.type(close, '2026-12-20T23:59');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(
      'El sorteo de esta actividad ya se hizo; su plazo de solicitudes no se puede volver a abrir.',
    );
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      allocation: 'lottery',
      applications_close_at: '2026-12-20T22:59:00.000Z',
    });
    expect(screen.getByLabelText(/Cierre de solicitudes/)).toHaveValue('2026-12-20T23:59');
    expect(screen.queryByText('Actividad guardada correctamente.')).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('asks before deleting, then deletes', async () => {
    const { api, onChanged } = setup({ 'DELETE /api/admin/activities-crud/1': { status: 204 } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Eliminar actividad Natación infantil' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Eliminar la actividad Natación infantil?',
    });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Actividad eliminada correctamente.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledOnce();
  });

  it('shows has_paid_items (409 detail) or error_deleting_activity', async () => {
    setup({
      'DELETE /api/admin/activities-crud/1': {
        status: 409,
        body: {
          detail: 'La actividad tiene pagos y no se puede eliminar.',
          code: 'has_paid_items',
        },
      },
      'DELETE /api/admin/activities-crud/2': { status: 502, body: null },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Eliminar actividad Natación infantil' }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(
      await screen.findByText('La actividad tiene pagos y no se puede eliminar.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar actividad Pádel adultos' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Error al eliminar la actividad.')).toBeInTheDocument();
  });

  describe('prices by age', () => {
    it('starts from two bands, checks them as the server does (naming the ages), then sends them', async () => {
      const { api } = setup({ 'POST /api/admin/activities-crud/': saved });
      await screen.findByRole('table', { name: 'Actividades' });
      await userEvent.type(screen.getByLabelText('Nombre'), 'Escola de fútbol');
      await userEvent.type(screen.getByLabelText('Precio en euros'), '50');
      await userEvent.click(screen.getByRole('button', { name: 'Poner precios por edad' }));
      // the single price gives way to the bands
      expect(
        screen.queryByLabelText('Precio en euros', { selector: '#activity-price' }),
      ).toBeNull();
      const band = (n: number) => within(screen.getByRole('group', { name: `Tramo ${n}` }));
      expect(band(1).getByLabelText('Desde la edad')).toHaveValue('0');
      expect(band(1).getByLabelText(/^Hasta la edad/)).toHaveValue('17');
      expect(
        band(2).getByRole('radio', { name: 'Lo paga quien no tiene fecha de nacimiento' }),
      ).toBeChecked();
      await userEvent.clear(band(2).getByLabelText('Desde la edad'));
      await userEvent.type(band(2).getByLabelText('Desde la edad'), '21');
      await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
      expect(band(2).getByLabelText('Desde la edad')).toHaveAccessibleDescription(
        'Error: Las edades de 18 a 20 años no tienen precio',
      );
      expect(
        within(screen.getByRole('alert', { name: 'Hay un problema' })).getByRole('link', {
          name: 'Las edades de 18 a 20 años no tienen precio',
        }),
      ).toHaveAttribute('href', '#activity-tariff-1-minAge');
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

      await userEvent.clear(band(2).getByLabelText('Desde la edad'));
      await userEvent.type(band(2).getByLabelText('Desde la edad'), '18');
      await userEvent.type(band(2).getByLabelText(/^Hasta la edad/), '64');
      await userEvent.clear(band(2).getByLabelText('Precio en euros'));
      await userEvent.type(band(2).getByLabelText('Precio en euros'), '80');
      await userEvent.click(screen.getByRole('button', { name: 'Añadir un tramo' }));
      await userEvent.type(band(3).getByLabelText('Desde la edad'), '65');
      await userEvent.type(band(3).getByLabelText('Precio en euros'), '50');
      await userEvent.type(screen.getByLabelText(/^Edad a fecha de/), '2026-09-01');
      await userEvent.click(
        screen.getByRole('checkbox', { name: 'Se aplican las reducciones por circunstancias' }),
      );
      await userEvent.type(screen.getByLabelText(/^Grupo de cuotas/), 'Escolas deportivas 2026-27');
      await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
      await screen.findByText('Actividad guardada correctamente.');
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Escola de fútbol',
        price: 80,
        start_date: null,
        allocation: 'none',
        tariffs: [
          { min_age: 0, max_age: 17, price: 50, default: false },
          { min_age: 18, max_age: 64, price: 80, default: true },
          { min_age: 65, max_age: null, price: 50, default: false },
        ],
        age_on: '2026-09-01',
        reductions_apply: false,
        fee_group: 'Escolas deportivas 2026-27',
        parts: [],
        registration_fee: 0,
      });
    });

    it("shows the server's 422 on the band it names, and suggests the fee groups in use", async () => {
      const grouped = activities.map((a) => ({ ...a, fee_group: 'Escolas deportivas 2026-27' }));
      setup({
        'GET /api/admin/activities-crud/': { body: grouped },
        'POST /api/admin/activities-crud/': {
          status: 422,
          body: {
            detail: [
              {
                loc: ['body', 'tariffs', 0, 'max_age'],
                msg: 'Las edades desde 65 años no tienen precio.',
                type: 'fees_tariff_open_end',
              },
            ],
            code: 'validation_error',
          },
        },
      });
      await screen.findByRole('table', { name: 'Actividades' });
      await waitFor(() =>
        expect(document.querySelector('#activity-fee-groups option')).toHaveAttribute(
          'value',
          'Escolas deportivas 2026-27',
        ),
      );
      expect(screen.getByLabelText(/^Grupo de cuotas/)).toHaveAttribute(
        'list',
        'activity-fee-groups',
      );
      await userEvent.type(screen.getByLabelText('Nombre'), 'Ximnasia');
      await userEvent.type(screen.getByLabelText('Precio en euros'), '30');
      await userEvent.click(screen.getByRole('button', { name: 'Poner precios por edad' }));
      await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
      const band = within(screen.getByRole('group', { name: 'Tramo 1' }));
      await waitFor(() =>
        expect(band.getByLabelText(/^Hasta la edad/)).toHaveAccessibleDescription(
          'Vacío: «y más». Error: Las edades desde 65 años no tienen precio.',
        ),
      );
    });

    it("edits an activity's bands as saved", async () => {
      const withBands = {
        ...activities[0]!,
        tariffs: [
          { min_age: 0, max_age: 17, price: 50, default: false },
          { min_age: 18, max_age: null, price: 80, default: true },
        ],
        age_on: '2026-09-01',
        reductions_apply: false,
        fee_group: 'Escolas deportivas 2026-27',
        parts: [],
      };
      setup({ 'GET /api/admin/activities-crud/': { body: [withBands] } });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Editar actividad Natación infantil' }),
      );
      const band = (n: number) => within(screen.getByRole('group', { name: `Tramo ${n}` }));
      expect(band(1).getByLabelText('Precio en euros')).toHaveValue('50,00');
      expect(band(2).getByLabelText(/^Hasta la edad/)).toHaveValue('');
      expect(band(2).getByRole('radio')).toBeChecked();
      expect(screen.getByLabelText(/^Edad a fecha de/)).toHaveValue('2026-09-01');
      expect(
        screen.getByRole('checkbox', { name: 'Se aplican las reducciones por circunstancias' }),
      ).not.toBeChecked();
      expect(screen.getByLabelText(/^Grupo de cuotas/)).toHaveValue('Escolas deportivas 2026-27');
    });
  });
});
