import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { unsubscribeReminders } from './api/account-api';

/**
 * /recordatorios/baja?token=…: the reminder e-mail's link. Opening it changes nothing (mail
 * scanners open links); the resident confirms with the button, no login needed.
 */
export function UnsubscribePage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<
    { status: 'idle' | 'sending' | 'done' } | { status: 'failed'; message: string }
  >({ status: 'idle' });
  usePageTitle('account.unsubscribe.title');

  async function stop() {
    if (state.status === 'sending') return;
    setState({ status: 'sending' });
    const result = await unsubscribeReminders(token);
    setState(
      result.ok
        ? { status: 'done' }
        : {
            status: 'failed',
            message: result.message ?? intl.formatMessage({ id: 'account.unsubscribe.failed' }),
          },
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <h1 className="text-title font-bold text-foreground">
        <FormattedMessage id="account.unsubscribe.title" />
      </h1>
      {state.status === 'done' ? (
        <Alert variant="success">
          <FormattedMessage id="account.unsubscribe.done" />
        </Alert>
      ) : (
        <>
          <p className="max-w-prose">
            <FormattedMessage id="account.unsubscribe.text" />
          </p>
          {state.status === 'failed' ? <Alert variant="error">{state.message}</Alert> : null}
          <div>
            <Button
              type="button"
              onClick={() => void stop()}
              loading={state.status === 'sending'}
              disabled={token === ''}
            >
              <FormattedMessage id="account.unsubscribe.button" />
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
