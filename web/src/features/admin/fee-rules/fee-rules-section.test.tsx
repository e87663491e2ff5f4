import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { activities, circumstances, feeRules, signInAsAdmin } from '../test-support';
import { FeeRulesSection } from './fee-rules-section';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/admin/fee-rules': { body: feeRules },
    'GET /api/admin/circumstances': { body: circumstances },
    'GET /api/admin/activities-crud/': { body: activities },
    ...handlers,
  });
  renderScreen(<FeeRulesSection version={0} activitiesVersion={0} />, { locale: 'es' });
  return api;
}

const reduction = (n: number) => within(screen.getByRole('group', { name: `Reducción ${n}` }));
const family = (n: number) =>
  within(screen.getByRole('group', { name: `Descuento familiar ${n}` }));

describe('fee rules', () => {
  beforeEach(signInAsAdmin);

  it('shows each reduction, family discount and whether they stack, with the order they apply in', async () => {
    setup();
    await screen.findByRole('group', { name: 'Reducción 1' });
    expect(reduction(1).getByLabelText('Circunstancia')).toHaveValue('1');
    expect(reduction(1).getByLabelText('Dónde se aplica')).toHaveValue('');
    expect(reduction(1).getByRole('radio', { name: 'Un porcentaje de descuento' })).toBeChecked();
    expect(reduction(1).getByLabelText('Descuento (%)')).toHaveValue('20');
    await waitFor(() =>
      expect(reduction(2).getByLabelText('Dónde se aplica')).toHaveDisplayValue('Pádel adultos'),
    );
    expect(reduction(2).getByLabelText('Precio en euros')).toHaveValue('45,00');
    expect(family(2).getByLabelText('Desde el miembro n.º')).toHaveValue('3');
    expect(family(2).getByLabelText('Descuento (%)')).toHaveValue('100');
    expect(screen.getByRole('radio', { name: 'No, no acumulables' })).toBeChecked();
    expect(
      screen.getByText(/^Orden de aplicación: de la tarifa de la persona/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Sí, acumulables' }));
    expect(
      screen.getByText(
        'Orden de aplicación: 1.º la tarifa de la persona (su tramo de edad); 2.º la reducción de su circunstancia más favorable; 3.º el descuento familiar, sobre lo que queda.',
      ),
    ).toBeInTheDocument();
  });

  it("saves Negreira's rules: a fixed price for a large family, 2nd member 12.5 %", async () => {
    const api = setup({
      'GET /api/admin/fee-rules': {
        body: { reductions: [], family_discounts: [], cumulative: false },
      },
      'PUT /api/admin/fee-rules': (_request, body) => ({ body: body as object }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir una reducción' }));
    await userEvent.selectOptions(reduction(1).getByLabelText('Circunstancia'), '1');
    await userEvent.click(reduction(1).getByRole('radio', { name: 'Un precio fijo' }));
    await userEvent.type(reduction(1).getByLabelText('Precio en euros'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir un descuento familiar' }));
    await userEvent.type(family(1).getByLabelText('Desde el miembro n.º'), '2');
    await userEvent.type(family(1).getByLabelText('Descuento (%)'), '12,5');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar las reglas de precios' }));
    expect(await screen.findByText('Reglas de precios guardadas.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      reductions: [
        { circumstance_id: 1, activity_id: null, fee_group: null, percent: null, price: 45 },
      ],
      family_discounts: [{ fee_group: null, from_member: 2, percent: 12.5 }],
      cumulative: false,
    });
  });

  it('checks N ≥ 2 and percent 0–100 before sending, each error on its field', async () => {
    const api = setup();
    await screen.findByRole('group', { name: 'Reducción 1' });
    await userEvent.clear(reduction(1).getByLabelText('Descuento (%)'));
    await userEvent.type(reduction(1).getByLabelText('Descuento (%)'), '120');
    await userEvent.clear(family(1).getByLabelText('Desde el miembro n.º'));
    await userEvent.type(family(1).getByLabelText('Desde el miembro n.º'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar las reglas de precios' }));
    const summary = screen.getByRole('alert', { name: 'Hay un problema' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Introduce un porcentaje de 0 a 100, con un decimal como mucho', '#fee-reduction-0-percent'],
      [
        'Introduce desde qué miembro de la familia, un número de 2 a 20',
        '#fee-family-0-fromMember',
      ],
    ]);
    expect(family(1).getByLabelText('Desde el miembro n.º')).toHaveAccessibleDescription(
      'De 2 a 20. Error: Introduce desde qué miembro de la familia, un número de 2 a 20',
    );
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's 422 on the row it names", async () => {
    setup({
      'PUT /api/admin/fee-rules': {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'reductions', 1, 'price'],
              msg: 'El precio fijo no puede ser mayor que la tarifa de Pádel adultos (40,00 €).',
              type: 'fees_price_over_tariff',
            },
          ],
          code: 'validation_error',
        },
      },
    });
    await screen.findByRole('group', { name: 'Reducción 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar las reglas de precios' }));
    await waitFor(() =>
      expect(reduction(2).getByLabelText('Precio en euros')).toHaveAccessibleDescription(
        expect.stringContaining(
          'Error: El precio fijo no puede ser mayor que la tarifa de Pádel adultos (40,00 €).',
        ),
      ),
    );
  });

  it('removes a rule', async () => {
    const api = setup({ 'PUT /api/admin/fee-rules': (_r, body) => ({ body: body as object }) });
    await screen.findByRole('group', { name: 'Reducción 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la reducción 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar las reglas de precios' }));
    await screen.findByText('Reglas de precios guardadas.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      reductions: [{ circumstance_id: 2, activity_id: 2, percent: null, price: 45 }],
    });
  });

  it('says when the rules cannot be loaded', async () => {
    setup({ 'GET /api/admin/fee-rules': { status: 503, body: null } });
    expect(await screen.findByText('Error al cargar las reglas de precios.')).toBeInTheDocument();
  });
});
