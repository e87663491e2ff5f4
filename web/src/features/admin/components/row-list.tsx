import type { Key, ReactNode } from 'react';
import { Button } from '@portal/design-system/components/button.tsx';

/**
 * Rows staff add to and remove from (an activity's age bands, a fee's parts): each row a fieldset
 * named by its legend, its fields, then the button that removes it. `children` draws a row's
 * fields, given the row, its index and a way to change it.
 */
export function RowList<Row extends { key: Key }>({
  rows,
  onChange,
  legend,
  removeLabel,
  children,
}: {
  rows: readonly Row[];
  onChange: (update: (rows: Row[]) => Row[]) => void;
  legend: (index: number) => string;
  removeLabel: (index: number) => string;
  children: (row: Row, index: number, change: (change: Partial<Row>) => void) => ReactNode;
}) {
  const change = (index: number) => (values: Partial<Row>) =>
    onChange((current) => current.map((row, i) => (i === index ? { ...row, ...values } : row)));
  return (
    <>
      {rows.map((row, index) => (
        <fieldset
          key={row.key}
          className="flex flex-col gap-3 rounded-md border border-border-subtle p-3"
        >
          <legend className="px-1 font-semibold">{legend(index)}</legend>
          {children(row, index, change(index))}
          <div>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
            >
              {removeLabel(index)}
            </Button>
          </div>
        </fieldset>
      ))}
    </>
  );
}
