import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { PaymentKoPage, PaymentOkPage } from './payment-result-page';
import { POLL_FOR_MS } from './use-payment-confirmation';

const dashboard = [{ path: '/dashboard', element: <p>dashboard</p> }];

const latest = (status: string, receipt = status === 'paid') => ({
  id: 15,
  order: '2611AB12CD34',
  status,
  amount: 64.13,
  created_at: '2026-11-20T10:12:00Z',
  paid_at: status === 'paid' ? '2026-11-20T10:15:00Z' : null,
  receipt_available: receipt,
});

describe('/pago-ok', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says it is confirming with the bank until the server has the confirmation, then offers the receipt', async () => {
    let answers = 0;
    mockApi({
      'GET /api/user/payments/latest': () => ({
        body: latest(++answers < 3 ? 'pending' : 'paid'),
      }),
    });
    renderScreen(<PaymentOkPage />, { route: '/pago-ok', locale: 'en', routes: dashboard });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Confirming your payment with the bank',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Payment received/)).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment received' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The bank has confirmed the payment of €64.13.',
    );
    expect(
      screen.getByRole('button', { name: 'Download receipt 2611AB12CD34 (PDF)' }),
    ).toBeInTheDocument();
    // the title follows in an effect after the heading is painted
    await waitFor(() => expect(document.title).toMatch(/^Payment received – /));
    await userEvent.click(screen.getByRole('link', { name: 'Back to my activities' }));
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('stays open without a session (another browser, an expired one): says to sign in, asks nothing', async () => {
    localStorage.clear();
    setToken(fakeToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    let asked = 0;
    mockApi({ 'GET /api/user/payments/latest': () => (asked++, { body: latest('paid') }) });
    renderScreen(<PaymentOkPage />, { route: '/pago-ok', locale: 'gl', routes: dashboard });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Volviches da páxina do banco' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Inicia sesión para ver se o banco confirmou o pagamento/),
    ).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toBe(0);
    expect(screen.queryByText('dashboard')).not.toBeInTheDocument();
  });

  it('never claims success while the payment stays pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /api/user/payments/latest': { body: latest('pending') } });
    renderScreen(<PaymentOkPage />, { route: '/pago-ok', locale: 'es', routes: dashboard });
    await screen.findByRole('heading', { level: 1, name: 'Confirmando tu pago con el banco' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_FOR_MS + 2000);
    });
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Esperando la confirmación del banco' }),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByText(/Pago recibido/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /justificante/ })).not.toBeInTheDocument();
    // the app has stopped asking: nothing spins any more
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('stops at once when the account has no payment, says so and links to the dashboard', async () => {
    const { calls } = mockApi({
      'GET /api/user/payments/latest': { status: 404, body: { detail: 'x', code: 'not_found' } },
    });
    renderScreen(<PaymentOkPage />, { route: '/pago-ok', locale: 'en', routes: dashboard });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No recent payment found' }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(calls.filter((call) => call.path === '/api/user/payments/latest')).toHaveLength(1);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my activities' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('says when the bank refused it, in Galician', async () => {
    mockApi({ 'GET /api/user/payments/latest': { body: latest('failed') } });
    renderScreen(<PaymentOkPage />, { route: '/pago-ok', locale: 'gl', routes: dashboard });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento non realizado' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('O banco non autorizou o pagamento.');
    expect(screen.getByRole('link', { name: 'Volver ás miñas actividades' })).toBeInTheDocument();
  });
});

describe('/pago-ko', () => {
  it('says the payment failed, to try again, and links to the dashboard', () => {
    renderScreen(<PaymentKoPage />, { route: '/pago-ko', locale: 'en', routes: dashboard });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('The payment failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my activities' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(document.title).toMatch(/^Payment failed – /);
  });
});
