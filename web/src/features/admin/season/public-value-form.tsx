import { Button } from '@portal/design-system/components/button.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { enterPublicValue, getDraw } from '../api/season';
import { useResource } from '../api/use-resource';
import { serverMsg, useT, type Notice } from '../components/messages';

/**
 * A closed lottery's public value (issue 49, item 4), in *Plazas y sorteos*: its source as named
 * before the window opened, and the value once entered; until then staff type the announced
 * value, or ask the server to read the drand round. Nothing when the lottery names no source.
 */
export function PublicValueForm({
  activityId,
  version,
  onDone,
}: {
  activityId: number;
  version: number;
  onDone: (notice: Notice) => void;
}) {
  const t = useT();
  const [entered, setEntered] = useState(0);
  const draw = useResource(['draw', activityId, version, entered], () => getDraw(activityId));
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const d = draw.data;
  if (!d?.public_value_source || d.drawn_at !== null) return null;
  const drand = d.public_value_source === 'drand';

  if (d.public_value !== null) {
    return (
      <p>
        <FormattedMessage id="admin.season.publicValueEntered" values={{ value: d.public_value }} />
      </p>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await enterPublicValue(activityId, drand ? null : value);
    setBusy(false);
    onDone(
      answer.ok
        ? { variant: 'success', message: { id: 'admin.season.publicValueSaved' } }
        : { variant: 'error', message: serverMsg(answer.error, 'admin.season.publicValueError') },
    );
    if (answer.ok) setEntered((n) => n + 1);
  }

  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void submit(event)}>
      {drand ? (
        <p className="self-center">
          <FormattedMessage
            id="admin.season.publicValueDrand"
            values={{ round: d.drand_round ?? '' }}
          />
        </p>
      ) : (
        <TextField
          label={t('admin.season.publicValueLabel')}
          errorPrefix={t('admin.common.errorPrefix')}
          hint={d.public_value_description ?? undefined}
          value={value}
          maxLength={200}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      <Button type="submit" variant="secondary" loading={busy}>
        <FormattedMessage
          id={drand ? 'admin.season.publicValueRead' : 'admin.season.publicValueSave'}
        />
      </Button>
    </form>
  );
}
