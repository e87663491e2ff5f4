import { Button } from '@portal/design-system/components/button.tsx';
import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '@portal/design-system/components/download-button.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useLocale } from '../../i18n/i18n-provider';
import { flashState } from '../../lib/flash';
import { usePageTitle } from '../../lib/page-title';
import { privacyPath } from '../../lib/privacy-path';
import { readPublicConfig } from '../../lib/public-config';
import { residentKeys } from '../../lib/resident-keys';
import { DirectDebitArea } from '../direct-debit/components/direct-debit-area';
import { useMyCircumstanceRequests } from '../persons/api/use-circumstances';
import { clearToken } from '../../lib/session';
import { downloadMyData } from './api/account-api';
import { useMe } from './api/use-me';
import { ChangeContact } from './components/change-contact';
import { ConfirmEmail } from './components/confirm-email';
import { ChangePassword } from './components/change-password';
import { DeleteAccount } from './components/delete-account';
import { MyReductions } from './components/my-reductions';
import { ReminderSetting } from './components/reminder-setting';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-t border-border pt-6">
      <h2 id={id} className="text-heading font-bold text-foreground">
        <FormattedMessage id={title} />
      </h2>
      {children}
    </section>
  );
}

/**
 * /mi-cuenta: the account's details, its payment reminders, its data as a file (GDPR access and
 * portability) and deleting it (erasure), with what the council must keep and for how long.
 */
export function AccountPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const me = useMe();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  usePageTitle('account.title');
  const config = useQuery({ queryKey: residentKeys.config, queryFn: readPublicConfig });
  const reductions = useMyCircumstanceRequests();
  // with fee rules in place, or once something was asked (rules since removed): never a section
  // about reductions nobody can ask for
  const showReductions = config.data?.fee_mode === 'rules' || (reductions.data?.length ?? 0) > 0;

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setDownloadFailed(false);
    const ok = await downloadMyData();
    setDownloading(false);
    setDownloadFailed(!ok);
  }

  function deleted() {
    clearToken();
    navigate('/login', { replace: true, state: flashState('account.delete.done') });
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <h1 className="text-title font-bold text-foreground">
        <FormattedMessage id="account.title" />
      </h1>
      {me.status === 'loading' ? (
        <Loading label={intl.formatMessage({ id: 'account.loading' })} />
      ) : null}
      {me.status === 'error' ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert">
            <FormattedMessage id="account.errorLoading" />
          </p>
          <Button type="button" variant="secondary" onClick={me.retry}>
            <FormattedMessage id="account.retry" />
          </Button>
        </div>
      ) : null}
      {me.status === 'ready' ? (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-body wrap-anywhere">
            <dt className="font-semibold">
              <FormattedMessage id="account.dni" />
            </dt>
            <dd>{me.data.dni}</dd>
            <dt className="font-semibold">
              <FormattedMessage id="account.phone" />
            </dt>
            <dd>{me.data.phone}</dd>
            <dt className="font-semibold">
              <FormattedMessage id="account.email" />
            </dt>
            <dd>
              {me.data.email ?? intl.formatMessage({ id: 'account.noEmail' })}
              {me.data.email ? (
                <span className="ms-2">
                  <FormattedMessage
                    id={
                      me.data.email_confirmed
                        ? 'account.emailConfirmed'
                        : 'account.emailUnconfirmed'
                    }
                  />
                </span>
              ) : null}
            </dd>
          </dl>

          <Section id="account-contact-title" title="account.contact.title">
            <p className="max-w-prose">
              <FormattedMessage id="account.contact.text" />
            </p>
            <ConfirmEmail me={me.data} onConfirmed={me.replace} />
            <ChangeContact contact="phone" onChanged={me.replace} />
            <ChangeContact contact="email" onChanged={me.replace} />
          </Section>

          <Section id="account-reminders-title" title="account.reminders.title">
            <ReminderSetting me={me.data} onSaved={me.replace} />
          </Section>

          <DirectDebitArea />

          {showReductions ? (
            <Section id="account-reductions-title" title="account.reductions.title">
              <MyReductions
                requests={reductions.data ?? []}
                loading={reductions.isPending}
                failed={reductions.isError}
                onRetry={() => void reductions.refetch()}
              />
            </Section>
          ) : null}

          <Section id="account-password-title" title="account.password.title">
            <ChangePassword />
          </Section>

          <Section id="account-data-title" title="account.data.title">
            <p className="max-w-prose">
              <FormattedMessage id="account.data.text" />
            </p>
            <DownloadButton
              label={intl.formatMessage({ id: 'account.data.download' })}
              onDownload={() => void download()}
              loading={downloading}
              error={downloadFailed ? intl.formatMessage({ id: 'account.data.failed' }) : null}
            />
          </Section>

          <Section id="account-delete-title" title="account.delete.title">
            <p className="max-w-prose">
              <FormattedMessage id="account.delete.text" />
            </p>
            <p className="max-w-prose">
              <FormattedMessage
                id="account.delete.kept"
                values={{
                  privacy: (chunks: ReactNode) => (
                    <Link to={`${privacyPath(locale)}#retention`} className={textLinkClassName}>
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </p>
            <DeleteAccount onDeleted={deleted} />
          </Section>
        </>
      ) : null}
    </div>
  );
}
