import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { formatDate, type Locale } from '../lib/format.ts';
import { Field, inputClasses, useFieldWiring, type FieldTextProps } from './field.tsx';

export type MultiSelectItem = { id: number | string; name: string; startDate?: string | null };

/** Visible rows: the number of options clamped to 4..8. */
export function multiSelectSize(optionCount: number): number {
  return Math.min(8, Math.max(4, optionCount));
}

/** "Swimming (05/01/2026)" when a start date exists, else just the name. */
export function multiSelectOptionLabel(
  item: MultiSelectItem,
  formatStartDate: (isoDate: string) => string,
): string {
  return item.startDate ? `${item.name} (${formatStartDate(item.startDate)})` : item.name;
}

export type MultiSelectProps = Omit<
  React.ComponentProps<'select'>,
  'children' | 'multiple' | 'value' | 'defaultValue' | 'onChange' | 'size'
> &
  FieldTextProps & {
    /** The options: id, name and start date of each. */
    items: readonly MultiSelectItem[];
    /** Selected ids, as strings (ids are compared with String(item.id)). */
    value: readonly string[];
    /** Called with every selected id after each change. */
    onValueChange: (ids: string[]) => void;
    /** Locale used to format start dates (es-ES, en-GB, gl-ES). */
    locale: Locale;
    /** Overrides the start-date formatting. */
    formatStartDate?: (isoDate: string) => string;
    /** Class for the wrapper (label + hint + error + list). */
    containerClassName?: string;
  };

/**
 * Native <select multiple>, 4 to 8 rows tall. Put the "Ctrl/Cmd-click to pick several" advice
 * in `hint`.
 */
export function MultiSelect({
  items,
  value,
  onValueChange,
  locale,
  formatStartDate,
  className,
  ...props
}: MultiSelectProps) {
  const { fieldProps, controlProps, rest } = useFieldWiring(props);
  const format = formatStartDate ?? ((iso: string) => formatDate(iso, locale));
  return (
    <Field {...fieldProps}>
      <select
        data-slot="multi-select"
        multiple
        size={multiSelectSize(items.length)}
        value={value as string[]}
        onChange={(event) =>
          onValueChange(Array.from(event.target.selectedOptions, (option) => option.value))
        }
        className={cn(
          inputClasses({ paddingY: 'py-1' }),
          '[&>option]:px-1 [&>option]:py-1',
          className,
        )}
        {...rest}
        {...controlProps}
      >
        {items.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {multiSelectOptionLabel(item, format)}
          </option>
        ))}
      </select>
    </Field>
  );
}
