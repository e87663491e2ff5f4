import { Alert } from '@portal/design-system/components/alert.tsx';
import { useFormatMsg, useT, type Notice } from './messages';
import { WarningsList } from './warnings-list';

/** Success (polite) or error (assertive) message of a section, e.g. "user_deleted". */
export function NoticeArea({ notice }: { notice: Notice | null }) {
  const format = useFormatMsg();
  const t = useT();
  if (!notice) return null;
  return (
    <>
      <Alert variant={notice.variant}>{format(notice.message)}</Alert>
      <WarningsList title={t('admin.common.warningsTitle')} items={notice.warnings ?? []} />
    </>
  );
}
