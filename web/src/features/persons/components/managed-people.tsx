import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { Pagination } from '@portal/design-system/components/pagination.tsx';
import { SearchBox } from '@portal/design-system/components/search-box.tsx';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { removePerson } from '../api/persons-api';
import { usePeopleChanged } from '../api/use-people-changed';
import { filterPersons, pageCount, pageRows, type ManagedPerson } from '../rules';
import { AddPersonFlow } from './add-person-flow';

export interface ManagedPeopleProps {
  /** The account's people (the dashboard reads GET /user/persons/ once for both). */
  persons: ManagedPerson[];
  loading?: boolean;
  /** The list could not be loaded (the dashboard shows the error; the table says so too). */
  loadError?: boolean;
  onFormErrorsChange?: (hasErrors: boolean) => void;
  /** Counts the dashboard's invitations to link a person taken up: each new one opens the form. */
  addRequests?: number;
}

type Notice = 'associated' | 'removed' | null;

/** Managed people: searchable, paginated list; add (request → verify) and remove with confirmation. */
export function ManagedPeople({
  persons,
  loading = false,
  loadError = false,
  onFormErrorsChange,
  addRequests = 0,
}: ManagedPeopleProps) {
  const intl = useIntl();
  const onPeopleChanged = usePeopleChanged();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [mode, setMode] = useState<'list' | 'add'>('list');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice>(null);
  const [toRemove, setToRemove] = useState<ManagedPerson | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef(false);
  const focusAfterRemove = useRef(false);

  // The dashboard's "link a person" opens the form here (state adjusted while rendering).
  const [requestsSeen, setRequestsSeen] = useState(addRequests);
  if (requestsSeen !== addRequests) {
    setRequestsSeen(addRequests);
    setNotice(null);
    setMode('add');
  }

  // Page 1 again whenever the list is reloaded (state adjusted while rendering, no effect).
  const [listSeen, setListSeen] = useState(persons);
  if (listSeen !== persons) {
    setListSeen(persons);
    setPage(1);
  }

  useEffect(() => {
    if (mode === 'list' && returnFocus.current) {
      returnFocus.current = false;
      addButtonRef.current?.focus();
    }
  }, [mode]);

  // The removed row (and its button) is gone: focus moves to the section heading.
  useEffect(() => {
    if (toRemove === null && focusAfterRemove.current) {
      focusAfterRemove.current = false;
      headingRef.current?.focus();
    }
  }, [toRemove]);

  const matches = filterPersons(persons, query);
  const pages = pageCount(matches.length);
  const current = Math.min(page, pages);
  const rows = pageRows(matches, current);

  const backToList = (next: Notice) => {
    returnFocus.current = true;
    setNotice(next);
    setMode('list');
  };

  const confirmRemove = async () => {
    if (!toRemove || removing) return;
    setRemoving(true);
    setRemoveError(false);
    const result = await removePerson(toRemove.person_activity_id);
    setRemoving(false);
    if (!result.ok) {
      setRemoveError(true);
      return;
    }
    focusAfterRemove.current = true;
    setToRemove(null);
    setNotice('removed');
    onPeopleChanged();
  };

  const columns: DataTableColumn<ManagedPerson>[] = [
    {
      id: 'name',
      header: t('persons.table.name'),
      cell: (person) => person.full_name,
      rowHeader: true,
    },
    {
      id: 'dni',
      header: t('persons.table.dni'),
      cell: (person) => person.dni ?? t('persons.table.noDni'),
    },
    {
      id: 'actions',
      header: t('persons.table.actions'),
      align: 'end',
      cell: (person) => (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={t('persons.remove.label', { name: person.full_name })}
          onClick={() => {
            setRemoveError(false);
            setNotice(null);
            setToRemove(person);
          }}
        >
          <FormattedMessage id="persons.remove.button" />
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="persons-heading" className="flex min-w-0 flex-col gap-4">
      <h2
        ref={headingRef}
        id="persons-heading"
        tabIndex={-1}
        className="text-heading font-bold focus-ring"
      >
        <FormattedMessage id="persons.heading" />
      </h2>

      {mode === 'add' ? (
        <AddPersonFlow
          onDone={() => {
            backToList('associated');
            onPeopleChanged();
          }}
          onCancel={() => backToList(null)}
          onFormErrorsChange={onFormErrorsChange}
        />
      ) : (
        <>
          {notice ? (
            <Alert variant="success">
              <FormattedMessage
                id={notice === 'associated' ? 'persons.associated' : 'persons.remove.success'}
              />
            </Alert>
          ) : null}
          <p>
            <FormattedMessage id="persons.intro" />
          </p>
          <div>
            <Button
              ref={addButtonRef}
              type="button"
              onClick={() => {
                setNotice(null);
                setMode('add');
              }}
            >
              <FormattedMessage id="persons.add.open" />
            </Button>
          </div>
          <SearchBox
            label={<FormattedMessage id="persons.search.label" />}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
            containerClassName="max-w-md"
          />
          <DataTable
            caption={<FormattedMessage id="persons.table.caption" />}
            captionHidden
            columns={columns}
            rows={rows}
            getRowId={(person) => String(person.person_activity_id)}
            emptyMessage={
              <FormattedMessage
                id={
                  loading
                    ? 'persons.loading'
                    : loadError
                      ? 'persons.loadError'
                      : persons.length === 0
                        ? 'persons.empty'
                        : 'persons.noResults'
                }
              />
            }
          />
          <Pagination
            page={current}
            pageCount={pages}
            onPageChange={setPage}
            label={t('persons.pagination.label')}
            firstLabel={t('persons.pagination.first')}
            previousLabel={t('persons.pagination.previous')}
            nextLabel={t('persons.pagination.next')}
            lastLabel={t('persons.pagination.last')}
            pageLabel={(n) => t('persons.pagination.page', { page: n })}
            statusText={(n, count) => t('persons.pagination.status', { page: n, count })}
            resultsText={t('persons.pagination.results', { count: matches.length })}
          />
        </>
      )}

      <ConfirmDialog
        open={toRemove !== null}
        title={
          <FormattedMessage
            id="persons.remove.confirmTitle"
            values={{ name: toRemove?.full_name ?? '' }}
          />
        }
        description={<FormattedMessage id="persons.remove.confirmDescription" />}
        confirmLabel={t('persons.remove.confirm')}
        cancelLabel={t('persons.remove.cancel')}
        loading={removing}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          if (removing) return;
          setToRemove(null);
          setRemoveError(false);
        }}
      >
        {removeError ? (
          <Alert variant="error">
            <FormattedMessage id="persons.remove.error" />
          </Alert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
