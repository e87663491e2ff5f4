import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert.tsx';
import { TotalBar } from './total-bar.tsx';

describe('Alert', () => {
  it('errors are alerts, success and info are status', () => {
    render(
      <>
        <Alert variant="error">Falló</Alert>
        <Alert variant="success">Hecho</Alert>
        <Alert variant="info">Plazo</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Falló');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Hecho', 'Plazo']);
  });

  it('can be static', () => {
    render(
      <Alert variant="info" role="none">
        Texto
      </Alert>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('TotalBar', () => {
  it('shows the sum as euros with 2 decimals', () => {
    render(<TotalBar label="Total" amount={10.1 + 20.2} locale="en" />);
    expect(screen.getByText('€30.30')).toBeInTheDocument();
  });
});
