import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PayBar, type PayBarProps } from './pay-bar.tsx';

function setup(props: Partial<PayBarProps> = {}) {
  const onPay = vi.fn();
  const onDiscountChange = vi.fn();
  render(
    <PayBar
      locale="es"
      amount={71.625}
      amountLabel="Importe a pagar"
      payLabel="Pagar con tarjeta"
      onPay={onPay}
      discountAvailable={false}
      discountLabel="Aplicar la bonificación"
      onDiscountChange={onDiscountChange}
      {...props}
    />,
  );
  return { onPay, onDiscountChange };
}

describe('PayBar', () => {
  it('shows the amount in euros and pays', async () => {
    const { onPay } = setup();
    expect(screen.getByText(/71,63/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pagar con tarjeta' }));
    expect(onPay).toHaveBeenCalledOnce();
  });

  it('shows the reason and does not pay when disabled', async () => {
    const { onPay } = setup({ disabled: true, disabledReason: 'El plazo de pago ha terminado.' });
    const button = screen.getByRole('button', { name: 'Pagar con tarjeta' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('El plazo de pago ha terminado.');
    expect(screen.getByText('El plazo de pago ha terminado.')).toBeVisible();
    expect(screen.queryByText(/71,63/)).toBeNull();
    await userEvent.click(button);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('hides the reduction checkbox without a discount', () => {
    setup({ discountAvailable: false });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows the reduction checkbox with a discount and reports ticks', async () => {
    const { onDiscountChange } = setup({ discountAvailable: true, discountChecked: false });
    const checkbox = screen.getByRole('checkbox', { name: 'Aplicar la bonificación' });
    expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    expect(onDiscountChange).toHaveBeenCalledWith(true);
  });
});
