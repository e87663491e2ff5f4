import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiServer } from '../../../testing/api-server';
import { mockApi, serverList } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { CircumstanceRequest } from '../api/circumstances';
import { circumstanceRequest, signInAsAdmin } from '../test-support';
import { RequestsSection } from './requests-section';

// pdf.js needs a real browser (canvas, a worker): the test sees what the viewer asks of it
const pdf = vi.hoisted(() => {
  const renderPage = vi.fn(async () => {});
  const destroy = vi.fn();
  return {
    renderPage,
    destroy,
    openPdf: vi.fn(async (_bytes: ArrayBuffer) => ({ pageCount: 3, renderPage, destroy })),
  };
});
vi.mock('./pdf-document', () => ({ openPdf: pdf.openPdf }));

const queue: CircumstanceRequest[] = [
  circumstanceRequest(41),
  circumstanceRequest(43, {
    person_activity_id: 9,
    person_name: 'Uxía López Pereira',
    dni: null,
    circumstance_id: 3,
    circumstance_name: 'Discapacidad igual o superior al 33 %',
    suggested_valid_until: '2027-11-27',
    document_type: 'image/png',
    created_at: '2026-11-27T10:02:00.000Z',
  }),
];

function setup(handlers: Parameters<typeof mockApi>[0] = {}, rows = queue) {
  const onChanged = vi.fn();
  const api = mockApi({
    'GET /api/admin/circumstance-requests': serverList(rows, (r) => [
      r.person_name,
      r.dni,
      r.circumstance_name,
    ]),
    ...handlers,
  });
  renderScreen(<RequestsSection version={0} onChanged={onChanged} />, { locale: 'es' });
  return { api, onChanged };
}

/**
 * The document call answers these bytes as the server does (its type in Content-Type); after
 * setup, so it answers before mockApi's handlers.
 */
function serveDocument(id: number, type: string, bytes = new Uint8Array([1, 2, 3])) {
  const seen: Request[] = [];
  apiServer.use(
    http.get(`*/api/admin/circumstance-requests/${id}/document`, ({ request }) => {
      seen.push(request);
      return new HttpResponse(bytes, {
        headers: { 'Content-Type': type, 'Content-Disposition': 'attachment' },
      });
    }),
  );
  return seen;
}

async function review(person: string, circumstance: string) {
  await userEvent.click(
    await screen.findByRole('button', {
      name: `Revisar la solicitud de ${person}: ${circumstance}`,
    }),
  );
}

const objectUrls: Blob[] = [];

describe('review of circumstance requests', () => {
  beforeEach(() => {
    signInAsAdmin();
    objectUrls.length = 0;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      objectUrls.push(blob);
      return `blob:document-${objectUrls.length}`;
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.clearAllMocks());

  it('lists the pending requests by default and asks the server for the state chosen', async () => {
    const { api } = setup();
    const table = await screen.findByRole('table', { name: 'Lista de solicitudes' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /27 de noviembre de 2026, 10:12\s*Xoán López Pereira\s*87654321X\s*Familia numerosa general\s*Pendiente/,
    );
    expect(rows[2]).toHaveTextContent(/Uxía López Pereira\s*Sin DNI/);
    const lists = () =>
      api.calls.filter((c) => c.path.startsWith('/api/admin/circumstance-requests?'));
    expect(lists()[0]?.path).toContain('status=pending');
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'approved');
    await waitFor(() => expect(lists().at(-1)?.path).toContain('status=approved'));
    await userEvent.selectOptions(screen.getByLabelText('Estado'), '');
    await waitFor(() => expect(lists().at(-1)?.path).not.toContain('status='));
  });

  it('shows an image beside the request, fetched with the staff token, never in a frame', async () => {
    setup();
    const seen = serveDocument(43, 'image/png');
    await review('Uxía López Pereira', 'Discapacidad igual o superior al 33 %');
    expect(
      screen.getByRole('heading', {
        name: 'Discapacidad igual o superior al 33 % para Uxía López Pereira',
      }),
    ).toHaveFocus();
    const image = await screen.findByRole('img', {
      name: 'Justificante de Discapacidad igual o superior al 33 % de Uxía López Pereira',
    });
    expect(image.getAttribute('src')).toMatch(/^blob:document-/);
    expect(seen[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    const link = screen.getByRole('link', { name: /^Descargar: Justificante de Discapacidad/ });
    expect(link).toHaveAttribute('download', 'justificante-43.png');
    // the copy the link saves is plain bytes: opening it never renders it in the portal's origin
    const copy = objectUrls[Number(link.getAttribute('href')?.split('-').pop()) - 1];
    expect(copy?.type).toBe('application/octet-stream');
    expect(document.querySelector('iframe, object, embed')).toBeNull();
  });

  it('draws a PDF page by page, with the count, previous and next', async () => {
    setup();
    serveDocument(41, 'application/pdf', new TextEncoder().encode('%PDF-1.4'));
    await review('Xoán López Pereira', 'Familia numerosa general');
    const page = await screen.findByRole('img', {
      name: 'Justificante de Familia numerosa general de Xoán López Pereira, página 1 de 3',
    });
    expect(page.tagName).toBe('CANVAS');
    expect(new TextDecoder().decode(pdf.openPdf.mock.calls[0]![0])).toBe('%PDF-1.4');
    await waitFor(() =>
      expect(pdf.renderPage).toHaveBeenLastCalledWith(1, page, expect.any(Number)),
    );
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    await waitFor(() =>
      expect(pdf.renderPage).toHaveBeenLastCalledWith(2, page, expect.any(Number)),
    );
    expect(screen.getByRole('link', { name: /^Descargar:/ })).toHaveAttribute(
      'download',
      'justificante-41.pdf',
    );
  });

  it('says when a document cannot be shown or loaded, and offers to try again', async () => {
    pdf.openPdf.mockRejectedValueOnce(new Error('Invalid PDF structure'));
    setup();
    serveDocument(41, 'application/pdf');
    await review('Xoán López Pereira', 'Familia numerosa general');
    expect(
      await screen.findByText(
        'Este justificante no se puede mostrar aquí. Descárgalo para abrirlo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Descargar:/ })).toBeInTheDocument();
  });

  it('approves until the date its rule suggests, which staff may change, and tells the list', async () => {
    const approved = circumstanceRequest(43, {
      ...queue[1],
      status: 'approved',
      valid_until: '2027-06-30',
    });
    const { api, onChanged } = setup({
      'POST /api/admin/circumstance-requests/43/approve': { body: approved },
    });
    serveDocument(43, 'image/png');
    await review('Uxía López Pereira', 'Discapacidad igual o superior al 33 %');
    const date = screen.getByLabelText('En vigor hasta');
    expect(date).toHaveValue('2027-11-27');
    await userEvent.clear(date);
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Error: Introduce hasta qué fecha se aprueba'),
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(date, '2027-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(
      await screen.findByText(
        'Discapacidad igual o superior al 33 % aprobada para Uxía López Pereira hasta el 30/06/2027.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ valid_until: '2027-06-30' });
    expect(onChanged).toHaveBeenCalledOnce();
    // the request now stands approved, and can be withdrawn
    expect(screen.getByRole('button', { name: 'Retirar la aprobación' })).toBeInTheDocument();
  });

  it('shows a household title’s people and lets staff remove and add people', async () => {
    const household = circumstanceRequest(51, {
      person_activity_id: 14,
      person_name: 'Antía Vilas Souto',
      circumstance_id: 4,
      circumstance_name: 'Familia numerosa especial',
      people: [
        { person_activity_id: 14, person_name: 'Antía Vilas Souto', status: 'pending' },
        { person_activity_id: 15, person_name: 'Brais Vilas Souto', status: 'pending' },
      ],
      addable_people: [{ person_activity_id: 17, person_name: 'Dora Vilas Souto' }],
    });
    const removed = {
      ...household,
      people: [
        { person_activity_id: 14, person_name: 'Antía Vilas Souto', status: 'pending' as const },
        { person_activity_id: 15, person_name: 'Brais Vilas Souto', status: 'withdrawn' as const },
      ],
      addable_people: [
        { person_activity_id: 15, person_name: 'Brais Vilas Souto' },
        { person_activity_id: 17, person_name: 'Dora Vilas Souto' },
      ],
    };
    const added = {
      ...removed,
      people: [
        ...removed.people,
        { person_activity_id: 17, person_name: 'Dora Vilas Souto', status: 'pending' as const },
      ],
      addable_people: [{ person_activity_id: 15, person_name: 'Brais Vilas Souto' }],
    };
    const { api } = setup(
      {
        'DELETE /api/admin/circumstance-requests/51/people/15': { body: removed },
        'POST /api/admin/circumstance-requests/51/people': { body: added },
      },
      [household],
    );
    serveDocument(51, 'application/pdf');
    // the queue names everyone a household title covers
    expect(
      await screen.findByRole('rowheader', {
        name: 'Familia: Antía Vilas Souto, Brais Vilas Souto',
      }),
    ).toBeInTheDocument();
    await review('Antía Vilas Souto', 'Familia numerosa especial');
    const people = screen.getByRole('region', { name: 'Personas que cubre' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Antía Vilas Souto: PendienteQuitar a Antía Vilas Souto',
      'Brais Vilas Souto: PendienteQuitar a Brais Vilas Souto',
    ]);
    await userEvent.click(
      within(people).getByRole('button', { name: 'Quitar a Brais Vilas Souto' }),
    );
    expect(
      await screen.findByText('Brais Vilas Souto ya no está en la solicitud.'),
    ).toBeInTheDocument();
    // the last one left cannot be removed: refuse or withdraw instead
    expect(within(people).queryByRole('button', { name: /^Quitar a/ })).toBeNull();
    await userEvent.selectOptions(
      within(people).getByRole('combobox', { name: 'Añadir a una persona de la familia' }),
      'Dora Vilas Souto',
    );
    await userEvent.click(within(people).getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('Dora Vilas Souto añadida a la solicitud.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ person_activity_id: 17 });
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('starts with no date where staff take it from the document', async () => {
    setup();
    serveDocument(41, 'application/pdf');
    await review('Xoán López Pereira', 'Familia numerosa general');
    expect(screen.getByLabelText('En vigor hasta')).toHaveValue('');
    expect(screen.getByLabelText('En vigor hasta')).toHaveAccessibleDescription(
      'Tómala del documento: el último día en que es válido.',
    );
  });

  it("shows a request already decided (409) and the server's word on the date (422)", async () => {
    let answer = 0;
    setup({
      'POST /api/admin/circumstance-requests/43/approve': () =>
        ++answer === 1
          ? {
              status: 422,
              body: {
                detail: [
                  {
                    loc: ['body', 'valid_until'],
                    msg: 'La fecha debe ser posterior a hoy.',
                    type: 'date_past',
                  },
                ],
                code: 'validation_error',
              },
            }
          : {
              status: 409,
              body: { detail: 'Esta solicitud ya está resuelta.', code: 'request_decided' },
            },
    });
    serveDocument(43, 'image/png');
    await review('Uxía López Pereira', 'Discapacidad igual o superior al 33 %');
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('En vigor hasta')).toHaveAccessibleDescription(
        expect.stringContaining('Error: La fecha debe ser posterior a hoy.'),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Esta solicitud ya está resuelta.')).toBeInTheDocument();
  });

  it('refuses with a usual reason, a text of its own, at least one', async () => {
    const { api } = setup({
      'POST /api/admin/circumstance-requests/41/refuse': {
        body: circumstanceRequest(41, {
          status: 'refused',
          reason: 'El documento no se puede leer.',
        }),
      },
    });
    serveDocument(41, 'application/pdf');
    await review('Xoán López Pereira', 'Familia numerosa general');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(screen.getByLabelText('Motivo')).toHaveAccessibleDescription(
      'Error: Elige un motivo o escribe una explicación',
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(
      within(screen.getByLabelText('Motivo'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Ninguno de la lista',
      'El documento no se puede leer',
      'El documento está caducado',
      'El documento no acredita esta circunstancia',
      'El documento es de otra persona',
      'Falta una parte del documento',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Motivo'), 'unreadable');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(
      await screen.findByText(
        'Solicitud de Familia numerosa general de Xoán López Pereira rechazada.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason_code: 'unreadable',
      reason: null,
    });
    expect(screen.getAllByText('Rechazada: El documento no se puede leer.').length).toBeGreaterThan(
      0,
    );
  });

  it('sends a free-text reason as written', async () => {
    const { api } = setup({
      'POST /api/admin/circumstance-requests/41/refuse': {
        body: circumstanceRequest(41, { status: 'refused', reason: 'Falta la cara de atrás.' }),
      },
    });
    serveDocument(41, 'application/pdf');
    await review('Xoán López Pereira', 'Familia numerosa general');
    await userEvent.type(screen.getByLabelText(/^Explicación/), ' Falta la cara de atrás. ');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    await screen.findByText(/rechazada\.$/);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason_code: null,
      reason: 'Falta la cara de atrás.',
    });
  });

  it('withdraws an approval after asking, and shows a refusal', async () => {
    const approvedAtCounter = circumstanceRequest(38, {
      person_name: 'María López García',
      dni: '12345678Z',
      status: 'approved',
      valid_until: '2027-06-30',
      source: 'counter',
      document_type: null,
    });
    let answer = 0;
    const { api } = setup(
      {
        'POST /api/admin/circumstance-requests/38/withdraw': () =>
          ++answer === 1
            ? {
                status: 409,
                body: { detail: 'Esta solicitud no está aprobada.', code: 'not_approved' },
              }
            : { body: { ...approvedAtCounter, status: 'withdrawn' } },
      },
      [approvedAtCounter],
    );
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'approved');
    await review('María López García', 'Familia numerosa general');
    expect(
      screen.getByText('Sin justificante: se registró en el mostrador o se importó de una lista.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retirar la aprobación' }));
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Retirar Familia numerosa general a María López García?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirar la aprobación' }));
    expect(await screen.findByText('Esta solicitud no está aprobada.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retirar la aprobación' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Retirar la aprobación',
      }),
    );
    expect(
      await screen.findByText(
        'Aprobación de Familia numerosa general de María López García retirada.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
