import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatEuros, type Locale } from '../lib/format.ts';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { sampleActivities, storyLocale, storyText } from '../stories-support/sample-text.ts';
import { DataTable, type DataTableColumn } from './data-table.tsx';

type Row = { id: string; dni: string; activity: string; amount: number };

const rows: Row[] = sampleActivities.slice(0, 5).map((activity, index) => ({
  id: String(activity.id),
  dni: index < 3 ? '12345678Z' : '87654321X',
  activity: activity.name,
  amount: activity.price * 0.75,
}));

function Demo({
  locale,
  data = rows,
  selectable = true,
  disabled = false,
}: {
  locale: Locale;
  data?: Row[];
  selectable?: boolean;
  disabled?: boolean;
}) {
  const t = storyText({ globals: { locale } });
  const [selected, setSelected] = React.useState<Set<string>>(() => new Set(['1']));
  const columns: DataTableColumn<Row>[] = [
    { id: 'dni', header: t.dni, cell: (row) => row.dni },
    { id: 'activity', header: t.activity, cell: (row) => row.activity, rowHeader: true },
    {
      id: 'amount',
      header: t.amount,
      cell: (row) => formatEuros(row.amount, locale),
      align: 'end',
    },
  ];
  return (
    <DataTable
      caption={t.pendingCaption}
      columns={columns}
      rows={data}
      getRowId={(row) => row.id}
      emptyMessage={t.pendingEmpty}
      selection={
        selectable
          ? {
              header: t.select,
              position: 1,
              selectedIds: selected,
              getRowLabel: (row) => t.selectRow(row.activity, row.dni),
              isRowDisabled: () => disabled,
              onSelectedChange: (id, isSelected) =>
                setSelected((prev) => {
                  const next = new Set(prev);
                  if (isSelected) next.add(id);
                  else next.delete(id);
                  return next;
                }),
            }
          : undefined
      }
    />
  );
}

const meta: Meta<typeof DataTable> = {
  title: 'Data/DataTable',
  component: DataTable,
  parameters: {
    docs: {
      description: {
        component:
          'Rows of data with a caption, header cells, row headers and, below 600 px, one card per row. Server-paged admin lists wrap it with **Pagination**; the whole sorted list is never loaded to show one page.',
      },
    },
  },
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof DataTable>;

/** Pending payments: DNI, checkbox, activity, amount. */
export const Default: Story = {};
export const Empty: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} data={[]} />,
};
/** After the deadline the checkboxes are disabled. */
export const DisabledRows: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} disabled />,
};
/** Completed payments: no selection column. */
export const ReadOnly: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} selectable={false} />,
};
/** Scrolls inside its own region; the page does not scroll sideways. */
export const Narrow: Story = { ...narrow };
