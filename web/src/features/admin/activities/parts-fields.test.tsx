/**
 * The activity form's "Pago en plazos" editor (issue 51, item 5): rows of percent and last day,
 * added and removed (at most 12), their sum, what is sent, and every error shown by its field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { activities, signInAsAdmin } from '../test-support';
import { ActivitiesSection } from './activities-section';

type Locale = 'es' | 'en' | 'gl';

function setup(handlers: Parameters<typeof mockApi>[0] = {}, locale: Locale = 'es') {
  const api = mockApi({
    'GET /api/admin/activities-crud/': { body: activities },
    'POST /api/admin/activities-crud/': {
      status: 201,
      body: { ...activities[0]!, id: 5, name: 'Escola de natación' },
    },
    ...handlers,
  });
  renderScreen(<ActivitiesSection version={0} onChanged={vi.fn()} />, { locale });
  return api;
}

const TEXT = {
  es: {
    table: 'Actividades',
    name: 'Nombre',
    price: 'Precio en euros',
    editor: 'Pago en plazos',
    start: 'Cobrar en plazos',
    add: 'Añadir un plazo',
    part: (n: number) => `Plazo ${n}`,
    percent: /Parte de la cuota/,
    due: /Último día para pagarlo/,
    sum: (s: string) => `Suman: ${s} %`,
    create: 'Crear actividad',
    total: 'Los plazos suman el 90 %: deben sumar el 100 %.',
    order: 'El plazo 2 debe vencer después del plazo 1.',
  },
  en: {
    table: 'Activities',
    name: 'Name',
    price: 'Price in euros',
    editor: 'Payment in instalments',
    start: 'Charge in instalments',
    add: 'Add an instalment',
    part: (n: number) => `Instalment ${n}`,
    percent: /Share of the fee/,
    due: /Last day to pay it/,
    sum: (s: string) => `Total: ${s}%`,
    create: 'Create activity',
    total: 'The instalments add up to 90%: they must add up to 100%.',
    order: 'Instalment 2 must end after instalment 1.',
  },
  gl: {
    table: 'Actividades',
    name: 'Nome',
    price: 'Prezo en euros',
    editor: 'Pagamento en prazos',
    start: 'Cobrar en prazos',
    add: 'Engadir un prazo',
    part: (n: number) => `Prazo ${n}`,
    percent: /Parte da cota/,
    due: /Último día para pagalo/,
    sum: (s: string) => `Suman: ${s} %`,
    create: 'Crear actividade',
    total: 'Os prazos suman o 90 %: deben sumar o 100 %.',
    order: 'O prazo 2 debe vencer despois do prazo 1.',
  },
} as const;

const editor = (locale: Locale = 'es') => screen.getByRole('group', { name: TEXT[locale].editor });
const partGroup = (n: number, locale: Locale = 'es') =>
  within(editor(locale)).getByRole('group', { name: TEXT[locale].part(n) });

/** A new activity of 90 € in two halves, by 15 October and 15 January. */
async function fillTwoHalves(locale: Locale = 'es') {
  const t = TEXT[locale];
  await screen.findByRole('table', { name: t.table });
  await userEvent.type(screen.getByLabelText(t.name), 'Escola de natación');
  await userEvent.type(screen.getByLabelText(t.price), '90');
  await userEvent.click(within(editor(locale)).getByRole('button', { name: t.start }));
  await userEvent.type(within(partGroup(1, locale)).getByLabelText(t.due), '2026-10-15');
  await userEvent.type(within(partGroup(2, locale)).getByLabelText(t.due), '2027-01-15');
}

const posted = (api: ReturnType<typeof setup>) =>
  api.calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('the activity form’s parts', () => {
  beforeEach(signInAsAdmin);

  it.each(['es', 'en', 'gl'] as const)(
    '[%s] starts from two halves, shows the sum and sends each part’s percent and last day',
    async (locale) => {
      const t = TEXT[locale];
      const api = setup({}, locale);
      await fillTwoHalves(locale);
      expect(within(partGroup(1, locale)).getByLabelText(t.percent)).toHaveValue('50');
      expect(within(editor(locale)).getByText(t.sum('100'))).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: t.create }));
      await waitFor(() => expect(posted(api)).toHaveLength(1));
      expect(posted(api)[0]).toMatchObject({
        name: 'Escola de natación',
        price: 90,
        parts: [
          { percent: 50, due_date: '2026-10-15' },
          { percent: 50, due_date: '2027-01-15' },
        ],
      });
    },
  );

  it('sends parts: [] for one payment, also after removing the rows', async () => {
    const api = setup();
    await fillTwoHalves();
    await userEvent.click(within(partGroup(2)).getByRole('button', { name: 'Quitar el plazo 2' }));
    await userEvent.click(within(partGroup(1)).getByRole('button', { name: 'Quitar el plazo 1' }));
    expect(within(editor()).queryByRole('group')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toMatchObject({ parts: [] });
  });

  it('adds a third part with two decimals and a comma, and the sum follows', async () => {
    const api = setup();
    await fillTwoHalves();
    await userEvent.click(within(editor()).getByRole('button', { name: 'Añadir un plazo' }));
    for (const [n, percent] of [
      [1, '33,33'],
      [2, '33,33'],
      [3, '33,34'],
    ] as const) {
      const field = within(partGroup(n)).getByLabelText(/Parte de la cuota/);
      await userEvent.clear(field);
      await userEvent.type(field, percent);
    }
    await userEvent.type(within(partGroup(3)).getByLabelText(/Último día/), '2027-04-15');
    expect(within(editor()).getByText('Suman: 100 %')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toMatchObject({
      parts: [
        { percent: 33.33, due_date: '2026-10-15' },
        { percent: 33.33, due_date: '2027-01-15' },
        { percent: 33.34, due_date: '2027-04-15' },
      ],
    });
  });

  it.each(['es', 'en', 'gl'] as const)(
    '[%s] refuses shares that do not add up and days out of order, each by its field, sending nothing',
    async (locale) => {
      const t = TEXT[locale];
      const api = setup({}, locale);
      await fillTwoHalves(locale);
      const second = within(partGroup(2, locale)).getByLabelText(t.percent);
      await userEvent.clear(second);
      await userEvent.type(second, '40');
      const day = within(partGroup(2, locale)).getByLabelText(t.due);
      await userEvent.clear(day);
      await userEvent.type(day, '2026-10-01');
      expect(within(editor(locale)).getByText(t.sum('90'))).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: t.create }));
      // the whole editor's error, tied to its group; the day's by its field
      expect(editor(locale)).toHaveAccessibleDescription(expect.stringContaining(t.total));
      expect(day).toHaveAttribute('aria-invalid', 'true');
      expect(day).toHaveAccessibleDescription(expect.stringContaining(t.order));
      const summary = screen.getByRole('alert');
      await userEvent.click(within(summary).getByRole('link', { name: t.order }));
      expect(day).toHaveFocus();
      await userEvent.click(within(summary).getByRole('link', { name: t.total }));
      expect(editor(locale)).toHaveFocus();
      expect(posted(api)).toHaveLength(0);
    },
  );

  it('refuses a single part and a share that is not a percentage', async () => {
    const api = setup();
    await fillTwoHalves();
    await userEvent.click(within(partGroup(2)).getByRole('button', { name: 'Quitar el plazo 2' }));
    const share = within(partGroup(1)).getByLabelText(/Parte de la cuota/);
    await userEvent.clear(share);
    await userEvent.type(share, '100,001');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    expect(editor()).toHaveAccessibleDescription(
      expect.stringContaining(
        'Con un solo plazo, quítalo (la cuota se paga de una vez) o añade otro.',
      ),
    );
    expect(share).toHaveAccessibleDescription(
      expect.stringContaining(
        'Escribe la parte del plazo 1: un porcentaje mayor que 0 y hasta 100',
      ),
    );
    expect(posted(api)).toHaveLength(0);
  });

  it('offers at most 12 parts', async () => {
    setup();
    await fillTwoHalves();
    const add = () => within(editor()).getByRole('button', { name: 'Añadir un plazo' });
    for (let i = 3; i <= 12; i++) await userEvent.click(add());
    expect(within(editor()).getAllByRole('group', { name: /^Plazo \d+$/ })).toHaveLength(12);
    expect(add()).toHaveAttribute('aria-disabled', 'true');
    expect(add()).toHaveAccessibleDescription('Como mucho 12 plazos.');
    await userEvent.click(add());
    expect(within(editor()).getAllByRole('group', { name: /^Plazo \d+$/ })).toHaveLength(12);
  });

  it('shows the server’s 422 items by their fields: a part’s day and the parts as a whole', async () => {
    setup({
      'POST /api/admin/activities-crud/': {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'parts', 1, 'due_date'],
              msg: 'El 2.º plazo debe vencer después del 1.º.',
              type: 'parts_order',
            },
            {
              loc: ['body', 'parts', 0, 'percent'],
              msg: 'Un porcentaje con dos decimales como mucho.',
              type: 'parts_percent',
            },
            {
              loc: ['body', 'parts'],
              msg: 'Los plazos suman el 90 %: deben sumar el 100 %.',
              type: 'parts_total',
            },
          ],
          code: 'validation_error',
        },
      },
    });
    await fillTwoHalves();
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    const day = within(partGroup(2)).getByLabelText(/Último día/);
    await waitFor(() =>
      expect(day).toHaveAccessibleDescription(
        expect.stringContaining('El 2.º plazo debe vencer después del 1.º.'),
      ),
    );
    expect(within(partGroup(1)).getByLabelText(/Parte de la cuota/)).toHaveAccessibleDescription(
      expect.stringContaining('Un porcentaje con dos decimales como mucho.'),
    );
    expect(editor()).toHaveAccessibleDescription(
      expect.stringContaining('Los plazos suman el 90 %: deben sumar el 100 %.'),
    );
  });

  it('shows the 409 parts_locked at the editor when someone has paid', async () => {
    const detail = 'Alguien ya pagó esta cuota o uno de sus plazos: sus plazos no pueden cambiar.';
    setup({
      'PUT /api/admin/activities-crud/1': { status: 409, body: { detail, code: 'parts_locked' } },
      'GET /api/admin/activities-crud/': {
        body: [
          {
            ...activities[0]!,
            parts: [
              { percent: 50, due_date: '2026-10-15' },
              { percent: 50, due_date: '2027-01-15' },
            ],
          },
        ],
      },
    });
    const table = await screen.findByRole('table', { name: 'Actividades' });
    await userEvent.click(within(table).getByRole('button', { name: /Editar/ }));
    // the stored parts fill the editor
    expect(within(partGroup(1)).getByLabelText(/Parte de la cuota/)).toHaveValue('50');
    expect(within(partGroup(2)).getByLabelText(/Último día/)).toHaveValue('2027-01-15');
    const share = within(partGroup(1)).getByLabelText(/Parte de la cuota/);
    await userEvent.clear(share);
    await userEvent.type(share, '60');
    const other = within(partGroup(2)).getByLabelText(/Parte de la cuota/);
    await userEvent.clear(other);
    await userEvent.type(other, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(editor()).toHaveAccessibleDescription(expect.stringContaining(detail)),
    );
    expect(within(screen.getByRole('alert')).getByRole('link', { name: detail })).toBeVisible();
  });
});

describe('parts by weight and the registration fee (issue 60)', () => {
  beforeEach(signInAsAdmin);

  const WEIGHT = {
    es: { by: 'Por pesos', weight: /^Peso/, total: 'Los pesos suman 9', fee: /^Matrícula/ },
    en: {
      by: 'By weights',
      weight: /^Weight/,
      total: 'The weights add up to 9',
      fee: /^Registration fee/,
    },
    gl: { by: 'Por pesos', weight: /^Peso/, total: 'Os pesos suman 9', fee: /^Matrícula/ },
  } as const;

  it.each(['es', 'en', 'gl'] as const)(
    '[%s] 180 € in weights 4:3:2 with a registration fee of 20 €: sends weights, not percentages',
    async (locale) => {
      const t = TEXT[locale];
      const w = WEIGHT[locale];
      const api = setup({}, locale);
      await fillTwoHalves(locale);
      await userEvent.type(screen.getByLabelText(w.fee), '20');
      await userEvent.click(within(editor(locale)).getByRole('radio', { name: w.by }));
      await userEvent.click(within(editor(locale)).getByRole('button', { name: t.add }));
      for (const [n, weight] of [
        [1, '4'],
        [2, '3'],
        [3, '2'],
      ] as const) {
        const field = within(partGroup(n, locale)).getByLabelText(w.weight);
        await userEvent.clear(field);
        await userEvent.type(field, weight);
      }
      await userEvent.type(within(partGroup(3, locale)).getByLabelText(t.due), '2027-04-15');
      expect(within(editor(locale)).getByText(new RegExp(w.total))).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: t.create }));
      await waitFor(() => expect(posted(api)).toHaveLength(1));
      expect(posted(api)[0]).toMatchObject({
        registration_fee: 20,
        parts: [
          { weight: 4, due_date: '2026-10-15' },
          { weight: 3, due_date: '2027-01-15' },
          { weight: 2, due_date: '2027-04-15' },
        ],
      });
    },
  );

  it('refuses a weight of 0 and a registration fee over 100,000 €, each by its field, sending nothing', async () => {
    const api = setup();
    await fillTwoHalves();
    await userEvent.type(screen.getByLabelText(/^Matrícula/), '100000,01');
    await userEvent.click(within(editor()).getByRole('radio', { name: 'Por pesos' }));
    const first = within(partGroup(1)).getByLabelText(/^Peso/);
    await userEvent.clear(first);
    await userEvent.type(first, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    expect(first).toHaveAccessibleDescription(
      expect.stringContaining('Escribe el peso del plazo 1: un número entero de 1 a 1000.'),
    );
    expect(screen.getByLabelText(/^Matrícula/)).toHaveAccessibleDescription(
      expect.stringContaining('Escribe la matrícula como un importe de 0 a 100.000 €'),
    );
    expect(posted(api)).toHaveLength(0);
  });

  it('shows the server’s 422 for a weight by its field', async () => {
    setup({
      'POST /api/admin/activities-crud/': {
        status: 422,
        body: {
          code: 'validation_error',
          detail: [
            {
              loc: ['body', 'parts', 1, 'weight'],
              msg: 'El peso del 2.º plazo debe ser un número entero de 1 a 1000.',
              type: 'parts_weight',
            },
          ],
        },
      },
    });
    await fillTwoHalves();
    await userEvent.click(within(editor()).getByRole('radio', { name: 'Por pesos' }));
    for (const n of [1, 2]) await userEvent.type(within(partGroup(n)).getByLabelText(/^Peso/), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Crear actividad' }));
    expect(
      await within(partGroup(2)).findByText(/El peso del 2.º plazo debe ser un número entero/),
    ).toBeInTheDocument();
  });
});
