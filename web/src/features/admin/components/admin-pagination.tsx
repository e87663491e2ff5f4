import { Pagination } from '@portal/design-system/components/pagination.tsx';
import { useT } from './messages';

/** Pages of a table, with the panel's labels ("Page 2 of 5", "23 results"). */
export function AdminPagination({
  page,
  pageCount,
  total,
  label,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  total: number;
  label: string;
  onPageChange: (page: number) => void;
}) {
  const t = useT();
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      onPageChange={onPageChange}
      label={label}
      firstLabel={t('admin.common.firstPage')}
      previousLabel={t('admin.common.previousPage')}
      nextLabel={t('admin.common.nextPage')}
      lastLabel={t('admin.common.lastPage')}
      pageLabel={(n) => t('admin.common.pageN', { page: n })}
      statusText={(n, count) => t('admin.common.pageOf', { page: n, count })}
      resultsText={t('admin.common.results', { count: total })}
    />
  );
}
