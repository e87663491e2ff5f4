import { Fragment } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * An e-mail address that wraps where a reader expects: after the "@" and before each dot, never
 * in the middle of a word (a narrow table column would otherwise split "exam / ple"). Only a
 * single piece longer than the whole line still breaks, as a last resort.
 */
export function EmailAddress({
  value,
  className,
}: {
  /** The address, e.g. "ana.perez@example.org". */
  value: string;
  /** Class for the wrapping <span>. */
  className?: string;
}) {
  const pieces = value.split(/(?=\.)|(?<=@)/);
  return (
    <span className={cn('break-words', className)}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
