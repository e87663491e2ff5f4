import { Button } from '@portal/design-system/components/button.tsx';
import { TextLink } from '@portal/design-system/components/text-link.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { formatMadridDateTime } from '../../../lib/madrid-time';
import { listActivityClaims, resolveClaim, type AdminClaim } from '../api/claims';
import { useResource } from '../api/use-resource';
import { SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { TextArea } from '@portal/design-system/components/text-area.tsx';

/** The longest reply the server takes. */
const REPLY_MAX = 1000;

/** One claim: who, why excluded, what they wrote, and (open) the reply with admit / keep. */
function ClaimItem({
  claim,
  onResolved,
}: {
  claim: AdminClaim;
  onResolved: (notice: Notice) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'admit' | 'keep' | null>(null);

  async function resolve(decision: 'admit' | 'keep') {
    if (busy) return;
    if (reply.trim() === '') {
      setError(t('admin.claims.replyRequired'));
      return;
    }
    setBusy(decision);
    const answer = await resolveClaim(claim.id, decision, reply);
    setBusy(null);
    if (!answer.ok) {
      onResolved({ variant: 'error', message: serverMsg(answer.error, 'admin.claims.error') });
      return;
    }
    onResolved({
      variant: 'success',
      message: {
        id: decision === 'admit' ? 'admin.claims.admittedDone' : 'admin.claims.keptDone',
        values: { code: claim.code, name: claim.person_name },
      },
    });
  }

  return (
    <li className="flex flex-col gap-2 rounded-md border border-border-subtle p-4">
      <h4 className="font-bold">
        <span className="font-mono">{claim.code}</span> · {claim.person_name}
        {claim.dni ? ` · ${claim.dni}` : ''}
        {claim.birth_date ? ` · ${formatDate(claim.birth_date, locale)}` : ''}
      </h4>
      <p>
        <FormattedMessage
          id="admin.claims.excludedFor"
          values={{ reason: t(`admin.claims.reason.${claim.reason}`) }}
        />{' '}
        <FormattedMessage
          id="admin.claims.sentAt"
          values={{ at: formatMadridDateTime(claim.created_at, locale) }}
        />
      </p>
      {claim.reason === 'age' ? (
        <p>
          {claim.birth_date
            ? t('admin.claims.birthDateOnRecord', { date: formatDate(claim.birth_date, locale) })
            : t('admin.claims.noBirthDate')}{' '}
          {/* the date is corrected where staff edit the person; a correction decides the list */}
          <TextLink href="#admin-enrolments">
            {t('admin.claims.correctBirthDate', { name: claim.person_name })}
          </TextLink>
        </p>
      ) : null}
      <blockquote className="border-l-4 border-border-subtle pl-3 whitespace-pre-line">
        {claim.text}
      </blockquote>
      {claim.status === 'open' ? (
        <div className="flex max-w-xl flex-col gap-3">
          <TextArea
            id={`claim-reply-${claim.id}`}
            label={t('admin.claims.replyLabel', { code: claim.code })}
            hint={t('admin.claims.replyHint')}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            error={error}
            errorPrefix={t('admin.common.errorPrefix')}
            maxLength={REPLY_MAX}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              loading={busy === 'admit'}
              onClick={() => void resolve('admit')}
              aria-label={t('admin.claims.admitLabel', { code: claim.code })}
            >
              <FormattedMessage id="admin.claims.admit" />
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              loading={busy === 'keep'}
              onClick={() => void resolve('keep')}
              aria-label={t('admin.claims.keepLabel', { code: claim.code })}
            >
              <FormattedMessage id="admin.claims.keep" />
            </Button>
          </div>
        </div>
      ) : (
        <p>
          <strong>
            <FormattedMessage id={`admin.claims.status.${claim.status}`} />
          </strong>{' '}
          {claim.reply}
        </p>
      )}
    </li>
  );
}

/**
 * "Reclamaciones" of one lottery with a provisional list: the claims, open first, each answered
 * with a reply the resident reads, admitting the application to the list or keeping it excluded.
 * The draw waits for the end of the period and for every claim answered, as the intro says.
 * `onResolved` tells the section to read its lists again (an admitted claim changes the list).
 */
export function ActivityClaims({
  activityId,
  version,
  onResolved,
}: {
  activityId: number;
  version: string;
  onResolved: () => void;
}) {
  const { locale } = useLocale();
  const claims = useResource(['claims', activityId, version], () => listActivityClaims(activityId));
  const [notice, setNotice] = useState<Notice | null>(null);
  const data = claims.data;
  if (claims.status !== 'error' && (!data || data.claims_until === null)) return null;
  return (
    <div className="flex flex-col gap-4">
      <SubHeading>
        <FormattedMessage id="admin.claims.heading" />
      </SubHeading>
      {data?.claims_until ? (
        <p className="max-w-prose">
          <FormattedMessage
            id="admin.claims.intro"
            values={{
              until: formatMadridDateTime(data.claims_until, locale),
              open: data.open,
            }}
          />
        </p>
      ) : null}
      <NoticeArea notice={notice} />
      {claims.status === 'error' ? (
        <LoadError messageId="admin.claims.loadError" onRetry={claims.reload} />
      ) : data?.claims.length === 0 ? (
        <p>
          <FormattedMessage id="admin.claims.none" />
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {(data?.claims ?? []).map((claim) => (
            <ClaimItem
              key={claim.id}
              claim={claim}
              onResolved={(next) => {
                setNotice(next);
                if (next.variant === 'success') {
                  claims.reload();
                  onResolved();
                }
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
