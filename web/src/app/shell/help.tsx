import { HelpButton } from '@portal/design-system/components/help-button.tsx';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { council } from '../../config/council';

// The modal (and the Radix dialog under it) loads on first use, keeping it out of every page's
// first download; hovering or focusing the button fetches it ahead of the click.
const loadModal = () => import('@portal/design-system/components/help-modal.tsx');
const HelpModal = lazy(async () => ({ default: (await loadModal()).HelpModal }));
const preload = () => void loadModal();

/** "08:00" → "8:00", as the opening hours are usually written. */
function shortTime(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}

/**
 * The help button (floating at the bottom right; at the end of the page on a phone, where it would
 * cover the page's controls) and the support contacts modal it opens.
 */
export function Help() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <HelpButton
        label={intl.formatMessage({ id: 'help.open' })}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
      {used ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </>
  );
}
