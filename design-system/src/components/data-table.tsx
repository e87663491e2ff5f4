import * as React from 'react';
import { cn } from '../lib/cn.ts';
import { Checkbox } from './checkbox.tsx';

export type DataTableColumn<T> = {
  id: string;
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  /** "end" for amounts and numbers. */
  align?: 'start' | 'end';
  /** Render this column's cells as row headers (<th scope="row">), e.g. the activity name. */
  rowHeader?: boolean;
  className?: string;
};

export type DataTableSelection<T> = {
  /** Ids (from getRowId) of the checked rows. */
  selectedIds: ReadonlySet<string> | readonly string[];
  onSelectedChange: (rowId: string, selected: boolean, row: T) => void;
  /** Accessible name of each row checkbox, e.g. "Select Swimming, Ana Pérez". */
  getRowLabel: (row: T) => string;
  /** Header of the checkbox column, e.g. "Select". */
  header: React.ReactNode;
  /** Disabled rows cannot be (un)checked, e.g. after the payment deadline. */
  isRowDisabled?: (row: T) => boolean;
  /**
   * The id of an element in the row that describes its checkbox (e.g. why it cannot be ticked),
   * or undefined for none.
   */
  getRowDescribedBy?: (row: T) => string | undefined;
  /** Index among the columns where the checkbox column goes (0 = first). */
  position?: number;
};

export type DataTableProps<T> = Omit<React.ComponentProps<'table'>, 'children'> & {
  /** Names the table (required); hide it visually with captionHidden when a heading says the same. */
  caption: React.ReactNode;
  /** Hide the caption visually (screen readers still read it). */
  captionHidden?: boolean;
  /** The columns in order: id, header, each row's cell and alignment. */
  columns: readonly DataTableColumn<T>[];
  /** The rows to show, one per item. */
  rows: readonly T[];
  /** A row's stable id (the React key and the selection's id). */
  getRowId: (row: T) => string;
  /** Shown in a full-width row when there are no rows. */
  emptyMessage: React.ReactNode;
  /** Adds a checkbox column for picking rows (checked ids, labels, disabled rows). */
  selection?: DataTableSelection<T>;
  /** Class for the scrolling region around the table. */
  containerClassName?: string;
};

/**
 * Semantic table. It scrolls inside its own focusable region, so on narrow screens (< 600px)
 * the page itself never scrolls sideways.
 */
export function DataTable<T>({
  caption,
  captionHidden = false,
  columns,
  rows,
  getRowId,
  emptyMessage,
  selection,
  containerClassName,
  className,
  ...props
}: DataTableProps<T>) {
  const captionId = React.useId();
  const selected =
    selection === undefined
      ? undefined
      : selection.selectedIds instanceof Set
        ? (selection.selectedIds as ReadonlySet<string>)
        : new Set(selection.selectedIds as readonly string[]);
  const position = Math.min(Math.max(selection?.position ?? 0, 0), columns.length);
  const columnCount = columns.length + (selection ? 1 : 0);

  const withSelection = <C,>(cells: C[], selectionCell: C): C[] =>
    selection ? [...cells.slice(0, position), selectionCell, ...cells.slice(position)] : cells;

  return (
    <div
      data-slot="data-table-container"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={cn(
        'max-w-full overflow-x-auto rounded-panel border border-border-subtle focus-ring',
        containerClassName,
      )}
    >
      {/* Below 600 px each row becomes a card: cells stack with their column's name beside them.
          The explicit roles keep the table semantics that display:block would otherwise drop. */}
      <table
        data-slot="data-table"
        role="table"
        className={cn('w-full border-collapse text-left text-body max-narrow:block', className)}
        {...props}
      >
        <caption
          id={captionId}
          className={cn('px-3 py-2 text-left text-lead font-semibold', captionHidden && 'sr-only')}
        >
          {caption}
        </caption>
        <thead role="rowgroup" className="bg-surface max-narrow:sr-only">
          <tr role="row">
            {withSelection(
              columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  role="columnheader"
                  className={cn(
                    'border-b-2 border-border px-3 py-2 font-semibold whitespace-nowrap',
                    column.align === 'end' && 'text-right',
                  )}
                >
                  {column.header}
                </th>
              )),
              <th
                key="__select"
                scope="col"
                role="columnheader"
                className="w-12 border-b-2 border-border px-3 py-2 font-semibold whitespace-nowrap"
              >
                {selection?.header}
              </th>,
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-narrow:block">
          {rows.length === 0 ? (
            <tr role="row" className="max-narrow:block">
              <td
                role="cell"
                colSpan={columnCount}
                className="px-3 py-6 text-center text-muted-foreground max-narrow:block"
              >
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = getRowId(row);
              const disabled = selection?.isRowDisabled?.(row) ?? false;
              const checked = selected?.has(id) ?? false;
              return (
                <tr
                  key={id}
                  role="row"
                  data-slot="data-table-row"
                  data-state={checked ? 'selected' : undefined}
                  data-disabled={disabled ? '' : undefined}
                  className="border-b border-border-subtle last:border-b-0 data-[state=selected]:bg-primary-surface max-narrow:block max-narrow:py-2"
                >
                  {withSelection(
                    columns.map((column) => {
                      const Cell = column.rowHeader ? 'th' : 'td';
                      return (
                        <Cell
                          key={column.id}
                          scope={column.rowHeader ? 'row' : undefined}
                          role={column.rowHeader ? 'rowheader' : 'cell'}
                          data-label={narrowLabel(column.header)}
                          className={cn(
                            'px-3 py-2 align-middle',
                            narrowCell,
                            column.rowHeader && 'font-normal',
                            column.align === 'end' && 'text-right tabular-nums',
                            column.className,
                          )}
                        >
                          {column.cell(row)}
                        </Cell>
                      );
                    }),
                    <td
                      key="__select"
                      role="cell"
                      data-label={narrowLabel(selection?.header)}
                      className={cn('px-3 py-2 align-middle', narrowCell)}
                    >
                      {selection ? (
                        <Checkbox
                          aria-label={selection.getRowLabel(row)}
                          aria-describedby={selection.getRowDescribedBy?.(row)}
                          checked={checked}
                          disabled={disabled}
                          onCheckedChange={(value) =>
                            selection.onSelectedChange(id, value === true, row)
                          }
                        />
                      ) : null}
                    </td>,
                  )}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Below 600 px a cell is a line of its card: the column's name (from data-label, drawn by CSS so
 * the cell's own content stays as it is), then the value.
 */
const narrowCell =
  'max-narrow:flex max-narrow:items-center max-narrow:justify-between max-narrow:gap-4 max-narrow:py-1 max-narrow:text-right max-narrow:before:text-left max-narrow:before:font-semibold max-narrow:before:content-[attr(data-label)]';

/** Text headers label the narrow layout's lines; other headers are left out there. */
function narrowLabel(header: React.ReactNode): string | undefined {
  return typeof header === 'string' ? header : undefined;
}
