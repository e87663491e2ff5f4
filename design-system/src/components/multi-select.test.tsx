import * as React from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelect, multiSelectSize, type MultiSelectItem } from './multi-select.tsx';

const items = (n: number): MultiSelectItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Actividad ${i + 1}` }));

describe('MultiSelect', () => {
  it.each([
    [0, 4],
    [2, 4],
    [4, 4],
    [6, 6],
    [8, 8],
    [30, 8],
  ])('with %i options is %i rows tall', (count, size) => {
    expect(multiSelectSize(count)).toBe(size);
    const { unmount } = render(
      <MultiSelect
        label="Actividades"
        errorPrefix="Error:"
        items={items(count)}
        value={[]}
        onValueChange={() => {}}
        locale="es"
      />,
    );
    const select = screen.getByRole('listbox', { name: 'Actividades' });
    expect(select).toHaveAttribute('size', String(size));
    expect(Number(select.getAttribute('size'))).toBeGreaterThanOrEqual(4);
    expect(Number(select.getAttribute('size'))).toBeLessThanOrEqual(8);
    unmount();
  });

  it('adds the start date in brackets when present', () => {
    render(
      <MultiSelect
        label="Actividades"
        errorPrefix="Error:"
        items={[
          { id: 1, name: 'Natación', startDate: '2026-10-01' },
          { id: 2, name: 'Yoga' },
          { id: 3, name: 'Pádel', startDate: null },
        ]}
        value={[]}
        onValueChange={() => {}}
        locale="es"
      />,
    );
    expect(screen.getByRole('option', { name: 'Natación (01/10/2026)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Yoga' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Pádel' })).toBeInTheDocument();
  });

  it('reports the selected ids', async () => {
    const onValueChange = vi.fn();
    function Demo() {
      const [value, setValue] = React.useState<string[]>([]);
      return (
        <MultiSelect
          label="Actividades"
          errorPrefix="Error:"
          items={items(5)}
          value={value}
          onValueChange={(ids) => {
            onValueChange(ids);
            setValue(ids);
          }}
          locale="gl"
        />
      );
    }
    render(<Demo />);
    const select = screen.getByRole('listbox', { name: 'Actividades' });
    await userEvent.selectOptions(select, ['2', '4']);
    expect(onValueChange).toHaveBeenLastCalledWith(['2', '4']);
  });
});
