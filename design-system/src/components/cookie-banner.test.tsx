import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CookieBanner } from './cookie-banner.tsx';

describe('CookieBanner', () => {
  it('links to privacy and calls onAccept', async () => {
    const onAccept = vi.fn();
    render(
      <CookieBanner
        label="Cookies"
        text="Usamos cookies técnicas."
        privacyLink={{ href: '/privacidade', label: 'Privacidade' }}
        acceptLabel="Aceptar"
        onAccept={onAccept}
      />,
    );
    const region = screen.getByRole('region', { name: 'Cookies' });
    expect(region).toHaveTextContent('Usamos cookies técnicas.');
    expect(screen.getByRole('link', { name: 'Privacidade' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(onAccept).toHaveBeenCalledOnce();
  });
});
