import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, serverList } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { Activity } from '../api/activities';
import {
  activities,
  circumstances,
  enrolled,
  enrolment,
  enrolments,
  noPlaces,
  signInAsAdmin,
} from '../test-support';
import { EnrolmentsSection } from './enrolments-section';

// 23 rows: 3 pages of 10; only row 17 does Yoga
const many = Array.from({ length: 23 }, (_, i) =>
  enrolment(i + 1, {
    activities: i === 16 ? [enrolled(9, 'Yoga senior')] : [enrolled(1, 'Natación infantil')],
  }),
);
/** The server's paging and search over these rows (every field and the activity names). */
const server = (rows: typeof many) =>
  serverList(rows, (e) => [
    e.first_name,
    e.last_name,
    e.dni,
    e.email,
    e.phone,
    ...e.activities.map((a) => a.name),
  ]);

function setup(
  handlers: Parameters<typeof mockApi>[0] = {},
  props: { enrolmentsVersion?: number } = {},
) {
  const onChanged = vi.fn();
  const api = mockApi({
    'GET /api/admin/person-activities/': { body: enrolments },
    'GET /api/admin/activities-crud/': { body: activities },
    ...handlers,
  });
  renderScreen(
    <EnrolmentsSection
      enrolmentsVersion={props.enrolmentsVersion ?? 0}
      activitiesVersion={0}
      onChanged={onChanged}
    />,
    { locale: 'es' },
  );
  return { api, onChanged };
}

const table = () => screen.findByRole('table', { name: 'Inscripciones' });
const status = () => screen.getByRole('navigation', { name: 'Páginas de inscripciones' });

describe('person-activity enrolments', () => {
  beforeEach(signInAsAdmin);
  it('lists first name, last name, dni, email, phone and activities', async () => {
    setup();
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Nombre',
      'Apellidos',
      'DNI',
      'Correo electrónico',
      'Teléfono',
      'Actividades',
      'Editar',
      'Eliminar',
    ]);
    expect(within(t).getAllByRole('row')[1]).toHaveTextContent(
      'MaríaLópez García12345678Zmaria.lopez@example.es612345678' +
        'Natación infantilPagado 0,00 € · Pendiente 30,00 €' +
        'Pádel adultosPagado 0,00 € · Pendiente 30,00 €',
    );
  });

  it('asks the server for one page of 10 at a time, with first/previous/next/last and page X of Y', async () => {
    const { api } = setup({ 'GET /api/admin/person-activities/': server(many) });
    const t = await table();
    await waitFor(() => expect(within(t).getAllByRole('row')).toHaveLength(11));
    expect(status()).toHaveTextContent('Página 1 de 3 · 23 resultados');
    const nav = within(status());
    expect(nav.getByRole('button', { name: /Primera/ })).toBeDisabled();
    expect(nav.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    await userEvent.click(nav.getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(status()).toHaveTextContent('Página 2 de 3'));
    expect(await within(t).findByText('Nombre11')).toBeInTheDocument();
    await userEvent.click(nav.getByRole('button', { name: /Última/ }));
    await waitFor(() => expect(within(t).getAllByRole('row')).toHaveLength(4));
    expect(status()).toHaveTextContent('Página 3 de 3');
    expect(nav.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    await userEvent.click(nav.getByRole('button', { name: /Anterior/ }));
    await waitFor(() => expect(status()).toHaveTextContent('Página 2 de 3'));
    await userEvent.click(nav.getByRole('button', { name: /Primera/ }));
    await waitFor(() => expect(status()).toHaveTextContent('Página 1 de 3'));
    const listCalls = api.calls.filter((c) => c.path.startsWith('/api/admin/person-activities/'));
    expect(listCalls.every((c) => c.path.includes('page_size=10'))).toBe(true);
  });

  it('searches on the server over activity names too once typing pauses, and a new search goes back to page 1', async () => {
    const { api } = setup({ 'GET /api/admin/person-activities/': server(many) });
    const t = await table();
    await userEvent.click(within(status()).getByRole('button', { name: /Última/ }));
    await waitFor(() => expect(status()).toHaveTextContent('Página 3 de 3'));
    const search = screen.getByRole('searchbox', { name: /Buscar/ });
    await userEvent.type(search, 'YOGA');
    await waitFor(() => expect(status()).toHaveTextContent('Página 1 de 1 · 1 resultado'));
    expect(within(t).getByText('Nombre17')).toBeInTheDocument();
    // one request for the whole word, not one per key
    expect(api.calls.filter((c) => c.path.includes('q=')).map((c) => c.path)).toEqual([
      '/api/admin/person-activities/?page=1&page_size=10&q=YOGA',
    ]);
    await userEvent.clear(search);
    await userEvent.type(search, 'natación');
    await waitFor(() => expect(status()).toHaveTextContent('Página 1 de 3 · 22 resultados'));
  });

  it('goes back to page 1 when the list reloads (after a delete)', async () => {
    mockApi({
      'GET /api/admin/person-activities/': server(many),
      'GET /api/admin/activities-crud/': { body: activities },
      'DELETE /api/admin/person-activities/23': { status: 204 },
    });
    // the page bumps the version when a section changes enrolments
    function Harness() {
      const [version, setVersion] = useState(0);
      return (
        <EnrolmentsSection
          enrolmentsVersion={version}
          activitiesVersion={0}
          onChanged={() => setVersion((n) => n + 1)}
        />
      );
    }
    renderScreen(<Harness />, { locale: 'es' });
    await table();
    await userEvent.click(within(status()).getByRole('button', { name: /Última/ }));
    await waitFor(() => expect(status()).toHaveTextContent('Página 3 de 3'));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Eliminar inscripción de Nombre23 Apellido23' }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    await screen.findByText('Inscripción eliminada correctamente.');
    await waitFor(() => expect(status()).toHaveTextContent('Página 1 de 3'));
  });

  it('shows the activities as a multi-select 4 to 8 rows tall, with the start date in brackets', async () => {
    setup();
    await table();
    const select = await screen.findByRole('listbox', { name: /Actividades/ });
    expect(select).toHaveAttribute('size', '4');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Natación infantil (01/10/2026)', 'Pádel adultos']);
  });

  it('a catalogue too large to list gets a search that asks the server and keeps what was chosen', async () => {
    const catalogue: Activity[] = Array.from({ length: 120 }, (_, i) => ({
      id: i + 1,
      name: `Actividade ${String(i + 1).padStart(3, '0')}`,
      price: 10,
      start_date: null,
      ...noPlaces,
    }));
    setup({ 'GET /api/admin/activities-crud/': serverList(catalogue, (a) => [a.name]) });
    const select = await screen.findByRole('listbox', { name: /Actividades/ });
    expect(within(select).getAllByRole('option')).toHaveLength(100);
    await userEvent.selectOptions(select, ['2']);
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Buscar actividades para elegir' }),
      '115',
    );
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Actividade 115', 'Actividade 002']),
    );
    expect(within(select).getByRole('option', { name: 'Actividade 002' })).toHaveProperty(
      'selected',
      true,
    );
  });

  it('caps the multi-select at 8 rows', async () => {
    const ten: Activity[] = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      name: `Actividad ${i + 1}`,
      price: 10,
      start_date: null,
      ...noPlaces,
    }));
    setup({ 'GET /api/admin/activities-crud/': { body: ten } });
    expect(await screen.findByRole('listbox', { name: /Actividades/ })).toHaveAttribute(
      'size',
      '8',
    );
  });

  it('requires first name, last name, dni and phone', async () => {
    const { api } = setup();
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Crear inscripción' }));
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    expect(summary).toHaveTextContent('Por favor, completa todos los campos obligatorios');
    for (const name of [
      'Introduce el nombre',
      'Introduce los apellidos',
      'Introduce el DNI',
      'Introduce el teléfono',
    ]) {
      expect(within(summary).getByRole('link', { name })).toBeVisible();
    }
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says when the saved phone is not a mobile, as the server words it', async () => {
    const warning =
      'El teléfono 986123456 no es un móvil: esta persona no podrá asociarse a ninguna cuenta, porque el código se envía por SMS. Si tiene móvil, guárdalo en su lugar.';
    setup({
      'POST /api/admin/person-activities/': {
        status: 201,
        body: {
          id: 6,
          first_name: 'Carmen',
          last_name: 'Souto',
          dni: '11111111H',
          email: null,
          phone: '986123456',
          birth_date: null,
          activities: [],
          warnings: [{ loc: ['body', 'phone'], msg: warning, type: 'landline' }],
        },
      },
    });
    await table();
    await userEvent.type(screen.getByLabelText('Nombre'), 'Carmen');
    await userEvent.type(screen.getByLabelText('Apellidos'), 'Souto');
    await userEvent.type(screen.getByLabelText('DNI'), '11111111H');
    await userEvent.type(screen.getByLabelText('Teléfono'), '986123456');
    await userEvent.click(screen.getByRole('button', { name: 'Crear inscripción' }));
    expect(await screen.findByText('Inscripción guardada correctamente.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Guardado, pero revísalo' });
    expect(list).toHaveTextContent(warning);
  });

  it('creates an enrolment (empty email as null) and resets the form', async () => {
    const { api, onChanged } = setup({
      'POST /api/admin/person-activities/': {
        status: 201,
        body: {
          id: 5,
          first_name: 'Ana',
          last_name: 'Pérez',
          dni: '11111111H',
          email: null,
          phone: '633333333',
          birth_date: null,
          activities: [enrolled(1, 'Natación infantil')],
          warnings: [],
        },
      },
    });
    await table();
    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana');
    await userEvent.type(screen.getByLabelText('Apellidos'), 'Pérez');
    await userEvent.type(screen.getByLabelText('DNI'), '11111111h');
    await userEvent.type(screen.getByLabelText('Teléfono'), '633333333');
    await userEvent.selectOptions(await screen.findByRole('listbox', { name: /Actividades/ }), [
      '1',
      '2',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Crear inscripción' }));
    expect(await screen.findByText('Inscripción guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      first_name: 'Ana',
      last_name: 'Pérez',
      dni: '11111111H',
      email: null,
      phone: '633333333',
      birth_date: null,
      activity_ids: [1, 2],
    });
    expect(onChanged).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
    expect(screen.getByLabelText('DNI')).toHaveValue('');
    const select = screen.getByRole('listbox', { name: /Actividades/ }) as HTMLSelectElement;
    expect(select.selectedOptions).toHaveLength(0);
  });

  it('edits an enrolment with its activities preselected', async () => {
    const { api } = setup({
      'PUT /api/admin/person-activities/4': { body: enrolments[1] },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar inscripción de Xoán López Pereira' }),
    );
    expect(screen.getByLabelText('Nombre')).toHaveValue('Xoán');
    const select = (await screen.findByRole('listbox', {
      name: /Actividades/,
    })) as HTMLSelectElement;
    expect(Array.from(select.selectedOptions, (o) => o.value)).toEqual(['2']);
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'xoan@example.gal');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Inscripción guardada correctamente.');
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/admin/person-activities/4');
    expect(put?.body).toMatchObject({ email: 'xoan@example.gal', activity_ids: [2] });
  });

  it('edits a person without a DNI: the field is optional, says why, and an empty one is sent as null', async () => {
    const child = enrolment(30, { first_name: 'Uxía', last_name: 'Rey Castro', dni: null });
    const { api } = setup({
      'GET /api/admin/person-activities/': { body: [child] },
      'PUT /api/admin/person-activities/30': { body: { ...child, warnings: [] } },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar inscripción de Uxía Rey Castro' }),
    );
    const dni = screen.getByRole('textbox', { name: /^DNI/ });
    expect(dni).toHaveValue('');
    expect(dni).toHaveAccessibleDescription(/No tiene DNI \(lo añadió la familia\)/);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Inscripción guardada correctamente.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ dni: null });
  });

  it('corrects a birth date on record: shows it, says what it decides, and sends the new one', async () => {
    const { api } = setup({
      'PUT /api/admin/person-activities/4': {
        body: { ...enrolments[1], birth_date: '2017-05-09', warnings: [] },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar inscripción de Xoán López Pereira' }),
    );
    const born = screen.getByLabelText('Fecha de nacimiento');
    expect(born).toHaveAttribute('type', 'date');
    expect(born).toHaveValue('2016-04-02');
    expect(born).toHaveAccessibleDescription(/Decide el precio por edad de lo que queda por pagar/);
    await userEvent.clear(born);
    await userEvent.type(born, '2017-05-09');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Inscripción guardada correctamente.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      birth_date: '2017-05-09',
    });
  });

  it('shows the server’s refusal of a birth date on the field, and an emptied date on record is not sent', async () => {
    const { api } = setup({
      'PUT /api/admin/person-activities/4': {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'birth_date'],
              msg: 'Introduce una fecha de nacimiento válida.',
              type: 'invalid_birth_date',
            },
          ],
          code: 'validation_error',
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar inscripción de Xoán López Pereira' }),
    );
    const born = screen.getByLabelText('Fecha de nacimiento');
    await userEvent.clear(born);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(born).toHaveAccessibleDescription(
      expect.stringContaining(
        'Una fecha de nacimiento registrada se puede corregir, pero no borrar.',
      ),
    );
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(born, '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(born).toHaveAccessibleDescription(
        expect.stringContaining('Introduce una fecha de nacimiento válida.'),
      ),
    );
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      birth_date: '2027-01-01',
    });
    expect(born).toHaveValue('2027-01-01');
  });

  it('shows the server detail when saving fails, else the fallback', async () => {
    setup({
      'PUT /api/admin/person-activities/3': {
        status: 409,
        body: { detail: 'No se puede quitar una actividad ya pagada.', code: 'has_paid_items' },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar inscripción de María López García' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(
      'No se puede quitar una actividad ya pagada.',
    );
    mockApi({ 'PUT /api/admin/person-activities/3': { status: 502, body: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(
        'Error al guardar la inscripción',
      ),
    );
    // the form keeps what was typed
    expect(screen.getByLabelText('Nombre')).toHaveValue('María');
  });

  it('asks before deleting; shows the success, the server detail or the fallback', async () => {
    const { api } = setup({
      'DELETE /api/admin/person-activities/4': { status: 204 },
      'DELETE /api/admin/person-activities/3': {
        status: 409,
        body: {
          detail: 'La inscripción tiene actividades pagadas y no se puede eliminar.',
          code: 'has_paid_items',
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Eliminar inscripción de Xoán López Pereira' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Eliminar la inscripción de Xoán López Pereira?',
    });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Inscripción eliminada correctamente.')).toBeInTheDocument();

    await userEvent.click(
      screen.getByRole('button', { name: 'Eliminar inscripción de María López García' }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(
      await screen.findByText('La inscripción tiene actividades pagadas y no se puede eliminar.'),
    ).toBeInTheDocument();

    mockApi({ 'DELETE /api/admin/person-activities/3': { status: 502, body: null } });
    await userEvent.click(
      screen.getByRole('button', { name: 'Eliminar inscripción de María López García' }),
    );
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(await screen.findByText('Error al eliminar la inscripción')).toBeInTheDocument();
  });

  it('shows the load errors of the enrolments and of the activity list', async () => {
    setup({
      'GET /api/admin/person-activities/': { status: 502, body: null },
      'GET /api/admin/activities-crud/': { status: 502, body: null },
    });
    expect(await screen.findByText('Error al cargar las inscripciones')).toBeInTheDocument();
    expect(await screen.findByText('Error al cargar la lista de actividades')).toBeInTheDocument();
  });

  describe('a circumstance seen at the counter', () => {
    const withCircumstances = (handlers: Parameters<typeof mockApi>[0] = {}) =>
      setup({ 'GET /api/admin/circumstances': { body: circumstances }, ...handlers });

    it('is offered on each row once the council has circumstances', async () => {
      setup();
      await table();
      expect(screen.queryByRole('button', { name: /^Registrar una circunstancia/ })).toBeNull();
    });

    it('records one until a date, the date of a rule by months filled in, and says so', async () => {
      const recorded = {
        id: 44,
        person_activity_id: 4,
        person_name: 'Xoán López Pereira',
        dni: '87654321X',
        circumstance_id: 1,
        circumstance_name: 'Familia numerosa general',
        status: 'approved',
        valid_until: '2027-11-27',
        suggested_valid_until: null,
        reason: null,
        source: 'counter',
        document_type: null,
        created_at: '2026-11-27T12:10:00.000Z',
        decided_at: '2026-11-27T12:10:00.000Z',
      };
      const { api } = withCircumstances({
        'POST /api/admin/persons/4/circumstances': { status: 201, body: recorded },
      });
      await userEvent.click(
        await screen.findByRole('button', {
          name: 'Registrar una circunstancia de Xoán López Pereira',
        }),
      );
      const dialog = within(
        screen.getByRole('dialog', { name: 'Registrar una circunstancia de Xoán López Pereira' }),
      );
      await userEvent.click(dialog.getByRole('button', { name: 'Registrar' }));
      expect(dialog.getByLabelText('Circunstancia')).toHaveAccessibleDescription(
        'Error: Elige la circunstancia',
      );
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
      // a rule of 12 months fills the date in; one until the document's date leaves it to staff
      await userEvent.selectOptions(dialog.getByLabelText('Circunstancia'), '2');
      expect(dialog.getByLabelText('En vigor hasta')).not.toHaveValue('');
      await userEvent.selectOptions(dialog.getByLabelText('Circunstancia'), '1');
      expect(dialog.getByLabelText('En vigor hasta')).toHaveValue('');
      await userEvent.type(dialog.getByLabelText('En vigor hasta'), '2027-11-27');
      await userEvent.click(dialog.getByRole('button', { name: 'Registrar' }));
      expect(
        await screen.findByText(
          'Familia numerosa general registrada para Xoán López Pereira hasta el 27/11/2027.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        circumstance_id: 1,
        valid_until: '2027-11-27',
      });
    });

    it("keeps the dialog open with the server's refusal (409 already_approved)", async () => {
      withCircumstances({
        'POST /api/admin/persons/3/circumstances': {
          status: 409,
          body: {
            detail: 'Esta persona ya tiene aprobada esta circunstancia.',
            code: 'already_approved',
          },
        },
      });
      await userEvent.click(
        await screen.findByRole('button', {
          name: 'Registrar una circunstancia de María López García',
        }),
      );
      const dialog = within(screen.getByRole('dialog'));
      await userEvent.selectOptions(dialog.getByLabelText('Circunstancia'), '2');
      await userEvent.click(dialog.getByRole('button', { name: 'Registrar' }));
      expect(
        await dialog.findByText('Esta persona ya tiene aprobada esta circunstancia.'),
      ).toBeInTheDocument();
    });
  });
});
