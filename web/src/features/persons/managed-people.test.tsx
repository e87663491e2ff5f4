import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { ManagedPeople, type ManagedPeopleProps } from './components/managed-people';
import type { ManagedPerson } from './rules';
import { expectAlert } from '../../testing/expect-alert';
import { residentKeys } from '../../lib/resident-keys';

const maria = { person_activity_id: 3, full_name: 'María López García', dni: '12345678Z' };
const xoan = { person_activity_id: 4, full_name: 'Xoán López Pereira', dni: '87654321X' };

/** 23 people: "Persona 01" ... "Persona 23". */
const many: ManagedPerson[] = Array.from({ length: 23 }, (_, i) => ({
  person_activity_id: i + 10,
  full_name: `Persona ${String(i + 1).padStart(2, '0')}`,
  dni: `${String(10000000 + i)}A`,
}));

function renderPeople(props: Partial<ManagedPeopleProps> = {}, locale: 'en' | 'es' = 'en') {
  const onFormErrorsChange = vi.fn();
  const all = { persons: [maria, xoan], onFormErrorsChange, ...props };
  const utils = renderScreen(<ManagedPeople {...all} />, { locale });
  // what the dashboard would have read: the section must mark it to be read again
  utils.queryClient.setQueryData(residentKeys.persons, all.persons);
  utils.queryClient.setQueryData(residentKeys.activitiesOf(3), []);
  const peopleChanged = () =>
    [residentKeys.persons, residentKeys.activitiesOf(3)].every(
      (key) => utils.queryClient.getQueryState(key)?.isInvalidated === true,
    );
  const peopleUnchanged = () =>
    [residentKeys.persons, residentKeys.activitiesOf(3)].every(
      (key) => utils.queryClient.getQueryState(key)?.isInvalidated === false,
    );
  return { ...utils, peopleChanged, peopleUnchanged, onFormErrorsChange };
}

const names = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);
const status = () =>
  screen.getByRole('navigation', { name: 'Pages of linked people' }).querySelector('p')
    ?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('managed people: list, search and pagination', () => {
  it('lists full name and DNI with a remove button each', () => {
    renderPeople();
    expect(screen.getByRole('heading', { name: 'Linked people' })).toBeInTheDocument();
    expect(names()).toEqual(['María López García', 'Xoán López Pereira']);
    expect(screen.getByRole('button', { name: 'Remove María López García' })).toBeInTheDocument();
    expect(status()).toBe('Page 1 of 1 · 2 results');
  });

  it('searches dni and full name without regard to case', async () => {
    const user = userEvent.setup();
    renderPeople();
    const search = screen.getByRole('searchbox', { name: 'Search by name or DNI' });
    await user.type(search, 'XOÁN');
    expect(names()).toEqual(['Xoán López Pereira']);
    await user.clear(search);
    await user.type(search, '12345678z');
    expect(names()).toEqual(['María López García']);
    expect(status()).toBe('Page 1 of 1 · 1 result');
    await user.clear(search);
    await user.type(search, 'nadie');
    expect(screen.getByText('No one matches your search.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded', () => {
    renderPeople({ persons: [], loadError: true });
    expect(screen.getByText('The list could not be loaded.')).toBeInTheDocument();
  });

  it('says when there is nobody yet', () => {
    renderPeople({ persons: [] });
    expect(screen.getByText('You have no linked people yet.')).toBeInTheDocument();
    expect(status()).toBe('Page 1 of 1 · 0 results');
  });

  it('pages 10 at a time with first, previous, next and last', async () => {
    const user = userEvent.setup();
    renderPeople({ persons: many });
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Persona 01');
    expect(status()).toBe('Page 1 of 3 · 23 results');
    expect(screen.getByRole('button', { name: /First/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(status()).toBe('Page 2 of 3 · 23 results');
    expect(names()[0]).toBe('Persona 11');

    await user.click(screen.getByRole('button', { name: /Last/ }));
    expect(status()).toBe('Page 3 of 3 · 23 results');
    expect(names()).toEqual(['Persona 21', 'Persona 22', 'Persona 23']);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(status()).toBe('Page 2 of 3 · 23 results');
    await user.click(screen.getByRole('button', { name: /First/ }));
    expect(status()).toBe('Page 1 of 3 · 23 results');
  });

  it('goes back to page 1 on a new search', async () => {
    const user = userEvent.setup();
    renderPeople({ persons: many });
    await user.click(screen.getByRole('button', { name: /Last/ }));
    expect(status()).toBe('Page 3 of 3 · 23 results');
    await user.type(screen.getByRole('searchbox'), 'persona');
    expect(status()).toBe('Page 1 of 3 · 23 results');
    expect(names()[0]).toBe('Persona 01');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.type(screen.getByRole('searchbox'), ' 1');
    expect(status()).toBe('Page 1 of 1 · 10 results');
    expect(names()[0]).toBe('Persona 10');
  });

  it('goes back to page 1 when the list is reloaded', async () => {
    const user = userEvent.setup();
    function Reloading() {
      const [persons, setPersons] = useState(many);
      return (
        <>
          <button type="button" onClick={() => setPersons([...many])}>
            reload
          </button>
          <ManagedPeople persons={persons} />
        </>
      );
    }
    renderScreen(<Reloading />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(status()).toBe('Page 2 of 3 · 23 results');
    await user.click(screen.getByRole('button', { name: 'reload' }));
    await waitFor(() => expect(status()).toBe('Page 1 of 3 · 23 results'));
  });

  it('reads the page status in Spanish', () => {
    renderPeople({ persons: many }, 'es');
    expect(
      screen.getByRole('navigation', { name: 'Páginas de personas asociadas' }),
    ).toHaveTextContent('Página 1 de 3 · 23 resultados');
  });
});

describe('managed people: adding a person', () => {
  const codeSent = { detail: 'Código enviado por SMS.', code: 'otp_sent', expires_in: 600 };
  const linked = {
    detail: 'Persona asociada correctamente.',
    code: 'person_associated_success',
    person: xoan,
  };

  async function openRequest() {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Link a person' }));
    return user;
  }

  it('requires dni and phone (fill_all_fields) with a summary, inline errors and no call', async () => {
    const { calls } = mockApi({});
    const { onFormErrorsChange } = renderPeople();
    const user = await openRequest();
    expect(screen.getByRole('heading', { name: 'Link a person' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('Fill in all the fields.');
    expect(
      within(summary).getByRole('link', { name: "Enter the person's DNI or NIE" }),
    ).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: 'Enter the phone on the enrolment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: "The person's DNI or NIE" })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      screen.getByRole('textbox', { name: 'Phone on the enrolment' }),
    ).toHaveAccessibleDescription(/Error: Enter the phone on the enrolment/);
    expect(calls).toHaveLength(0);
    expect(onFormErrorsChange).toHaveBeenLastCalledWith(true);
  });

  it('limits the phone input to 9 characters and wants 9 digits', async () => {
    mockApi({});
    renderPeople();
    const user = await openRequest();
    const phone = screen.getByRole('textbox', { name: 'Phone on the enrolment' });
    expect(phone).toHaveAttribute('maxLength', '9');
    await user.type(screen.getByRole('textbox', { name: "The person's DNI or NIE" }), '87654321X');
    await user.type(phone, '62233');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Enter the phone as 9 digits, without a prefix',
    );
    expect(phone).toHaveValue('62233');
  });

  it('request → verify → back to the list, sending the phone with the 34 prefix', async () => {
    const { calls } = mockApi({
      'POST /api/user/persons/request-association': { body: codeSent },
      'POST /api/user/persons/verify-association': { body: linked },
    });
    const { peopleChanged } = renderPeople({ persons: [maria] });
    const user = await openRequest();
    await user.type(screen.getByRole('textbox', { name: "The person's DNI or NIE" }), '87654321X');
    await user.type(screen.getByRole('textbox', { name: 'Phone on the enrolment' }), '622334455');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { name: 'Enter the code' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/persons/request-association',
      body: { dni: '87654321X', phone: '34622334455' },
    });
    expect(
      screen.getByText('A code has been sent by SMS to the phone on the enrolment.'),
    ).toBeInTheDocument();
    const dni = screen.getByRole('textbox', { name: "The person's DNI or NIE" });
    expect(dni).toHaveValue('87654321X');
    expect(dni).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Verify and link' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Enter the 6-digit code you received by SMS',
    );
    expect(calls).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '159357');
    await user.click(screen.getByRole('button', { name: 'Verify and link' }));
    expect(await screen.findByText('Person linked successfully.')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({
      path: '/api/user/persons/verify-association',
      body: { dni: '87654321X', otp_code: '159357' },
    });
    expect(peopleChanged()).toBe(true);
    expect(screen.getByRole('button', { name: 'Link a person' })).toHaveFocus();
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });

  it('shows the server detail when the request fails, keeping the input', async () => {
    mockApi({
      'POST /api/user/persons/request-association': {
        status: 404,
        body: {
          detail: 'No hay ninguna inscripción con ese DNI y teléfono.',
          code: 'person_not_found',
        },
      },
    });
    renderPeople();
    const user = await openRequest();
    await user.type(screen.getByRole('textbox', { name: "The person's DNI or NIE" }), '87654321X');
    await user.type(screen.getByRole('textbox', { name: 'Phone on the enrolment' }), '622334455');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await expectAlert('No hay ninguna inscripción con ese DNI y teléfono.');
    expect(screen.getByRole('textbox', { name: 'Phone on the enrolment' })).toHaveValue(
      '622334455',
    );
    expect(screen.getByRole('heading', { name: 'Link a person' })).toBeInTheDocument();
  });

  it('falls back to error_requesting_association without a detail', async () => {
    mockApi({ 'POST /api/user/persons/request-association': { status: 500, body: {} } });
    renderPeople();
    const user = await openRequest();
    await user.type(screen.getByRole('textbox', { name: "The person's DNI or NIE" }), '87654321X');
    await user.type(screen.getByRole('textbox', { name: 'Phone on the enrolment' }), '622334455');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await expectAlert('The link could not be requested. Please try again.');
  });

  async function toVerify(verify: Parameters<typeof mockApi>[0][string]) {
    mockApi({
      'POST /api/user/persons/request-association': { body: codeSent },
      'POST /api/user/persons/verify-association': verify,
    });
    const result = renderPeople();
    const user = await openRequest();
    await user.type(screen.getByRole('textbox', { name: "The person's DNI or NIE" }), '87654321X');
    await user.type(screen.getByRole('textbox', { name: 'Phone on the enrolment' }), '622334455');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Enter the code' });
    return { user, ...result };
  }

  it('shows the server detail when the code is wrong', async () => {
    const { user, peopleUnchanged } = await toVerify({
      status: 400,
      body: { detail: 'Código incorrecto o caducado.', code: 'invalid_code' },
    });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and link' }));
    await expectAlert('Código incorrecto o caducado.');
    expect(peopleUnchanged()).toBe(true);
  });

  it('falls back to error_verifying_otp without a detail', async () => {
    const { user } = await toVerify({ status: 500, body: {} });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and link' }));
    await expectAlert('The code could not be verified. Please try again.');
  });

  it('cancel from the request step goes back to the list', async () => {
    const { calls } = mockApi({});
    const { peopleUnchanged } = renderPeople();
    const user = await openRequest();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link a person' })).toHaveFocus();
    expect(calls).toHaveLength(0);
    expect(peopleUnchanged()).toBe(true);
  });

  it('cancel from the verify step goes back to the list', async () => {
    const { user, peopleUnchanged, onFormErrorsChange } = await toVerify({ body: linked });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    expect(screen.queryByText('Person linked successfully.')).not.toBeInTheDocument();
    expect(peopleUnchanged()).toBe(true);
    expect(onFormErrorsChange).toHaveBeenLastCalledWith(false);
  });
});

describe('managed people: removing a person', () => {
  it('asks first; Cancel removes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({});
    renderPeople();
    await user.click(screen.getByRole('button', { name: 'Remove María López García' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Remove María López García from your account?',
    });
    expect(dialog).toHaveTextContent('Their enrolment is kept.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('removes after confirmation and has the people and activities read again', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'DELETE /api/user/persons/3': { status: 204 } });
    const { peopleChanged } = renderPeople();
    await user.click(screen.getByRole('button', { name: 'Remove María López García' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(
      await screen.findByText('The person is no longer linked to your account.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toMatchObject([{ method: 'DELETE', path: '/api/user/persons/3' }]);
    expect(peopleChanged()).toBe(true);
  });

  it('says error_removing_person when it fails, and keeps the person', async () => {
    const user = userEvent.setup();
    mockApi({
      'DELETE /api/user/persons/3': { status: 500, body: { detail: 'x', code: 'internal' } },
    });
    const { peopleUnchanged } = renderPeople();
    await user.click(screen.getByRole('button', { name: 'Remove María López García' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The person could not be removed. Please try again.',
    );
    expect(peopleUnchanged()).toBe(true);
  });
});
