import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render';
import { PaymentKoPage, PaymentOkPage } from './payment-result-page';

const dashboard = [{ path: '/dashboard', element: <p>dashboard</p> }];

describe('payment result pages', () => {
  it('/pago-ok says the payment is completed and links to the dashboard', async () => {
    const user = userEvent.setup();
    renderScreen(<PaymentOkPage />, { route: '/pago-ok', locale: 'en', routes: dashboard });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Payment completed' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Payment completed – /);
    await user.click(screen.getByRole('link', { name: 'Back to my activities' }));
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('/pago-ko says the payment failed, to try again, and links to the dashboard', () => {
    renderScreen(<PaymentKoPage />, { route: '/pago-ko', locale: 'en', routes: dashboard });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('The payment failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my activities' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(document.title).toMatch(/^Payment failed – /);
  });

  it.each([
    ['es', 'Pago completado', 'Volver a mis actividades'],
    ['gl', 'Pagamento completado', 'Volver ás miñas actividades'],
  ] as const)('reads in %s', (locale, title, link) => {
    renderScreen(<PaymentOkPage />, { route: '/pago-ok', locale, routes: dashboard });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toBeInTheDocument();
  });
});
