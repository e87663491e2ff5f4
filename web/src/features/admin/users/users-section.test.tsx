import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, serverList, type MockResponse } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { enrolments, signInAsAdmin, users } from '../test-support';
import { UsersSection } from './users-section';

type Handlers = Parameters<typeof mockApi>[0];

function setup(handlers: Handlers = {}) {
  const api = mockApi({
    'GET /api/admin/users/': serverList(users, (u) => [u.dni, u.phone, u.email]),
    'GET /api/admin/person-activities/': serverList(enrolments, (e) => [
      e.first_name,
      e.last_name,
      e.dni,
    ]),
    ...handlers,
  });
  renderScreen(<UsersSection version={0} />, { locale: 'en' });
  return api;
}

const created: MockResponse = {
  status: 201,
  body: {
    id: 8,
    dni: '87654321X',
    phone: '622334455',
    email: null,
    role: 'user',
    is_admin: false,
    verified: true,
    created_at: '2026-11-21T09:30:00Z',
    phone_on_records: null,
    record_added_by_resident: false,
  },
};

describe('user management', () => {
  beforeEach(signInAsAdmin);
  it('lists the accounts with dni, phone, email, the records’ mobile, second factor, edit and delete', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'DNI',
      'Phone',
      'Email',
      'Mobile on the records',
      'Second factor',
      'Edit',
      'Delete',
    ]);
    expect(within(table).getByText('maria.lopez@example.es')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit user 12345678Z' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete user 33445566R' })).toBeInTheDocument();
  });

  it('searches on the server, case-insensitively, over dni, phone and email', async () => {
    const api = setup();
    const table = await screen.findByRole('table', { name: 'Users' });
    const search = screen.getByRole('searchbox', { name: /search users/i });
    await userEvent.type(search, 'MARIA.LOPEZ');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2)); // header + 1
    expect(within(table).getByText('12345678Z')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('q=MARIA.LOPEZ'))).toBe(true);
    await userEvent.clear(search);
    await userEvent.type(search, '600111');
    await waitFor(() => expect(within(table).queryByText('12345678Z')).toBeNull());
    expect(within(table).getByText('33445566R')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, '12345678z');
    expect(await within(table).findByText('12345678Z')).toBeInTheDocument();
    await userEvent.type(search, 'nobody');
    expect(await within(table).findByText('Nothing matches the search.')).toBeInTheDocument();
  });

  it('shows error_loading_users and error_loading_people', async () => {
    setup({
      'GET /api/admin/users/': { status: 502, body: null },
      'GET /api/admin/person-activities/': { status: 502, body: null },
    });
    expect(await screen.findByText('Error loading the users.')).toBeInTheDocument();
    expect(await screen.findByText('Error loading the enrolled people.')).toBeInTheDocument();
  });

  it('asks for the required fields on create (complete_all_required_fields)', async () => {
    const api = setup();
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('Complete all the required fields.');
    expect(within(summary).getByRole('link', { name: 'Enter the DNI' })).toHaveAttribute(
      'href',
      '#user-dni',
    );
    expect(within(summary).getByRole('link', { name: 'Enter the phone number' })).toBeVisible();
    expect(within(summary).getByRole('link', { name: 'Enter a password' })).toBeVisible();
    expect(screen.getByLabelText('DNI')).toHaveAccessibleDescription('Error: Enter the DNI');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('checks the email format and that the passwords match', async () => {
    setup();
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.type(screen.getByLabelText('DNI'), '87654321X');
    await userEvent.type(screen.getByLabelText('Phone'), '622334455');
    await userEvent.type(screen.getByLabelText(/^Email/), 'xoan@');
    await userEvent.type(screen.getByLabelText('Password'), 'natacion-26');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'natacion-27');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByRole('link', {
        name: 'Enter an email address in the correct format, like name@example.com',
      }),
    ).toBeVisible();
    expect(
      within(summary).getByRole('link', {
        name: 'The passwords do not match. Type the same password in both fields',
      }),
    ).toBeVisible();
    expect(summary).not.toHaveTextContent('Complete all the required fields.');
    // the user's input stays
    expect(screen.getByLabelText(/^Email/)).toHaveValue('xoan@');
  });

  it('fills dni and phone from the chosen person, searchable by name', async () => {
    setup();
    await screen.findByRole('table', { name: 'Users' });
    const select = screen.getByRole('combobox', { name: /^Person/ });
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getAllByRole('option')).toHaveLength(3);
    await userEvent.type(screen.getByRole('searchbox', { name: /search people/i }), 'xoan');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a person', 'Xoán López Pereira (87654321X)']),
    );
    await userEvent.selectOptions(select, '4');
    expect(screen.getByLabelText('DNI')).toHaveValue('87654321X');
    expect(screen.getByLabelText('Phone')).toHaveValue('622334455');
  });

  it('creates a user (trimmed values) and shows user_created, then empties the form', async () => {
    const api = setup({ 'POST /api/admin/users/': created });
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.type(screen.getByLabelText('DNI'), ' 87654321x ');
    await userEvent.type(screen.getByLabelText('Phone'), '622334455 ');
    await userEvent.type(screen.getByLabelText('Password'), 'natacion-26');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'natacion-26');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created.')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      dni: '87654321X',
      phone: '622334455',
      email: null,
      password: 'natacion-26',
      repeat_password: 'natacion-26',
      is_admin: false,
    });
    expect(screen.getByLabelText('DNI')).toHaveValue('');
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path.startsWith('/api/admin/users/') && c.method === 'GET'),
      ).toHaveLength(2),
    );
  });

  it('shows the server detail when creating fails, else error_processing_request', async () => {
    setup({
      'POST /api/admin/users/': {
        status: 409,
        body: { detail: 'Ya existe una cuenta con ese DNI.', code: 'account_exists' },
      },
    });
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.type(screen.getByLabelText('DNI'), '12345678Z');
    await userEvent.type(screen.getByLabelText('Phone'), '612345678');
    await userEvent.type(screen.getByLabelText('Password'), 'natacion-26');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'natacion-26');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent('Ya existe una cuenta con ese DNI.');
    // the input stays
    expect(screen.getByLabelText('DNI')).toHaveValue('12345678Z');

    mockApi({
      'GET /api/admin/users/': { body: users },
      'POST /api/admin/users/': { status: 502, body: null },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
        'The request could not be processed. Try again.',
      ),
    );
  });

  it('edits a user: person selector locked, password optional and not sent when empty', async () => {
    const api = setup({
      'PUT /api/admin/users/7': { body: { ...users[1], phone: '699999999' } },
    });
    await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Person/ })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Edit user 12345678Z' }));
    expect(screen.getByRole('heading', { name: 'Edit user 12345678Z' })).toHaveFocus();
    const select = screen.getByRole('combobox', { name: /^Person/ });
    expect(select).toBeDisabled();
    expect(select).toHaveValue('3'); // María, the enrolment with that DNI
    expect(screen.getByRole('searchbox', { name: /search people/i })).toBeDisabled();
    expect(screen.getByLabelText('DNI')).toHaveValue('12345678Z');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Leave it blank to keep the current password.',
    );
    const phone = screen.getByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '699999999');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('User updated.')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/admin/users/7');
    expect(put?.body).toEqual({
      dni: '12345678Z',
      phone: '699999999',
      email: 'maria.lopez@example.es',
    });
    // back to create mode
    expect(screen.getByRole('button', { name: 'Create user' })).toBeInTheDocument();
    expect(screen.getByLabelText('DNI')).toHaveValue('');
  });

  it('sends the password on edit when one is typed', async () => {
    const api = setup({ 'PUT /api/admin/users/7': { body: users[1] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit user 12345678Z' }));
    await userEvent.type(screen.getByLabelText(/^Password/), 'nueva-clave-1');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'nueva-clave-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('User updated.');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      password: 'nueva-clave-1',
      repeat_password: 'nueva-clave-1',
    });
  });

  it('asks before deleting; cancel keeps the user', async () => {
    const api = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete user 12345678Z' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete user 12345678Z?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes after confirmation and shows user_deleted', async () => {
    const api = setup({ 'DELETE /api/admin/users/7': { status: 204 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete user 12345678Z' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete user 12345678Z?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/admin/users/7');
  });

  it('shows the server detail when deleting fails (cannot_delete_self), else error_deleting_user', async () => {
    setup({
      'DELETE /api/admin/users/1': {
        status: 409,
        body: { detail: 'No puedes eliminar tu propia cuenta.', code: 'cannot_delete_self' },
      },
      'DELETE /api/admin/users/7': { status: 502, body: null },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete user 33445566R' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('No puedes eliminar tu propia cuenta.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete user 12345678Z' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Error deleting the user.')).toBeInTheDocument();
  });

  it('shows a DNI registered from another mobile than the records and releases it after confirming', async () => {
    const api = setup({ 'POST /api/admin/users/9/release': { status: 204 } });
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByText('Another mobile: 644556677')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release DNI 12345678Z' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Release DNI 11223344B' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Release DNI 11223344B?' });
    expect(dialog).toHaveTextContent(
      'registered from 699887766, but the enrolment records say 644556677',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release DNI' }));
    expect(
      await screen.findByText('DNI 11223344B released. Its owner can now register.'),
    ).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/users/9/release'),
    ).toBe(true);
  });

  it('offers to release a DNI whose only record a resident added, saying why and to check the DNI first', async () => {
    const squatter = {
      ...users[2]!,
      id: 11,
      dni: '55667788Z',
      phone: '677889900',
      phone_on_records: null,
      record_added_by_resident: true,
    };
    const api = setup({
      'GET /api/admin/users/': serverList([...users, squatter], (u) => [u.dni, u.phone, u.email]),
      'POST /api/admin/users/11/release': { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByRole('row', { name: /55667788Z/ });
    expect(row).toHaveTextContent(
      'Its only record was added by a resident: check the DNI at the desk before releasing it.',
    );
    // accounts whose records agree offer nothing
    expect(screen.queryByRole('button', { name: 'Release DNI 12345678Z' })).toBeNull();
    const button = within(row).getByRole('button', { name: 'Release DNI 55667788Z' });
    // the accessible name starts with the visible text (WCAG 2.5.3)
    expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '-')).toBe(true);
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Release DNI 55667788Z?' });
    expect(dialog).toHaveTextContent(
      'The only record with DNI 55667788Z was added by a resident through “Add a person I look after”',
    );
    expect(dialog).toHaveTextContent('check the person’s DNI document at the desk');
    expect(dialog).not.toHaveTextContent('enrolment records say');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release DNI' }));
    expect(
      await screen.findByText('DNI 55667788Z released. Its owner can now register.'),
    ).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/users/11/release'),
    ).toBe(true);
  });

  it.each([
    ['es', 'Liberar DNI'],
    ['gl', 'Liberar DNI'],
  ] as const)('names the release button in %s as its visible text begins', async (locale, text) => {
    mockApi({ 'GET /api/admin/users/': serverList(users, (u) => [u.dni]) });
    renderScreen(<UsersSection version={0} />, { locale });
    const button = await screen.findByRole('button', { name: `${text} 11223344B` });
    expect(button).toHaveTextContent(text);
  });

  it('resets another administrator’s second factor after confirming', async () => {
    const api = setup({ 'DELETE /api/admin/users/1/mfa': { status: 204 } });
    await screen.findByRole('table', { name: 'Users' });
    // only administrators have one to reset
    expect(
      screen.queryByRole('button', { name: 'Reset two-step verification of 12345678Z' }),
    ).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Reset two-step verification of 33445566R' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Reset two-step verification of 33445566R?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText('Two-step verification of 33445566R reset.'),
    ).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/users/1/mfa'),
    ).toBe(true);
  });
});
