import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonVariants } from './button.tsx';

describe('Button', () => {
  it('calls onClick', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Pagar</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while loading is busy, keeps focus and ignores clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Guardando...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Guardando...' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    expect(button.querySelector('[data-slot="spinner"]')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('gives a link the look of a button while it stays a link', () => {
    render(
      <>
        <Button variant="secondary">Botón</Button>
        <a href="/dashboard" className={buttonVariants({ variant: 'secondary' })}>
          Inicio
        </a>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Inicio' });
    expect(link).toHaveAttribute('href', '/dashboard');
    expect(link.className).toBe(screen.getByRole('button', { name: 'Botón' }).className);
  });

  it("adds a caller's className and refuses one that fights its own (a bug caught in tests)", () => {
    render(<Button className="w-full">Ok</Button>);
    expect(screen.getByRole('button').className).toContain('w-full');
    expect(() => render(<Button className="px-10">Ok</Button>)).toThrow(/px-4/);
  });

  it('sets a link-styled button in the line: no box, the text size of its size', () => {
    render(
      <Button variant="link" size="sm">
        Ver
      </Button>,
    );
    const cls = screen.getByRole('button').className.split(' ');
    expect(cls).toContain('text-small');
    expect(cls.some((c) => /^(min-h-|px-|py-|rounded-control)/.test(c))).toBe(false);
  });

  it('keeps the text colour with every size (custom font sizes merge correctly)', () => {
    render(
      <>
        <Button size="sm">S</Button>
        <Button size="lg">L</Button>
      </>,
    );
    for (const name of ['S', 'L']) {
      expect(screen.getByRole('button', { name }).className).toContain('text-primary-foreground');
    }
  });
});
