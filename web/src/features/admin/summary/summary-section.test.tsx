import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { signInAsAdmin, summary } from '../test-support';
import { SummarySection } from './summary-section';

describe('overview (Resumen)', () => {
  beforeEach(signInAsAdmin);
  it('shows collection, pending, the 30-day chart with its table and the top pending activities', async () => {
    mockApi({ 'GET /api/admin/summary': { body: summary } });
    renderScreen(<SummarySection version={0} />, { locale: 'es' });
    expect(await screen.findByText(/^18\.450,00\s€$/)).toBeInTheDocument();
    const figures = screen.getByText('Cobrado hoy').closest('div')!;
    expect(figures).toHaveTextContent(/645,00\s€12 pagos/);
    expect(screen.getByText('410 actividades sin pagar')).toBeInTheDocument();
    expect(screen.getByText('198 cuentas de vecinos')).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Pagos por día, últimos 30 días/ });
    expect(chart).toHaveAccessibleName(
      /En total 2675,00\s€\. El mejor día fue el 24 de noviembre de 2026, con 1515,00\s€\./,
    );
    await userEvent.click(screen.getByText('Ver los datos como tabla'));
    const table = screen.getByRole('table', { name: 'Pagos por día, últimos 30 días' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(table).toHaveTextContent(/24 de noviembre de 20261515,00\s€ \(31 pagos\)/);
    const top = screen.getByRole('list');
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'Natación infantil: 86 pendientes, 2580,00 €',
      'Pádel adultos: 52 pendientes, 3334,50 €',
    ]);
  });

  it('shows the error with a way to try again', async () => {
    mockApi({ 'GET /api/admin/summary': { status: 502, body: null } });
    renderScreen(<SummarySection version={0} />, { locale: 'en' });
    expect(await screen.findByText('Error loading the overview')).toBeInTheDocument();
  });
});
