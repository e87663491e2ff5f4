import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function setup(open = true) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      open={open}
      title="¿Quitar a esta persona?"
      description="Dejarás de ver sus actividades."
      confirmLabel="Quitar"
      cancelLabel="Cancelar"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('is a named, described alertdialog with focus inside', () => {
    setup();
    const dialog = screen.getByRole('alertdialog', { name: '¿Quitar a esta persona?' });
    expect(dialog).toHaveAccessibleDescription('Dejarás de ver sus actividades.');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  });

  it('calls onCancel on Escape', async () => {
    const { onCancel, onConfirm } = setup();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls onConfirm and onCancel from its buttons', async () => {
    const { onCancel, onConfirm } = setup();
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('traps focus inside', async () => {
    setup();
    const dialog = screen.getByRole('alertdialog');
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Quitar' })).toHaveFocus();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('renders nothing when closed', () => {
    setup(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('returns focus to the button that opened it', async () => {
    function Demo() {
      const [open, setOpen] = React.useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Quitar persona</button>
          <ConfirmDialog
            open={open}
            title="¿Quitar?"
            confirmLabel="Quitar"
            cancelLabel="Cancelar"
            onConfirm={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </>
      );
    }
    render(<Demo />);
    const opener = screen.getByRole('button', { name: 'Quitar persona' });
    await userEvent.click(opener);
    expect(screen.getByRole('alertdialog', { name: '¿Quitar?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('calls onCancel on a click outside', async () => {
    const { onCancel } = setup();
    const overlay = document.querySelector('[data-slot="dialog-overlay"]');
    if (!overlay) throw new Error('no overlay');
    // Radix sets pointer-events: none on <body> while modal; click the overlay anyway.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(overlay);
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
