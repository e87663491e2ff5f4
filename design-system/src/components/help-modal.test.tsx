import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpButton } from './help-button.tsx';
import { HelpModal, telHref } from './help-modal.tsx';

function Demo() {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <HelpButton label="Ayuda" onClick={() => setOpen(true)} />
      <HelpModal
        open={open}
        onOpenChange={setOpen}
        title="¿Necesitas ayuda?"
        closeLabel="Cerrar"
        phoneLabel="Teléfono"
        phones={['986 000 001', '986 000 002']}
        emailLabel="Correo"
        email="deportes@example.org"
        hoursLabel="Horario"
        hours="De lunes a viernes, de 8:00 a 17:00"
      />
    </>
  );
}

describe('HelpButton + HelpModal', () => {
  it('opens with phones, e-mail and hours, and closes on Escape returning focus', async () => {
    render(<Demo />);
    const button = screen.getByRole('button', { name: 'Ayuda' });
    await userEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: '¿Necesitas ayuda?' });
    expect(within(dialog).getByRole('link', { name: '986 000 001' })).toHaveAttribute(
      'href',
      'tel:+34986000001',
    );
    expect(within(dialog).getByRole('link', { name: '986 000 002' })).toHaveAttribute(
      'href',
      'tel:+34986000002',
    );
    expect(within(dialog).getByRole('link', { name: 'deportes@example.org' })).toHaveAttribute(
      'href',
      'mailto:deportes@example.org',
    );
    expect(dialog).toHaveTextContent('De lunes a viernes, de 8:00 a 17:00');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes with its close button', async () => {
    render(<Demo />);
    await userEvent.click(screen.getByRole('button', { name: 'Ayuda' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click outside', async () => {
    render(<Demo />);
    await userEvent.click(screen.getByRole('button', { name: 'Ayuda' }));
    const overlay = document.querySelector('[data-slot="dialog-overlay"]');
    if (!overlay) throw new Error('no overlay');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(overlay);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('builds tel: links', () => {
    expect(telHref('986 000 001')).toBe('tel:+34986000001');
    expect(telHref('+34 986 000 001')).toBe('tel:+34986000001');
  });
});
