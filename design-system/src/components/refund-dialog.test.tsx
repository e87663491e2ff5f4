import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefundDialog } from './refund-dialog.tsx';

function setup(props: { reasonError?: string; disabled?: boolean } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const onItemChange = vi.fn();
  const onReasonChange = vi.fn();
  render(
    <RefundDialog
      open
      title="Devolver el pago 2611AB12CD34"
      itemsLegend="Actividades que se devuelven"
      items={[
        { id: '1', label: 'Natación', amount: '33,75 €', checked: true, disabled: props.disabled },
        { id: '2', label: 'Pádel', amount: '64,13 €', checked: false, disabled: props.disabled },
      ]}
      onItemChange={onItemChange}
      totalLabel="Importe que se devuelve"
      total="33,75 €"
      reasonLabel="Motivo"
      reason=""
      onReasonChange={onReasonChange}
      reasonError={props.reasonError}
      errorPrefix="Error:"
      confirmLabel="Devolver"
      cancelLabel="Cancelar"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel, onItemChange, onReasonChange };
}

describe('RefundDialog', () => {
  it('shows what goes back, and passes choices, the reason and the confirmation up', async () => {
    const user = userEvent.setup();
    const { onConfirm, onItemChange, onReasonChange } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Devolver el pago 2611AB12CD34' });
    expect(within(dialog).getByText('33,75 €', { selector: 'strong' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pádel — 64,13 €' }));
    expect(onItemChange).toHaveBeenCalledWith('2', true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'B');
    expect(onReasonChange).toHaveBeenCalledWith('B');
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('ties the reason’s error to its field, and locks a whole refund’s items', () => {
    setup({ reasonError: 'Indica el motivo.', disabled: true });
    const reason = screen.getByRole('textbox', { name: 'Motivo' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Indica el motivo\./);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
  });
});
