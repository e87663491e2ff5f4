import { formatDate } from '@portal/design-system/lib/format.ts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import type { CircumstanceRequest } from '../api/circumstances-api';
import { statusMessage } from '../reductions';

/** A request's state in words ("aprobada hasta el 30/06/2027", "rechazada: …"), never a colour. */
export function useStatusText(): (
  request: Pick<CircumstanceRequest, 'status' | 'valid_until' | 'reason'>,
) => string {
  const intl = useIntl();
  const { locale } = useLocale();
  return useCallback(
    (request) => {
      const { id, date, reason } = statusMessage(request);
      return intl.formatMessage(
        { id },
        { date: date ? formatDate(date, locale) : '', reason: reason ?? '' },
      );
    },
    [intl, locale],
  );
}
