import { SearchBox } from '@portal/design-system/components/search-box.tsx';

/** The search box above a table; the table filters as one types. */
export function ListSearch({
  id,
  label,
  query,
  onQueryChange,
}: {
  id: string;
  label: string;
  query: string;
  onQueryChange: (query: string) => void;
}) {
  return (
    <SearchBox
      id={id}
      label={label}
      value={query}
      onChange={(event) => onQueryChange(event.target.value)}
      containerClassName="max-w-md"
    />
  );
}
