import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

function setup(page: number, pageCount = 5) {
  const onPageChange = vi.fn();
  render(
    <Pagination
      page={page}
      pageCount={pageCount}
      onPageChange={onPageChange}
      label="Paginación"
      firstLabel="Primera"
      previousLabel="Anterior"
      nextLabel="Siguiente"
      lastLabel="Última"
      pageLabel={(n) => `Página ${n}`}
      statusText={(p, t) => `Página ${p} de ${t}`}
      resultsText="43 resultados"
    />,
  );
  const nav = screen.getByRole('navigation', { name: 'Paginación' });
  return { nav, onPageChange };
}

describe('Pagination', () => {
  it('disables first/previous on the first page', () => {
    const { nav } = setup(1);
    expect(within(nav).getByRole('button', { name: /Primera/ })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: /Anterior/ })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: /Siguiente/ })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: /Última/ })).toBeEnabled();
  });

  it('disables next/last on the last page', () => {
    const { nav } = setup(5);
    expect(within(nav).getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: /Última/ })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: /Primera/ })).toBeEnabled();
  });

  it('marks the current page and shows status and results', () => {
    const { nav } = setup(3);
    expect(within(nav).getByRole('button', { name: 'Página 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('button', { name: 'Página 2' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(nav).toHaveTextContent('Página 3 de 5');
    expect(nav).toHaveTextContent('43 resultados');
  });

  it('asks for the right pages', async () => {
    const { nav, onPageChange } = setup(3);
    await userEvent.click(within(nav).getByRole('button', { name: /Primera/ }));
    await userEvent.click(within(nav).getByRole('button', { name: /Anterior/ }));
    await userEvent.click(within(nav).getByRole('button', { name: /Siguiente/ }));
    await userEvent.click(within(nav).getByRole('button', { name: /Última/ }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Página 5' }));
    expect(onPageChange.mock.calls.map((c) => c[0])).toEqual([1, 2, 4, 5, 5]);
  });

  it('treats zero pages as one', () => {
    const { nav } = setup(1, 0);
    expect(nav).toHaveTextContent('Página 1 de 1');
    expect(within(nav).getByRole('button', { name: /Última/ })).toBeDisabled();
  });
});
