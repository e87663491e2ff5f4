import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './stepper.tsx';

describe('Stepper', () => {
  it('is an ordered list with the current step marked', () => {
    render(
      <Stepper
        label="Pasos"
        completedText="(completado)"
        currentIndex={1}
        steps={[
          { id: 'a', label: 'Datos' },
          { id: 'b', label: 'Código' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Pasos' });
    expect(list.tagName).toBe('OL');
    const items = screen.getAllByRole('listitem');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[0]).toHaveTextContent('Datos (completado)');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
  });
});
