import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { uploadFormData } from '../api/upload';
import { signInAsAdmin } from '../test-support';
import { UploadSection } from './upload-section';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const onImported = vi.fn();
  const api = mockApi(handlers);
  renderScreen(<UploadSection onImported={onImported} />, { locale: 'en' });
  return { api, onImported };
}

const xlsx = () => new File(['PK'], 'inscripciones.xlsx');
const fileInput = () => screen.getByLabelText('Enrolments file');
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Upload the file' }));

describe('Excel upload', () => {
  beforeEach(signInAsAdmin);
  it('asks for a file (please_select_file)', async () => {
    const { api } = setup();
    await submit();
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Select an .xlsx file' })).toBeVisible();
    expect(fileInput()).toHaveAccessibleDescription(/Error: Select an .xlsx file/);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a name not ending in .xlsx (invalid_file_type)', async () => {
    const { api } = setup();
    await userEvent.upload(fileInput(), new File(['a,b'], 'inscripciones.csv'), {
      applyAccept: false,
    });
    await submit();
    expect(
      within(screen.getByRole('alert', { name: 'There is a problem' })).getByRole('link', {
        name: 'The file must be an .xlsx spreadsheet',
      }),
    ).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the file as multipart field "file" and shows the counts', async () => {
    // the body as it left fetch: a multipart with the field "file" (vitest's jsdom Request turns
    // a jsdom File into a nameless Blob; the browser journeys upload real files by name)
    const imported = {
      added: 12,
      updated: 3,
      activities_created: 2,
      rows: 41,
      sheet: 'Inscripciones',
      header_row: 1,
      warnings: [],
      landline_people: 0,
    };
    const received: string[] = [];
    const { api, onImported } = setup({
      'POST /api/admin/upload-table/': async (request) => {
        received.push(await request.text());
        return { body: imported };
      },
    });
    await userEvent.upload(fileInput(), xlsx());
    await submit();
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('File imported');
    expect(done).toHaveTextContent('People added12');
    expect(done).toHaveTextContent('People updated3');
    expect(done).toHaveTextContent('Activities created2');
    expect(done).toHaveTextContent('Rows read41');
    expect(done).toHaveTextContent('Read the sheet "Inscripciones", with the headers on row 1.');
    expect(onImported).toHaveBeenCalledOnce();
    const post = api.calls[0]!;
    expect(post.method).toBe('POST');
    expect(post.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(post.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^Content-Disposition: form-data; name="file"; filename=/m);
  });

  it('lists the people saved with a phone that is not a mobile, and how many more', async () => {
    const msg = (phone: string) =>
      `The phone ${phone} is not a mobile: this person can never be linked to an account, because the code goes by SMS. If they have a mobile, save that instead.`;
    setup({
      'POST /api/admin/upload-table/': {
        body: {
          added: 60,
          updated: 0,
          activities_created: 1,
          rows: 60,
          sheet: 'Datos',
          header_row: 3,
          warnings: [
            { loc: [3, 'Teléfono'], msg: msg('986111222'), type: 'landline' },
            { loc: [9, 'Teléfono'], msg: msg('881000111'), type: 'landline' },
          ],
          landline_people: 5,
        },
      },
    });
    await userEvent.upload(fileInput(), xlsx());
    await submit();
    const list = await screen.findByRole('list', { name: 'Saved, but check this' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Row 3: ${msg('986111222')}`, `Row 9: ${msg('881000111')}`]);
    expect(screen.getByText('And 3 more people with the same problem.')).toBeInTheDocument();
  });

  it('builds the multipart body with the file under "file"', () => {
    const file = xlsx();
    const form = uploadFormData(file);
    expect([...form.keys()]).toEqual(['file']);
    expect((form.get('file') as File).name).toBe('inscripciones.xlsx');
  });

  it('lists the rows to fix on 422 invalid_rows', async () => {
    setup({
      'POST /api/admin/upload-table/': {
        status: 422,
        body: {
          detail: [
            { loc: [4, 'DNI'], msg: 'El DNI no es válido.', type: 'invalid_dni' },
            {
              loc: [9, 'Precio'],
              msg: 'El precio debe ser un número de 0 o más.',
              type: 'invalid_price',
            },
          ],
          code: 'invalid_rows',
        },
      },
    });
    await userEvent.upload(fileInput(), xlsx());
    await submit();
    const list = await screen.findByRole('list', { name: 'Rows with errors' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 4, DNI: El DNI no es válido.',
      'Row 9, Precio: El precio debe ser un número de 0 o más.',
    ]);
  });

  it('shows the server detail of other failures, else upload_failed', async () => {
    setup({
      'POST /api/admin/upload-table/': {
        status: 413,
        body: { detail: 'El archivo supera el tamaño máximo de 10 MB.', code: 'file_too_large' },
      },
    });
    await userEvent.upload(fileInput(), xlsx());
    await submit();
    expect(
      await screen.findByText('El archivo supera el tamaño máximo de 10 MB.'),
    ).toBeInTheDocument();
    mockApi({ 'POST /api/admin/upload-table/': { status: 502, body: null } });
    await submit();
    expect(
      await screen.findByText('The file could not be uploaded. Try again.'),
    ).toBeInTheDocument();
  });

  it('downloads the template with the bearer token', async () => {
    // jsdom has no object URLs
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:template');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = setup({ 'GET /api/admin/upload-table/template': { body: 'UEsDBBQAAAAIAA==' } });
    await userEvent.click(screen.getByRole('button', { name: 'Download the template (.xlsx)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('UEsDBBQAAAAIAA==');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('enrolments-template.xlsx');
    expect(api.calls[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('says when the template cannot be downloaded', async () => {
    setup({ 'GET /api/admin/upload-table/template': { status: 502, body: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Download the template (.xlsx)' }));
    expect(
      await screen.findByText('The template could not be downloaded. Try again.'),
    ).toBeInTheDocument();
  });
});
