import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { TextArea } from '@portal/design-system/components/text-area.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { detailMessage } from '../../../lib/api/client';
import { formatMadridDateTime } from '../../../lib/madrid-time';
import { claimKeys, sendClaim, useMyProvisional, type MyProvisional } from '../api/claims-api';

/** The longest claim the server takes. */
export const CLAIM_MAX = 1000;

type Notice = { variant: 'success' | 'error'; text: string };

/** One application on a provisional list: where it stands, the claim and its answer, "Reclamar". */
function Entry({ entry, onSent }: { entry: MyProvisional; onSent: (notice: Notice) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const claim = entry.claim;
  const canClaim = entry.excluded_reason !== null && entry.claims_open && claim?.status !== 'open';
  const fieldId = `claim-text-${entry.application_id}`;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (text.trim() === '') {
      setError(t('season.claims.textRequired'));
      return;
    }
    setSending(true);
    const answer = await sendClaim(entry.application_id, text);
    setSending(false);
    if (!answer.ok) {
      onSent({ variant: 'error', text: detailMessage(answer.error, t('season.claims.error')) });
      return;
    }
    setWriting(false);
    setText('');
    setError(undefined);
    onSent({ variant: 'success', text: t('season.claims.sent', { code: entry.code }) });
  }

  return (
    <li className="flex flex-col gap-2 rounded-md border border-border-subtle p-4">
      <h4 className="font-bold">
        {entry.activity_name} · {entry.person_name} ·{' '}
        <span className="font-mono">{entry.code}</span>
      </h4>
      <p>
        {entry.excluded_reason === null ? (
          <FormattedMessage id="season.claims.admitted" />
        ) : (
          <FormattedMessage
            id="season.claims.excluded"
            values={{ reason: t(`season.exclusion.${entry.excluded_reason}`) }}
          />
        )}
      </p>
      {entry.claims_open ? (
        <p>
          <FormattedMessage
            id="season.claims.until"
            values={{ until: formatMadridDateTime(entry.claims_until, locale) }}
          />
        </p>
      ) : null}
      {claim ? (
        <div className="flex flex-col gap-1">
          <p>
            <strong>
              <FormattedMessage id={`season.claims.status.${claim.status}`} />
            </strong>{' '}
            <FormattedMessage id="season.claims.yourText" values={{ text: claim.text }} />
          </p>
          {claim.reply ? (
            <p>
              <FormattedMessage id="season.claims.reply" values={{ reply: claim.reply }} />
            </p>
          ) : null}
        </div>
      ) : null}
      {canClaim && !writing ? (
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => setWriting(true)}
            aria-label={t('season.claims.buttonLabel', {
              code: entry.code,
              person: entry.person_name,
            })}
          >
            <FormattedMessage id="season.claims.button" />
          </Button>
        </div>
      ) : null}
      {canClaim && writing ? (
        <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3">
          <TextArea
            id={fieldId}
            label={t('season.claims.textLabel', { code: entry.code })}
            hint={t('season.claims.textHint', { max: CLAIM_MAX })}
            error={error}
            errorPrefix={t('dashboard.errorPrefix')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={CLAIM_MAX}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={sending}>
              <FormattedMessage id="season.claims.send" />
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => setWriting(false)}>
              <FormattedMessage id="season.claims.cancel" />
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

/**
 * The dashboard's provisional lists: each application of the people one manages on a published
 * list (admitted, or excluded and why), the claim sent and the council's answer, and "Reclamar"
 * while the claims period lasts. Nothing when no list concerns the account.
 */
export function MyClaims() {
  const mine = useMyProvisional();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <section aria-labelledby="my-claims-heading" className="flex flex-col gap-3">
      <h3 id="my-claims-heading" className="font-bold">
        <FormattedMessage id="season.claims.heading" />
      </h3>
      <p className="max-w-prose">
        <FormattedMessage id="season.claims.intro" />
      </p>
      <div aria-live="polite">
        {notice ? <Alert variant={notice.variant}>{notice.text}</Alert> : null}
      </div>
      <ul className="flex flex-col gap-3">
        {mine.data.map((entry) => (
          <Entry
            key={entry.application_id}
            entry={entry}
            onSent={(next) => {
              setNotice(next);
              void queryClient.invalidateQueries({ queryKey: claimKeys.mine });
            }}
          />
        ))}
      </ul>
    </section>
  );
}
