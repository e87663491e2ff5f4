import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DiscountModal } from './discount-modal.tsx';

function setup() {
  const onAccept = vi.fn();
  const onCancel = vi.fn();
  render(
    <DiscountModal
      open
      title="Bonificación"
      declaration={<p>Declaro que cumplo los requisitos.</p>}
      documentHref="/assets/bonificacion.pdf"
      documentLabel="Descargar el documento (PDF)"
      acceptLabel="Aceptar"
      cancelLabel="Cancelar"
      onAccept={onAccept}
      onCancel={onCancel}
    />,
  );
  return { onAccept, onCancel, dialog: screen.getByRole('alertdialog', { name: 'Bonificación' }) };
}

describe('DiscountModal', () => {
  it('shows the declaration and the document link', () => {
    const { dialog } = setup();
    expect(dialog).toHaveAccessibleDescription('Declaro que cumplo los requisitos.');
    const link = within(dialog).getByRole('link', { name: 'Descargar el documento (PDF)' });
    expect(link).toHaveAttribute('href', '/assets/bonificacion.pdf');
  });

  it('Escape calls onCancel', async () => {
    const { onCancel, onAccept } = setup();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('accept calls onAccept', async () => {
    const { onAccept, dialog } = setup();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onAccept).toHaveBeenCalledOnce();
  });
});
