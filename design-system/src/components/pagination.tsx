import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './button.tsx';

export type PaginationProps = Omit<React.ComponentProps<'nav'>, 'children' | 'aria-label'> & {
  /** Current page, 1-based. */
  page: number;
  /** Total pages (0 is treated as 1). */
  pageCount: number;
  /** Called with the page (1-based) a button asks for. */
  onPageChange: (page: number) => void;
  /** Accessible name of the <nav>, e.g. "Pagination of people". */
  label: string;
  /** Text of the first-page button, e.g. "First". */
  firstLabel: string;
  /** Text of the previous-page button, e.g. "Previous". */
  previousLabel: string;
  /** Text of the next-page button, e.g. "Next". */
  nextLabel: string;
  /** Text of the last-page button, e.g. "Last". */
  lastLabel: string;
  /** Accessible name of a numbered page button, e.g. (3) => "Page 3". */
  pageLabel: (page: number) => string;
  /** Visible status, e.g. (2, 5) => "Page 2 of 5". Announced politely on change. */
  statusText: (page: number, pageCount: number) => string;
  /** E.g. "43 results". */
  resultsText?: string;
  /** How many numbered page buttons around the current page (default 5, 0 hides them). */
  maxPageButtons?: number;
};

function pageWindow(page: number, pageCount: number, size: number): number[] {
  if (size <= 0) return [];
  const count = Math.min(size, pageCount);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** First / previous / numbered pages / next / last, "Page X of Y" and a results count. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label,
  firstLabel,
  previousLabel,
  nextLabel,
  lastLabel,
  pageLabel,
  statusText,
  resultsText,
  maxPageButtons = 5,
  className,
  ...props
}: PaginationProps) {
  const total = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), total);
  const atStart = current <= 1;
  const atEnd = current >= total;
  const go = (target: number) => () => onPageChange(Math.min(Math.max(1, target), total));
  const nav = 'min-w-11';

  return (
    <nav
      data-slot="pagination"
      aria-label={label}
      className={cn('flex flex-col gap-3', className)}
      {...props}
    >
      <p className="text-body text-foreground" aria-live="polite" aria-atomic="true">
        <span data-slot="pagination-status">{statusText(current, total)}</span>
        {resultsText ? (
          <span data-slot="pagination-results" className="text-muted-foreground">
            {' · '}
            {resultsText}
          </span>
        ) : null}
      </p>
      <ul className="flex flex-wrap items-center gap-2">
        <NavItem className={nav} disabled={atStart} onClick={go(1)}>
          <span aria-hidden="true">«</span> {firstLabel}
        </NavItem>
        <NavItem className={nav} disabled={atStart} onClick={go(current - 1)}>
          <span aria-hidden="true">‹</span> {previousLabel}
        </NavItem>
        {pageWindow(current, total, maxPageButtons).map((n) => (
          <li key={n} className="max-narrow:hidden">
            <Button
              type="button"
              variant={n === current ? 'primary' : 'secondary'}
              size="sm"
              className="min-w-11 tabular-nums"
              aria-label={pageLabel(n)}
              aria-current={n === current ? 'page' : undefined}
              onClick={go(n)}
            >
              {n}
            </Button>
          </li>
        ))}
        <NavItem className={nav} disabled={atEnd} onClick={go(current + 1)}>
          {nextLabel} <span aria-hidden="true">›</span>
        </NavItem>
        <NavItem className={nav} disabled={atEnd} onClick={go(total)}>
          {lastLabel} <span aria-hidden="true">»</span>
        </NavItem>
      </ul>
    </nav>
  );
}

/** One of the first / previous / next / last buttons. */
function NavItem(props: React.ComponentProps<typeof Button>) {
  return (
    <li>
      <Button type="button" variant="secondary" size="sm" {...props} />
    </li>
  );
}
