import type { ReactNode } from 'react';

/**
 * A server-paged table and its pagination. While the next page or search loads, the current rows
 * stay where they are (no jump in the layout), dimmed, and the region says it is busy.
 */
export function ServerTable({ fetching, children }: { fetching: boolean; children: ReactNode }) {
  return (
    <div
      aria-busy={fetching}
      className={`flex flex-col gap-4 transition-opacity ${fetching ? 'opacity-60' : ''}`}
    >
      {children}
    </div>
  );
}
