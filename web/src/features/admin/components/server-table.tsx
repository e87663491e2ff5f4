import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import type { ReactNode } from 'react';
import type { useServerList } from '../api/use-server-list';
import { AdminPagination } from './admin-pagination';
import { ListSearch } from './list-search';
import { ListStatus } from './list-status';
import { useT } from './messages';

/**
 * A server-paged table: its search box, load state, one page of rows and the pagination. While
 * the next page or search loads, the current rows stay where they are (no jump in the layout),
 * dimmed, and the region says it is busy.
 */
export function ServerTable<T extends { id: number }>({
  list,
  searchId,
  messages,
  columns,
  summary,
}: {
  list: ReturnType<typeof useServerList<T>>;
  searchId: string;
  /** Message ids: search label, load error, table caption, empty table, pagination label. */
  messages: { search: string; error: string; caption: string; empty: string; pagination: string };
  columns: readonly DataTableColumn<T>[];
  /** Shown above the table once loaded (e.g. "3 users"). */
  summary?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <ListSearch
        id={searchId}
        label={t(messages.search)}
        query={list.query}
        onQueryChange={list.setQuery}
      />
      <ListStatus list={list.list} errorId={messages.error} />
      {list.list.data ? (
        <div
          aria-busy={list.fetching}
          className={`flex flex-col gap-4 transition-opacity ${list.fetching ? 'opacity-60' : ''}`}
        >
          {summary}
          <DataTable
            caption={t(messages.caption)}
            columns={columns}
            rows={list.rows}
            getRowId={(row) => String(row.id)}
            emptyMessage={t(list.searched ? 'admin.common.noMatches' : messages.empty)}
          />
          <AdminPagination
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            label={t(messages.pagination)}
            onPageChange={list.goTo}
          />
        </div>
      ) : null}
    </>
  );
}
