import type { ReactNode } from 'react';
import { FieldError, FieldHint } from '@portal/design-system/components/field.tsx';
import { cn } from '@portal/design-system/lib/cn.ts';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  hint?: string;
  /** Shown under the option while it is chosen (e.g. the number of months). */
  more?: ReactNode;
}

/**
 * A choice of one among a few, as native radio buttons in a fieldset named by its legend
 * (GOV.UK's radios): each option's label and hint, and an error said once for the group. The
 * first radio carries `id`, so the error summary's link lands on the group.
 */
export function RadioGroup<V extends string>({
  id,
  name,
  legend,
  options,
  value,
  onChange,
  error,
  errorPrefix,
  className,
}: {
  id: string;
  name: string;
  legend: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  error?: string;
  errorPrefix: string;
  className?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={cn(
        'flex flex-col gap-3',
        error ? 'border-l-4 border-error pl-3' : undefined,
        className,
      )}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1 text-body font-semibold">{legend}</legend>
      {error ? (
        <FieldError id={errorId} prefix={errorPrefix}>
          {error}
        </FieldError>
      ) : null}
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${option.value}`;
        const hintId = `${optionId}-hint`;
        return (
          <div key={option.value} className="flex flex-col gap-2">
            <div className="flex items-start gap-3">
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={option.hint ? hintId : undefined}
                className="mt-0.5 size-6 shrink-0 cursor-pointer accent-primary focus-ring"
              />
              <div className="flex flex-col gap-0.5">
                <label htmlFor={optionId} className="cursor-pointer text-body">
                  {option.label}
                </label>
                {option.hint ? <FieldHint id={hintId}>{option.hint}</FieldHint> : null}
              </div>
            </div>
            {value === option.value && option.more ? (
              <div className="ml-9">{option.more}</div>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
