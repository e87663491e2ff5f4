import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { circumstances, signInAsAdmin } from '../test-support';
import { CircumstancesSection } from './circumstances-section';

function setup(handlers: Parameters<typeof mockApi>[0] = {}, locale: 'es' | 'en' | 'gl' = 'es') {
  const onChanged = vi.fn();
  const api = mockApi({ 'GET /api/admin/circumstances': { body: circumstances }, ...handlers });
  renderScreen(<CircumstancesSection version={0} onChanged={onChanged} />, { locale });
  return { api, onChanged };
}

async function fillLanguages() {
  const texts = {
    Español: ['Carné Xove', 'Carné Xove en vigor.'],
    Inglés: ['Carné Xove (youth card)', 'A valid Carné Xove.'],
    Gallego: ['Carné Xove', 'Carné Xove en vigor.'],
  } as const;
  for (const [legend, [name, proof]] of Object.entries(texts)) {
    const group = screen.getByRole('group', { name: legend });
    await userEvent.type(within(group).getByLabelText('Nombre'), name);
    await userEvent.type(within(group).getByLabelText(/^Justificante/), proof);
  }
}

describe('circumstances', () => {
  beforeEach(signInAsAdmin);

  it("lists names, proof, validity, who checks and the counts, in the reader's language", async () => {
    setup({}, 'gl');
    const table = await screen.findByRole('table', { name: 'Lista de circunstancias' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /Familia numerosa xeral\s*Título de familia numerosa en vigor \(as dúas caras\)\.\s*Ata a data do documento\s*Revisión do persoal\s*14\s*2/,
    );
    expect(rows[2]).toHaveTextContent(/Pensionista.*12 meses\s*Declaración responsable\s*31\s*0/);
  });

  it('creates a household title: asked once for the family', async () => {
    const { api } = setup({
      'POST /api/admin/circumstances': { status: 201, body: { ...circumstances[0], id: 6 } },
    });
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    await fillLanguages();
    const scope = screen.getByRole('group', { name: '¿Para quién se pide?' });
    expect(within(scope).getByRole('radio', { name: /^Para cada persona/ })).toBeChecked();
    await userEvent.click(within(scope).getByRole('radio', { name: /^Para la familia/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    expect(await screen.findByText('Circunstancia guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ scope: 'household' });
  });

  it('creates one with its texts in three languages, marked with their language', async () => {
    const { api, onChanged } = setup({
      'POST /api/admin/circumstances': { status: 201, body: { ...circumstances[0], id: 5 } },
    });
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    await fillLanguages();
    const english = within(screen.getByRole('group', { name: 'Inglés' }));
    expect(english.getByLabelText('Nombre')).toHaveAttribute('lang', 'en');
    expect(english.getByLabelText(/^Justificante/)).toHaveAttribute('lang', 'en');
    await userEvent.clear(screen.getByLabelText('Meses'));
    await userEvent.type(screen.getByLabelText('Meses'), '24');
    await userEvent.click(screen.getByRole('radio', { name: 'Declaración responsable' }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    expect(await screen.findByText('Circunstancia guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: { es: 'Carné Xove', en: 'Carné Xove (youth card)', gl: 'Carné Xove' },
      proof: { es: 'Carné Xove en vigor.', en: 'A valid Carné Xove.', gl: 'Carné Xove en vigor.' },
      validity_months: 24,
      review: 'declaration',
      min_age: null,
      max_age: null,
      scope: 'person',
    });
    expect(onChanged).toHaveBeenCalledOnce();
  });

  it('a circumstance by age: the proof and validity go, its ages are asked, labelled and sent', async () => {
    const { api } = setup({
      'POST /api/admin/circumstances': { status: 201, body: circumstances[0] },
    });
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    await fillLanguages();
    await userEvent.click(screen.getByRole('radio', { name: /^Por edad/ }));
    expect(screen.queryByLabelText(/^Justificante/)).toBeNull();
    expect(screen.queryByLabelText('Meses')).toBeNull();
    expect(screen.getByRole('group', { name: 'Edades' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    // the first age is required, said on its field
    expect(await screen.findAllByText(/Indica desde qué edad se aplica/)).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Desde los/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Desde los/), '65');
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    await screen.findByText('Circunstancia guardada correctamente.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: expect.any(Object),
      validity_months: null,
      review: 'age',
      min_age: 65,
      max_age: null,
      scope: 'person',
    });
  });

  it('a circumstance by age is never a household’s: the choice goes, and it is sent per person', async () => {
    const { api } = setup({
      'POST /api/admin/circumstances': { status: 201, body: circumstances[0] },
    });
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    await fillLanguages();
    const scopeName = '¿Para quién se pide?';
    await userEvent.click(
      within(screen.getByRole('group', { name: scopeName })).getByRole('radio', {
        name: /^Para la familia/,
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: /^Por edad/ }));
    expect(screen.queryByRole('group', { name: scopeName })).toBeNull();
    expect(screen.queryByRole('radio', { name: /^Para la familia/ })).toBeNull();
    // reviewed by staff again, the choice comes back as it was
    await userEvent.click(screen.getByRole('radio', { name: /^Revisión del personal/ }));
    expect(
      within(screen.getByRole('group', { name: scopeName })).getByRole('radio', {
        name: /^Para la familia/,
      }),
    ).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /^Por edad/ }));
    await userEvent.type(screen.getByLabelText(/^Desde los/), '65');
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    await screen.findByText('Circunstancia guardada correctamente.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      review: 'age',
      scope: 'person',
    });
  });

  it("until the document's date sends no months", async () => {
    const { api } = setup({
      'POST /api/admin/circumstances': { status: 201, body: circumstances[0] },
    });
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    await fillLanguages();
    await userEvent.click(screen.getByRole('radio', { name: 'Hasta la fecha del documento' }));
    expect(screen.queryByLabelText('Meses')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    await screen.findByText('Circunstancia guardada correctamente.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      validity_months: null,
      review: 'staff',
    });
  });

  it('needs every language and 1–60 months, and sends nothing until then', async () => {
    const { api } = setup();
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    const gl = within(screen.getByRole('group', { name: 'Gallego' }));
    await userEvent.type(gl.getByLabelText('Nombre'), 'Pensionista');
    await userEvent.clear(screen.getByLabelText('Meses'));
    await userEvent.type(screen.getByLabelText('Meses'), '61');
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    expect(summary).toHaveTextContent('Completa todos los campos obligatorios.');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Introduce el nombre en español',
      'Introduce el justificante en español',
      'Introduce el nombre en inglés',
      'Introduce el justificante en inglés',
      'Introduce el justificante en gallego',
      'Introduce un número de meses de 1 a 60',
    ]);
    expect(screen.getByLabelText('Meses')).toHaveAccessibleDescription(
      'De 1 a 60. Error: Introduce un número de meses de 1 a 60',
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's 422 on the field it names, and a 409 in the summary", async () => {
    setup({
      'POST /api/admin/circumstances': {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'name', 'gl'], msg: 'O nome é demasiado longo.', type: 'too_long' },
          ],
          code: 'validation_error',
        },
      },
    });
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    await fillLanguages();
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    const gl = within(screen.getByRole('group', { name: 'Gallego' }));
    await waitFor(() =>
      expect(gl.getByLabelText('Nombre')).toHaveAccessibleDescription(
        'Error: O nome é demasiado longo.',
      ),
    );
    expect(
      within(screen.getByRole('alert', { name: 'Hay un problema' })).getByRole('link', {
        name: 'O nome é demasiado longo.',
      }),
    ).toHaveAttribute('href', '#circumstance-name-gl');
  });

  it('says when another circumstance has the name (409)', async () => {
    setup({
      'POST /api/admin/circumstances': {
        status: 409,
        body: {
          detail: 'Ya existe una circunstancia con ese nombre.',
          code: 'circumstance_exists',
        },
      },
    });
    await screen.findByRole('table', { name: 'Lista de circunstancias' });
    await fillLanguages();
    await userEvent.click(screen.getByRole('button', { name: 'Crear circunstancia' }));
    expect(
      await screen.findByText('Ya existe una circunstancia con ese nombre.'),
    ).toBeInTheDocument();
  });

  it('edits one with its texts and rule in the form', async () => {
    const { api } = setup({
      'PUT /api/admin/circumstances/2': { body: circumstances[1] },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar circunstancia Pensionista' }),
    );
    expect(
      screen.getByRole('heading', { name: 'Editar la circunstancia Pensionista' }),
    ).toHaveFocus();
    expect(screen.getByLabelText('Meses')).toHaveValue('12');
    expect(screen.getByRole('radio', { name: 'Declaración responsable' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Circunstancia guardada correctamente.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: circumstances[1]!.name,
      validity_months: 12,
      review: 'declaration',
    });
  });

  it('asks before deleting, and shows why one in use cannot go (409 circumstance_in_use)', async () => {
    const { api } = setup({
      'DELETE /api/admin/circumstances/1': {
        status: 409,
        body: {
          detail: 'Hay solicitudes o aprobaciones de esta circunstancia; no se puede eliminar.',
          code: 'circumstance_in_use',
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Eliminar circunstancia Familia numerosa general',
      }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Eliminar la circunstancia Familia numerosa general?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText(
        'Hay solicitudes o aprobaciones de esta circunstancia; no se puede eliminar.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  describe('import of DNIs', () => {
    const xlsx = () =>
      new File(['PK'], 'padron.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });

    it('needs a circumstance, a date and an .xlsx, and sends nothing until then', async () => {
      const { api } = setup();
      await screen.findByRole('table', { name: 'Lista de circunstancias' });
      await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
      const summary = screen.getAllByRole('alert', { name: 'Hay un problema' }).at(-1)!;
      expect(
        within(summary)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual([
        'Elige la circunstancia',
        'Introduce hasta qué fecha se aprueba',
        'Selecciona un archivo .xlsx',
      ]);
      // a file the picker's filter lets through (the browser's "All files")
      await userEvent
        .setup({ applyAccept: false })
        .upload(
          screen.getByLabelText('Archivo .xlsx con los DNI'),
          new File(['x'], 'padron.csv', { type: 'text/csv' }),
        );
      await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
      expect(screen.getByLabelText('Archivo .xlsx con los DNI')).toHaveAccessibleDescription(
        expect.stringContaining('Error: El archivo debe ser una hoja de cálculo .xlsx'),
      );
      expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('approves the DNIs until the date and lists those not on the records', async () => {
      const { api, onChanged } = setup({
        'POST /api/admin/circumstances/1/import': {
          body: { approved: 1834, extended: 12, unknown_dnis: ['11111111H', '22222222J'] },
        },
      });
      await screen.findByRole('table', { name: 'Lista de circunstancias' });
      await userEvent.selectOptions(screen.getByLabelText('Circunstancia'), '1');
      await userEvent.type(screen.getByLabelText('Aprobada hasta'), '2027-06-30');
      await userEvent.upload(screen.getByLabelText('Archivo .xlsx con los DNI'), xlsx());
      await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
      const done = await screen.findByRole('status');
      expect(done).toHaveTextContent(
        'Familia numerosa general: importado, en vigor hasta el 30/06/2027',
      );
      expect(done).toHaveTextContent(/Aprobadas\s*1834\s*Ampliadas\s*12\s*DNI desconocidos\s*2/);
      expect(
        within(screen.getByRole('list', { name: /Estos DNI no están en los registros/ }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['11111111H', '22222222J']);
      const post = api.calls.find((c) => c.method === 'POST');
      expect(post?.path).toBe('/api/admin/circumstances/1/import');
      expect(post?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
      expect(onChanged).toHaveBeenCalledOnce();
    });

    it("shows the server's refusal of the file", async () => {
      setup({
        'POST /api/admin/circumstances/1/import': {
          status: 422,
          body: { detail: 'El archivo no tiene una columna DNI.', code: 'validation_error' },
        },
      });
      await screen.findByRole('table', { name: 'Lista de circunstancias' });
      await userEvent.selectOptions(screen.getByLabelText('Circunstancia'), '1');
      await userEvent.type(screen.getByLabelText('Aprobada hasta'), '2027-06-30');
      await userEvent.upload(screen.getByLabelText('Archivo .xlsx con los DNI'), xlsx());
      await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
      expect(await screen.findByText('El archivo no tiene una columna DNI.')).toBeInTheDocument();
    });
  });
});
