import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field.tsx';

describe('PasswordField', () => {
  it('toggles between hidden and visible', async () => {
    render(
      <PasswordField
        label="Contraseña"
        errorPrefix="Error:"
        showLabel="Mostrar contraseña"
        hideLabel="Ocultar contraseña"
      />,
    );
    const input = screen.getByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('aria-controls', input.id);

    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('does not submit the form when toggled', async () => {
    let submitted = false;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted = true;
        }}
      >
        <PasswordField label="Clave" errorPrefix="Error:" showLabel="Ver" hideLabel="Ocultar" />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ver' }));
    expect(submitted).toBe(false);
  });
});
