import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import {
  addHouseholdPerson,
  removeHouseholdPerson,
  type CircumstanceRequest,
} from '../api/circumstances';
import type { ApiResult } from '../api/result';
import { serverMsg, useT, type Notice } from '../components/messages';

/** What a change tells the section: the request as it stands now, or the refusal to show. */
type Decided = (outcome: { request: CircumstanceRequest | null; notice: Notice }) => void;

/**
 * A household title's people (a large family's, asked once for several people): each with their
 * state, a button to remove them while another remains, and the requesting account's other people
 * to add while the request is pending or approved.
 */
export function HouseholdPeople({
  request,
  onDecided,
}: {
  request: CircumstanceRequest;
  onDecided: Decided;
}) {
  const t = useT();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const people = request.people ?? [];
  const active = people.filter((person) => person.status !== 'withdrawn');
  const addable = request.addable_people ?? [];
  const open = request.status === 'pending' || request.status === 'approved';

  async function act(
    call: () => Promise<ApiResult<CircumstanceRequest>>,
    done: string,
    person: string,
  ) {
    if (busy) return;
    setBusy(true);
    const answer = await call();
    setBusy(false);
    if (answer.ok) {
      setChosen('');
      onDecided({
        request: answer.data,
        notice: { variant: 'success', message: { id: done, values: { person } } },
      });
    } else
      onDecided({
        request: null,
        notice: {
          variant: 'error',
          message: serverMsg(answer.error, 'admin.requests.errorDeciding'),
        },
      });
  }

  const nameOf = (id: number) =>
    addable.find((person) => person.person_activity_id === id)?.person_name ?? '';

  return (
    <section aria-labelledby="household-people-heading" className="flex flex-col gap-3">
      <h4 id="household-people-heading" className="font-bold">
        <FormattedMessage id="admin.requests.people.heading" />
      </h4>
      <p className="text-small">
        <FormattedMessage id="admin.requests.people.hint" />
      </p>
      <ul className="flex flex-col gap-2">
        {people.map((person) => (
          <li
            key={`${person.person_activity_id}-${person.status}`}
            className="flex flex-wrap items-center gap-3"
          >
            <span>
              {t('admin.requests.people.line', {
                person: person.person_name,
                status: t(`admin.requests.status.${person.status}`),
              })}
            </span>
            {open && person.status !== 'withdrawn' && active.length > 1 ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() =>
                  void act(
                    () => removeHouseholdPerson(request.id, person.person_activity_id),
                    'admin.requests.people.removed',
                    person.person_name,
                  )
                }
              >
                {t('admin.requests.people.remove', { person: person.person_name })}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {open && addable.length > 0 ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen === '') return;
            const id = Number(chosen);
            void act(
              () => addHouseholdPerson(request.id, id),
              'admin.requests.people.added',
              nameOf(id),
            );
          }}
        >
          <SelectField
            id="household-people-add"
            label={<FormattedMessage id="admin.requests.people.addLabel" />}
            errorPrefix={t('admin.common.errorPrefix')}
            placeholder={t('admin.requests.people.addPlaceholder')}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            options={addable.map((person) => ({
              value: String(person.person_activity_id),
              label: person.person_name,
            }))}
          />
          <Button type="submit" variant="secondary" loading={busy} disabled={chosen === ''}>
            <FormattedMessage id="admin.requests.people.add" />
          </Button>
        </form>
      ) : null}
    </section>
  );
}
