import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

type Row = { id: string; name: string; dni: string };
const rows: Row[] = [
  { id: 'a', name: 'Natación', dni: '12345678Z' },
  { id: 'b', name: 'Yoga', dni: '12345678Z' },
];
const columns: DataTableColumn<Row>[] = [
  { id: 'dni', header: 'DNI', cell: (r) => r.dni },
  { id: 'name', header: 'Actividad', cell: (r) => r.name, rowHeader: true },
];

describe('DataTable', () => {
  it('is a captioned table with column headers', () => {
    render(
      <DataTable
        caption="Pagos pendientes"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        emptyMessage="No hay pagos pendientes."
      />,
    );
    const table = screen.getByRole('table', { name: 'Pagos pendientes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['DNI', 'Actividad']);
    expect(within(table).getByRole('rowheader', { name: 'Yoga' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pagos pendientes' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('shows the empty message', () => {
    render(
      <DataTable
        caption="Pagos"
        columns={columns}
        rows={[]}
        getRowId={(r) => r.id}
        emptyMessage="No hay pagos pendientes."
      />,
    );
    const cell = screen.getByRole('cell', { name: 'No hay pagos pendientes.' });
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('selects rows with labelled checkboxes and respects disabled rows', async () => {
    const onSelectedChange = vi.fn();
    render(
      <DataTable
        caption="Pagos"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        emptyMessage="-"
        selection={{
          header: 'Seleccionar',
          position: 1,
          selectedIds: ['a'],
          getRowLabel: (r) => `Seleccionar ${r.name}`,
          isRowDisabled: (r) => r.id === 'b',
          onSelectedChange,
        }}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'DNI',
      'Seleccionar',
      'Actividad',
    ]);
    const first = screen.getByRole('checkbox', { name: 'Seleccionar Natación' });
    const second = screen.getByRole('checkbox', { name: 'Seleccionar Yoga' });
    expect(first).toBeChecked();
    expect(second).toBeDisabled();
    await userEvent.click(first);
    expect(onSelectedChange).toHaveBeenCalledWith('a', false, rows[0]);
    await userEvent.click(second);
    expect(onSelectedChange).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable: a row checkbox described by its row', () => {
  it('points a checkbox at the element its row names, and no other', () => {
    render(
      <DataTable
        caption="Pagos pendientes"
        columns={[
          ...columns,
          {
            id: 'why',
            header: 'Nota',
            cell: (r) =>
              r.id === 'b' ? <span id="why-b">Ya no se puede pagar en línea.</span> : null,
          },
        ]}
        rows={rows}
        getRowId={(r) => r.id}
        emptyMessage="No hay pagos pendientes."
        selection={{
          selectedIds: [],
          onSelectedChange: vi.fn(),
          getRowLabel: (r) => `Seleccionar ${r.name}`,
          header: 'Seleccionar',
          isRowDisabled: (r) => r.id === 'b',
          getRowDescribedBy: (r) => (r.id === 'b' ? 'why-b' : undefined),
        }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Yoga' })).toHaveAccessibleDescription(
      'Ya no se puede pagar en línea.',
    );
    expect(screen.getByRole('checkbox', { name: 'Seleccionar Natación' })).not.toHaveAttribute(
      'aria-describedby',
    );
  });
});
