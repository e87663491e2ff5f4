import type * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextArea } from './text-area.tsx';

describe('TextArea', () => {
  it('is a labelled multi-line text with its hint, and passes textarea attributes through', () => {
    render(
      <TextArea label="Horario" hint="Un día por línea" errorPrefix="Error:" maxLength={500} />,
    );
    const field = screen.getByRole('textbox', { name: 'Horario' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('maxlength', '500');
    expect(field).toHaveAttribute('rows', '4');
    expect(field).toHaveAccessibleDescription('Un día por línea');
  });

  it('keeps the line breaks typed with Enter, and Enter sends no form', async () => {
    const submit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <TextArea label="Horario" errorPrefix="Error:" />
      </form>,
    );
    const field = screen.getByRole('textbox', { name: 'Horario' });
    await userEvent.type(field, 'Lunes, 17:00{Enter}Viernes, 18:00');
    expect(field).toHaveValue('Lunes, 17:00\nViernes, 18:00');
    expect(submit).not.toHaveBeenCalled();
  });

  it('wires the error with a visually hidden prefix', () => {
    render(<TextArea label="Horario" error="Demasiado largo" errorPrefix="Error:" />);
    const field = screen.getByRole('textbox', { name: 'Horario' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Error: Demasiado largo');
  });
});
