import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { council } from '../config/council';
import { renderScreen } from '../testing/render';
import { AppRoutes } from './router';

describe('the app routes', () => {
  it.each(['/nigran-info', '/concello'])('%s shows the council contact page', async (route) => {
    renderScreen(<AppRoutes />, { route, locale: 'gl' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Información de contacto do Concello' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(council.address).length).toBeGreaterThan(0);
  });
});
