import { CheckboxField } from '@portal/design-system/components/checkbox.tsx';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { saveReminders, type Me } from '../api/account-api';

/**
 * "Send me payment reminders": saved as soon as it is ticked or cleared; the outcome is announced
 * (a live region), and a failed save puts the box back as it was.
 */
export function ReminderSetting({ me, onSaved }: { me: Me; onSaved: (me: Me) => void }) {
  const intl = useIntl();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);

  async function change(reminders: boolean) {
    if (saving) return;
    setSaving(true);
    setStatus(null);
    const saved = await saveReminders(reminders);
    setSaving(false);
    if (saved) onSaved(saved);
    setStatus(saved ? 'saved' : 'failed');
  }

  return (
    <div className="flex flex-col gap-2">
      <CheckboxField
        id="account-reminders"
        label={intl.formatMessage({ id: 'account.reminders.label' })}
        hint={intl.formatMessage({ id: 'account.reminders.hint' })}
        checked={me.reminders}
        disabled={saving}
        onCheckedChange={(checked) => void change(checked === true)}
      />
      <p role="status" className="min-h-6 text-small text-muted-foreground">
        {status === 'saved'
          ? intl.formatMessage({
              id: me.reminders ? 'account.reminders.on' : 'account.reminders.off',
            })
          : null}
        {status === 'failed' ? (
          <span className="text-error-text">
            {intl.formatMessage({ id: 'account.reminders.failed' })}
          </span>
        ) : null}
      </p>
    </div>
  );
}
