import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary.tsx';

describe('ErrorSummary', () => {
  it('takes focus when it appears and links to the fields', async () => {
    render(
      <>
        <ErrorSummary
          title="Hay un problema"
          errors={[{ fieldId: 'dni', message: 'Introduce tu DNI' }]}
        />
        <label htmlFor="dni">DNI</label>
        <input id="dni" />
      </>,
    );
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveAccessibleName('Hay un problema');
    const link = screen.getByRole('link', { name: 'Introduce tu DNI' });
    expect(link).toHaveAttribute('href', '#dni');
    await userEvent.click(link);
    expect(screen.getByRole('textbox', { name: 'DNI' })).toHaveFocus();
  });

  it('can leave focus alone', () => {
    render(<ErrorSummary title="Hay un problema" errors={[]} autoFocus={false} />);
    expect(screen.getByRole('alert')).not.toHaveFocus();
  });
});
