import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { AddPersonForm } from './add-person-form';

type Handlers = Parameters<typeof mockApi>[0];

const child = { first_name: 'Uxía', last_name: 'López Pereira', birth_date: '2017-05-09' };
const managedElsewhere = {
  status: 409,
  body: {
    detail:
      'This person is already registered and another account manages them. We can send a code to the mobile on their record so that both accounts manage them.',
    code: 'person_managed_elsewhere',
  },
};
const codeSent = { body: { detail: 'Code sent by SMS.', code: 'otp_sent', expires_in: 600 } };
const linked = {
  body: {
    detail: 'Person linked.',
    code: 'person_associated_success',
    person: {
      person_activity_id: 9,
      full_name: 'Uxía López Pereira',
      dni: null,
      birth_date: '2017-05-09',
    },
  },
};

function setup(handlers: Handlers) {
  const onAdded = vi.fn();
  const api = mockApi(handlers);
  renderScreen(<AddPersonForm onAdded={onAdded} />, { locale: 'en' });
  return { api, onAdded, user: userEvent.setup() };
}

/** Fills the form with the child (typed as another parent might) and submits it. */
async function addChild(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByRole('form', { name: 'Add a person I look after' });
  await user.type(within(form).getByLabelText('First name'), ' Uxía ');
  await user.type(within(form).getByLabelText('Last name'), 'López Pereira');
  await user.type(within(form).getByLabelText('Date of birth'), '2017-05-09');
  await user.click(within(form).getByRole('button', { name: 'Add person' }));
  return form;
}

const postsTo = (api: ReturnType<typeof mockApi>, path: string) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === path);

describe('adding a person another account manages (the other parent’s child)', () => {
  it('offers a code to the mobile on the record, links with it, and says both accounts manage them', async () => {
    const { api, onAdded, user } = setup({
      'POST /api/user/persons/': managedElsewhere,
      'POST /api/user/persons/request-association-by-name': codeSent,
      'POST /api/user/persons/verify-association-by-name': linked,
    });
    const form = await addChild(user);

    const offer = await screen.findByRole('region', {
      name: 'Manage Uxía López Pereira together with the other account',
    });
    expect(within(offer).getByRole('status')).toHaveTextContent(managedElsewhere.body.detail);
    expect(within(offer).getByRole('heading')).toHaveFocus();
    expect(onAdded).not.toHaveBeenCalled();

    await user.click(
      within(offer).getByRole('button', { name: 'Send the code to the mobile on their record' }),
    );
    const code = await within(offer).findByLabelText(/Code received on that mobile/);
    await waitFor(() => expect(code).toHaveFocus());
    expect(within(offer).getByRole('status')).toHaveTextContent(
      'We have sent a code by SMS to the mobile on Uxía López Pereira’s record.',
    );
    // the same name and birth date the form sent, without the DNI
    expect(postsTo(api, '/api/user/persons/request-association-by-name')[0]?.body).toEqual(child);

    // an incomplete code is not sent
    await user.type(code, '159');
    await user.click(
      within(offer).getByRole('button', { name: 'Manage them from my account too' }),
    );
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Enter the 6 digits of the code.'),
    );
    expect(postsTo(api, '/api/user/persons/verify-association-by-name')).toHaveLength(0);

    await user.type(code, '357');
    await user.click(
      within(offer).getByRole('button', { name: 'Manage them from my account too' }),
    );
    expect(
      await screen.findByText(
        'Uxía López Pereira is now linked to your account: both accounts manage them.',
      ),
    ).toBeInTheDocument();
    expect(postsTo(api, '/api/user/persons/verify-association-by-name')[0]?.body).toEqual({
      ...child,
      otp_code: '159357',
    });
    expect(onAdded).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region')).toBeNull();
    expect(within(form).getByLabelText('First name')).toHaveValue('');
    expect(within(form).getByLabelText('Date of birth')).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Add a person I look after' })).toHaveFocus();
  });

  it('shows the server’s refusal of a wrong code and links nothing; cancelling goes back to the form', async () => {
    const { api, onAdded, user } = setup({
      'POST /api/user/persons/': managedElsewhere,
      'POST /api/user/persons/request-association-by-name': codeSent,
      'POST /api/user/persons/verify-association-by-name': {
        status: 400,
        body: { detail: 'Wrong or expired code.', code: 'invalid_code' },
      },
    });
    await addChild(user);
    const offer = await screen.findByRole('region', { name: /together with the other account/ });
    await user.click(
      within(offer).getByRole('button', { name: 'Send the code to the mobile on their record' }),
    );
    await user.type(await within(offer).findByLabelText(/Code received/), '000000');
    await user.click(
      within(offer).getByRole('button', { name: 'Manage them from my account too' }),
    );
    expect(await within(offer).findByRole('alert')).toHaveTextContent('Wrong or expired code.');
    expect(onAdded).not.toHaveBeenCalled();

    // another code can be asked for
    await user.click(within(offer).getByRole('button', { name: 'Send another code' }));
    await waitFor(() =>
      expect(postsTo(api, '/api/user/persons/request-association-by-name')).toHaveLength(2),
    );
    await waitFor(() => expect(within(offer).queryByRole('alert')).toBeNull());

    await user.click(within(offer).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add a person I look after' })).toHaveFocus();
    // the form keeps what was typed
    expect(screen.getByLabelText('Last name')).toHaveValue('López Pereira');
  });

  it.each([
    [404, 'person_not_found', 'There is no person on record with that name and date of birth.'],
    [429, 'too_many_requests', 'Too many attempts. Wait a few minutes and try again.'],
  ])('shows the server’s detail when sending the code answers %i', async (status, code, detail) => {
    const { api, user } = setup({
      'POST /api/user/persons/': managedElsewhere,
      'POST /api/user/persons/request-association-by-name': {
        status,
        body: { detail, code },
        headers: status === 429 ? { 'Retry-After': '60' } : {},
      },
    });
    await addChild(user);
    const offer = await screen.findByRole('region', { name: /together with the other account/ });
    await user.click(
      within(offer).getByRole('button', { name: 'Send the code to the mobile on their record' }),
    );
    expect(await within(offer).findByRole('alert')).toHaveTextContent(detail);
    // still offering to send, no code field
    expect(within(offer).queryByLabelText(/Code received/)).toBeNull();
    expect(postsTo(api, '/api/user/persons/verify-association-by-name')).toHaveLength(0);
  });

  it('says only the server’s message when this account manages the person already', async () => {
    const { onAdded, user } = setup({
      'POST /api/user/persons/': {
        status: 409,
        body: {
          detail: 'You already manage this person from your account.',
          code: 'person_exists',
        },
      },
    });
    const form = await addChild(user);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You already manage this person from your account.',
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button', { name: /Send the code/ })).toBeNull();
    expect(onAdded).not.toHaveBeenCalled();
  });
});

describe('a person added, in words that fit a boy or a girl', () => {
  it.each([
    [
      'gl',
      'Nome',
      'Apelidos',
      'Data de nacemento',
      'Engadir persoa',
      'Engadimos a Xoán López Pereira. Xa podes solicitar praza no seu nome.',
    ],
    [
      'es',
      'Nombre',
      'Apellidos',
      'Fecha de nacimiento',
      'Añadir persona',
      'Hemos añadido a Xoán López Pereira. Ya puedes solicitar plaza en su nombre.',
    ],
  ] as const)(
    '[%s] says a boy was added without calling him “added” in the feminine',
    async (locale, first, last, birth, add, said) => {
      mockApi({
        'POST /api/user/persons/': {
          status: 201,
          body: {
            person_activity_id: 4,
            full_name: 'Xoán López Pereira',
            dni: null,
            birth_date: '2016-03-02',
          },
        },
      });
      renderScreen(<AddPersonForm onAdded={() => {}} />, { locale });
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(first), 'Xoán');
      await user.type(screen.getByLabelText(last), 'López Pereira');
      await user.type(screen.getByLabelText(birth), '2016-03-02');
      await user.click(screen.getByRole('button', { name: add }));
      const status = await screen.findByText(said);
      expect(status.textContent).not.toMatch(/engadida|añadida|para ela\b|para ella\b/);
    },
  );
});
