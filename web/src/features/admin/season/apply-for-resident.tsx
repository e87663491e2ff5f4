import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { CheckboxField } from '@portal/design-system/components/checkbox.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { listEnrolmentsPage, type Enrolment } from '../api/enrolments';
import { applyForResident } from '../api/season';
import { SubHeading } from '../components/admin-section';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';

const MAX_TOGETHER = 4;

/**
 * "Solicitar por un vecino" (at the desk or on the phone): find people on record by name or DNI,
 * choose one, or 2–4 to apply together (siblings, one code), and apply with the rules a resident's
 * application has. The server's audit line names the clerk.
 */
export function ApplyForResident({
  activityId,
  onApplied,
}: {
  activityId: number;
  onApplied: () => void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Enrolment[] | null>(null);
  const [chosen, setChosen] = useState<Enrolment[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function search(event: React.FormEvent) {
    event.preventDefault();
    if (query.trim() === '') return;
    setBusy(true);
    try {
      const { rows } = await listEnrolmentsPage({ page: 1, q: query.trim() });
      setFound(rows);
    } catch {
      setNotice({ variant: 'error', message: { id: 'admin.season.desk.searchError' } });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (person: Enrolment, on: boolean) =>
    setChosen((now) =>
      on
        ? [...now.filter((p) => p.id !== person.id), person]
        : now.filter((p) => p.id !== person.id),
    );

  async function apply() {
    if (chosen.length === 0 || chosen.length > MAX_TOGETHER) {
      setNotice({ variant: 'error', message: { id: 'admin.season.desk.choose' } });
      return;
    }
    setBusy(true);
    const answer = await applyForResident(
      activityId,
      chosen.map((p) => p.id),
    );
    setBusy(false);
    if (!answer.ok) {
      setNotice({ variant: 'error', message: serverMsg(answer.error, 'admin.season.desk.error') });
      return;
    }
    const made = answer.data;
    const members = 'applications' in made ? made.applications : [made];
    setNotice({
      variant: 'success',
      message: {
        id: `admin.season.desk.done.${members[0]?.status ?? 'applied'}`,
        values: {
          code: made.code,
          names: members.map((m) => m.person_name).join(', '),
          count: members.length,
        },
      },
    });
    setChosen([]);
    setFound(null);
    setQuery('');
    onApplied();
  }

  return (
    <section aria-labelledby="desk-apply-heading" className="flex flex-col gap-3">
      <SubHeading id="desk-apply-heading">
        <FormattedMessage id="admin.season.desk.heading" />
      </SubHeading>
      <p>
        <FormattedMessage id="admin.season.desk.intro" />
      </p>
      <NoticeArea notice={notice} />
      <form onSubmit={search} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          id="desk-apply-search"
          label={t('admin.season.desk.search')}
          errorPrefix={t('admin.common.errorPrefix')}
          containerClassName="max-w-md"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={busy && found === null}>
          <FormattedMessage id="admin.season.desk.find" />
        </Button>
      </form>
      {found !== null ? (
        found.length === 0 ? (
          <p>
            <FormattedMessage id="admin.season.desk.none" />
          </p>
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="font-bold">
              <FormattedMessage id="admin.season.desk.legend" />
            </legend>
            {found.map((person) => (
              <CheckboxField
                key={person.id}
                id={`desk-apply-${person.id}`}
                label={`${person.first_name} ${person.last_name} · ${person.dni ?? t('admin.season.desk.noDni')}`}
                checked={chosen.some((p) => p.id === person.id)}
                onCheckedChange={(checked) => toggle(person, checked === true)}
              />
            ))}
          </fieldset>
        )
      ) : null}
      {chosen.length > 0 ? (
        <div>
          <Button type="button" loading={busy} onClick={() => void apply()}>
            <FormattedMessage id="admin.season.desk.submit" values={{ count: chosen.length }} />
          </Button>
        </div>
      ) : null}
    </section>
  );
}
