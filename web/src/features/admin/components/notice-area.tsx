import { Alert } from '@portal/design-system/components/alert.tsx';
import { useFormatMsg, type Notice } from './messages';

/** Success (polite) or error (assertive) message of a section, e.g. "user_deleted". */
export function NoticeArea({ notice }: { notice: Notice | null }) {
  const format = useFormatMsg();
  if (!notice) return null;
  return <Alert variant={notice.variant}>{format(notice.message)}</Alert>;
}
