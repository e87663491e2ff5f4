import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { forgetPublicConfig } from '../../../lib/public-config';
import { config, signInAsAdmin } from '../test-support';
import { ConfigSection } from './config-section';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/admin/config/': { body: config },
    'PUT /api/admin/config/': (_request, body) => ({ body: { id: 1, ...(body as object) } }),
    ...handlers,
  });
  renderScreen(<ConfigSection />, { locale: 'es' });
  return api;
}

const discount = () => screen.findByLabelText('Descuento global (%)');

describe('global configuration', () => {
  beforeEach(signInAsAdmin);
  beforeEach(forgetPublicConfig);

  it.each([
    ['es', 'Descuento global (%)', 'Sin efecto mientras haya reglas de precios'],
    ['en', 'Global discount (%)', 'No effect while there are fee rules'],
    ['gl', 'Desconto global (%)', 'Sen efecto mentres haxa regras de prezos'],
  ] as const)(
    '[%s] disables the global discount while fee rules exist, saying why',
    async (locale, label, reason) => {
      mockApi({
        'GET /api/admin/config/': { body: config },
        'GET /api/config': { body: { fee_mode: 'rules' } },
      });
      renderScreen(<ConfigSection />, { locale });
      const input = await screen.findByLabelText(label);
      await waitFor(() => expect(input).toBeDisabled());
      expect(input).toHaveAccessibleDescription(expect.stringContaining(reason));
    },
  );

  it('keeps the global discount enabled in the simple mode', async () => {
    const api = mockApi({
      'GET /api/admin/config/': { body: config },
      'GET /api/config': { body: { fee_mode: 'simple' } },
    });
    renderScreen(<ConfigSection />, { locale: 'es' });
    const input = await discount();
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/config')).toBe(true));
    expect(input).toBeEnabled();
    expect(input).not.toHaveAccessibleDescription(expect.stringContaining('Sin efecto'));
  });

  it('shows the settings, the discount as a percent', async () => {
    setup();
    expect(await discount()).toHaveValue(50);
    expect(screen.getByRole('checkbox', { name: 'Modo mantenimiento' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Pagos habilitados' })).toBeChecked();
    expect(screen.getByLabelText(/Fecha límite de pago/)).toHaveValue('2026-12-15');
  });

  it('saves 12.5 % as 0.125, the checkboxes and an empty deadline as null', async () => {
    const api = setup();
    const input = await discount();
    await userEvent.clear(input);
    await userEvent.type(input, '12.5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Modo mantenimiento' }));
    await userEvent.clear(screen.getByLabelText(/Fecha límite de pago/));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText('Configuración guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      maintenance_mode: true,
      payments_enabled: true,
      global_discount: 0.125,
      deadline_date: null,
      reminders_enabled: false,
      reminder_days: [7, 1],
      reminder_channel: 'sms',
      joint_fit: 'next_fits',
      bizum_enabled: false,
      direct_debit_enabled: false,
      direct_debit_notice_days: 14,
      direct_debit_return_fee: 0,
    });
    expect(await discount()).toHaveValue(12.5);
  });

  it('switches Bizum on, saying the council’s Redsys terminal must have it', async () => {
    const api = setup();
    await discount();
    const bizum = screen.getByRole('checkbox', { name: 'Aceptar Bizum' });
    expect(bizum).not.toBeChecked();
    expect(bizum).toHaveAccessibleDescription(/terminal de Redsys/);
    await userEvent.click(bizum);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText('Configuración guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ bizum_enabled: true });
  });

  it('turns reminders on with the days and the channel, and refuses days it cannot use', async () => {
    const api = setup();
    await discount();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Enviar recordatorios de pago' }));
    const days = screen.getByRole('textbox', { name: 'Días antes de la fecha límite' });
    await userEvent.clear(days);
    await userEvent.type(days, '7, 7');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(days).toHaveAccessibleDescription(/Error: Escribe días distintos entre 1 y 60/);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(days);
    await userEvent.type(days, '3, 10');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Cómo se envían' }),
      'SMS y correo electrónico',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText('Configuración guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      reminders_enabled: true,
      reminder_days: [10, 3],
      reminder_channel: 'both',
    });
  });

  it('sets the rule for places a group of siblings does not fit, and shows the server refusing another', async () => {
    const api = setup();
    await discount();
    const rule = screen.getByRole('combobox', {
      name: 'Plazas que quedan cuando el siguiente grupo no cabe',
    });
    expect(rule).toHaveValue('next_fits');
    expect(rule).toHaveAccessibleDescription(/La página del sorteo publica esta regla/);
    expect(screen.getByRole('group', { name: 'Hermanos que solicitan juntos' })).toContainElement(
      rule,
    );
    await userEvent.selectOptions(rule, 'Quedan libres hasta que cabe el grupo');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText('Configuración guardada correctamente.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      joint_fit: 'wait_for_group',
    });
    expect(rule).toHaveValue('wait_for_group');

    const text =
      'Elige qué pasa con las plazas que quedan cuando un grupo de hermanos no cabe: las ocupa la siguiente solicitud que quepa, o esperan al grupo.';
    mockApi({
      'PUT /api/admin/config/': {
        status: 422,
        body: {
          detail: [{ loc: ['body', 'joint_fit'], msg: text, type: 'joint_fit_invalid' }],
          code: 'validation_error',
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    [
      'es',
      'Cobrar por domiciliación bancaria',
      'Días de preaviso antes de cada adeudo',
      /al menos 14 días naturales/,
      'Comisión por recibo devuelto (€)',
      /ordenanza fiscal/,
      'Guardar la configuración',
    ],
    [
      'en',
      'Collect by direct debit',
      'Days of notice before each debit',
      /at least 14 calendar days/,
      'Fee for a returned debit (€)',
      /tax ordinance/,
      'Save the configuration',
    ],
    [
      'gl',
      'Cobrar por domiciliación bancaria',
      'Días de preaviso antes de cada adebedo',
      /polo menos 14 días naturais/,
      'Comisión por recibo devolto (€)',
      /ordenanza fiscal/,
      'Gardar a configuración',
    ],
  ] as const)(
    '[%s] switches direct debit on with its days of notice and the return fee',
    async (locale, switchName, daysName, daysHint, feeName, feeHint, save) => {
      const api = mockApi({
        'GET /api/admin/config/': { body: { ...config, direct_debit_return_fee: 6.5 } },
        'PUT /api/admin/config/': (_request, body) => ({
          body: { ...config, ...(body as object) },
        }),
      });
      renderScreen(<ConfigSection />, { locale });
      const toggle = await screen.findByRole('checkbox', { name: switchName });
      expect(toggle).toBeEnabled();
      expect(toggle).not.toBeChecked();
      const days = screen.getByRole('textbox', { name: daysName });
      expect(days).toHaveValue('14');
      expect(days).toHaveAccessibleDescription(daysHint);
      const fee = screen.getByRole('textbox', { name: feeName });
      expect(fee).toHaveValue(locale === 'en' ? '6.50' : '6,50');
      expect(fee).toHaveAccessibleDescription(feeHint);
      await userEvent.click(toggle);
      await userEvent.clear(days);
      await userEvent.type(days, '10');
      await userEvent.clear(fee);
      await userEvent.type(fee, locale === 'en' ? '6' : '6,05');
      await userEvent.click(screen.getByRole('button', { name: save }));
      await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        direct_debit_enabled: true,
        direct_debit_notice_days: 10,
        direct_debit_return_fee: locale === 'en' ? 6 : 6.05,
      });
    },
  );

  it.each([
    ['es', 'Cobrar por domiciliación bancaria', /no tiene sus datos de acreedor SEPA/],
    ['en', 'Collect by direct debit', /has no SEPA creditor data/],
    ['gl', 'Cobrar por domiciliación bancaria', /non ten os seus datos de acredor SEPA/],
  ] as const)(
    '[%s] disables the switch, saying why, while the council file has no creditor data',
    async (locale, name, reason) => {
      mockApi({
        'GET /api/admin/config/': { body: { ...config, direct_debit_available: false } },
      });
      renderScreen(<ConfigSection />, { locale });
      const toggle = await screen.findByRole('checkbox', { name });
      expect(toggle).toBeDisabled();
      expect(toggle).toHaveAccessibleDescription(reason);
    },
  );

  it('refuses days of notice and a return fee it cannot use, before asking the server', async () => {
    const api = setup();
    await discount();
    const days = screen.getByRole('textbox', { name: 'Días de preaviso antes de cada adeudo' });
    const fee = screen.getByRole('textbox', { name: 'Comisión por recibo devuelto (€)' });
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.clear(fee);
    await userEvent.type(fee, '6,505');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(days).toHaveAccessibleDescription(
      /Error: Escribe un número entero de días entre 1 y 60/,
    );
    expect(fee).toHaveAccessibleDescription(/Error: Escribe un importe entre 0 y 100 €/);
    expect(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(
      'Escribe un número entero de días entre 1 y 60.',
    );
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal of the switch and of the return fee on their fields', async () => {
    const refused =
      'La domiciliación necesita los datos de acreedor SEPA del Concello en su archivo de configuración.';
    const fee =
      'La comisión por devolución debe ser un importe entre 0 y 100 €, con céntimos como mucho.';
    setup({
      'PUT /api/admin/config/': {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'direct_debit_enabled'],
              msg: refused,
              type: 'direct_debit_unavailable',
            },
            {
              loc: ['body', 'direct_debit_return_fee'],
              msg: fee,
              type: 'direct_debit_return_fee_invalid',
            },
          ],
          code: 'validation_error',
        },
      },
    });
    await discount();
    const toggle = screen.getByRole('checkbox', { name: 'Cobrar por domiciliación bancaria' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(new RegExp(`Error: ${refused}`)),
    );
    expect(toggle).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByRole('textbox', { name: 'Comisión por recibo devuelto (€)' }),
    ).toHaveAccessibleDescription(new RegExp(`Error: ${fee}`));
    expect(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(refused);
  });

  it.each(['100.5', '-1'])('refuses a discount of %s percent', async (value) => {
    const api = setup();
    const input = await discount();
    await userEvent.clear(input);
    await userEvent.type(input, value);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(screen.getByRole('alert', { name: 'Hay un problema' })).toHaveTextContent(
      'El descuento debe estar entre 0 y 100%',
    );
    expect(input).toHaveAccessibleDescription(/Error: El descuento debe estar entre 0 y 100%/);
    expect(input).toHaveValue(Number(value));
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server detail or "Error al guardar la configuración."', async () => {
    setup({
      'PUT /api/admin/config/': {
        status: 422,
        body: {
          detail: [{ loc: ['body', 'deadline_date'], msg: 'La fecha no es válida.', type: 'x' }],
          code: 'validation_error',
        },
      },
    });
    await discount();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText('La fecha no es válida.')).toBeInTheDocument();
    mockApi({ 'PUT /api/admin/config/': { status: 502, body: null } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la configuración' }));
    expect(await screen.findByText('Error al guardar la configuración.')).toBeInTheDocument();
  });

  it('shows "Error al cargar la configuración" and can try again', async () => {
    setup({ 'GET /api/admin/config/': { status: 502, body: null } });
    expect(await screen.findByText('Error al cargar la configuración')).toBeInTheDocument();
    mockApi({ 'GET /api/admin/config/': { body: config } });
    await userEvent.click(screen.getByRole('button', { name: 'Volver a intentarlo' }));
    await waitFor(() => expect(screen.getByLabelText('Descuento global (%)')).toHaveValue(50));
  });
});
