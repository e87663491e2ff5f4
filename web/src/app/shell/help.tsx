import { HelpButton } from '@portal/design-system/components/help-button.tsx';
import { HelpModal } from '@portal/design-system/components/help-modal.tsx';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { council } from '../../config/council';

/** "08:00" → "8:00", as the opening hours are usually written. */
function shortTime(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}

/** Floating help button (bottom right) and the support contacts modal it opens. */
export function Help() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <HelpButton label={intl.formatMessage({ id: 'help.open' })} onClick={() => setOpen(true)} />
      <HelpModal
        open={open}
        onOpenChange={setOpen}
        title={intl.formatMessage({ id: 'help.title' })}
        description={intl.formatMessage({ id: 'help.description' })}
        closeLabel={intl.formatMessage({ id: 'help.close' })}
        phoneLabel={intl.formatMessage({ id: 'help.phone' })}
        phones={council.phones}
        emailLabel={intl.formatMessage({ id: 'help.email' })}
        email={council.email}
        hoursLabel={intl.formatMessage({ id: 'help.hoursLabel' })}
        hours={intl.formatMessage(
          { id: 'help.hours' },
          { from: shortTime(council.hours.from), to: shortTime(council.hours.to) },
        )}
      />
    </>
  );
}
