import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { DownloadButton } from '@portal/design-system/components/download-button.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/i18n-provider';
import { privacyPath } from '../../../lib/privacy-path';
import { downloadMyDocument, type CircumstanceRequest } from '../../persons/api/circumstances-api';
import { useStatusText } from '../../persons/components/reduction-status';

function RequestRow({ request }: { request: CircumstanceRequest }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const statusText = useStatusText();
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setFailed(false);
    const ok = await downloadMyDocument(request.id);
    setDownloading(false);
    setFailed(!ok);
  }

  return (
    <li className="flex flex-col gap-1 border-b border-border-subtle py-3 last:border-b-0">
      <p className="font-semibold">
        <FormattedMessage
          id="account.reductions.item"
          values={{ person: request.person_name, circumstance: request.circumstance_name }}
        />
      </p>
      <p>
        <FormattedMessage id="account.reductions.status" values={{ status: statusText(request) }} />
      </p>
      <p className="text-small text-muted-foreground">
        <FormattedMessage
          id="account.reductions.asked"
          values={{ date: formatDate(request.created_at, locale) }}
        />
      </p>
      {request.has_document ? (
        <DownloadButton
          label={intl.formatMessage(
            { id: 'account.reductions.download' },
            { circumstance: request.circumstance_name, person: request.person_name },
          )}
          onDownload={() => void download()}
          loading={downloading}
          error={failed ? intl.formatMessage({ id: 'account.reductions.downloadFailed' }) : null}
        />
      ) : null}
    </li>
  );
}

/**
 * Mi cuenta's reductions: every request the account made for the people it manages, in words
 * (pending, approved until a date, refused and why, expired, withdrawn), with the document sent
 * while the council keeps it.
 */
export function MyReductions({
  requests,
  loading,
  failed,
  onRetry,
}: {
  requests: readonly CircumstanceRequest[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <>
      <p className="max-w-prose">
        <FormattedMessage
          id="account.reductions.text"
          values={{
            privacy: (chunks: ReactNode) => (
              <Link to={`${privacyPath(locale)}#retention`} className={textLinkClassName}>
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
      {loading ? (
        <Loading label={intl.formatMessage({ id: 'account.reductions.loading' })} />
      ) : null}
      {failed ? (
        <Alert variant="error">
          <span className="flex flex-wrap items-center gap-3">
            <FormattedMessage id="account.reductions.loadError" />
            <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
              <FormattedMessage id="account.retry" />
            </Button>
          </span>
        </Alert>
      ) : null}
      {!loading && !failed && requests.length === 0 ? (
        <p>
          <FormattedMessage id="account.reductions.empty" />
        </p>
      ) : null}
      {requests.length > 0 ? (
        <ul
          className="flex flex-col"
          aria-label={intl.formatMessage({ id: 'account.reductions.listLabel' })}
        >
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
