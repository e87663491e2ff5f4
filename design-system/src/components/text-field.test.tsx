import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('has a visible label and passes input attributes through', () => {
    render(
      <TextField
        label="Teléfono"
        hint="9 cifras"
        errorPrefix="Error:"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={9}
        name="phone"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Teléfono' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'tel-national');
    expect(input).toHaveAttribute('maxlength', '9');
    expect(input).toHaveAttribute('name', 'phone');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('9 cifras');
  });

  it('wires the error with a visually hidden prefix', () => {
    render(
      <TextField
        id="phone"
        label="Teléfono"
        hint="9 cifras"
        error="Introduce tu teléfono, 9 cifras"
        errorPrefix="Error:"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Teléfono' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'phone-hint phone-error');
    expect(input).toHaveAccessibleDescription('9 cifras Error: Introduce tu teléfono, 9 cifras');
    const prefix = screen.getByText('Error:');
    expect(prefix).toHaveClass('sr-only');
    expect(document.getElementById('phone-error')).toHaveTextContent(
      'Error: Introduce tu teléfono, 9 cifras',
    );
  });

  it('keeps what the user typed', async () => {
    render(<TextField label="DNI" errorPrefix="Error:" error="Introduce tu DNI" />);
    const input = screen.getByRole('textbox', { name: 'DNI' });
    await userEvent.type(input, '1234');
    expect(input).toHaveValue('1234');
  });
});
