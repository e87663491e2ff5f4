import { Button } from '@portal/design-system/components/button.tsx';
import { FormattedMessage } from 'react-intl';

/**
 * "Edit" / "Delete" in a table row. The accessible name starts with the visible word and adds
 * what the row is ("Edit user 12345678Z"), so each button is unique for screen readers.
 */
export function RowButton({
  kind,
  label,
  onClick,
}: {
  kind: 'edit' | 'delete';
  label: string;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant={kind === 'delete' ? 'danger' : 'secondary'}
      aria-label={label}
      onClick={onClick}
    >
      <FormattedMessage id={kind === 'delete' ? 'admin.common.delete' : 'admin.common.edit'} />
    </Button>
  );
}
