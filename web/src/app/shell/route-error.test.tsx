import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('screen failed');
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a way back instead of a blank page, and another address starts afresh', async () => {
    // React reports the caught error on the console; the test is about what the resident sees
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <I18nProvider locale="en">
        <MemoryRouter initialEntries={['/broken']}>
          <RouteErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/login" element={<p>login screen</p>} />
            </Routes>
          </RouteErrorBoundary>
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the start' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
