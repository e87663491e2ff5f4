import * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Controlled() {
  const [value, setValue] = React.useState('');
  return <OtpInput label="Código" errorPrefix="Error:" value={value} onValueChange={setValue} />;
}

describe('OtpInput', () => {
  it('is a single numeric one-time-code input of 6 digits', () => {
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Código' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
  });

  it('keeps digits only', async () => {
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Código' });
    await userEvent.type(input, '12a3-4 5');
    expect(input).toHaveValue('12345');
  });
});
