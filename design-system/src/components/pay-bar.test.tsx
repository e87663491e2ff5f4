import { render, screen, within } from '@testing-library/react';
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

  describe('the choice of method', () => {
    const methods = [
      { value: 'card', label: 'Tarjeta' },
      { value: 'bizum', label: 'Bizum' },
    ];

    it('shows no choice with one method or none, exactly as before', () => {
      setup({ methods: [methods[0]!], methodLegend: 'Forma de pago' });
      expect(screen.queryByRole('radiogroup')).toBeNull();
      expect(screen.queryByRole('radio')).toBeNull();
      expect(screen.queryByRole('group', { name: 'Forma de pago' })).toBeNull();
    });

    it('offers the methods as a labelled radio group, the chosen one checked', () => {
      setup({ methods, method: 'card', methodLegend: 'Forma de pago' });
      const group = screen.getByRole('group', { name: 'Forma de pago' });
      expect(group.tagName).toBe('FIELDSET');
      expect(screen.getByRole('radio', { name: 'Tarjeta' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'Bizum' })).not.toBeChecked();
    });

    it('reports a click on a label and arrow keys inside the group', async () => {
      const onMethodChange = vi.fn();
      setup({ methods, method: 'card', methodLegend: 'Forma de pago', onMethodChange });
      await userEvent.click(screen.getByText('Bizum'));
      expect(onMethodChange).toHaveBeenLastCalledWith('bizum');
      onMethodChange.mockClear();
      screen.getByRole('radio', { name: 'Tarjeta' }).focus();
      await userEvent.keyboard('{ArrowRight}');
      expect(onMethodChange).toHaveBeenLastCalledWith('bizum');
    });

    it('is one Tab stop before the pay button', async () => {
      setup({
        methods,
        method: 'bizum',
        methodLegend: 'Forma de pago',
        payLabel: 'Pagar con Bizum',
      });
      await userEvent.tab();
      expect(screen.getByRole('radio', { name: 'Bizum' })).toHaveFocus();
      await userEvent.tab();
      expect(screen.getByRole('button', { name: 'Pagar con Bizum' })).toHaveFocus();
    });
  });
});

describe('PayBar: what it pays', () => {
  const lines = [
    { id: '4:1', label: 'Yoga', amount: 30 },
    { id: '4:8:1', label: 'Escola de natación', detail: '1.º plazo de 2', amount: 33.75 },
  ];

  it('lists the lines given, each with its detail and amount, under a visible name', () => {
    setup({ lines, linesLabel: 'Qué pagas' });
    const list = screen.getByRole('list', { name: 'Qué pagas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Yoga30,00\s€$/);
    expect(items[1]).toHaveTextContent(/^Escola de natación · 1\.º plazo de 233,75\s€$/);
  });

  it('keeps a detail such as “2.º plazo de 2” whole on a phone: it moves to the next line, never splits', () => {
    setup({ lines, linesLabel: 'Qué pagas' });
    const detail = screen.getByText(/1\.º plazo de 2/);
    expect(detail).toHaveClass('whitespace-nowrap');
    // the label before it may wrap between its words
    expect(detail.parentElement).not.toHaveClass('whitespace-nowrap');
  });

  it('lists nothing without lines, exactly as before', () => {
    setup({ lines: [], linesLabel: 'Qué pagas' });
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('Qué pagas')).toBeNull();
  });
});
